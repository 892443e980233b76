/**
 * What a riichi table shows beyond the shared view: the turned indicators (never the ura-dora),
 * honba, sticks and the standing; a seat's declaration once its discard is laid sideways; a
 * seat's own furiten and which of its tiles are red fives.
 */
import {
  isRedFive,
  redKinds,
  type RiichiTableView,
  type Seat,
  type SeatPublicView,
  type TileId,
  type TileKind,
} from '@mahjong/shared';
import { IdentityCache } from '../cache.js';
import { redFivesOf } from '../counts.js';
import type { OwnHand } from '../rules.js';
import type { HandState, RiichiPot, TableState } from '../state.js';
import { indicatorKinds, inFuriten, riichiOf, rulesOf } from './play.js';
import { rankingOf } from './wins.js';

/**
 * A riichi table's public part: turned indicators (never the ura-dora), honba, sticks, and the
 * standing as the match would end now (a host may end it at any time): places, points with the
 * sticks on the table to the first, scores with uma and the top prize.
 */
export function riichiTableView(s: TableState): RiichiTableView {
  const rules = rulesOf(s);
  const pot = s.pot as RiichiPot;
  return {
    doraIndicators: indicatorKinds(s.hand),
    honba: pot.honba,
    sticks: pot.sticks,
    length: rules.length,
    startPoints: rules.startPoints,
    redFives: redFivesOf(s.setup),
    ranking: rankingOf(s, pot.sticks),
  };
}

/** A declaration is public from its discard on (the tile is laid sideways). */
export function riichiSeatView(h: HandState, seat: Seat, view: SeatPublicView): SeatPublicView {
  const declared = riichiOf(h).seats[seat].declared;
  if (declared === null) return view;
  return {
    ...view,
    riichi: {
      discard: declared.discard,
      ippatsu: declared.ippatsu,
      double: declared.double,
      discardsBefore: declared.discardsBefore,
    },
  };
}

/** Red fives by concealed hand (a hand's tiles belong to one table, so to one red-five rule). */
const redMemo = new IdentityCache<readonly TileId[], TileKind[]>(8);

/** A seat's own furiten while playing, and its red fives (with the option). */
export function riichiOwnHand(s: TableState, seat: Seat, hand: OwnHand, waits: readonly TileKind[]): void {
  const h = s.hand;
  const st = h.seats[seat];
  // (The waits just worked out are the hand's riichi waits: a riichi table analyses as riichi.)
  if (s.phase === 'playing') hand.furiten = inFuriten(h, seat, waits);
  const red = redFivesOf(s.setup);
  if (red !== 0) {
    hand.red = redMemo.memo(st.concealed, (ids) => redKinds(ids, red));
    hand.drawnRed = hand.drawn !== null && isRedFive(st.drawn as TileId, red);
  }
}
