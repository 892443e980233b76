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
 */

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

export interface RiichiTableRules {
  /** East only (tonpuusen, 4 dealerships at least) or east and south (hanchan, 8). */
  readonly length: MatchLength;
  readonly startPoints: number;
  /** The line the final score is counted from; (return - start) x 4 is the top prize (oka). */
  readonly returnPoints: number;
  /** Placement bonus in thousands, first to fourth; sums to zero. */
  readonly uma: readonly [number, number, number, number];
  /** Several rons on one discard: only the first in turn order from the discarder wins (head bump). */
  readonly headBump: boolean;
  /** Three rons on one discard end the hand as an abortive draw (when head bump is off). */
  readonly tripleRonAborts: boolean;
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
  /** Only terminals and honours discarded, none claimed: paid as a mangan tsumo at a draw. */
  readonly nagashiMangan: boolean;
  /** Swap calling (kuikae) allowed: the caller may discard the kind it claimed (or the other end
   * of a chow's run) right after the call. Off: refused, and a call that leaves no other discard
   * is not offered (`calls.ts`). */
  readonly swapCalls: boolean;
  /** Liability (pao) for big three dragons and big four winds: the feeder of the last set pays
   * (`liability.ts`). */
  readonly pao: boolean;
  /** A score below zero ends the match (tobi). */
  readonly bustEnds: boolean;
  /** Nobody has the return points when the last round ends: one more round (south after east,
   * west after south) in sudden death, over as soon as somebody has them (Tenhou, Mahjong Soul). */
  readonly extraRound: boolean;
  /** In the last hand a dealer who keeps the deal by winning or being ready, standing first, ends
   * the match instead of dealing again (agari-yame, automatic as on Tenhou). */
  readonly lastDealerStops: boolean;
  /** Riichi sticks still on the table when the match ends go to the first placed (off: to nobody). */
  readonly sticksToFirst: boolean;
  readonly honbaRon: number;
  readonly honbaTsumoEach: number;
  readonly riichiStick: number;
  readonly notReadyPool: number;
}

export const RIICHI_TABLE_DEFAULTS: RiichiTableRules = Object.freeze({
  length: 'east-south',
  startPoints: 25_000,
  returnPoints: 30_000,
  uma: Object.freeze([15, 5, -5, -15]) as readonly [number, number, number, number],
  headBump: false,
  tripleRonAborts: true,
  abortiveDraws: Object.freeze({ nineTerminals: true, fourWinds: true, fourKongs: true, fourRiichi: true }),
  nagashiMangan: true,
  swapCalls: false,
  pao: true,
  bustEnds: true,
  extraRound: true,
  lastDealerStops: true,
  sticksToFirst: true,
  honbaRon: 300,
  honbaTsumoEach: 100,
  riichiStick: 1_000,
  notReadyPool: 3_000,
});
