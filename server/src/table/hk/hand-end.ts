/**
 * How a Hong Kong hand and match end beyond a win: the exhaustive draw (nobody pays, every hand
 * shown, the dealer stays), and the match's end (every prevailing wind played, or a seat
 * bankrupt with the option on).
 */
import type { HandResultView } from '@mahjong/shared';
import { endHand, revealAll } from '../hand-end.js';
import { prevailingWind, type TableState } from '../state.js';

/** The wall is exhausted: a drawn hand, nobody pays. */
export function hkExhaustiveDraw(s: TableState): TableState {
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'draw',
    payments: [],
    deltas: [0, 0, 0, 0],
    hands: revealAll(s),
  };
  return endHand(s, result, true);
}

/** After a hand's end: every prevailing wind played, or a seat bankrupt (with the option on). */
export function hkMatchFinished(s: TableState): boolean {
  const limit = s.setup.timing.bankruptcyPoints;
  return s.round >= s.setup.rounds || (limit > 0 && s.scores.some((x) => x <= -limit));
}
