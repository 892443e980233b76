/**
 * The table's state as plain data: a match (setup, scores, results, phase) around the hand in
 * play (wall, seats, whose turn, the open claim window). The pure functions that move it live by
 * concern: deal.ts (dealing and the wall), turn.ts (a turn's actions), claims.ts (claim and
 * robbing windows), wins.ts (a win's check), hand-end.ts (hand end and rotation), legal.ts (what
 * each seat may do), and where the families differ hk/ and riichi/ (behind rules.ts). Nothing
 * here reads a clock or a random source (time comes in as `at`, randomness as the match seed
 * through the wall).
 */
import {
  type BySeat,
  type HandResultView,
  type LegalAction,
  type Meld,
  nextSeat,
  type PlayerAction,
  seatWind,
  type Seat,
  type TileId,
  type TileKind,
  kindOfId,
  type Wind,
} from '@mahjong/shared';
import { type RiichiTableRules, type RulesetFamily, type SeatCount, SEATS } from '@mahjong/shared';
import type { TableRules, WallState } from './core.js';
import type { TableTiming } from './options.js';
import type { EngineRulesetId, MatchPlayer } from './types.js';

export interface SeatMeld {
  readonly meld: Meld;
  /** The physical tiles of the meld (for the tile-conservation invariant). */
  readonly ids: readonly TileId[];
}

export interface SeatDiscard {
  readonly id: TileId;
  readonly claimed: boolean;
  /** The tile just drawn, discarded as it came: everybody at the table sees that. */
  readonly tsumogiri?: true;
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
  /** A robbing window on a North being set aside (three-player riichi), not on an added kong:
   * a win on it is no robbing of a kong, and letting it pass is no missed win. */
  readonly north?: true;
}

/** A seat's riichi declaration (riichi tables). */
export interface RiichiDeclaration {
  /** Index in the seat's discards of the declaring tile (laid sideways). */
  readonly discard: number;
  /** The one-go-round bonus is still open: no call, no kong, no own discard since. */
  readonly ippatsu: boolean;
  /** Declared on the seat's first discard with no call or kong before (double riichi). */
  readonly double: boolean;
  /** The 1,000 stick is on the table: the declaring discard was not won on. */
  readonly paid: boolean;
  /** Each seat's discard count when the declaration was made: every later discard that the
   * declarer did not win on is one it can no longer win on (riichi furiten). */
  readonly discardsBefore: BySeat<number>;
}

export interface RiichiSeat {
  readonly declared: RiichiDeclaration | null;
  /** Let a winning tile pass after declaring: no win on a discard for the rest of the hand. */
  readonly passedInRiichi: boolean;
}

/** What a riichi hand keeps beyond the Hong Kong one. */
export interface RiichiHand {
  readonly seats: BySeat<RiichiSeat>;
  /** Dora indicators turned (1 at the deal, one more per kong, at most 5). */
  readonly indicators: number;
  /** An open or added kong's indicator, turned once that seat discards (or makes another kong). */
  readonly pendingIndicator: boolean;
}

/** Riichi tables: repeat counters and riichi sticks, carried from hand to hand. */
export interface RiichiPot {
  readonly honba: number;
  readonly sticks: number;
  /** The hand that just ended ends the match (the shared `matchOver`, decided as it ended). */
  readonly over: boolean;
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
  /** Riichi tables only (null at Hong Kong tables). */
  readonly riichi: RiichiHand | null;
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
  /** Riichi tables only (null at Hong Kong tables). */
  readonly pot: RiichiPot | null;
}

export const EMPTY_SEAT: SeatState = {
  concealed: [],
  drawn: null,
  melds: [],
  bonus: [],
  discards: [],
  missed: [],
  ready: false,
};

/*
 * Copies with some fields changed, each one literal in the key order the deal creates (EMPTY_SEAT,
 * `dealTiles`'s hand, `openMatch`'s state). An object spread copies through V8's clone path,
 * which turns slow once the objects it sees come from several sites; on the moves of every turn
 * (a draw, a discard, an answer) these literals cost a fraction of it.
 */

type Patch<T> = { readonly [K in keyof T]?: T[K] };

/** `st` with the fields of `p` changed. */
export const seatWith = (st: SeatState, p: Patch<SeatState>): SeatState => ({
  concealed: p.concealed ?? st.concealed,
  drawn: p.drawn === undefined ? st.drawn : p.drawn,
  melds: p.melds ?? st.melds,
  bonus: p.bonus ?? st.bonus,
  discards: p.discards ?? st.discards,
  missed: p.missed ?? st.missed,
  ready: p.ready ?? st.ready,
});

/** `h` with the fields of `p` changed. */
export const handWith = (h: HandState, p: Patch<HandState>): HandState => ({
  number: h.number,
  dealer: h.dealer,
  round: h.round,
  wall: p.wall ?? h.wall,
  seats: p.seats ?? h.seats,
  turn: p.turn ?? h.turn,
  stage: p.stage ?? h.stage,
  source: p.source ?? h.source,
  kongsThisTurn: p.kongsThisTurn ?? h.kongsThisTurn,
  discardCount: p.discardCount ?? h.discardCount,
  interrupted: p.interrupted ?? h.interrupted,
  lastDiscard: p.lastDiscard === undefined ? h.lastDiscard : p.lastDiscard,
  window: p.window === undefined ? h.window : p.window,
  turnDeadline: p.turnDeadline === undefined ? h.turnDeadline : p.turnDeadline,
  riichi: p.riichi === undefined ? h.riichi : p.riichi,
});

/** `s` with another hand. */
export const withHand = (s: TableState, hand: HandState): TableState => ({
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
  pot: s.pot,
});

export const setSeat = <T>(all: BySeat<T>, seat: Seat, value: T): BySeat<T> => {
  const copy = [...all] as [T, T, T, T];
  copy[seat] = value;
  return copy;
};

export const kindsOf = (ids: readonly TileId[]): TileKind[] => ids.map(kindOfId);

export const prevailingWind = (s: TableState): Wind => ((s.round % 4) + 1) as Wind;

/** A hand's position in a match: prevailing wind, dealer, scores, and riichi honba and sticks. */
export interface HandPosition {
  readonly round: number;
  readonly dealer: Seat;
  readonly scores: BySeat<number>;
  readonly honba: number;
  readonly sticks: number;
}

/**
 * The family rules a table plays by, as the state names them: `FamilyRules` (rules.ts) is the
 * whole interface, whose methods take this state, so only its family is named here (rules.ts
 * reads it back with `familyOf`).
 */
export interface FamilyHandle {
  readonly id: RulesetFamily;
  /**
   * Players at the table. Three-player riichi keeps the four-slot `BySeat` arrays with seat 3
   * (North) vacant: never dealt, skipped in turn order, never dealer, no claims, score 0.
   */
  readonly seats: SeatCount;
}

/** The seats that play at a table of `n` (seat 3 is vacant at three). */
export const seatsAt = (n: SeatCount): readonly Seat[] => (n === 3 ? THREE_SEATS : SEATS);
const THREE_SEATS: readonly Seat[] = Object.freeze([0, 1, 2] as Seat[]);
/** The seat after `seat` in turn order at a table of `n`. */
export const nextAt = (n: SeatCount, seat: Seat): Seat => (n === 3 ? (((seat + 1) % 3) as Seat) : nextSeat(seat));
/** A seat's wind at a table of `n`: East, South, West (and North) from the dealer; the vacant seat of three sits North. */
export const windAt = (n: SeatCount, seat: Seat, dealer: Seat): Wind =>
  n === 3 ? (seat === 3 ? 4 : ((((seat - dealer + 3) % 3) + 1) as Wind)) : seatWind(seat, dealer);
/** The playing seats of the table `s`. */
export const playingSeats = (s: TableState): readonly Seat[] => seatsAt(s.setup.family.seats);

export interface MatchSetup {
  readonly ruleset: EngineRulesetId;
  /** The rules where the families differ, chosen once from the ruleset's descriptor (families.ts). */
  readonly family: FamilyHandle;
  readonly rules: TableRules;
  readonly timing: TableTiming;
  readonly players: BySeat<MatchPlayer>;
  readonly seed: string;
  readonly rounds: number;
  readonly fixedWalls: readonly WallState[] | null;
  /** Where the first hand starts when it is not East 1 at the start points (imported logs,
   * which replay each hand from the position the file states); null: the match's start. */
  readonly firstHand: HandPosition | null;
  /** Riichi tables: the match's rules around the hands; null at Hong Kong tables. */
  readonly riichi: RiichiTableRules | null;
}

/** The state with the next seq at `at` (one literal, in the key order of `openMatch`: cheaper than a spread). */
export const bumped = (s: TableState, at: number): TableState => ({
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
  pot: s.pot,
});

/** The seat next in turn order after `from` comes first; `order(from)` lists the other three. */
export const orderAfter = (from: Seat, n: SeatCount = 4): Seat[] =>
  n === 3
    ? [nextAt(3, from), nextAt(3, nextAt(3, from))]
    : [nextSeat(from), nextSeat(nextSeat(from)), nextSeat(nextSeat(nextSeat(from)))];
