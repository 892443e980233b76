/**
 * Scoring a three-player win: the riichi scorer (`../../scoring/riichi.ts`) with the
 * three-player values (`RIICHI_SANMA`: riichi-modern's han and fu, no 2m-8m, North set aside
 * counted as dora), then paid among three by the table's self-draw convention.
 */
import { scoreRiichi } from '../../scoring/riichi.js';
import { RIICHI_SANMA } from '../../scoring/rulesets.js';
import type { ScoreResult, WinInput } from '../../scoring/types.js';
import { scorerOptionsOf, type SanmaScorerOptions } from './options.js';
import { sanmaPayments } from './payments.js';
import type { TsumoPayment } from './rules.js';

/** The winds of three players: East, South and West (no North seat; West is the extra round's wind). */
const isSanmaWind = (w: number): boolean => w === 1 || w === 2 || w === 3;

/**
 * Scores a three-player win. `input.north` is the North tiles the winner set aside; `input.dora`
 * counts the indicators' dora (among three: `countSanmaDora`, the set-aside Norths included).
 * Never throws on bad input: a seat or round wind of North, a 2m-8m tile or a fifth North is
 * `{ valid: false, code, reason }`.
 */
export function scoreSanmaWin(input: WinInput, options: SanmaScorerOptions, tsumoPayment: TsumoPayment): ScoreResult {
  if (!isSanmaWind(input.seatWind) || !isSanmaWind(input.roundWind)) {
    return {
      valid: false,
      code: 'score/bad_wind',
      reason: 'three players sit East, South and West; rounds are East, South (West: the extra round)',
    };
  }
  const scored = scoreRiichi(input, scorerOptionsOf(options), RIICHI_SANMA);
  if (!scored.valid || scored.basicPoints === undefined) return scored;
  const win = { selfDrawn: input.selfDrawn, winner: input.seatWind, dealer: input.dealer };
  return { ...scored, points: sanmaPayments(scored.basicPoints, win, tsumoPayment) };
}
