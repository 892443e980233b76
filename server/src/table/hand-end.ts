/**
 * Hand end and rotation: a drawn hand's result, scores and the dealer's move after any result,
 * the match's end (rounds played or bankruptcy), the results pause and the seats ready for the next deal.
 */
import {
  type BySeat,
  type HandResultView,
  nextSeat,
  SEATS,
  type Seat,
  sortKinds,
  type TileKind,
} from '@mahjong/shared';
import {
  handWith,
  kindsOf,
  prevailingWind,
  type SeatState,
  seatWith,
  setSeat,
  type TableState,
  withHand,
} from './state.js';

export const revealAll = (s: TableState): BySeat<TileKind[]> =>
  SEATS.map((seat) => sortKinds(kindsOf(s.hand.seats[seat].concealed))) as unknown as BySeat<TileKind[]>;

/** The wall is exhausted: a drawn hand, nobody pays. */
export function exhaustiveDraw(s: TableState): TableState {
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

/** A hand's result is in: scores, results, and the deal moves on (the dealer stays on `dealerStays`). */
export function endHand(s: TableState, result: HandResultView, dealerStays: boolean): TableState {
  const scores = SEATS.map((seat) => s.scores[seat] + (result.deltas[seat] ?? 0)) as unknown as BySeat<number>;
  let dealer = s.dealer;
  let round = s.round;
  if (!dealerStays) {
    dealer = nextSeat(dealer);
    if (dealer === 0) round += 1;
  }
  const seats = SEATS.map((seat) => ({ ...s.hand.seats[seat], ready: false })) as unknown as BySeat<SeatState>;
  return {
    ...s,
    scores,
    results: [...s.results, result],
    dealer,
    round,
    hand: { ...s.hand, seats, window: null, turnDeadline: null },
  };
}

/** After a hand's end: every prevailing wind played, or a seat bankrupt (with the option on). */
export function matchFinished(s: TableState): boolean {
  // Riichi: the shared rule, asked as the hand ended (riichi-wins.ts: bust, the rounds and the
  // extra round, the last dealer stopping).
  if (s.pot !== null) return s.pot.over;
  const limit = s.setup.timing.bankruptcyPoints;
  return s.round >= s.setup.rounds || (limit > 0 && s.scores.some((x) => x <= -limit));
}

export const closeMatch = (s: TableState): TableState => ({ ...s, phase: 'matchOver', resultsDeadline: null });

/** The results pause between hands, until its deadline or until every seat is ready. */
export const openResultsPause = (s: TableState): TableState => ({
  ...s,
  phase: 'handOver',
  resultsDeadline: s.at + s.setup.timing.resultsMs,
});

/** In the results pause, `seat` says it is ready for the next hand. */
export function markReady(s: TableState, seat: Seat): TableState {
  const seats = setSeat(s.hand.seats, seat, seatWith(s.hand.seats[seat], { ready: true }));
  return withHand(s, handWith(s.hand, { seats }));
}

/** Whether `seat` is the last one not ready (its pass ends the pause). */
export const lastToBeReady = (s: TableState, seat: Seat): boolean =>
  SEATS.every((x) => x === seat || s.hand.seats[x].ready);
