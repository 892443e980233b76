/**
 * Dealing and the wall: a hand's wall (shuffled from the hand seed, or injected by tests), the
 * deal of 13 each and the dealer's 14th, and draws from the live or dead wall with bonus tiles
 * put aside and replaced, repeatedly.
 */
import { type BySeat, isBonus, kindOfId, type Seat, type SeatCount, SEATS, type TileId } from '@mahjong/shared';
import { buildWall, drawLive, drawReplacement, handSeed, type WallState } from './core.js';
import { type FamilyRules, familyOf } from './rules.js';
import {
  EMPTY_SEAT,
  type HandState,
  type MatchSetup,
  orderAfter,
  type SeatState,
  seatWith,
  setSeat,
  type TableState,
} from './state.js';

/** The wall of hand `number`: an injected one (tests), else shuffled from the hand's seed. */
function wallFor(s: TableState, number: number): WallState {
  const fixed = s.setup.fixedWalls?.[number];
  if (fixed !== undefined) return fixed;
  const seed = handSeed(s.setup.seed, number);
  const family = familyOf(s);
  return family.wall === undefined ? buildWall(seed, { bonus: s.setup.rules.bonus }) : family.wall(seed);
}

export interface Drawn {
  readonly wall: WallState;
  readonly seat: SeatState;
  /** A bonus tile was replaced (the final tile came from the dead wall). */
  readonly replaced: boolean;
}

const isBonusId = (id: TileId): boolean => isBonus(kindOfId(id));

/**
 * Puts bonus tiles of the concealed hand aside and replaces each from the dead wall, repeatedly
 * (Hong Kong's flowers and seasons; a three-player riichi North is set aside by the player's
 * choice, `turn.ts` `openNorthWindow`).
 */
function replaceBonus(wall: WallState, seat: SeatState): Drawn | null {
  if (!seat.concealed.some(isBonusId)) return { wall, seat, replaced: false };
  let w = wall;
  let concealed = seat.concealed;
  let bonus = seat.bonus;
  let drawn = seat.drawn;
  let replaced = false;
  for (;;) {
    const at = concealed.findIndex(isBonusId);
    if (at < 0) break;
    const id = concealed[at] as TileId;
    bonus = [...bonus, id];
    concealed = concealed.filter((_, i) => i !== at);
    const r = drawReplacement(w);
    if (r === null) return null;
    w = r.wall;
    concealed = [...concealed, r.tile];
    if (drawn === id) drawn = r.tile;
    replaced = true;
  }
  return { wall: w, seat: seatWith(seat, { concealed, bonus, drawn }), replaced };
}

/** A draw from the live wall (or a replacement), with bonus tiles replaced. Null: no tile left. */
export function drawFor(wall: WallState, seat: SeatState, from: 'live' | 'replacement'): Drawn | null {
  const r = from === 'live' ? drawLive(wall) : drawReplacement(wall);
  if (r === null) return null;
  const withTile = seatWith(seat, {
    concealed: [...seat.concealed, r.tile],
    drawn: r.tile,
    missed: from === 'live' ? [] : seat.missed,
  });
  const out = replaceBonus(r.wall, withTile);
  if (out === null) return null;
  return { wall: out.wall, seat: out.seat, replaced: out.replaced || from === 'replacement' };
}

/** A match before its first deal (the machine's `dealing` state deals hand 0 at once). */
export function openMatch(setup: MatchSetup, at: number): TableState {
  const first = setup.firstHand;
  const family = setup.family as FamilyRules;
  return {
    setup,
    phase: 'playing',
    seq: 1,
    at,
    round: first?.round ?? 0,
    dealer: first?.dealer ?? 0,
    scores: first?.scores ?? (SEATS.map((seat) => (seat < family.seats ? family.startScore(setup) : 0)) as never),
    results: [],
    hand: undefined as unknown as HandState,
    resultsDeadline: null,
    pot: family.openPot(setup),
  };
}

/** The dealer, then the others in turn order (three at a three-player table: seat 3 is never dealt). */
const dealOrder = (dealer: Seat, n: SeatCount): Seat[] => [dealer, ...orderAfter(dealer, n)];

/**
 * Deals the next hand (its number is the count of results so far: one per hand played) from its
 * wall: 13 each and the dealer's 14th (its "drawn" tile), bonus tiles still in the hands.
 */
export function dealTiles(s: TableState): TableState {
  const number = s.results.length;
  let wall = wallFor(s, number);
  const hands: TileId[][] = [[], [], [], []];
  const order = dealOrder(s.dealer, s.setup.family.seats);
  const take = (seat: Seat, n: number) => {
    for (let i = 0; i < n; i++) {
      const r = drawLive(wall);
      if (r === null) throw new Error('wall too short to deal');
      wall = r.wall;
      (hands[seat] as TileId[]).push(r.tile);
    }
  };
  for (let round = 0; round < 3; round++) for (const seat of order) take(seat, 4);
  for (const seat of order) take(seat, 1);
  take(s.dealer, 1);
  let seats = SEATS.map((seat) => ({
    ...EMPTY_SEAT,
    concealed: hands[seat] as TileId[],
  })) as unknown as BySeat<SeatState>;
  const dealerTile = (hands[s.dealer] as TileId[])[13] as TileId;
  seats = setSeat(seats, s.dealer, { ...seats[s.dealer], drawn: dealerTile });
  const hand: HandState = {
    number,
    dealer: s.dealer,
    round: s.round,
    wall,
    seats,
    turn: s.dealer,
    stage: 'discard',
    source: 'deal',
    kongsThisTurn: 0,
    discardCount: 0,
    interrupted: false,
    lastDiscard: null,
    window: null,
    turnDeadline: s.at + s.setup.timing.turnMs,
    riichi: familyOf(s).newHand(s.setup),
  };
  return { ...s, phase: 'playing', hand, resultsDeadline: null };
}

/** Replaces the dealt bonus tiles from the dead wall, dealer first, each seat repeatedly. */
export function replaceDealtBonus(s: TableState): TableState {
  let { wall, seats } = s.hand;
  for (const seat of dealOrder(s.dealer, s.setup.family.seats)) {
    const r = replaceBonus(wall, seats[seat]);
    if (r === null) throw new Error('dead wall exhausted in the deal');
    wall = r.wall;
    seats = setSeat(seats, seat, r.seat);
  }
  return { ...s, hand: { ...s.hand, wall, seats } };
}
