/**
 * Hand end and rotation: scores and the dealer's move after any result, the match closed, the
 * results pause and the seats ready for the next deal. What a drawn hand settles and when the
 * match is over are the family's (rules.ts: hk/hand-end.ts, riichi/wins.ts).
 */
import { type BySeat, type HandResultView, SEATS, type Seat, sortKinds, type TileKind } from '@mahjong/shared';
import {
  handWith,
  kindsOf,
  nextAt,
  playingSeats,
  type SeatState,
  seatWith,
  setSeat,
  type TableState,
  withHand,
} from './state.js';

export const revealAll = (s: TableState): BySeat<TileKind[]> =>
  SEATS.map((seat) => sortKinds(kindsOf(s.hand.seats[seat].concealed))) as unknown as BySeat<TileKind[]>;

/** A hand's result is in: scores, results, and the deal moves on (the dealer stays on `dealerStays`). */
export function endHand(s: TableState, result: HandResultView, dealerStays: boolean): TableState {
  const scores = SEATS.map((seat) => s.scores[seat] + (result.deltas[seat] ?? 0)) as unknown as BySeat<number>;
  let dealer = s.dealer;
  let round = s.round;
  if (!dealerStays) {
    dealer = nextAt(s.setup.family.seats, dealer);
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
  playingSeats(s).every((x) => x === seat || s.hand.seats[x].ready);
