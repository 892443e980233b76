/**
 * The table's state as plain data, and the pure functions that move it: deal a hand, check an
 * action, apply an action or a timeout. The XState machine (machine.ts) calls these from its
 * guards and actions; nothing here reads a clock or a random source (time comes in as `at`,
 * randomness as the match seed through the wall).
 */
import {
  type BySeat,
  countKinds,
  type HandResultView,
  isBonus,
  type KindCounts,
  kindOfId,
  type LegalAction,
  type Meld,
  nextSeat,
  type PlayerAction,
  type Seat,
  SEATS,
  seatWind,
  sortKinds,
  type TileId,
  type TileKind,
  type Wind,
} from '@mahjong/shared';
import {
  buildWall,
  deadCount,
  drawLive,
  drawReplacement,
  isComplete,
  isThirteenOrphans,
  liveCount,
  type TableRules,
  type WallState,
  type WinCondition,
  handSeed,
  scoreTableWin,
  falseWinDeltas,
} from './core.js';
import { IdentityCache } from './cache.js';
import type { TableTiming } from './options.js';
import type { ActionRefusal, MatchPlayer, TableRuleset } from './types.js';

export interface SeatMeld {
  readonly meld: Meld;
  /** The physical tiles of the meld (for the tile-conservation invariant). */
  readonly ids: readonly TileId[];
}

export interface SeatDiscard {
  readonly id: TileId;
  readonly claimed: boolean;
}

export interface SeatState {
  /** Concealed tiles in the order they came, the drawn tile included. */
  readonly concealed: readonly TileId[];
  /** The tile drawn this turn (also in `concealed`), null when the seat did not draw. */
  readonly drawn: TileId | null;
  readonly melds: readonly SeatMeld[];
  readonly bonus: readonly TileId[];
  readonly discards: readonly SeatDiscard[];
  /** Missed-win rule: kinds this seat may not win on from a discard until its next own draw. */
  readonly missed: readonly TileKind[];
  /** In the results pause: the seat said it is ready for the next hand. */
  readonly ready: boolean;
}

export type ClaimKind = 'win' | 'kong' | 'pung' | 'chow';

/** An open claim window: on a discard (`claims`) or on an added kong (`robbing`). */
export interface ClaimWindow {
  readonly from: Seat;
  readonly tile: TileId;
  readonly openedAt: number;
  /** The earliest the window may close (uniform minimum). */
  readonly minCloseAt: number;
  readonly deadline: number;
  /** The legal actions of each seat in this window (empty: not eligible). */
  readonly options: BySeat<readonly LegalAction[]>;
  readonly answers: BySeat<PlayerAction | null>;
}

export interface HandState {
  readonly number: number;
  /** The dealer and prevailing-wind index of this hand (the table's move on when it ends). */
  readonly dealer: Seat;
  readonly round: number;
  readonly wall: WallState;
  readonly seats: BySeat<SeatState>;
  readonly turn: Seat;
  readonly stage: 'discard' | 'claims' | 'robbing';
  /** How the turn seat got its last tile: for the replacement-win and heavenly conditions. */
  readonly source: 'deal' | 'live' | 'replacement' | 'claim';
  /** Kongs in a chain this turn: each one made with the previous kong's replacement tile (two or
   * more, then a win on the replacement: double kong). */
  readonly kongsThisTurn: number;
  /** Discards made so far in the hand (earthly: a win on the dealer's first). */
  readonly discardCount: number;
  /** A claim or a kong happened (heavenly and earthly need an uninterrupted start). */
  readonly interrupted: boolean;
  readonly lastDiscard: { readonly seat: Seat; readonly id: TileId } | null;
  readonly window: ClaimWindow | null;
  readonly turnDeadline: number | null;
}

export interface TableState {
  /** What the match was created with (never changes). */
  readonly setup: MatchSetup;
  readonly phase: 'playing' | 'handOver' | 'matchOver';
  readonly seq: number;
  /** Time of the last accepted event. */
  readonly at: number;
  /** 0-based prevailing wind index (0 East ... 3 North). */
  readonly round: number;
  readonly dealer: Seat;
  readonly scores: BySeat<number>;
  readonly results: readonly HandResultView[];
  readonly hand: HandState;
  /** Deadline of the results pause (phase handOver). */
  readonly resultsDeadline: number | null;
}

/** The wall of hand `number`: an injected one (tests), else shuffled from the hand's seed. */
function wallFor(s: TableState, number: number): WallState {
  return s.setup.fixedWalls?.[number] ?? buildWall(handSeed(s.setup.seed, number), { bonus: s.setup.rules.bonus });
}

const EMPTY_SEAT: SeatState = {
  concealed: [],
  drawn: null,
  melds: [],
  bonus: [],
  discards: [],
  missed: [],
  ready: false,
};

const setSeat = <T>(all: BySeat<T>, seat: Seat, value: T): BySeat<T> => {
  const copy = [...all] as [T, T, T, T];
  copy[seat] = value;
  return copy;
};

const kindsOf = (ids: readonly TileId[]): TileKind[] => ids.map(kindOfId);

export const prevailingWind = (s: TableState): Wind => ((s.round % 4) + 1) as Wind;

// ---------------------------------------------------------------------------------------------
// Dealing and drawing

interface Drawn {
  readonly wall: WallState;
  readonly seat: SeatState;
  /** A bonus tile was replaced (the final tile came from the dead wall). */
  readonly replaced: boolean;
}

const isBonusId = (id: TileId): boolean => isBonus(kindOfId(id));

/** Puts bonus tiles of the concealed hand aside and replaces each from the dead wall, repeatedly. */
function replaceBonus(wall: WallState, seat: SeatState): Drawn | null {
  if (!seat.concealed.some(isBonusId)) return { wall, seat, replaced: false };
  let w = wall;
  let concealed = seat.concealed;
  let bonus = seat.bonus;
  let drawn = seat.drawn;
  let replaced = false;
  for (;;) {
    const at = concealed.findIndex((id) => isBonus(kindOfId(id)));
    if (at < 0) break;
    const id = concealed[at] as TileId;
    bonus = [...bonus, id];
    concealed = concealed.filter((_, i) => i !== at);
    const r = drawReplacement(w);
    if (r === null) return null;
    w = r.wall;
    concealed = [...concealed, r.tile];
    if (drawn === id) drawn = r.tile;
    replaced = true;
  }
  return { wall: w, seat: { ...seat, concealed, bonus, drawn }, replaced };
}

/** A draw from the live wall (or a replacement), with bonus tiles replaced. Null: no tile left. */
function drawFor(wall: WallState, seat: SeatState, from: 'live' | 'replacement'): Drawn | null {
  const r = from === 'live' ? drawLive(wall) : drawReplacement(wall);
  if (r === null) return null;
  const withTile: SeatState = {
    ...seat,
    concealed: [...seat.concealed, r.tile],
    drawn: r.tile,
    missed: from === 'live' ? [] : seat.missed,
  };
  const out = replaceBonus(r.wall, withTile);
  if (out === null) return null;
  return { ...out, replaced: out.replaced || from === 'replacement' };
}

export interface MatchSetup {
  readonly ruleset: TableRuleset;
  readonly rules: TableRules;
  readonly timing: TableTiming;
  readonly players: BySeat<MatchPlayer>;
  readonly seed: string;
  readonly rounds: number;
  readonly fixedWalls: readonly WallState[] | null;
}

export function startMatch(setup: MatchSetup, at: number): TableState {
  const base: TableState = {
    setup,
    phase: 'playing',
    seq: 1,
    at,
    round: 0,
    dealer: 0,
    scores: [0, 0, 0, 0],
    results: [],
    hand: undefined as unknown as HandState,
    resultsDeadline: null,
  };
  return dealHand(base, 0, at);
}

/** Shuffles (from the hand seed), deals 13 each and the dealer's 14th, replaces bonus tiles dealer first. */
export function dealHand(s: TableState, number: number, at: number): TableState {
  let wall = wallFor(s, number);
  const hands: TileId[][] = [[], [], [], []];
  const order: Seat[] = [
    s.dealer,
    nextSeat(s.dealer),
    nextSeat(nextSeat(s.dealer)),
    nextSeat(nextSeat(nextSeat(s.dealer))),
  ];
  const take = (seat: Seat, n: number) => {
    for (let i = 0; i < n; i++) {
      const r = drawLive(wall);
      if (r === null) throw new Error('wall too short to deal');
      wall = r.wall;
      (hands[seat] as TileId[]).push(r.tile);
    }
  };
  for (let round = 0; round < 3; round++) for (const seat of order) take(seat, 4);
  for (const seat of order) take(seat, 1);
  take(s.dealer, 1);
  let seats = SEATS.map((seat) => ({
    ...EMPTY_SEAT,
    concealed: hands[seat] as TileId[],
  })) as unknown as BySeat<SeatState>;
  const dealerTile = (hands[s.dealer] as TileId[])[13] as TileId;
  seats = setSeat(seats, s.dealer, { ...seats[s.dealer], drawn: dealerTile });
  for (const seat of order) {
    const r = replaceBonus(wall, seats[seat]);
    if (r === null) throw new Error('dead wall exhausted in the deal');
    wall = r.wall;
    seats = setSeat(seats, seat, r.seat);
  }
  const hand: HandState = {
    number,
    dealer: s.dealer,
    round: s.round,
    wall,
    seats,
    turn: s.dealer,
    stage: 'discard',
    source: 'deal',
    kongsThisTurn: 0,
    discardCount: 0,
    interrupted: false,
    lastDiscard: null,
    window: null,
    turnDeadline: at + s.setup.timing.turnMs,
  };
  return { ...s, phase: 'playing', hand, resultsDeadline: null };
}

// ---------------------------------------------------------------------------------------------
// Hand arithmetic

const meldKinds = (seat: SeatState): Meld[] => seat.melds.map((m) => m.meld);

/** Kind counts of a concealed hand, remembered by array identity (hands are never mutated). */
const countsMemo = new IdentityCache<readonly TileId[], KindCounts>(16);
function countsOf(ids: readonly TileId[]): KindCounts {
  let c = countsMemo.get(ids);
  if (c === undefined) {
    c = new Uint8Array(42);
    for (const id of ids) c[kindOfId(id)] = (c[kindOfId(id)] as number) + 1;
    countsMemo.set(ids, c);
  }
  return c;
}

const countOf = (ids: readonly TileId[], kind: TileKind): number => countsOf(ids)[kind] as number;

const withoutKinds = (ids: readonly TileId[], kind: TileKind, n: number, prefer: TileId | null = null) => {
  const taken: TileId[] = [];
  let rest = [...ids];
  if (prefer !== null && kindOfId(prefer) === kind && rest.includes(prefer) && n > 0) {
    taken.push(prefer);
    rest = rest.filter((id) => id !== prefer);
  }
  for (let i = rest.length - 1; i >= 0 && taken.length < n; i--) {
    const id = rest[i] as TileId;
    if (kindOfId(id) === kind) {
      taken.push(id);
      rest.splice(i, 1);
    }
  }
  return { taken, rest };
};

interface WinCheck {
  readonly ok: boolean;
  readonly faan: number;
}

/** Scores the seat's hand with `win` as the winning tile (not yet in `concealed`). */
function winInputFor(
  s: TableState,
  seat: Seat,
  concealedBefore: readonly TileId[],
  win: TileKind,
  selfDrawn: boolean,
  conditions: readonly WinCondition[],
) {
  const st = s.hand.seats[seat];
  return {
    concealed: sortKinds(kindsOf(concealedBefore)),
    melds: meldKinds(st),
    win,
    bonus: sortKinds(kindsOf(st.bonus)),
    selfDrawn,
    seatWind: seatWind(seat, s.dealer),
    roundWind: prevailingWind(s),
    dealer: seat === s.dealer,
    conditions,
  };
}

/** Facts for the liability rules: wall left, and whether the winning discard was a fresh tile. */
function liabilityFacts(s: TableState, tile: TileId | null) {
  let seen = 0;
  if (tile !== null) {
    const k = kindOfId(tile);
    for (const st of s.hand.seats) {
      for (const d of st.discards) if (d.id !== tile && kindOfId(d.id) === k) seen++;
      for (const m of st.melds)
        if (!m.meld.concealed) for (const id of m.ids) if (id !== tile && kindOfId(id) === k) seen++;
    }
  }
  return { wallRemaining: liveCount(s.hand.wall), freshTile: tile !== null && seen === 0 };
}

/** Would `win` complete the seat's hand (its concealed tiles, without the win tile, plus melds)? */
function completesWith(s: TableState, seat: Seat, win: TileKind): boolean {
  const st = s.hand.seats[seat];
  const counts = countsOf(st.concealed);
  counts[win] = (counts[win] as number) + 1;
  const done = isComplete(counts, st.melds.length, s.setup.rules.analysis);
  counts[win] = (counts[win] as number) - 1;
  return done;
}

/** Conditions for a self-drawn win by the turn seat. */
function selfDrawConditions(s: TableState, seat: Seat): WinCondition[] {
  const h = s.hand;
  const c: WinCondition[] = [];
  // Last tile: the winning tile is the live wall's last draw (not a replacement that emptied it).
  if (liveCount(h.wall) === 0 && h.source === 'live') c.push('lastTile');
  if (h.source === 'replacement') {
    c.push('kongReplacement');
    if (h.kongsThisTurn >= 2) c.push('doubleKong');
  }
  if (seat === s.dealer && h.discardCount === 0 && !h.interrupted) c.push('heavenly');
  return c;
}

function discardConditions(s: TableState, from: Seat, robbing: boolean): WinCondition[] {
  const h = s.hand;
  const c: WinCondition[] = [];
  if (robbing) c.push('robbingKong');
  else {
    if (liveCount(h.wall) === 0) c.push('lastDiscard');
    // Earthly: a non-dealer wins on the dealer's first discard (a concealed kong before it does not matter).
    if (from === s.dealer && h.discardCount === 1) c.push('earthly');
  }
  return c;
}

// The self-drawn win check of the last hand state asked about (states are immutable: the turn
// seat's answer never changes; the legal list, the refusal check and the action all ask).
let selfWinHand: HandState | null = null;
let selfWin: WinCheck = { ok: false, faan: 0 };

function checkSelfWin(s: TableState, seat: Seat): WinCheck {
  if (seat !== s.hand.turn) return computeSelfWin(s, seat);
  if (selfWinHand === s.hand) return selfWin;
  const r = computeSelfWin(s, seat);
  selfWinHand = s.hand;
  selfWin = r;
  return r;
}

function computeSelfWin(s: TableState, seat: Seat): WinCheck {
  const st = s.hand.seats[seat];
  if (st.drawn === null) return { ok: false, faan: 0 };
  const counts = countsOf(st.concealed);
  if (!isComplete(counts, st.melds.length, s.setup.rules.analysis)) {
    return { ok: false, faan: 0 };
  }
  const before = st.concealed.filter((id) => id !== st.drawn);
  const win = kindOfId(st.drawn);
  const r = scoreTableWin(
    s.setup.ruleset,
    s.setup.rules,
    winInputFor(s, seat, before, win, true, selfDrawConditions(s, seat)),
    seat,
    null,
    liabilityFacts(s, null),
  );
  return r.valid && r.faan >= s.setup.rules.minFaan ? { ok: true, faan: r.faan } : { ok: false, faan: 0 };
}

function checkDiscardWin(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing: boolean): WinCheck {
  const st = s.hand.seats[seat];
  const win = kindOfId(tile);
  if (st.missed.includes(win)) return { ok: false, faan: 0 };
  if (!completesWith(s, seat, win)) return { ok: false, faan: 0 };
  const r = scoreTableWin(
    s.setup.ruleset,
    s.setup.rules,
    winInputFor(s, seat, st.concealed, win, false, discardConditions(s, from, robbing)),
    seat,
    from,
    liabilityFacts(s, tile),
  );
  return r.valid && r.faan >= s.setup.rules.minFaan ? { ok: true, faan: r.faan } : { ok: false, faan: 0 };
}

// ---------------------------------------------------------------------------------------------
// Legal actions

// The discard and concealed-kong actions of each kind, built once and shared by every legal list
// (legal lists and views are read-only).
const DISCARD: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'discard' as const, tile: k as TileKind }),
);
const CONCEALED_KONG: readonly LegalAction[] = Array.from({ length: 34 }, (_, k) =>
  Object.freeze({ type: 'concealedKong' as const, tile: k as TileKind }),
);

const PUNG: LegalAction = Object.freeze({ type: 'pung' });
const KONG: LegalAction = Object.freeze({ type: 'kong' });
const PASS: LegalAction = Object.freeze({ type: 'pass' });
/** The chow starting at each kind (suited kinds whose run fits in the suit). */
const CHOW: readonly (LegalAction | undefined)[] = Array.from({ length: 27 }, (_, k) =>
  k % 9 <= 6
    ? Object.freeze({
        type: 'chow' as const,
        tiles: Object.freeze([k as TileKind, (k + 1) as TileKind, (k + 2) as TileKind]) as unknown as readonly [
          TileKind,
          TileKind,
          TileKind,
        ],
      })
    : undefined,
);

function turnActions(s: TableState): LegalAction[] {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const out: LegalAction[] = [];
  const win = checkSelfWin(s, seat);
  if (win.ok) out.push({ type: 'win', faan: win.faan });
  const counts = countsOf(st.concealed);
  const canReplace = deadCount(h.wall) > 0;
  if (canReplace) {
    for (let k = 0; k < 34; k++) {
      if (counts[k] === 4) out.push(CONCEALED_KONG[k] as LegalAction);
    }
    if (st.drawn !== null) {
      const d = kindOfId(st.drawn);
      if (st.melds.some((m) => m.meld.kind === 'pung' && m.meld.tiles[0] === d)) {
        out.push({ type: 'addedKong', tile: d });
      }
    }
  }
  for (let k = 0; k < 34; k++) {
    if ((counts[k] ?? 0) > 0) out.push(DISCARD[k] as LegalAction);
  }
  return out;
}

/** What `seat` may do about `from`'s discard `tile` (pass included when anything else is possible). */
function claimOptions(s: TableState, seat: Seat, from: Seat, tile: TileId, lastDiscard: boolean): LegalAction[] {
  if (seat === from) return [];
  const st = s.hand.seats[seat];
  const k = kindOfId(tile);
  const out: LegalAction[] = [];
  const win = checkDiscardWin(s, seat, from, tile, false);
  if (win.ok) out.push({ type: 'win', faan: win.faan });
  if (!lastDiscard) {
    const n = countOf(st.concealed, k);
    if (n >= 3 && deadCount(s.hand.wall) > 0) out.push(KONG);
    if (n >= 2) out.push(PUNG);
    if (seat === nextSeat(from) && k < 27) {
      const r = k % 9;
      const c = countsOf(st.concealed);
      // Lowest tile of each chow the discard can complete: k-2, k-1, k.
      for (let a = -2; a <= 0; a++) {
        if (r + a < 0 || r + a > 6) continue;
        let ok = true;
        for (let d = a; d <= a + 2; d++) if (d !== 0 && (c[k + d] as number) === 0) ok = false;
        if (ok) out.push(CHOW[k + a] as LegalAction);
      }
    }
  }
  if (out.length > 0) out.push(PASS);
  return out;
}

function robbingOptions(s: TableState, seat: Seat, from: Seat, tile: TileId): LegalAction[] {
  if (seat === from) return [];
  const win = checkDiscardWin(s, seat, from, tile, true);
  return win.ok ? [{ type: 'win', faan: win.faan }, { type: 'pass' }] : [];
}

// The legal actions of the last state asked about, by seat (views of one state come in a row; a
// single slot leaves the garbage collector nothing to track, unlike a WeakMap of every state).
let legalState: TableState | null = null;
const legalBySeat: (readonly LegalAction[] | undefined)[] = [undefined, undefined, undefined, undefined];

/** The exact legal actions of `seat` now (remembered for the last state: views and checks ask often). */
export function legalActions(s: TableState, seat: Seat): readonly LegalAction[] {
  if (legalState !== s) {
    legalState = s;
    legalBySeat.fill(undefined);
  }
  const bySeat = legalBySeat;
  const known = bySeat[seat];
  if (known !== undefined) return known;
  const list = computeLegalActions(s, seat);
  bySeat[seat] = list;
  return list;
}

function computeLegalActions(s: TableState, seat: Seat): readonly LegalAction[] {
  if (s.phase === 'matchOver') return [];
  if (s.phase === 'handOver') return s.hand.seats[seat].ready ? [] : [{ type: 'pass' }];
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat ? turnActions(s) : [];
  const w = h.window;
  if (w === null || w.answers[seat] !== null) return [];
  return w.options[seat];
}

const sameAction = (a: PlayerAction, b: PlayerAction): boolean => {
  if (a.type !== b.type) return false;
  switch (a.type) {
    case 'discard':
    case 'concealedKong':
    case 'addedKong':
      return a.tile === (b as typeof a).tile;
    case 'chow': {
      const t = (b as typeof a).tiles;
      return a.tiles[0] === t[0] && a.tiles[1] === t[1] && a.tiles[2] === t[2];
    }
    case 'pung':
    case 'kong':
    case 'win':
    case 'pass':
      return true;
  }
};

const isKind = (v: unknown): v is TileKind => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 42;

/** Checks that `action` has the shape of a PlayerAction (it may come from the network). */
export function wellFormed(action: unknown): action is PlayerAction {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as Record<string, unknown>;
  switch (a.type) {
    case 'discard':
    case 'concealedKong':
    case 'addedKong':
      return isKind(a.tile);
    case 'chow':
      return Array.isArray(a.tiles) && a.tiles.length === 3 && a.tiles.every(isKind);
    case 'pung':
    case 'kong':
    case 'win':
    case 'pass':
      return true;
    default:
      return false;
  }
}

/** Whether `seat` has anything to do now (cheaper than building its legal actions). */
export function hasActions(s: TableState, seat: Seat): boolean {
  if (s.phase === 'matchOver') return false;
  if (s.phase === 'handOver') return !s.hand.seats[seat].ready;
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat;
  const w = h.window;
  return w !== null && w.answers[seat] === null && w.options[seat].length > 0;
}

/** Whether `action` is among `legalActions(s, seat)`, without building the list. */
function isLegal(s: TableState, seat: Seat, action: PlayerAction): boolean {
  if (s.phase === 'handOver') return action.type === 'pass' && !s.hand.seats[seat].ready;
  const h = s.hand;
  if (h.stage !== 'discard') {
    const w = h.window;
    return w !== null && w.answers[seat] === null && w.options[seat].some((l) => sameAction(l, action));
  }
  if (h.turn !== seat) return false;
  const st = h.seats[seat];
  switch (action.type) {
    case 'discard':
      return action.tile < 34 && countOf(st.concealed, action.tile) > 0;
    case 'concealedKong':
      return action.tile < 34 && deadCount(h.wall) > 0 && countOf(st.concealed, action.tile) === 4;
    case 'addedKong':
      return (
        deadCount(h.wall) > 0 &&
        st.drawn !== null &&
        kindOfId(st.drawn) === action.tile &&
        st.melds.some((m) => m.meld.kind === 'pung' && m.meld.tiles[0] === action.tile)
      );
    case 'win':
      return checkSelfWin(s, seat).ok;
    case 'chow':
    case 'pung':
    case 'kong':
    case 'pass':
      return false;
  }
}

let lastCheck: { s: TableState; seat: Seat; action: PlayerAction; why: ActionRefusal | null } | null = null;

/** Why an action is refused, or null when it is accepted. */
export function refusal(s: TableState, seat: Seat, action: PlayerAction): ActionRefusal | null {
  // The engine checks before sending and the machine's guard checks again: answer the second from memory.
  if (lastCheck !== null && lastCheck.s === s && lastCheck.seat === seat && lastCheck.action === action) {
    return lastCheck.why;
  }
  const why = computeRefusal(s, seat, action);
  lastCheck = { s, seat, action, why };
  return why;
}

function computeRefusal(s: TableState, seat: Seat, action: PlayerAction): ActionRefusal | null {
  if (!wellFormed(action) || !SEATS.includes(seat)) return 'action/malformed';
  if (s.phase === 'matchOver') return 'action/match_over';
  if (isLegal(s, seat, action)) return null;
  if (s.phase === 'playing' && action.type === 'win' && s.setup.rules.falseWin && isFalseWinTime(s, seat)) return null;
  if (!hasActions(s, seat)) {
    const w = s.hand.window;
    if (s.phase === 'playing' && w !== null && w.answers[seat] !== null) return 'action/already_answered';
    return 'action/not_your_turn';
  }
  if (
    (action.type === 'discard' || action.type === 'concealedKong' || action.type === 'addedKong') &&
    s.phase === 'playing' &&
    !s.hand.seats[seat].concealed.some((id) => kindOfId(id) === action.tile)
  ) {
    return 'action/no_such_tile';
  }
  return 'action/illegal';
}

/** With the false-win option on, a declaration is accepted (and charged) whenever the seat may act. */
function isFalseWinTime(s: TableState, seat: Seat): boolean {
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat;
  const w = h.window;
  return w !== null && w.from !== seat && w.answers[seat] === null;
}

// ---------------------------------------------------------------------------------------------
// Applying actions

/** The state with the next seq at `at` (one literal, in the key order of `startMatch`: cheaper than a spread). */
const bumped = (s: TableState, at: number): TableState => ({
  setup: s.setup,
  phase: s.phase,
  seq: s.seq + 1,
  at,
  round: s.round,
  dealer: s.dealer,
  scores: s.scores,
  results: s.results,
  hand: s.hand,
  resultsDeadline: s.resultsDeadline,
});

/** Applies an accepted action (the caller checked `refusal` first). */
export function applyAction(s0: TableState, seat: Seat, action: PlayerAction, at: number): TableState {
  const s = bumped(s0, at);
  if (s.phase === 'handOver') return markReady(s, seat, at);
  const h = s.hand;
  if (h.stage === 'discard') {
    switch (action.type) {
      case 'discard':
        return discard(s, action.tile, at);
      case 'concealedKong':
        return concealedKong(s, action.tile, at);
      case 'addedKong':
        return openRobbing(s, at);
      case 'win':
        return checkSelfWin(s, seat).ok ? selfDrawnWin(s, at) : falseWin(s, seat, at);
      default:
        throw new Error(`unexpected ${action.type} in a turn`);
    }
  }
  const w = h.window as ClaimWindow;
  const isLegal = w.options[seat].some((l) => sameAction(l, action));
  if (action.type === 'win' && !isLegal) return falseWin(s, seat, at);
  const answers = setSeat(w.answers, seat, action);
  const next: TableState = { ...s, hand: { ...h, window: { ...w, answers } } };
  return allAnswered(next.hand.window as ClaimWindow) && at >= w.minCloseAt ? closeWindow(next, at) : next;
}

const allAnswered = (w: ClaimWindow): boolean =>
  SEATS.every((seat) => w.options[seat].length === 0 || w.answers[seat] !== null);

/** When the scheduler must send `timeout` (null: nothing pending). */
export function deadline(s: TableState): number | null {
  if (s.phase === 'matchOver') return null;
  if (s.phase === 'handOver') return s.resultsDeadline;
  const h = s.hand;
  if (h.window !== null) return allAnswered(h.window) ? h.window.minCloseAt : h.window.deadline;
  return h.turnDeadline;
}

export function applyTimeout(s0: TableState, at: number): TableState {
  const s = bumped(s0, at);
  if (s.phase === 'handOver') return nextHand(s, at);
  const h = s.hand;
  if (h.window !== null) return closeWindow(s, at);
  // The turn ran out: discard the drawn tile for the player (or the last tile of the hand).
  const st = h.seats[h.turn];
  const id = st.drawn ?? (st.concealed[st.concealed.length - 1] as TileId);
  return discard(s, kindOfId(id), at);
}

type TurnPatch = Partial<Pick<HandState, 'wall' | 'seats' | 'source' | 'kongsThisTurn' | 'interrupted'>>;

/** `seat`'s turn begins (one literal per object, in the key order of `dealHand`: cheaper than spreads). */
function startTurn(s: TableState, seat: Seat, patch: TurnPatch, at: number): TableState {
  const h = s.hand;
  const hand: HandState = {
    number: h.number,
    dealer: h.dealer,
    round: h.round,
    wall: patch.wall ?? h.wall,
    seats: patch.seats ?? h.seats,
    turn: seat,
    stage: 'discard',
    source: patch.source ?? h.source,
    kongsThisTurn: patch.kongsThisTurn ?? h.kongsThisTurn,
    discardCount: h.discardCount,
    interrupted: patch.interrupted ?? h.interrupted,
    lastDiscard: h.lastDiscard,
    window: null,
    turnDeadline: at + s.setup.timing.turnMs,
  };
  return {
    setup: s.setup,
    phase: s.phase,
    seq: s.seq,
    at: s.at,
    round: s.round,
    dealer: s.dealer,
    scores: s.scores,
    results: s.results,
    hand,
    resultsDeadline: s.resultsDeadline,
  };
}

function discard(s: TableState, kind: TileKind, at: number): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  // The drawn tile when it is of that kind (so that a timed-out turn discards the drawn tile), else the last one.
  let pos = st.drawn !== null && kindOfId(st.drawn) === kind ? st.concealed.indexOf(st.drawn) : -1;
  for (let i = st.concealed.length - 1; pos < 0 && i >= 0; i--)
    if (kindOfId(st.concealed[i] as TileId) === kind) pos = i;
  const id = st.concealed[pos] as TileId;
  const rest = st.concealed.slice();
  rest.splice(pos, 1);
  const seats = setSeat(h.seats, seat, {
    ...st,
    concealed: rest,
    drawn: null,
    discards: [...st.discards, { id, claimed: false }],
  });
  // The hand and state are built once; the window is set on these fresh objects (nothing else
  // holds them yet) after the claim options, which read the hand with the discard made.
  const hand: { -readonly [K in keyof HandState]: HandState[K] } = {
    ...h,
    seats,
    discardCount: h.discardCount + 1,
    lastDiscard: { seat, id },
    turnDeadline: null,
    stage: 'claims',
    window: null,
  };
  const next: TableState = { ...s, hand };
  const last = liveCount(h.wall) === 0;
  const options: LegalAction[][] = [[], [], [], []];
  for (const other of SEATS) if (other !== seat) options[other] = claimOptions(next, other, seat, id, last);
  hand.window = {
    from: seat,
    tile: id,
    openedAt: at,
    minCloseAt: at + s.setup.timing.claimMinMs,
    deadline: at + s.setup.timing.claimMs,
    options: options as unknown as BySeat<LegalAction[]>,
    answers: [null, null, null, null],
  };
  return next;
}

function concealedKong(s: TableState, kind: TileKind, at: number): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const { taken, rest } = withoutKinds(st.concealed, kind, 4);
  const meld: SeatMeld = { meld: { kind: 'kong', tiles: [kind, kind, kind, kind], concealed: true }, ids: taken };
  const chained = st.drawn !== null && kindOfId(st.drawn) === kind;
  return replacementDraw(s, seat, { ...st, concealed: rest, drawn: null, melds: [...st.melds, meld] }, at, chained);
}

/**
 * After a kong: the replacement draw from the dead wall; the turn goes on. `withDrawn`: the kong
 * was made with the tile just drawn; when that tile was itself a kong's replacement, the kongs
 * chain (double kong, hk-new: "the tile used to make the second kong is the first kong's
 * replacement tile").
 */
function replacementDraw(s: TableState, seat: Seat, st: SeatState, at: number, withDrawn: boolean): TableState {
  const h = s.hand;
  const chained = withDrawn && h.source === 'replacement' && h.kongsThisTurn > 0;
  const r = drawFor(h.wall, st, 'replacement');
  if (r === null) return exhaustiveDraw({ ...s, hand: { ...h, seats: setSeat(h.seats, seat, st) } }, at);
  return startTurn(
    s,
    seat,
    {
      wall: r.wall,
      seats: setSeat(h.seats, seat, r.seat),
      source: 'replacement',
      kongsThisTurn: chained ? h.kongsThisTurn + 1 : 1,
      interrupted: true,
    },
    at,
  );
}

function openRobbing(s: TableState, at: number): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const id = st.drawn as TileId;
  const options = SEATS.map((other) => robbingOptions(s, other, seat, id)) as unknown as BySeat<LegalAction[]>;
  return {
    ...s,
    hand: {
      ...h,
      stage: 'robbing',
      turnDeadline: null,
      window: {
        from: seat,
        tile: id,
        openedAt: at,
        minCloseAt: at + s.setup.timing.claimMinMs,
        deadline: at + s.setup.timing.claimMs,
        options,
        answers: [null, null, null, null],
      },
    },
  };
}

/** The seat next in turn order after `from` comes first; `order(from)` lists the other three. */
const orderAfter = (from: Seat): Seat[] => [
  nextSeat(from),
  nextSeat(nextSeat(from)),
  nextSeat(nextSeat(nextSeat(from))),
];

/** Resolves a claim window once: win > pung/kong > chow, ties to the seat next after the discarder. */
function closeWindow(s: TableState, at: number): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const robbing = h.stage === 'robbing';
  const order = orderAfter(w.from);
  // Missed-win rule: a seat that could have won on this tile and did not claim the win.
  let seats = h.seats;
  for (const seat of order) {
    const answer = w.answers[seat];
    if (answer?.type === 'win') continue;
    const could = w.options[seat].some((o) => o.type === 'win');
    if (could && !seats[seat].missed.includes(kindOfId(w.tile))) {
      seats = setSeat(seats, seat, { ...seats[seat], missed: [...seats[seat].missed, kindOfId(w.tile)] });
    }
  }
  const winners = order.filter((seat) => w.answers[seat]?.type === 'win');
  if (
    winners.length === 0 &&
    !robbing &&
    order.every((seat) => w.answers[seat] === null || w.answers[seat]?.type === 'pass')
  ) {
    // Nobody claimed (the common case, built with one copy): the next seat draws.
    const seat = nextSeat(w.from);
    const r = drawFor(h.wall, seats[seat], 'live');
    if (r === null) return exhaustiveDraw({ ...s, hand: { ...h, seats } }, at);
    return startTurn(
      s,
      seat,
      {
        wall: r.wall,
        seats: setSeat(seats, seat, r.seat),
        source: r.replaced ? 'replacement' : 'live',
        kongsThisTurn: 0,
      },
      at,
    );
  }
  const s1: TableState = { ...s, hand: { ...h, seats } };
  if (winners.length > 0) {
    // Thirteen orphans may take the discard regardless of turn order.
    const orphans = winners.find((seat) => {
      const counts = countKinds([...kindsOf(seats[seat].concealed), kindOfId(w.tile)]);
      return seats[seat].melds.length === 0 && isThirteenOrphans(counts);
    });
    return discardWin(s1, orphans ?? (winners[0] as Seat), w.from, w.tile, robbing, at);
  }
  if (robbing) return completeAddedKong(s1, at);
  const melder =
    order.find((seat) => w.answers[seat]?.type === 'pung' || w.answers[seat]?.type === 'kong') ??
    order.find((seat) => w.answers[seat]?.type === 'chow');
  if (melder === undefined) throw new Error('a claim window closed with answers but no claimer');
  return claimMeld(s1, melder, w.answers[melder] as PlayerAction, at);
}

function claimMeld(s: TableState, seat: Seat, action: PlayerAction, at: number): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const k = kindOfId(w.tile);
  const fromSeat = h.seats[w.from];
  const discards = fromSeat.discards.map((d, i) => (i === fromSeat.discards.length - 1 ? { ...d, claimed: true } : d));
  let seats = setSeat(h.seats, w.from, { ...fromSeat, discards });
  const st = seats[seat];
  let meld: SeatMeld;
  let rest: TileId[];
  if (action.type === 'chow') {
    rest = [...st.concealed];
    const ids: TileId[] = [w.tile];
    for (const t of action.tiles) {
      if (t === k) continue;
      const i = rest.findIndex((id) => kindOfId(id) === t);
      ids.push(rest[i] as TileId);
      rest.splice(i, 1);
    }
    meld = { meld: { kind: 'chow', tiles: [...action.tiles], concealed: false, from: w.from, claimed: k }, ids };
  } else {
    const n = action.type === 'kong' ? 3 : 2;
    const r = withoutKinds(st.concealed, k, n);
    rest = r.rest;
    meld = {
      meld: {
        kind: action.type === 'kong' ? 'kong' : 'pung',
        tiles: Array.from({ length: n + 1 }, () => k),
        concealed: false,
        from: w.from,
        claimed: k,
      },
      ids: [w.tile, ...r.taken],
    };
  }
  const updated: SeatState = { ...st, concealed: rest, drawn: null, melds: [...st.melds, meld] };
  seats = setSeat(seats, seat, updated);
  const s1: TableState = { ...s, hand: { ...h, seats, interrupted: true, kongsThisTurn: 0 } };
  if (action.type === 'kong') return replacementDraw(s1, seat, updated, at, false);
  return startTurn(s1, seat, { source: 'claim' }, at);
}

function completeAddedKong(s: TableState, at: number): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const seat = w.from;
  const st = h.seats[seat];
  const k = kindOfId(w.tile);
  const melds = st.melds.map((m) =>
    m.meld.kind === 'pung' && m.meld.tiles[0] === k
      ? { meld: { ...m.meld, kind: 'kong' as const, tiles: [k, k, k, k], added: true }, ids: [...m.ids, w.tile] }
      : m,
  );
  const updated: SeatState = { ...st, concealed: st.concealed.filter((id) => id !== w.tile), drawn: null, melds };
  // The added tile is always the one just drawn.
  return replacementDraw({ ...s, hand: { ...h, window: null } }, seat, updated, at, true);
}

// ---------------------------------------------------------------------------------------------
// Hand end

const revealAll = (s: TableState): BySeat<TileKind[]> =>
  SEATS.map((seat) => sortKinds(kindsOf(s.hand.seats[seat].concealed))) as unknown as BySeat<TileKind[]>;

function selfDrawnWin(s: TableState, at: number): TableState {
  const seat = s.hand.turn;
  const st = s.hand.seats[seat];
  const drawn = st.drawn as TileId;
  const before = st.concealed.filter((id) => id !== drawn);
  const win = kindOfId(drawn);
  const input = winInputFor(s, seat, before, win, true, selfDrawConditions(s, seat));
  return finishWin(s, seat, null, win, input, liabilityFacts(s, null), at);
}

function discardWin(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing: boolean, at: number): TableState {
  const h = s.hand;
  const st = h.seats[seat];
  const win = kindOfId(tile);
  const input = winInputFor(s, seat, st.concealed, win, false, discardConditions(s, from, robbing));
  // The won tile leaves the discarder's pond (or the kong being added) and joins the winner's hand.
  let seats = h.seats;
  if (robbing) {
    const f = seats[from];
    seats = setSeat(seats, from, { ...f, concealed: f.concealed.filter((id) => id !== tile), drawn: null });
  } else {
    const f = seats[from];
    seats = setSeat(seats, from, { ...f, discards: f.discards.filter((d) => d.id !== tile) });
  }
  seats = setSeat(seats, seat, { ...seats[seat], concealed: [...seats[seat].concealed, tile], drawn: tile });
  const facts = liabilityFacts(s, tile);
  return finishWin({ ...s, hand: { ...h, seats } }, seat, from, win, input, facts, at);
}

function finishWin(
  s: TableState,
  seat: Seat,
  from: Seat | null,
  win: TileKind,
  input: ReturnType<typeof winInputFor>,
  facts: ReturnType<typeof liabilityFacts>,
  at: number,
): TableState {
  const r = scoreTableWin(s.setup.ruleset, s.setup.rules, input, seat, from, facts);
  if (!r.valid) throw new Error(`accepted win does not score: ${r.reason}`);
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'win',
    winner: seat,
    ...(from === null ? {} : { discarder: from }),
    selfDrawn: from === null,
    winTile: win,
    faan: r.faan,
    limit: r.limit,
    patterns: r.patterns,
    payments: r.payments,
    deltas: r.deltas,
    hands: revealAll(s),
    arrangement: r.arrangement,
  };
  return endHand(s, result, seat === s.dealer, at);
}

function falseWin(s: TableState, seat: Seat, at: number): TableState {
  const { deltas, payments } = falseWinDeltas(s.setup.rules, seat, s.hand.dealer);
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'draw',
    payments,
    deltas,
    hands: revealAll(s),
    patterns: [{ name: `False win by seat ${seat}`, value: 0 }],
  };
  return endHand(s, result, true, at);
}

function exhaustiveDraw(s: TableState, at: number): TableState {
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'draw',
    payments: [],
    deltas: [0, 0, 0, 0],
    hands: revealAll(s),
  };
  return endHand(s, result, true, at);
}

function endHand(s: TableState, result: HandResultView, dealerStays: boolean, at: number): TableState {
  const scores = SEATS.map((seat) => s.scores[seat] + (result.deltas[seat] ?? 0)) as unknown as BySeat<number>;
  let dealer = s.dealer;
  let round = s.round;
  if (!dealerStays) {
    dealer = nextSeat(dealer);
    if (dealer === 0) round += 1;
  }
  const broke = s.setup.timing.bankruptcyPoints > 0 && scores.some((x) => x <= -s.setup.timing.bankruptcyPoints);
  const over = round >= s.setup.rounds || broke;
  const seats = SEATS.map((seat) => ({ ...s.hand.seats[seat], ready: false })) as unknown as BySeat<SeatState>;
  return {
    ...s,
    scores,
    results: [...s.results, result],
    dealer,
    round,
    phase: over ? 'matchOver' : 'handOver',
    resultsDeadline: over ? null : at + s.setup.timing.resultsMs,
    hand: { ...s.hand, seats, window: null, turnDeadline: null },
  };
}

function markReady(s: TableState, seat: Seat, at: number): TableState {
  const seats = setSeat(s.hand.seats, seat, { ...s.hand.seats[seat], ready: true });
  const s1: TableState = { ...s, hand: { ...s.hand, seats } };
  return SEATS.every((x) => seats[x].ready) ? nextHand(s1, at) : s1;
}

function nextHand(s: TableState, at: number): TableState {
  return dealHand(s, s.hand.number + 1, at);
}
