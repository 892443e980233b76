/**
 * Results as plain data for the overlays: one hand's summary (winner, how, patterns, total,
 * payments, score changes) and the match's running scores for the chart, plus the seed check.
 */
import {
  type BySeat,
  type HandResultView,
  type Meld,
  type Seat,
  SEATS,
  type TableView,
  type TileKind,
  verifySeed,
  isRiichiFamily,
  isRulesetId,
} from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { patternName } from '../i18n/pattern-names.js';
import { displayName, message } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';
import { markRed } from './red-fives.js';

export interface HandSummary {
  readonly title: string;
  readonly subtitle: string;
  /** The winner's concealed tiles (sorted, win tile apart) and melds; empty for a draw. */
  readonly concealed: readonly TileKind[];
  /** Which of `concealed` are red fives (riichi tables with red fives). */
  readonly concealedRed: readonly boolean[];
  readonly melds: readonly Meld[];
  readonly bonus: readonly TileKind[];
  readonly winTile: TileKind | null;
  readonly winTileRed: boolean;
  /** Riichi wins: the dora indicators at the end of the hand, and the ura-dora ones when given. */
  readonly doraIndicators: readonly TileKind[];
  readonly uraIndicators: readonly TileKind[];
  readonly patterns: readonly { readonly name: string; readonly value: string }[];
  readonly total: string;
  readonly payments: readonly string[];
  readonly deltas: readonly { readonly name: string; readonly delta: number }[];
}

/** A seat's name as shown in `lang` (a player's as written; bots and unnamed seats in the language). */
export const seatName = (view: TableView, s: Seat, lang: Lang = 'en'): string => {
  const seat = view.seats[s];
  return displayName(seat.name, s, seat.isBot, lang);
};

/** The seats played at the table: all four, or a three-player table's three (the fourth is `vacant`). */
export const playedSeats = (view: TableView): Seat[] => SEATS.filter((s) => !view.seats[s].vacant);

/** Names listed in a sentence: "Ann, Bo" / 「Ann、Bo」. */
export const listNames = (names: readonly string[], lang: Lang): string => names.join(lang === 'en' ? ', ' : '、');

/** Every text of the card comes from the message catalogue in `lang` (English by default). */
export function summarise(view: TableView, r: HandResultView, lang: Lang = 'en'): HandSummary {
  const name = (s: Seat) => seatName(view, s, lang);
  const say = (id: MessageId, values?: Readonly<Record<string, string | number>>) => message(id, lang, values);
  const deltas = playedSeats(view).map((s) => ({ name: name(s), delta: r.deltas[s] }));
  const ruleset = isRulesetId(view.ruleset) ? view.ruleset : undefined;
  const riichi = ruleset !== undefined && isRiichiFamily(ruleset);
  const payments = r.payments.map((p) => say('result.pays', { name: name(p.from), name2: name(p.to), n: p.amount }));
  // Who paid because liable (包, pao), and why: the yakuman it fed, or the Hong Kong rule.
  for (const w of [r, ...(r.otherWins ?? [])]) {
    if (w.liable !== undefined) {
      payments.push(
        `${say('result.liable', { name: name(w.liable.seat) })} · ${patternName(w.liable.rule, lang, ruleset)}`,
      );
    }
  }
  if (r.riichiDeclared?.some(Boolean)) {
    const who = SEATS.filter((s) => r.riichiDeclared?.[s]).map(name);
    payments.push(say('result.riichiSeats', { name: listNames(who, lang) }));
  }
  if (r.honba || r.sticks) payments.push(say('result.honbaSticks', { n: r.honba ?? 0, n2: r.sticks ?? 0 }));
  if (r.kind === 'draw' || r.winner === undefined) {
    const ready = r.ready ? SEATS.filter((s) => r.ready?.[s]).map(name) : [];
    if (ready.length > 0) payments.unshift(say('result.readySeats', { name: listNames(ready, lang) }));
    return {
      title: say('result.drawn', { n: r.handNumber + 1 }),
      subtitle: say(r.drawKind === undefined ? 'result.wallOut' : DRAW_TEXT[r.drawKind]),
      concealed: [],
      concealedRed: [],
      melds: [],
      bonus: [],
      winTile: null,
      winTileRed: false,
      doraIndicators: [],
      uraIndicators: [],
      patterns: [],
      total: '',
      payments,
      deltas,
    };
  }
  const w = r.winner;
  const unit = riichi ? 'han' : 'faan';
  for (const other of r.otherWins ?? []) {
    if (other.winner !== undefined)
      payments.push(say('result.alsoWins', { name: name(other.winner), n: other.points ?? 0 }));
  }
  const hand = [...(r.hands[w] ?? [])].sort((a, b) => a - b);
  // The revealed hand may include the win tile (self-drawn); show it apart once. When it was the
  // red five, the copies of its kind left in the hand are plain.
  let reds = r.redFives?.[w] ?? [];
  if (r.winTile !== undefined) {
    const at = hand.indexOf(r.winTile);
    if (at >= 0) {
      hand.splice(at, 1);
      if (r.winTileRed) reds = reds.filter((k) => k !== r.winTile);
    }
  }
  return {
    title: say('result.wins', { name: name(w) }),
    subtitle: winSubtitle(r, riichi, name, lang),
    concealed: hand,
    concealedRed: markRed(hand, reds),
    melds: view.seats[w].melds,
    bonus: view.seats[w].bonus,
    winTile: r.winTile ?? null,
    winTileRed: r.winTileRed === true,
    doraIndicators: r.doraIndicators ?? [],
    uraIndicators: r.uraIndicators ?? [],
    patterns: (r.patterns ?? []).map((p) => ({
      name: patternName(p.name, lang, ruleset),
      value: say(UNIT_TEXT[p.unit ?? unit], { n: p.value }),
    })),
    total: riichi
      ? riichiTotal(r, lang)
      : r.faan === undefined
        ? ''
        : say(r.limit ? 'result.faanLimit' : 'result.faan', { n: r.faan }),
    payments,
    deltas,
  };
}

const UNIT_TEXT = { faan: 'result.faan', han: 'result.han', fu: 'result.fu' } as const satisfies Record<
  string,
  MessageId
>;

/** How a hand was won, and the limit it reached: "Hand 3, on Bo's discard · haneman". */
function winSubtitle(r: HandResultView, riichi: boolean, name: (s: Seat) => string, lang: Lang): string {
  const n = r.handNumber + 1;
  const hkLimit = !riichi && r.limit === true;
  const how = r.selfDrawn
    ? message(hkLimit ? 'result.selfDrawnLimit' : 'result.selfDrawn', lang, { n })
    : r.discarder !== undefined
      ? message(hkLimit ? 'result.onDiscardLimit' : 'result.onDiscard', lang, { n, name: name(r.discarder) })
      : message('replay.handN', lang, { n });
  const tier = riichi ? riichiLimitName(r) : null;
  return tier === null ? how : `${how} · ${message(LIMIT_TEXT[tier], lang)}`;
}

const LIMIT_TEXT = {
  mangan: 'result.mangan',
  haneman: 'result.haneman',
  baiman: 'result.baiman',
  sanbaiman: 'result.sanbaiman',
  yakuman: 'result.yakuman',
} as const satisfies Record<string, MessageId>;

/**
 * The limit a win reached, as the subtitle names it: Hong Kong's "limit hand" (爆棚); riichi's
 * tiers by han, as players call them (a 6-han win is a haneman, not a limit hand).
 */
export function riichiLimitName(r: Pick<HandResultView, 'han' | 'limit' | 'yakuman'>): keyof typeof LIMIT_TEXT | null {
  const han = r.han ?? 0;
  if (r.yakuman || han >= 13) return 'yakuman';
  if (han >= 11) return 'sanbaiman';
  if (han >= 8) return 'baiman';
  if (han >= 6) return 'haneman';
  return han >= 5 || r.limit ? 'mangan' : null;
}

/** A seat's hand shown at the end of a hand (a draw's ready hands...): sorted, and which tiles are red fives. */
export function shownHand(r: HandResultView, seat: Seat): { tiles: TileKind[]; red: boolean[] } {
  const tiles = [...(r.hands[seat] ?? [])].sort((a, b) => a - b);
  return { tiles, red: markRed(tiles, r.redFives?.[seat]) };
}

/** A hand shown face up at a draw: its concealed tiles and its called sets. */
export interface ShownAtDraw {
  readonly seat: Seat;
  readonly tiles: TileKind[];
  readonly red: boolean[];
  readonly melds: TableView['seats'][number]['melds'];
}

/**
 * The hands a drawn hand's card shows: each seat whose tiles the result reveals, with the sets it
 * called (a hand of four calls is a lone tile without them). Seats whose tiles stay hidden (a
 * riichi hand not ready) are left out.
 */
export function handsAtDraw(view: TableView, r: HandResultView): ShownAtDraw[] {
  const out: ShownAtDraw[] = [];
  for (const seat of [0, 1, 2, 3] as const) {
    const { tiles, red } = shownHand(r, seat);
    if (tiles.length > 0) out.push({ seat, tiles, red, melds: view.seats[seat].melds });
  }
  return out;
}

/** Why a riichi hand was drawn, as the result card says it. */
const DRAW_TEXT: Readonly<Record<NonNullable<HandResultView['drawKind']>, MessageId>> = {
  exhaustive: 'result.exhaustive',
  nagashi: 'result.nagashi',
  nineTerminals: 'result.nineTerminals',
  fourWinds: 'result.fourWinds',
  fourKongs: 'result.fourKongs',
  fourRiichi: 'result.fourRiichi',
  tripleRon: 'result.tripleRon',
};

/** A riichi win's value: yakuman, or han and fu, and the points it was paid. */
function riichiTotal(r: HandResultView, lang: Lang): string {
  const points = r.points ?? 0;
  if (r.yakuman) return message('result.yakumanPoints', lang, { n: r.yakuman, n2: points });
  return r.fu !== undefined
    ? message('result.hanFuPoints', lang, { n: r.han ?? 0, n2: r.fu, n3: points })
    : message('result.hanPoints', lang, { n: r.han ?? 0, n2: points });
}

/** Scores after each hand, per seat, starting from the scores before the first hand. */
export function scoreHistory(view: TableView): number[][] {
  const pot = view.riichi;
  if (pot) {
    // Riichi: from the points dealt, each hand's deltas and the sticks its declarations put on
    // the table; the last point is the score now (the sticks left at the end go to the first).
    const rows = [SEATS.map(() => pot.startPoints)];
    for (const r of view.results) {
      const prev = rows[rows.length - 1] as number[];
      rows.push(SEATS.map((s) => (prev[s] ?? 0) + r.deltas[s] - (r.riichiDeclared?.[s] ? 1000 : 0)));
    }
    if (view.phase === 'matchOver') rows[rows.length - 1] = SEATS.map((s) => view.seats[s].score);
    return rows;
  }
  const now = SEATS.map((s) => view.seats[s].score);
  const totalDelta = SEATS.map((s) => view.results.reduce((sum, r) => sum + r.deltas[s], 0));
  const start = SEATS.map((s) => (now[s] ?? 0) - (totalDelta[s] ?? 0));
  const rows = [start];
  for (const r of view.results) {
    const prev = rows[rows.length - 1] as number[];
    rows.push(SEATS.map((s) => (prev[s] ?? 0) + r.deltas[s]));
  }
  return rows;
}

/**
 * SVG polyline points for each seat's score line in a w x h box. Seats with equal scores after a
 * hand would share one line (the last one drawn hiding the others): at each hand the lines are
 * kept at least `gap` apart, equal or close scores spread about their mean in score order (ties
 * in seat order), within a margin kept for it at the top and bottom.
 */
export function chartLines(
  history: readonly number[][],
  w: number,
  h: number,
  gap = 0,
  seats: readonly Seat[] = SEATS,
): BySeat<string> {
  // Only the seats played count (a three-player table's fourth has no line).
  const all = history.flatMap((row) => seats.map((s) => row[s] ?? 0));
  // The scores' own range (riichi points sit far above zero; Hong Kong scores start at zero).
  const lo = Math.min(...all);
  const hi = Math.max(...all, lo + 1);
  const span = hi - lo || 1;
  const n = Math.max(1, history.length - 1);
  const pad = gap * 1.5;
  const ys = history.map((row) => {
    const at = spread(
      seats.map((s) => pad + (h - 2 * pad) * (1 - ((row[s] ?? 0) - lo) / span)),
      gap,
    );
    const bySeat: number[] = [];
    seats.forEach((s, k) => {
      bySeat[s] = at[k] ?? 0;
    });
    return bySeat;
  });
  const line = (s: Seat) =>
    seats.includes(s) ? ys.map((y, i) => `${((i / n) * w).toFixed(1)},${(y[s] ?? 0).toFixed(1)}`).join(' ') : '';
  return [line(0), line(1), line(2), line(3)];
}

/** Positions at least `gap` apart, in the order of `ideal` (ties by index), each group about its mean. */
function spread(ideal: readonly number[], gap: number): number[] {
  const order = ideal.map((y, i) => ({ y, i })).sort((a, b) => a.y - b.y || a.i - b.i);
  const groups: { top: number; members: { y: number; i: number }[] }[] = [];
  for (const m of order) {
    groups.push({ top: m.y, members: [m] });
    for (;;) {
      const last = groups[groups.length - 1] as (typeof groups)[number];
      const prev = groups[groups.length - 2];
      if (!prev || prev.top + prev.members.length * gap <= last.top + 1e-9) break;
      const members = [...prev.members, ...last.members];
      const mean = members.reduce((sum, x) => sum + x.y, 0) / members.length;
      groups.splice(groups.length - 2, 2, { top: mean - ((members.length - 1) * gap) / 2, members });
    }
  }
  const out = [...ideal];
  for (const g of groups) {
    for (const [k, m] of g.members.entries()) out[m.i] = g.top + k * gap;
  }
  return out;
}

export type SeedCheck = { readonly state: 'hidden' } | { readonly state: 'ok' | 'mismatch'; readonly seed: string };

export function seedCheck(view: TableView): SeedCheck {
  if (!view.seed) return { state: 'hidden' };
  return { state: verifySeed(view.seed, view.seedHash) ? 'ok' : 'mismatch', seed: view.seed };
}
