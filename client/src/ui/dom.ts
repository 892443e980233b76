/**
 * Small DOM helpers shared by the pages: tile images from the SVG art, the hand result card and
 * the match-end card (final table, score chart, seed check).
 */
import type { Seat, TableView, TileKind } from '@mahjong/shared';
import { backSvg, svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { message, tileLabel, translator } from '../i18n/translate.js';
import { currentLang } from '../i18n/i18n.js';
import type { MessageId } from '../i18n/messages.js';
import type { Lang } from '../settings/settings.js';
import { meldRedIndex } from '../table/red-fives.js';
import {
  chartLines,
  playedSeats,
  scoreHistory,
  seatName,
  seedCheck,
  handsAtDraw,
  summarise,
} from '../table/results.js';

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

/** A tile's name for its picture's alt text: in `lang`, or in English for the page's translator. */
function tileAlt(kind: TileKind | 'back', red: boolean, lang: Lang | null): string {
  if (lang === null) return kind === 'back' ? 'hidden tile' : tileLabel(kind, red);
  if (kind === 'back') return message('tile.hidden', lang);
  // The tile names are pairs of their own (赤五筒 for "Red 5 Dots").
  return translator(lang)(tileLabel(kind, red));
}

/**
 * A tile as an <img>; the red five (`red`) carries `data-red`. Its alt text is in `lang` when
 * given (cards written in the page's language), else English for the page's translator.
 */
export function tileImg(kind: TileKind | 'back', red = false, lang: Lang | null = null): HTMLImageElement {
  const img = el('img', { src: tileUrl(kind, red), alt: tileAlt(kind, red, lang) });
  if (red) img.dataset.red = '';
  img.title = img.alt;
  return img;
}

export function tileRow(
  kinds: readonly (TileKind | 'back')[],
  red: readonly boolean[] = [],
  lang: Lang | null = null,
): HTMLElement {
  return el('div', { class: 'tiles' }, ...kinds.map((k, i) => tileImg(k, red[i] === true, lang)));
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/**
 * The card for the last hand's result (winning hand, patterns, total, payments) or a drawn hand,
 * every word from the message catalogue in `lang` (the page's translator leaves it alone, so a
 * player's name is never read as a word). Pages build it again when the language changes.
 */
export function resultCard(view: TableView, lang: Lang = currentLang()): HTMLElement | null {
  const r = view.lastResult;
  if (!r) return null;
  const s = summarise(view, r, lang);
  const say = (id: MessageId) => message(id, lang);
  const img = (kind: TileKind | 'back', red = false) => tileImg(kind, red, lang);
  /** A seat's called sets after its concealed tiles, each set apart (a concealed kong's ends face down). */
  const appendMelds = (tiles: HTMLElement, melds: TableView['seats'][number]['melds']) => {
    for (const m of melds) {
      tiles.append(el('span', { class: 'gap' }));
      const red = meldRedIndex(m, m.from === undefined ? [] : view.seats[m.from].discards);
      m.tiles.forEach((t, i) => {
        tiles.append(img(m.concealed && m.kind === 'kong' && (i === 0 || i === 3) ? 'back' : t, i === red));
      });
    }
  };
  const card = el(
    'section',
    { class: 'card', 'data-testid': 'result', 'data-no-translate': '' },
    el('h2', {}, s.title),
    el('p', { class: 'muted' }, s.subtitle),
  );
  if (s.winTile !== null || s.concealed.length > 0) {
    const tiles = el('div', { class: 'tiles result-tiles' });
    s.concealed.forEach((t, i) => {
      tiles.append(img(t, s.concealedRed[i] === true));
    });
    appendMelds(tiles, s.melds);
    if (s.winTile !== null) {
      tiles.append(el('span', { class: 'gap' }));
      const w = img(s.winTile, s.winTileRed);
      w.style.outline = '3px solid #c62828';
      w.style.borderRadius = '6px';
      tiles.append(w);
    }
    if (s.bonus.length > 0) {
      tiles.append(el('span', { class: 'gap' }));
      for (const t of s.bonus) tiles.append(img(t));
    }
    card.append(tiles);
  }
  // A riichi win: the dora indicators, and the ura-dora ones under them when a riichi seat won.
  for (const [label, kinds, id] of [
    [say('canvas.doraIndicators'), s.doraIndicators, 'dora-indicators'],
    [say('result.uraIndicators'), s.uraIndicators, 'ura-indicators'],
  ] as const) {
    if (kinds.length === 0) continue;
    const row = el('div', { class: 'indicators', 'data-testid': id }, el('span', { class: 'muted' }, label));
    const tiles = tileRow(kinds, [], lang);
    tiles.classList.add('result-tiles');
    row.append(tiles);
    card.append(row);
  }
  if (r.kind === 'draw') {
    // A drawn hand: the tiles of every hand shown, face up, with its called sets (a hand of four
    // calls is a lone tile without them).
    for (const hand of handsAtDraw(view, r)) {
      const row = tileRow(hand.tiles, hand.red, lang);
      row.classList.add('result-tiles');
      appendMelds(row, hand.melds);
      card.append(el('p', { class: 'muted', style: 'margin:8px 0 2px' }, seatName(view, hand.seat, lang)), row);
    }
  }
  if (s.patterns.length > 0) {
    const table = el('table', { class: 'list patterns' });
    for (const p of s.patterns) table.append(el('tr', {}, el('td', {}, p.name), el('td', {}, p.value)));
    table.append(el('tr', {}, el('th', {}, say('result.total')), el('th', { style: 'text-align:right' }, s.total)));
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

/** The match-end card: final standings, a score line per seat across hands, the seed check; in `lang`. */
export function matchCard(view: TableView, lang: Lang = currentLang()): HTMLElement {
  const say = (id: MessageId, values?: Readonly<Record<string, string | number>>) => message(id, lang, values);
  const name = (s: Seat) => seatName(view, s, lang);
  const card = el(
    'section',
    { class: 'card', 'data-testid': 'match-over', 'data-no-translate': '' },
    el('h2', {}, say('match.over')),
  );
  const ranking = view.riichi?.ranking;
  if (ranking) {
    // Riichi: places by points, and the final score with uma and the top prize, in thousands.
    const riichiTable = el(
      'table',
      { class: 'list' },
      el(
        'tr',
        {},
        el('th', {}, '#'),
        el('th', {}, say('match.player')),
        el('th', {}, say('match.points')),
        el('th', {}, say('match.final')),
      ),
    );
    for (const p of ranking) {
      riichiTable.append(
        el(
          'tr',
          {},
          el('td', {}, String(p.place)),
          el('td', {}, name(p.seat)),
          el('td', {}, String(p.points)),
          el('td', { class: p.score > 0 ? 'delta-pos' : p.score < 0 ? 'delta-neg' : '' }, signed(p.score)),
        ),
      );
    }
    card.append(riichiTable);
  }
  const order = playedSeats(view).sort((a, b) => view.seats[b].score - view.seats[a].score);
  const table = el(
    'table',
    { class: 'list' },
    el('tr', {}, el('th', {}, '#'), el('th', {}, say('match.player')), el('th', {}, say('match.score'))),
  );
  order.forEach((s: Seat, i) => {
    table.append(
      el('tr', {}, el('td', {}, String(i + 1)), el('td', {}, name(s)), el('td', {}, String(view.seats[s].score))),
    );
  });
  if (!ranking) card.append(table);
  const history = scoreHistory(view);
  if (history.length > 1) card.append(scoreChart(view, history, lang));
  const check = seedCheck(view);
  const seedP = el('p', { 'data-testid': 'seed-check' });
  if (check.state === 'hidden') seedP.append(say('match.seedHidden', { name: view.seedHash.slice(0, 16) }));
  else {
    seedP.append(
      `${say('match.seed', { name: check.seed })} `,
      el(
        'strong',
        { class: check.state === 'ok' ? 'delta-pos' : 'error' },
        say(check.state === 'ok' ? 'match.seedOk' : 'match.seedBad'),
      ),
      el('br'),
      el('span', { class: 'muted' }, `sha256 ${view.seedHash}`),
    );
  }
  card.append(seedP);
  return card;
}

/**
 * Each seat's score after every hand: a line per seat (equal scores drawn side by side, `gap`
 * apart, each in its colour and dashes), the score axis named with its highest and lowest
 * value, the hands axis named under it from the start to the last hand, and a legend.
 */
function scoreChart(view: TableView, history: readonly number[][], lang: Lang): HTMLElement {
  const { w, h, gap } = CHART;
  const yTitle = message(view.riichi ? 'chart.points' : 'chart.score', lang);
  const played = playedSeats(view);
  const lines = chartLines(history, w, h, gap, played);
  const svg = `<svg viewBox="-4 -4 ${w + 8} ${h + 8}" width="100%" role="img">${played
    .map((s) => `<polyline fill="none" ${lineStyle(s)} stroke-linejoin="round" data-seat="${s}" points="${lines[s]}"/>`)
    .join('')}</svg>`;
  const chart = el('div', { class: 'chart' });
  chart.innerHTML = svg;
  chart.firstElementChild?.setAttribute('aria-label', yTitle);
  const all = history.flatMap((row) => played.map((s) => row[s] ?? 0));
  const yAxis = el(
    'div',
    { class: 'chart-y', 'data-testid': 'chart-y' },
    el('span', {}, String(Math.max(...all))),
    el('span', {}, String(Math.min(...all))),
  );
  const xAxis = el(
    'div',
    { class: 'chart-x', 'data-testid': 'chart-x' },
    el('span', {}, '0'),
    el('span', { class: 'axis-title' }, message('chart.hands', lang)),
    el('span', {}, String(history.length - 1)),
  );
  const legend = el('p', { class: 'chart-legend', 'data-testid': 'chart-legend' });
  for (const s of played) {
    const key = el('span', { style: `color:${LINE_COLORS[s]};font-weight:600;margin-right:12px;white-space:nowrap` });
    key.innerHTML = `<svg width="30" height="10" viewBox="0 0 30 10" aria-hidden="true" style="vertical-align:middle"><line x1="1" y1="5" x2="29" y2="5" ${lineStyle(s)} data-seat="${s}"/></svg>`;
    key.append(` ${seatName(view, s, lang)}`);
    legend.append(key);
  }
  return el(
    'figure',
    { class: 'score-chart', 'data-testid': 'score-chart' },
    el('div', { class: 'axis-title', 'data-testid': 'chart-y-title' }, yTitle),
    el('div', { class: 'chart-plot' }, yAxis, chart, el('span'), xAxis),
    legend,
  );
}
