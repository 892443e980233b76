/**
 * Where the table's ruleset families differ: the one interface the machine and the shared table
 * code call for every rule that is not the same at a Hong Kong and a riichi table. Each family
 * implements it in a folder of its own (`hk/rules.ts`, `riichi/rules.ts`); `families.ts` picks
 * one per table, once, from the ruleset's descriptor (its `family`), into `MatchSetup.family`.
 *
 * The flow (the machine's states and transitions, its diagram) is the same for every family: a
 * family answers its guards and fills in its updates. A family with no such rule answers
 * "nothing" (no abortive draw, the hand's part unchanged, no extra view). A new family or
 * variant (three-player riichi: seats, the north draw, its settlement) is a new implementation
 * of this interface, not a branch in the shared code.
 */
import type {
  AbortiveDraw,
  LegalAction,
  Meld,
  PlayerAction,
  RiichiTableRules,
  RiichiTableView,
  Result,
  Seat,
  SeatPublicView,
  TableView,
  TileId,
  TileKind,
} from '@mahjong/shared';
import type { TableRules, WallState, WinCheck } from './core.js';
import type { TableTiming } from './options.js';
import type { FamilyHandle, HandState, MatchSetup, RiichiHand, RiichiPot, SeatState, TableState } from './state.js';
import type { ConfigError, EngineRulesetId } from './types.js';

/** Whether a call that puts `fromHand` into `meld` leaves the hand a discard it may make. */
export type CallCheck = (concealed: readonly TileId[], fromHand: readonly TileKind[], meld: Meld) => boolean;

/** A seat's own hand in its view, as the shared view builds it (a family may add to it). */
export type OwnHand = { -readonly [K in keyof NonNullable<TableView['hand']>]: NonNullable<TableView['hand']>[K] };

export interface FamilyRules extends FamilyHandle {
  // The match and the deal.

  /**
   * A config's family part, checked once: the family's own table rules taken out of the raw
   * options (what remains goes to the scorer), with the length and timing the config resolved to.
   */
  configure(
    ruleset: EngineRulesetId,
    scoring: Record<string, unknown>,
    timing: TableTiming,
    rounds: number,
  ): Result<{ readonly scoring: Record<string, unknown>; readonly riichi: RiichiTableRules | null }, ConfigError>;
  /**
   * The scorer's options and the table's reading of them, for a variant whose options the
   * scorer's `resolveOptions` does not know (three-player riichi); absent: `core.ts` `resolveRules`.
   */
  tableRules?(scoring: Record<string, unknown>): Result<TableRules, 'score/bad_options' | 'score/bad_ruleset'>;
  /** Each seat's score at the match's start. */
  startScore(setup: MatchSetup): number;
  /** What the match carries from hand to hand beyond the scores (riichi: honba and sticks), or null. */
  openPot(setup: MatchSetup): RiichiPot | null;
  /** The family's part of a freshly dealt hand (riichi: indicators, declarations), or null. */
  newHand(setup: MatchSetup): RiichiHand | null;
  /** The wall of a hand from its seed; absent: the four-player wall (with bonus tiles when the rules have them). */
  wall?(seed: string): WallState;

  // Legality (legal.ts asks; the window's and the turn's common rules stay there).

  /** The turn seat's legal actions (a win, kongs, discards, the family's own moves). */
  turnActions(s: TableState): LegalAction[];
  /** Whether `action` is among the turn seat's legal actions, without building the list. */
  isTurnLegal(s: TableState, seat: Seat, action: PlayerAction): boolean;
  /** Whether `seat` may call a meld on a discard at all (riichi: not once declared: it only wins). */
  mayCall(s: TableState, seat: Seat): boolean;
  /** Whether one more kong may be made on the table (the dead wall is checked by the caller). */
  mayKong(h: HandState): boolean;
  /** The check a pung or chow must pass to leave the hand a discard (swap calling), or null: none. */
  callCheck(s: TableState): CallCheck | null;
  /** The discards the turn seat may not make now (swap calling); empty at most times. */
  bannedDiscards(s: TableState): readonly TileKind[];
  /** A discard naming its copy `id` (red fives) is allowed (riichi: once declared, only the drawn tile). */
  mayDiscardCopy(s: TableState, seat: Seat, id: TileId): boolean;

  // Wins: whether a hand is one, and the hand's result (the family's scorer and settlement).

  checkSelfWin(s: TableState, seat: Seat): WinCheck;
  checkDiscardWin(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing: boolean): WinCheck;
  /** The turn seat's self-drawn win, scored and settled: the hand is over. */
  selfDrawnWin(s: TableState): TableState;
  /**
   * The window's win on `tile` (a discard, or the kong being robbed): `winner` takes it by the
   * claim order; `winners` is every seat that claimed it (riichi: several rons).
   */
  winOnClaim(
    s: TableState,
    winner: Seat,
    winners: readonly Seat[],
    from: Seat,
    tile: TileId,
    robbing: boolean,
  ): TableState;

  // What a turn and a window do beyond moving tiles (turn.ts, claims.ts).

  /** A discard clears the seat's missed wins (riichi: temporary furiten ends with the own discard). */
  readonly clearsMissedOnDiscard: boolean;
  /** `seat` discards (its `index`-th discard), declaring (riichi) when `declaring`: the hand's family part after. */
  onDiscard(h: HandState, seat: Seat, index: number, declaring: boolean): RiichiHand | null;
  /** An added kong is declared (before the robbing window). */
  onKongDeclared(h: HandState): HandState;
  /** A kong is made (concealed, or open: claimed or added). */
  afterKong(h: HandState, kind: 'concealed' | 'open'): HandState;
  /** A chow or pung is claimed. */
  afterCall(h: HandState): HandState;
  /** A tile let pass counts as a passed win by its shape alone (riichi furiten), not only when offered. */
  passesByShape(st: SeatState, tile: TileId): boolean;
  /** The window's passed wins (`passed`: every seat that could have won), beyond the missed-win marks; absent: nothing. */
  markPassedWins?(h: HandState, passed: readonly Seat[]): HandState;
  /** A window closes and its discard was not won on (riichi: a declaration's stick goes on the table). */
  unwonDiscard(s: TableState): TableState;
  /** The abortive draw a closing window ends the hand with, if any. */
  abortiveDraw(s: TableState): AbortiveDraw | null;
  /** The hand ends in an abortive draw of `kind` (only a family that has them is asked). */
  abortHand(s: TableState, kind: AbortiveDraw): TableState;
  /** The live wall ran out: the drawn hand's settlement. */
  exhaustiveDraw(s: TableState): TableState;

  // The match's end.

  /** After a hand's end: the match is over. */
  matchFinished(s: TableState): boolean;
  /** What is settled as the match ends (riichi: sticks left on the table go to the first). */
  settleMatch(s: TableState): TableState;

  // Views: what the family shows beyond the shared view (view.ts).

  /** The family's public part of the table, or undefined. */
  tableView(s: TableState): RiichiTableView | undefined;
  /** What a seat's public view depends on beyond its tiles (compared by identity), or null. */
  seatKey(h: HandState, seat: Seat): object | null;
  /** A seat's public view with the family's part added. */
  seatView(h: HandState, seat: Seat, view: SeatPublicView): SeatPublicView;
  /** Adds the family's part to a seat's own hand (`waits`: the ones just worked out). */
  ownHand(s: TableState, seat: Seat, hand: OwnHand, waits: readonly TileKind[]): void;
}

/** The family rules a table was set up with. */
export const familyOf = (s: TableState): FamilyRules => s.setup.family as FamilyRules;
