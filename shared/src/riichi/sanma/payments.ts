/**
 * Payments of a three-player win from its basic points: a win on a discard as among four (the
 * discarder pays 4x, 6x for the dealer's win); a self-draw by the table's convention
 * (`TSUMO_SHARES`) from the two others. Each payment is rounded up to 100. Payers are seat winds
 * (East, South, West): the scorer's `Points`, ready for `transfersBySeat(..., 3)`.
 */
import { roundUp } from '../../scoring/rulesets.js';
import type { Points } from '../../scoring/types.js';
import type { Wind } from '../../tiles.js';
import { TSUMO_SHARES, type TsumoPayment } from './rules.js';

/** The seat winds at a three-player table. */
export const SANMA_WINDS: readonly Wind[] = [1, 2, 3];

export function sanmaPayments(
  basic: number,
  win: { readonly selfDrawn: boolean; readonly winner: Wind; readonly dealer: boolean },
  tsumoPayment: TsumoPayment,
): Points {
  if (!win.selfDrawn) {
    const amount = roundUp(basic * (win.dealer ? 6 : 4), 100);
    return { winner: amount, payments: [{ from: 'discarder', amount }] };
  }
  const shares = TSUMO_SHARES[tsumoPayment];
  const payments = SANMA_WINDS.filter((w) => w !== win.winner).map((w) => {
    const share = win.dealer ? shares.dealerWins : w === 1 ? shares.dealerPays : shares.otherPays;
    return { from: w, amount: roundUp(basic * share, 100) };
  });
  return { winner: payments.reduce((sum, p) => sum + p.amount, 0), payments };
}
