/**
 * Small DOM helpers shared by the pages: tile images from the SVG art, the hand result card and
 * the match-end card (final table, score chart, seed check).
 */
import { type Seat, SEATS, type TableView, type TileKind } from '@mahjong/shared';
import { backSvg, svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { tileLabel } from '../i18n/translate.js';
import { meldRedIndex } from '../table/red-fives.js';
import { chartLines, scoreHistory, seatName, seedCheck, shownHand, summarise } from '../table/results.js';

const urlCache = new Map<string, string>();

/** The image of a tile face (`red`: the red five of its suit), or the back. */
export function tileUrl(kind: TileKind | 'back', red = false): string {
  const k = kind === 'back' ? 'back' : `${kind}${red ? 'r' : ''}`;
  let url = urlCache.get(k);
  if (!url) {
    url = svgDataUrl(kind === 'back' ? backSvg() : tileSvg(kind, 'classic', red));
    urlCache.set(k, url);
  }
  return url;
}

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string> = {},
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  e.append(...children);
  return e;
}

/** A tile as an <img>; the red five (`red`) carries `data-red`. */
export function tileImg(kind: TileKind | 'back', red = false): HTMLImageElement {
  const img = el('img', { src: tileUrl(kind, red), alt: kind === 'back' ? 'hidden tile' : tileLabel(kind, red) });
  if (red) img.dataset.red = '';
  img.title = img.alt;
  return img;
}

export function tileRow(kinds: readonly (TileKind | 'back')[], red: readonly boolean[] = []): HTMLElement {
  return el('div', { class: 'tiles' }, ...kinds.map((k, i) => tileImg(k, red[i] === true)));
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The card for the last hand's result (winning hand, patterns, total, payments) or a drawn hand. */
export function resultCard(view: TableView): HTMLElement | null {
  const r = view.lastResult;
  if (!r) return null;
  const s = summarise(view, r);
  const card = el(
    'section',
    { class: 'card', 'data-testid': 'result' },
    el('h2', {}, s.title),
    el('p', { class: 'muted' }, s.subtitle),
  );
  if (s.winTile !== null || s.concealed.length > 0) {
    const tiles = el('div', { class: 'tiles result-tiles' });
    s.concealed.forEach((t, i) => {
      tiles.append(tileImg(t, s.concealedRed[i] === true));
    });
    for (const m of s.melds) {
      tiles.append(el('span', { class: 'gap' }));
      const red = meldRedIndex(m, m.from === undefined ? [] : view.seats[m.from].discards);
      m.tiles.forEach((t, i) => {
        tiles.append(tileImg(m.concealed && m.kind === 'kong' && (i === 0 || i === 3) ? 'back' : t, i === red));
      });
    }
    if (s.winTile !== null) {
      tiles.append(el('span', { class: 'gap' }));
      const w = tileImg(s.winTile, s.winTileRed);
      w.style.outline = '3px solid #c62828';
      w.style.borderRadius = '6px';
      tiles.append(w);
    }
    if (s.bonus.length > 0) {
      tiles.append(el('span', { class: 'gap' }));
      for (const t of s.bonus) tiles.append(tileImg(t));
    }
    card.append(tiles);
  }
  // A riichi win: the dora indicators, and the ura-dora ones under them when a riichi seat won.
  for (const [label, kinds, id] of [
    ['Dora indicators', s.doraIndicators, 'dora-indicators'],
    ['Ura-dora indicators', s.uraIndicators, 'ura-indicators'],
  ] as const) {
    if (kinds.length === 0) continue;
    const row = el('div', { class: 'indicators', 'data-testid': id }, el('span', { class: 'muted' }, label));
    const tiles = tileRow(kinds);
    tiles.classList.add('result-tiles');
    row.append(tiles);
    card.append(row);
  }
  if (r.kind === 'draw') {
    // A drawn hand: everybody's tiles, face up.
    for (const seat of SEATS) {
      const hand = shownHand(r, seat);
      if (hand.tiles.length === 0) continue;
      card.append(
        el('p', { class: 'muted', style: 'margin:8px 0 2px' }, seatName(view, seat)),
        tileRow(hand.tiles, hand.red),
      );
      card.lastElementChild?.classList.add('result-tiles');
    }
  }
  if (s.patterns.length > 0) {
    const table = el('table', { class: 'list patterns' });
    for (const p of s.patterns) table.append(el('tr', {}, el('td', {}, p.name), el('td', {}, p.value)));
    table.append(el('tr', {}, el('th', {}, 'Total'), el('th', { style: 'text-align:right' }, s.total)));
    card.append(table);
  }
  if (s.payments.length > 0) card.append(el('p', {}, s.payments.join(' · ')));
  const deltas = el('table', { class: 'list' });
  for (const d of s.deltas) {
    deltas.append(
      el(
        'tr',
        {},
        el('td', {}, d.name),
        el('td', { class: d.delta > 0 ? 'delta-pos' : d.delta < 0 ? 'delta-neg' : '' }, signed(d.delta)),
      ),
    );
  }
  card.append(deltas);
  return card;
}

const LINE_COLORS = ['#c62828', '#1f4fa8', '#1b7a3a', '#e0852a'] as const;
/** Each seat's line its own dashes too (solid, long, dotted, dash-dot), the legend's the same. */
const LINE_DASHES = ['none', '14 6', '2 5', '14 5 2 5'] as const;
/** The chart's size (viewBox units) and the space between lines of equal scores. */
const CHART = { w: 600, h: 160, gap: 7 } as const;

/** A seat's line as drawn: colour, dashes, a width that does not scale with the chart. */
const lineStyle = (s: Seat): string =>
  `stroke="${LINE_COLORS[s]}" stroke-dasharray="${LINE_DASHES[s]}" stroke-width="3" vector-effect="non-scaling-stroke" stroke-linecap="butt"`;

/** The match-end card: final standings, a score line per seat across hands, the seed check. */
export function matchCard(view: TableView): HTMLElement {
  const card = el('section', { class: 'card', 'data-testid': 'match-over' }, el('h2', {}, 'Match over'));
  const ranking = view.riichi?.ranking;
  if (ranking) {
    // Riichi: places by points, and the final score with uma and the top prize, in thousands.
    const riichiTable = el(
      'table',
      { class: 'list' },
      el('tr', {}, el('th', {}, '#'), el('th', {}, 'Player'), el('th', {}, 'Points'), el('th', {}, 'Final (with uma)')),
    );
    for (const p of ranking) {
      riichiTable.append(
        el(
          'tr',
          {},
          el('td', {}, String(p.place)),
          el('td', {}, seatName(view, p.seat)),
          el('td', {}, String(p.points)),
          el('td', { class: p.score > 0 ? 'delta-pos' : p.score < 0 ? 'delta-neg' : '' }, signed(p.score)),
        ),
      );
    }
    card.append(riichiTable);
  }
  const order = [...SEATS].sort((a, b) => view.seats[b].score - view.seats[a].score);
  const table = el(
    'table',
    { class: 'list' },
    el('tr', {}, el('th', {}, '#'), el('th', {}, 'Player'), el('th', {}, 'Score')),
  );
  order.forEach((s: Seat, i) => {
    table.append(
      el(
        'tr',
        {},
        el('td', {}, String(i + 1)),
        el('td', {}, seatName(view, s)),
        el('td', {}, String(view.seats[s].score)),
      ),
    );
  });
  if (!ranking) card.append(table);
  const history = scoreHistory(view);
  if (history.length > 1) {
    const { w, h, gap } = CHART;
    // Equal scores are drawn side by side (`gap` apart), each line in its colour and dashes.
    const lines = chartLines(history, w, h, gap);
    const svg = `<svg viewBox="-4 -4 ${w + 8} ${h + 8}" width="100%" role="img" aria-label="Scores after each hand">${SEATS.map(
      (s) => `<polyline fill="none" ${lineStyle(s)} stroke-linejoin="round" data-seat="${s}" points="${lines[s]}"/>`,
    ).join('')}</svg>`;
    const chart = el('div', { class: 'chart' });
    chart.innerHTML = svg;
    card.append(chart);
    const legend = el('p', { class: 'chart-legend', 'data-testid': 'chart-legend' });
    for (const s of SEATS) {
      const key = el('span', { style: `color:${LINE_COLORS[s]};font-weight:600;margin-right:12px;white-space:nowrap` });
      key.innerHTML = `<svg width="30" height="10" viewBox="0 0 30 10" aria-hidden="true" style="vertical-align:middle"><line x1="1" y1="5" x2="29" y2="5" ${lineStyle(s)} data-seat="${s}"/></svg>`;
      key.append(` ${seatName(view, s)}`);
      legend.append(key);
    }
    card.append(legend);
  }
  const check = seedCheck(view);
  const seedP = el('p', { 'data-testid': 'seed-check' });
  if (check.state === 'hidden')
    seedP.append(`Seed hash ${view.seedHash.slice(0, 16)}… (the seed is revealed at the end)`);
  else {
    seedP.append(
      `Seed ${check.seed} — `,
      el(
        'strong',
        { class: check.state === 'ok' ? 'delta-pos' : 'error' },
        check.state === 'ok' ? 'matches the hash shown at the start ✓' : 'does NOT match the published hash ✗',
      ),
      el('br'),
      el('span', { class: 'muted' }, `sha256 ${view.seedHash}`),
    );
  }
  card.append(seedP);
  return card;
}
