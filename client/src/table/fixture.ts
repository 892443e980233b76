/**
 * Test fixtures: TableViews built from notation, for the layout and action tests (no server).
 */
import {
  DEFAULT_RULESET,
  type BySeat,
  type LegalAction,
  parseTiles,
  type Seat,
  type SeatPublicView,
  type TableView,
  type TileKind,
} from '@mahjong/shared';

export function tiles(notation: string): TileKind[] {
  const r = parseTiles(notation, { allowEmpty: true, checkCopies: false });
  if (!r.ok) throw new Error(`bad notation ${notation}`);
  return r.value;
}

export function seatView(seat: Seat, over: Partial<SeatPublicView> = {}): SeatPublicView {
  return {
    seat,
    name: `P${seat + 1}`,
    wind: (seat + 1) as 1 | 2 | 3 | 4,
    isDealer: seat === 0,
    isBot: false,
    connected: true,
    score: 0,
    concealedCount: 13,
    hasDrawn: false,
    melds: [],
    bonus: [],
    discards: [],
    ...over,
  };
}

export function makeView(
  over: Partial<TableView> = {},
  seats: Partial<Record<Seat, Partial<SeatPublicView>>> = {},
): TableView {
  const s = [0, 1, 2, 3].map((i) => seatView(i as Seat, seats[i as Seat])) as unknown as BySeat<SeatPublicView>;
  return {
    seq: 10,
    viewer: 0,
    phase: 'playing',
    ruleset: DEFAULT_RULESET,
    prevailingWind: 1,
    handNumber: 0,
    dealer: 0,
    wallCount: 80,
    deadWallCount: 14,
    turn: 0,
    stage: 'discard',
    lastDiscard: null,
    deadlines: { turn: null, claim: null },
    seats: s,
    hand: { concealed: tiles('123m456p789s1122z'), drawn: null, waits: [], missedWin: false },
    legalActions: [],
    lastResult: null,
    results: [],
    seedHash: 'ab'.repeat(32),
    ...over,
  };
}

export const discards = (notation: string): LegalAction[] =>
  [...new Set(tiles(notation))].map((tile) => ({ type: 'discard', tile }) as const);
