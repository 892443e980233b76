/**
 * The rules of a riichi match around the hands (what the scorer does not decide): match length,
 * starting and returning points, uma, what happens on several rons, which abortive draws are
 * played, honba and stick values. Plain data with defaults; a house table is another object.
 *
 * Defaults follow today's common online rules, with the EMA/WRC 15-5 uma:
 * east-south match, 25,000 dealt and 30,000 returned, double ron allowed (triple ron aborts),
 * all four abortive draws, nagashi mangan, no swap calling (kuikae), liability (pao) for big three
 * dragons and big four winds, the match ends when a score
 * goes below zero, an extra round in sudden death when nobody has 30,000 at the end, the last
 * dealer stopping when first,
 * 300 per honba on a ron (100 from each payer on a tsumo), 1,000 per riichi stick, 3,000
 * split at an exhaustive draw between the ready and the not-ready hands.
 *
 * What a host may change is an option of the descriptor (`../rulesets/riichi-options.ts`), and
 * its default is written there only: the plain flags (`RIICHI_TABLE_FLAGS`) are fields here of
 * the same name, their type and default read from the descriptor, as are the abortive draws' and
 * the uma's defaults. The rest (honba, sticks, the draw's pool) is written here.
 */
import { RIICHI_TABLE_FLAGS, RIICHI_TABLE_OPTIONS } from '../rulesets/riichi-options.js';
import { defaultsOf } from '../rulesets/schema.js';

export type MatchLength = 'east' | 'east-south';

/**
 * A self-draw's shares in basic points: each payer's when the dealer wins, the dealer's and a
 * non-dealer's when a non-dealer wins. Four players: 2, 2 and 1 (nagashi mangan is paid so).
 * Three-player tables choose theirs (`sanma/rules.ts`).
 */
export interface TsumoShares {
  readonly dealerWins: number;
  readonly dealerPays: number;
  readonly otherPays: number;
}

export const FOUR_PLAYER_TSUMO: TsumoShares = Object.freeze({ dealerWins: 2, dealerPays: 2, otherPays: 1 });

/**
 * The table's plain flags (several rons, nagashi mangan, swap calls, liability, busting, the
 * extra round, the last dealer stopping, the sticks left at the end...): one boolean a flag of
 * the descriptor, under its key; each flag's meaning is its entry's comment there.
 */
export type RiichiTableFlags = { readonly [K in keyof typeof RIICHI_TABLE_FLAGS]: boolean };

/** The flags' defaults, as the descriptor gives them. */
export const RIICHI_TABLE_FLAG_DEFAULTS: RiichiTableFlags = Object.freeze(
  defaultsOf(RIICHI_TABLE_FLAGS) as unknown as RiichiTableFlags,
);

export interface RiichiTableRules extends RiichiTableFlags {
  /** East only (tonpuusen, 4 dealerships at least) or east and south (hanchan, 8). */
  readonly length: MatchLength;
  readonly startPoints: number;
  /** The line the final score is counted from; (return - start) x 4 is the top prize (oka). */
  readonly returnPoints: number;
  /** Placement bonus in thousands, first to fourth; sums to zero. */
  readonly uma: readonly [number, number, number, number];
  readonly abortiveDraws: {
    /** Nine or more kinds of terminals and honours in a first draw with no call yet. */
    readonly nineTerminals: boolean;
    /** The same wind discarded by all four players on the first go-round, no call. */
    readonly fourWinds: boolean;
    /** A fourth kong when the four kongs are not all one player's. */
    readonly fourKongs: boolean;
    /** All four players in riichi. */
    readonly fourRiichi: boolean;
  };
  readonly honbaRon: number;
  readonly honbaTsumoEach: number;
  readonly riichiStick: number;
  readonly notReadyPool: number;
}

const O = RIICHI_TABLE_OPTIONS;

export const RIICHI_TABLE_DEFAULTS: RiichiTableRules = Object.freeze({
  length: 'east-south',
  startPoints: 25_000,
  returnPoints: 30_000,
  uma: O.uma.default as readonly number[] as readonly [number, number, number, number],
  ...RIICHI_TABLE_FLAG_DEFAULTS,
  abortiveDraws: Object.freeze({
    nineTerminals: O.nineTerminals.default,
    fourWinds: O.fourWinds.default,
    fourKongs: O.fourKongs.default,
    fourRiichi: O.fourRiichi.default,
  }),
  honbaRon: 300,
  honbaTsumoEach: 100,
  riichiStick: 1_000,
  notReadyPool: 3_000,
});
