/**
 * Riichi money among three: the four-player settlement (`../settle.ts`) at a table of three
 * seats, with the three-player rules' values: the honba (200 by default: from the discarder, or
 * 100 from each of the two others on a self-draw), the riichi sticks, the not-ready pool (2,000:
 * 1,000 from each not-ready hand to each ready one), nagashi mangan as a mangan self-draw by the
 * table's convention, and the final ranking with three places and the top prize (return - start)
 * x 3. Every settlement's deltas sum to the sticks it takes off the table.
 */
import type { Seat } from '../../table-types.js';
import {
  type Placement,
  rankingAmong,
  type SettlementAmong,
  settleDrawAmong,
  settleWinAmong,
  type Win,
} from '../settle.js';
import { type SanmaTableRules, TSUMO_SHARES } from './rules.js';

/** One value per seat of a three-player table (seats 0-2). */
export type ByThree<T> = readonly [T, T, T];

export type SanmaSettlement = Omit<SettlementAmong, 'deltas'> & { readonly deltas: ByThree<number> };

const three = (s: SettlementAmong): SanmaSettlement => ({ ...s, deltas: s.deltas as unknown as ByThree<number> });

/**
 * A win among three (a self-draw when `discarder` is null; one or two rons on one discard
 * otherwise). The wins' points are `scoreSanmaWin`'s, already in the table's convention.
 */
export const settleSanmaWin = (args: {
  readonly wins: readonly Win[];
  readonly discarder: Seat | null;
  readonly dealer: Seat;
  readonly honba: number;
  readonly sticks: number;
  readonly rules: SanmaTableRules;
}): SanmaSettlement => three(settleWinAmong(3, args));

/** The live wall ran out at a three-player table. */
export const settleSanmaDraw = (args: {
  readonly ready: ByThree<boolean>;
  readonly nagashi: readonly Seat[];
  readonly dealer: Seat;
  readonly rules: SanmaTableRules;
}): SanmaSettlement => three(settleDrawAmong(3, { ...args, shares: TSUMO_SHARES[args.rules.tsumoPayment] }));

/** The final ranking of a three-player match: three places, uma and top prize from the rules. */
export const sanmaFinalRanking = (
  points: ByThree<number>,
  firstDealer: Seat,
  sticksLeft: number,
  rules: SanmaTableRules,
): Placement[] => rankingAmong(points, firstDealer, sticksLeft, rules);
