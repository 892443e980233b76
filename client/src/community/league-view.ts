/**
 * The league and statistics as DOM: standings table, the chart of running totals (SVG lines in
 * the players' colours), a player's figures with their definitions (rates drawn as bars too), and
 * match lists with replay links. Used by the circle page and the player page. Each figure carries
 * its raw value in `data-value` beside the written one.
 */
import type { Family, LeagueMatch, LeagueResponse, MyStatsResponse, PlayerStats, PlayerView } from '@mahjong/shared';
import { el } from '../ui/dom.js';
import { rulesetName } from '../i18n/ruleset-name.js';
import { live, say } from '../i18n/live-text.js';
import { currentLang, t } from '../i18n/i18n.js';
import { displayName } from '../i18n/translate.js';
import type { MessageId } from '../i18n/messages.js';
import { type ChartSeries, chartGeometry } from './chart.js';
import { FIGURES, type Figure, formatFigure, formatMoney, PLACES, signed } from './figures.js';

/** A place (1 to 4) by its name in the language shown. */
const placeName = (place: number): Node | string => {
  const id = PLACES[place - 1];
  return id ? say(id) : String(place);
};

const replayHref = (id: string) => `/replay.html?match=${encodeURIComponent(id)}`;
/** A date as the language shown writes it (2026/11/26 in Chinese). */
const dateOf = (iso: string | null): Node | string =>
  iso ? live(() => new Date(iso).toLocaleDateString(currentLang())) : '';

/** A cell with a figure: written for people, raw in data-value for checks. */
function figureCell(key: string, value: number | null, text: Node | string): HTMLTableCellElement {
  return el('td', { 'data-key': key, 'data-value': value === null ? '' : String(value), class: 'num' }, text);
}

export function playerLabel(p: PlayerView): HTMLElement {
  return el('span', { class: 'who' }, el('span', { class: 'dot', style: `background:${p.colour}` }), p.name);
}

/** The standings: Hong Kong net points (money at a stake), wins...; riichi points and places. */
export function standingsTable(league: LeagueResponse): HTMLElement {
  if (league.standings.length === 0) {
    return el('p', { class: 'muted', 'data-testid': 'standings-empty' }, say('league.noMatches'));
  }
  const hk = league.family === 'hk';
  const money = hk && league.stakePerPoint !== null;
  const head: MessageId[] = hk
    ? [
        'match.player',
        'league.matches',
        'league.net',
        ...(money ? (['league.money'] as const) : []),
        'league.wins',
        'league.selfDraws',
        'league.dealIns',
        'league.biggest',
      ]
    : ['match.player', 'league.matches', 'league.points', 'league.averagePlace', ...PLACES];
  const table = el(
    'table',
    { class: 'list standings', 'data-testid': 'standings' },
    el('tr', {}, ...head.map((h) => el('th', {}, say(h)))),
  );
  for (const { player, stats: s } of league.standings) {
    const row = el('tr', { 'data-player': player.id }, el('td', {}, playerLabel(player)));
    row.append(figureCell('matches', s.matches, String(s.matches)));
    row.append(figureCell('total', s.total, signed(s.total)));
    if (hk) {
      if (money)
        row.append(figureCell('money', s.money, s.money === null ? '—' : formatMoney(s.money, league.currency)));
      row.append(
        figureCell('wins', s.wins, String(s.wins)),
        figureCell('selfDraws', s.selfDraws, String(s.selfDraws)),
        figureCell('dealIns', s.dealIns, String(s.dealIns)),
        figureCell('maxFaan', s.maxFaan, formatFigure('faan', s.maxFaan)),
      );
    } else {
      row.append(figureCell('averagePlace', s.averagePlace, formatFigure('place', s.averagePlace)));
      s.placeRates.forEach((r, i) => {
        row.append(figureCell(`place${i + 1}`, r, formatFigure('rate', r)));
      });
    }
    table.append(row);
  }
  return el('div', { class: 'scroll' }, table);
}

const SVG = 'http://www.w3.org/2000/svg';
function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number>,
  text?: string,
): SVGElementTagNameMap[K] {
  const e = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Each member's running total over their matches, one line per member in their colour. */
export function totalsChart(league: LeagueResponse & { series?: Record<string, { n: number; total: number }[]> }) {
  const series: ChartSeries[] = league.standings.map(({ player }) => ({
    id: player.id,
    name: player.name,
    colour: player.colour,
    points: league.series?.[player.id] ?? [],
  }));
  // As wide as the window leaves it (up to 640): the labels then keep their size on a phone.
  const g = chartGeometry(series, Math.round(Math.min(640, Math.max(300, window.innerWidth - 70))), 260);
  const picture = svg('svg', {
    viewBox: `0 0 ${g.width} ${g.height}`,
    class: 'chart',
    role: 'img',
    'data-testid': 'league-chart',
  });
  const { box } = g;
  for (const t of g.yTicks) {
    picture.append(
      svg('line', { x1: box.x, x2: box.x + box.w, y1: t.at, y2: t.at, class: 'grid' }),
      svg('text', { x: box.x - 6, y: t.at + 4, 'text-anchor': 'end' }, t.label),
    );
  }
  for (const t of g.xTicks) {
    picture.append(svg('text', { x: t.at, y: box.y + box.h + 16, 'text-anchor': 'middle' }, t.label));
  }
  picture.append(
    svg('line', { x1: box.x, x2: box.x + box.w, y1: g.zeroY, y2: g.zeroY, class: 'zero' }),
    svg('line', { x1: box.x, x2: box.x, y1: box.y, y2: box.y + box.h, class: 'axis' }),
  );
  // Players may share a colour: the second line of a colour is dashed, a third dotted.
  const seen = new Map<string, number>();
  const dashes = g.lines.map((l) => {
    const n = seen.get(l.colour) ?? 0;
    seen.set(l.colour, n + 1);
    return ['', '8 5', '2 4'][Math.min(n, 2)] as string;
  });
  g.lines.forEach((l, i) => {
    const dash: Record<string, string> = dashes[i] ? { 'stroke-dasharray': dashes[i] as string } : {};
    picture.append(svg('path', { d: l.d, stroke: l.colour, class: 'series', 'data-player': l.id, ...dash }));
  });
  const sample = (colour: string, dash: string) => {
    const line = svg('svg', { viewBox: '0 0 28 8', class: 'line-sample', 'aria-hidden': 'true' });
    line.append(
      svg('line', { x1: 1, x2: 27, y1: 4, y2: 4, stroke: colour, ...(dash ? { 'stroke-dasharray': dash } : {}) }),
    );
    return line;
  };
  const legend = el(
    'div',
    { class: 'row legend' },
    ...league.standings.map(({ player }, i) =>
      el('span', { class: 'who' }, sample(player.colour, dashes[i] ?? ''), player.name),
    ),
  );
  const points = league.family === 'hk' ? 'league.net' : 'league.placementPoints';
  return el(
    'figure',
    { class: 'chart-box' },
    el('div', { class: 'axis-title' }, say(points)),
    picture,
    el('div', { class: 'axis-title x' }, say('league.matchesPlayed')),
    legend,
  );
}

/** One player's figures, each with its definition; rates also as a bar. */
export function figureList(family: Family, stats: PlayerStats, testid = 'figures'): HTMLElement {
  const list = el('dl', { class: 'figures', 'data-testid': testid });
  const add = (f: Figure) => {
    const value = stats[f.key] as number | null;
    const dd = el(
      'dd',
      { 'data-key': f.key, 'data-value': value === null ? '' : String(value) },
      el('strong', {}, formatFigure(f.kind, value)),
    );
    if (f.kind === 'rate' && value !== null) {
      dd.append(el('span', { class: 'bar' }, el('span', { style: `width:${Math.round(value * 100)}%` })));
    }
    dd.append(el('span', { class: 'muted def' }, say(f.definition)));
    list.append(el('dt', {}, say(f.label)), dd);
  };
  for (const f of FIGURES[family]) add(f);
  return list;
}

/** The league's latest matches: each seat's name and result, a replay link. */
export function leagueMatchList(matches: readonly LeagueMatch[]): HTMLElement {
  if (matches.length === 0) return el('p', { class: 'muted' }, say('lobby.noMatches'));
  const table = el(
    'table',
    { class: 'list', 'data-testid': 'league-matches' },
    el(
      'tr',
      {},
      el('th', {}, say('lobby.ended')),
      el('th', {}, say('lobby.rules')),
      el('th', {}, say('league.results')),
      el('th', {}, ''),
    ),
  );
  // Newest first, as people look for the last one.
  for (const m of [...matches].reverse()) {
    const results = m.names.map((n, seat) =>
      el(
        'span',
        { class: 'result-chip' },
        live(() => `${m.places[seat]}. ${n === null ? t('seat.bot') : displayName(n, seat, false, currentLang())} `),
        el('span', { class: (m.results[seat] ?? 0) >= 0 ? 'delta-pos' : 'delta-neg' }, signed(m.results[seat] ?? 0)),
      ),
    );
    table.append(
      el(
        'tr',
        { 'data-match': m.id },
        el('td', {}, dateOf(m.endedAt)),
        el('td', {}, rulesetName(m.ruleset)),
        el('td', {}, el('div', { class: 'chips' }, ...results)),
        el('td', {}, el('a', { href: replayHref(m.id), 'data-testid': 'replay-link' }, say('lobby.replay'))),
      ),
    );
  }
  return el('div', { class: 'scroll' }, table);
}

/** A player's own matches (newest first): place, result, replay. */
export function myMatchList(matches: MyStatsResponse['matches']): HTMLElement {
  if (matches.length === 0) return el('p', { class: 'muted' }, say('lobby.noMatches'));
  const table = el(
    'table',
    { class: 'list', 'data-testid': 'my-matches' },
    el(
      'tr',
      {},
      el('th', {}, say('lobby.ended')),
      el('th', {}, say('lobby.rules')),
      el('th', {}, say('league.place')),
      el('th', {}, say('league.result')),
      el('th', {}, ''),
    ),
  );
  for (const m of matches) {
    table.append(
      el(
        'tr',
        { 'data-match': m.id },
        el('td', {}, dateOf(m.endedAt)),
        el('td', {}, rulesetName(m.ruleset)),
        figureCell('place', m.place, placeName(m.place)),
        figureCell('result', m.result, signed(m.result)),
        el('td', {}, el('a', { href: replayHref(m.id), 'data-testid': 'replay-link' }, say('lobby.replay'))),
      ),
    );
  }
  return el('div', { class: 'scroll' }, table);
}
