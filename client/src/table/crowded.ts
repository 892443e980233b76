/**
 * The most crowded tables the layout must hold (test fixtures): every seat with four melds and
 * eight bonus tiles, or with a full concealed hand, and full discard ponds.
 */
import { rulesetOfFamily, type Seat, type SeatPublicView, type TableView, type TileKind } from '@mahjong/shared';
import { discards, makeView, tiles } from './fixture.js';

const pond = (n: number): SeatPublicView['discards'] => {
  const kinds = tiles('123456789m123456789p123456789s1234567z');
  return Array.from({ length: n }, (_, i) => ({ tile: kinds[i % kinds.length] as TileKind, claimed: i % 7 === 3 }));
};

const kongs = (claimedFrom: Seat): SeatPublicView['melds'] => [
  { kind: 'kong', tiles: tiles('1111m'), concealed: true },
  { kind: 'kong', tiles: tiles('5555p'), concealed: false, claimed: tiles('5p')[0] as TileKind, from: claimedFrom },
  { kind: 'kong', tiles: tiles('9999s'), concealed: false, claimed: tiles('9s')[0] as TileKind, from: claimedFrom },
  { kind: 'kong', tiles: tiles('7777z'), concealed: false, claimed: tiles('7z')[0] as TileKind, from: claimedFrom },
];

const bonus = tiles('12345678f');

/** Four kongs, eight bonus tiles and `n` discards at every seat; the viewer holds a pair after drawing. */
export function crowdedMelds(n = 24): TableView {
  const seat = (s: Seat): Partial<SeatPublicView> => ({
    concealedCount: 2,
    hasDrawn: s === 0,
    melds: kongs(((s + 3) % 4) as Seat),
    bonus,
    discards: pond(n),
  });
  return makeView(
    {
      hand: { concealed: tiles('3z3z'), drawn: tiles('3z')[0] as TileKind, waits: [], missedWin: false },
      legalActions: discards('3z'),
      lastDiscard: { seat: 3, tile: pond(n)[n - 1]?.tile ?? (0 as TileKind) },
    },
    { 0: seat(0), 1: seat(1), 2: seat(2), 3: seat(3) },
  );
}

/** Thirteen concealed tiles and a drawn one at every seat, eight bonus tiles, nine waits, full ponds. */
export function crowdedHands(n = 24): TableView {
  const seat = (s: Seat): Partial<SeatPublicView> => ({
    concealedCount: s === 2 ? 14 : 13,
    hasDrawn: s === 2 || s === 0,
    bonus,
    discards: pond(n),
  });
  return makeView(
    {
      hand: {
        concealed: tiles('1112345678999m5p'),
        drawn: tiles('5p')[0] as TileKind,
        waits: tiles('123456789m'),
        missedWin: true,
      },
      legalActions: discards('123456789m5p'),
      lastDiscard: { seat: 1, tile: pond(n)[n - 1]?.tile ?? (0 as TileKind) },
    },
    { 0: seat(0), 1: seat(1), 2: seat(2), 3: seat(3) },
  );
}

/**
 * A riichi table at its most crowded: full hands, every seat in riichi (its fourth discard laid
 * sideways), five dora indicators, honba and sticks, furiten and waits shown.
 */
export function crowdedRiichi(n = 24): TableView {
  const seat = (s: Seat): Partial<SeatPublicView> => ({
    concealedCount: s === 2 ? 14 : 13,
    hasDrawn: s === 2 || s === 0,
    bonus: [],
    discards: pond(n),
    score: 123_400,
    riichi: { discard: 3, ippatsu: false, double: false, discardsBefore: [3, 3, 3, 3] },
  });
  return makeView(
    {
      ruleset: rulesetOfFamily('riichi'),
      riichi: {
        doraIndicators: tiles('9m9p9s4z7z'),
        honba: 12,
        sticks: 4,
        length: 'east-south',
        startPoints: 25000,
        redFives: 3,
      },
      hand: {
        concealed: tiles('1112345678999m5p'),
        drawn: tiles('5p')[0] as TileKind,
        waits: tiles('123456789m'),
        missedWin: true,
        furiten: true,
      },
      legalActions: discards('5p'),
      lastDiscard: { seat: 1, tile: pond(n)[n - 1]?.tile ?? (0 as TileKind) },
    },
    { 0: seat(0), 1: seat(1), 2: seat(2), 3: seat(3) },
  );
}
