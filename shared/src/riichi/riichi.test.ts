import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tile, tiles } from '../notation.js';
import { riichiPayments } from '../scoring/payments.js';
import type { BySeat, Seat } from '../table-types.js';
import { allTileIds, countKinds, kindOfId, type TileId, type Wind } from '../tiles.js';
import { buildWall, drawLive, drawReplacement, type WallState } from '../wall.js';
import { isFourKongs, isFourRiichi, isFourWinds, mayDeclareNineTerminals, nineTerminalsKinds } from './aborts.js';
import { keepsADiscard, swapCallKinds } from './calls.js';
import { furiten, liveWaits, ownCounts, riichiDiscards, riichiKongAllowed } from './declare.js';
import { danger, foldDiscard } from './defense.js';
import { countDora, doraAfter, doraIndicatorIndex, isRedFive, uraIndicatorIndex } from './dora.js';
import {
  finalRanking,
  firstHand,
  type HandOutcome,
  type HandPosition,
  matchOver,
  nextHand,
  settleExhaustiveDraw,
  settleWin,
} from './settle.js';
import { RIICHI_TABLE_DEFAULTS as RULES } from './table-rules.js';

const counts = (text: string) => countKinds(tiles(text));
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('dora', () => {
  it.each([
    ['1m', '2m'],
    ['9m', '1m'],
    ['9p', '1p'],
    ['8s', '9s'],
    ['9s', '1s'],
    ['1z', '2z'],
    ['4z', '1z'],
    ['5z', '6z'],
    ['6z', '7z'],
    ['7z', '5z'],
  ])('indicator %s makes %s dora', (indicator, dora) => {
    expect(doraAfter(tile(indicator))).toBe(tile(dora));
  });

  it('counts each tile once per indicator pointing at it', () => {
    const hand = tiles('22m345p666s11z');
    expect(countDora(hand, [tile('1m')])).toBe(2);
    expect(countDora(hand, [tile('1m'), tile('1m')])).toBe(4);
    expect(countDora(hand, [tile('5s'), tile('4z')])).toBe(5);
    expect(countDora(hand, [tile('9p')])).toBe(0);
  });

  it('indicators sit in the dead wall where no draw ever reaches, even after four kongs', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.integer({ min: 0, max: 4 }), (seed, kongs) => {
        let wall: WallState = buildWall(seed, { bonus: false });
        const size = wall.order.length;
        expect(size).toBe(136);
        const reserved = new Set<TileId>();
        for (let n = 0; n < 5; n += 1) {
          reserved.add(wall.order[doraIndicatorIndex(size, n)]!);
          reserved.add(wall.order[uraIndicatorIndex(size, n)]!);
        }
        expect(reserved.size).toBe(10);
        const drawn: TileId[] = [];
        for (let k = 0; k < kongs; k += 1) {
          const r = drawReplacement(wall)!;
          drawn.push(r.tile);
          wall = r.wall;
        }
        for (let d = drawLive(wall); d; d = drawLive(wall)) {
          drawn.push(d.tile);
          wall = d.wall;
        }
        expect(drawn.length).toBe(136 - 14);
        expect(drawn.filter((t) => reserved.has(t))).toEqual([]);
      }),
      { numRuns: 50 },
    );
  });

  it('red fives: one per suit, the first copy of each five, only when played', () => {
    const red = allTileIds(false).filter((id) => isRedFive(id, 3));
    expect(red.map(kindOfId)).toEqual(tiles('5m5p5s'));
    expect(allTileIds(false).filter((id) => isRedFive(id, 0))).toEqual([]);
  });
});

describe('riichi declaration', () => {
  const base = {
    concealed: counts('123m456p789s11z22z5z'),
    concealedKongs: [],
    openMelds: 0,
    points: 25_000,
    liveLeft: 40,
    alreadyRiichi: false,
  };

  it('offers the discards that leave the hand ready, with their waits', () => {
    const r = riichiDiscards(base);
    expect(r).toEqual({ ok: true, discards: [{ discard: tile('5z'), waits: tiles('1z2z') }] });
  });

  it('works with a concealed kong (the hand stays concealed)', () => {
    const r = riichiDiscards({ ...base, concealed: counts('456p789s11z22z5z'), concealedKongs: [tile('1m')] });
    expect(r.ok && r.discards.map((d) => d.discard)).toEqual([tile('5z')]);
  });

  it('counts no wait on a kind the hand holds all four of, a concealed kong included (karaten)', () => {
    // 12m waits on 3m only, and the four 3m are the hand's own kong: not ready.
    const kong = riichiDiscards({ ...base, concealed: counts('12m456p789p11s7z'), concealedKongs: [tile('3m')] });
    expect(kong).toEqual({ ok: false, reason: 'riichi/not_ready' });
    // The same shape with the kong of another kind is ready on 3m.
    const other = riichiDiscards({ ...base, concealed: counts('12m456p789p11s7z'), concealedKongs: [tile('4m')] });
    expect(other).toEqual({ ok: true, discards: [{ discard: tile('7z'), waits: tiles('3m') }] });
    // A pair wait on the hand's fourth copy is no wait either; the other wait of the hand stays.
    expect(liveWaits(tiles('1z4s'), ownCounts(counts('111z23s'), tiles('1z')))).toEqual(tiles('4s'));
  });

  it.each([
    ['an open meld', { openMelds: 1 }, 'riichi/open_hand'],
    ['under 1,000 points', { points: 900 }, 'riichi/points'],
    ['fewer than four tiles to draw', { liveLeft: 3 }, 'riichi/wall'],
    ['already in riichi', { alreadyRiichi: true }, 'riichi/already'],
    ['a hand not ready', { concealed: counts('13m456p789s11z22z57z') }, 'riichi/not_ready'],
  ] as const)('refuses with %s', (_what, change, reason) => {
    expect(riichiDiscards({ ...base, ...change })).toEqual({ ok: false, reason });
  });

  it('takes exactly 1,000 and exactly four tiles left', () => {
    expect(riichiDiscards({ ...base, points: 1_000, liveLeft: 4 }).ok).toBe(true);
  });
});

describe('swap calling (kuikae)', () => {
  const chow = (run: string, claimed: string) =>
    ({ kind: 'chow', tiles: tiles(run), concealed: false, claimed: tile(claimed) }) as const;
  it('bans the claimed kind and, for a chow claimed at an end, the kind beyond the other end', () => {
    expect(swapCallKinds(chow('345m', '3m'))).toEqual(tiles('3m6m'));
    expect(swapCallKinds(chow('345m', '5m'))).toEqual(tiles('5m2m'));
    expect(swapCallKinds(chow('345m', '4m'))).toEqual(tiles('4m'));
    expect(swapCallKinds(chow('123p', '1p'))).toEqual(tiles('1p4p'));
    expect(swapCallKinds(chow('123p', '3p'))).toEqual(tiles('3p'));
    expect(swapCallKinds(chow('789s', '7s'))).toEqual(tiles('7s'));
    expect(swapCallKinds({ kind: 'pung', tiles: tiles('555z'), concealed: false, claimed: tile('5z') })).toEqual(
      tiles('5z'),
    );
    expect(swapCallKinds({ kind: 'kong', tiles: tiles('5555z'), concealed: false, claimed: tile('5z') })).toEqual([]);
  });
  it('a call must leave a discard the rule allows', () => {
    expect(keepsADiscard(counts('66m'), tiles('3m6m'))).toBe(false);
    expect(keepsADiscard(counts('66m1z'), tiles('3m6m'))).toBe(true);
  });
});

describe('furiten', () => {
  const waits = tiles('3m6m');
  const none = { waits, ownDiscards: tiles('1z9p'), passedSinceDiscard: false, passedInRiichi: false };
  it('a wait among your own discards', () => {
    expect(furiten({ ...none, ownDiscards: tiles('1z6m') })).toBe('discards');
  });
  it('a win passed in riichi, for the rest of the hand', () => {
    expect(furiten({ ...none, passedInRiichi: true })).toBe('riichi');
  });
  it('a win passed since your last discard', () => {
    expect(furiten({ ...none, passedSinceDiscard: true })).toBe('passed');
  });
  it('none of them', () => {
    expect(furiten(none)).toBeNull();
  });
});

describe('a concealed kong after riichi', () => {
  it('is allowed when it changes no wait', () => {
    expect(riichiKongAllowed(counts('111m234p567s789s5z'), tile('1m'), 0)).toBe(true);
  });
  it('is refused when it changes the waits', () => {
    // 1112m waits on 2m and 3m; after a kong of 1m only 2m is left.
    expect(riichiKongAllowed(counts('1112m456p789s555z'), tile('1m'), 0)).toBe(false);
  });
  it('is refused for a tile the hand does not hold three of', () => {
    expect(riichiKongAllowed(counts('111m234p567s789s5z'), tile('2p'), 0)).toBe(false);
  });
});

describe('abortive draws', () => {
  it('nine kinds of terminals and honours on a first draw with no call', () => {
    const nine = counts('19m19p19s123z23456m');
    expect(nineTerminalsKinds(nine)).toBe(9);
    expect(mayDeclareNineTerminals(nine, true)).toBe(true);
    expect(mayDeclareNineTerminals(nine, false)).toBe(false);
    expect(mayDeclareNineTerminals(counts('19m19p19s12z234567m'), true)).toBe(false);
  });
  it('four winds: the same wind four times, no call', () => {
    expect(isFourWinds(tiles('1z1z1z1z'), false)).toBe(true);
    expect(isFourWinds(tiles('1z1z1z1z'), true)).toBe(false);
    expect(isFourWinds(tiles('5z5z5z5z'), false)).toBe(false);
    expect(isFourWinds(tiles('1z1z1z2z'), false)).toBe(false);
    expect(isFourWinds(tiles('1z1z1z'), false)).toBe(false);
  });
  it('four kongs only when more than one player made them', () => {
    expect(isFourKongs([1, 1, 2, 0])).toBe(true);
    expect(isFourKongs([4, 0, 0, 0])).toBe(false);
    expect(isFourKongs([1, 1, 1, 0])).toBe(false);
  });
  it('four riichi', () => {
    expect(isFourRiichi([true, true, true, true])).toBe(true);
    expect(isFourRiichi([true, true, false, true])).toBe(false);
  });
});

/** Basic points 960 (30 fu 3 han): 3,900 on a non-dealer ron. */
const ron = (basic: number, winner: Seat, dealer: Seat) =>
  riichiPayments(basic, {
    selfDrawn: false,
    winner: (((winner - dealer + 4) % 4) + 1) as Wind,
    dealer: winner === dealer,
  });
const tsumo = (basic: number, winner: Seat, dealer: Seat) =>
  riichiPayments(basic, {
    selfDrawn: true,
    winner: (((winner - dealer + 4) % 4) + 1) as Wind,
    dealer: winner === dealer,
  });

describe('settling a win', () => {
  it('ron: the hand, 300 per honba from the discarder, the sticks to the winner', () => {
    const s = settleWin({
      wins: [{ seat: 2, points: ron(960, 2, 0) }],
      discarder: 3,
      dealer: 0,
      honba: 2,
      sticks: 1,
      rules: RULES,
    });
    expect(s.deltas).toEqual([0, 0, 3_900 + 600 + 1_000, -4_500]);
    expect(s.sticksTo).toBe(2);
  });

  it('dealer tsumo at mangan with a honba: 4,100 from each', () => {
    const s = settleWin({
      wins: [{ seat: 1, points: tsumo(2_000, 1, 1) }],
      discarder: null,
      dealer: 1,
      honba: 1,
      sticks: 0,
      rules: RULES,
    });
    expect(s.deltas).toEqual([-4_100, 12_300, -4_100, -4_100]);
  });

  it('non-dealer tsumo at mangan with two honba: 4,200 from the dealer, 2,200 from the others', () => {
    const s = settleWin({
      wins: [{ seat: 3, points: tsumo(2_000, 3, 0) }],
      discarder: null,
      dealer: 0,
      honba: 2,
      sticks: 2,
      rules: RULES,
    });
    expect(s.deltas).toEqual([-4_200, -2_200, -2_200, 8_600 + 2_000]);
  });

  it('double ron: both paid; honba and sticks to the first in turn order from the discarder', () => {
    const wins = [
      { seat: 3 as Seat, points: ron(960, 3, 2) },
      { seat: 1 as Seat, points: ron(2_000, 1, 2) },
    ];
    const s = settleWin({ wins, discarder: 0, dealer: 2, honba: 1, sticks: 1, rules: RULES });
    expect(s.winners).toEqual([1, 3]);
    expect(s.sticksTo).toBe(1);
    expect(s.deltas).toEqual([-(8_000 + 3_900 + 300), 8_000 + 300 + 1_000, 0, 3_900]);
  });

  it('head bump: only the first in turn order wins', () => {
    const wins = [
      { seat: 3 as Seat, points: ron(960, 3, 2) },
      { seat: 1 as Seat, points: ron(2_000, 1, 2) },
    ];
    const s = settleWin({ wins, discarder: 0, dealer: 2, honba: 0, sticks: 0, rules: { ...RULES, headBump: true } });
    expect(s.winners).toEqual([1]);
    expect(s.deltas).toEqual([-8_000, 8_000, 0, 0]);
  });

  it('refuses a discarder among the winners and two self-draws', () => {
    const w = { seat: 0 as Seat, points: ron(960, 0, 1) };
    expect(() => settleWin({ wins: [w], discarder: 0, dealer: 1, honba: 0, sticks: 0, rules: RULES })).toThrow();
    const t = { seat: 0 as Seat, points: tsumo(960, 0, 1) };
    expect(() =>
      settleWin({ wins: [t, { ...t, seat: 2 }], discarder: null, dealer: 1, honba: 0, sticks: 0, rules: RULES }),
    ).toThrow();
  });

  it('every settlement sums to the sticks it takes from the table', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 0, max: 3 }),
        fc.subarray([1, 2, 3], { minLength: 1 }),
        fc.constantFrom(240, 320, 960, 1_920, 2_000, 3_000, 8_000),
        fc.nat(5),
        fc.nat(4),
        fc.boolean(),
        (dealer, discarder, offsets, basic, honba, sticks, headBump) => {
          const winners = offsets.map((o) => ((discarder + o) % 4) as Seat);
          const wins = winners.map((seat) => ({ seat, points: ron(basic, seat, dealer as Seat) }));
          const s = settleWin({
            wins,
            discarder: discarder as Seat,
            dealer: dealer as Seat,
            honba,
            sticks,
            rules: { ...RULES, headBump },
          });
          expect(sum(s.deltas)).toBe(sticks * 1_000);
          expect(s.deltas[discarder]).toBeLessThan(0);
          const t = settleWin({
            wins: [{ seat: winners[0]!, points: tsumo(basic, winners[0]!, dealer as Seat) }],
            discarder: null,
            dealer: dealer as Seat,
            honba,
            sticks,
            rules: RULES,
          });
          expect(sum(t.deltas)).toBe(sticks * 1_000);
        },
      ),
    );
  });
});

describe('an exhaustive draw', () => {
  const ready = (...r: boolean[]) => r as unknown as BySeat<boolean>;
  it.each([
    [ready(true, false, false, false), [3_000, -1_000, -1_000, -1_000]],
    [ready(true, false, true, false), [1_500, -1_500, 1_500, -1_500]],
    [ready(true, true, true, false), [1_000, 1_000, 1_000, -3_000]],
    [ready(false, false, false, false), [0, 0, 0, 0]],
    [ready(true, true, true, true), [0, 0, 0, 0]],
  ])('ready %j: %j', (r, deltas) => {
    expect(settleExhaustiveDraw({ ready: r, nagashi: [], dealer: 0, rules: RULES }).deltas).toEqual(deltas);
  });

  it('nagashi mangan is paid as a mangan tsumo instead of the ready payments', () => {
    const r = ready(true, false, false, false);
    expect(settleExhaustiveDraw({ ready: r, nagashi: [2], dealer: 0, rules: RULES }).deltas).toEqual([
      -4_000, -2_000, 8_000, -2_000,
    ]);
    expect(settleExhaustiveDraw({ ready: r, nagashi: [0], dealer: 0, rules: RULES }).deltas).toEqual([
      12_000, -4_000, -4_000, -4_000,
    ]);
    const off = { ...RULES, nagashiMangan: false };
    expect(settleExhaustiveDraw({ ready: r, nagashi: [2], dealer: 0, rules: off }).deltas).toEqual([
      3_000, -1_000, -1_000, -1_000,
    ]);
  });
});

describe('dealership, honba, the end of the match', () => {
  const east1: HandPosition = firstHand(0);
  const noneReady = [false, false, false, false] as unknown as BySeat<boolean>;
  const dealerReady = [true, false, false, false] as unknown as BySeat<boolean>;

  it('a dealer win repeats the deal with a honba', () => {
    expect(nextHand(east1, { kind: 'win', winners: [0] }, 0)).toEqual({ ...east1, honba: 1 });
  });
  it('a non-dealer win passes the deal and clears the honba', () => {
    const at = { ...east1, honba: 3, sticks: 2 };
    expect(nextHand(at, { kind: 'win', winners: [2] }, 0)).toEqual({
      prevailing: 1,
      dealership: 2,
      dealer: 1,
      honba: 0,
      sticks: 0,
    });
  });
  it('a double ron with the dealer among the winners repeats the deal', () => {
    expect(nextHand(east1, { kind: 'win', winners: [3, 0] }, 0).dealer).toBe(0);
  });
  it('an exhaustive draw adds a honba; the deal stays only with a ready dealer; the sticks stay', () => {
    expect(nextHand({ ...east1, sticks: 1 }, { kind: 'exhaustive', ready: dealerReady }, 2)).toEqual({
      ...east1,
      honba: 1,
      sticks: 2,
    });
    expect(nextHand(east1, { kind: 'exhaustive', ready: noneReady }, 0)).toEqual({
      ...east1,
      dealership: 2,
      dealer: 1,
      honba: 1,
    });
  });
  it('an abortive draw repeats the deal with a honba', () => {
    expect(nextHand(east1, { kind: 'abortive' }, 0)).toEqual({ ...east1, honba: 1 });
  });
  it('the fourth dealership passing moves to the next round', () => {
    const east4: HandPosition = { prevailing: 1, dealership: 4, dealer: 3, honba: 0, sticks: 0 };
    expect(nextHand(east4, { kind: 'win', winners: [1] }, 0)).toEqual({
      prevailing: 2,
      dealership: 1,
      dealer: 0,
      honba: 0,
      sticks: 0,
    });
  });

  const even = [25_000, 25_000, 25_000, 25_000] as unknown as BySeat<number>;
  const pts = (a: number, b: number, c: number, d: number) => [a, b, c, d] as unknown as BySeat<number>;
  const passes = { kind: 'win', winners: [1] } as const;
  /** One step of a match: the hand `played`, its `outcome`, the points after it. */
  const step = (played: HandPosition, outcome: HandOutcome, points: BySeat<number>) => ({
    played,
    outcome,
    next: nextHand(played, outcome, 0),
    points,
    firstDealer: 0 as Seat,
  });
  const east4: HandPosition = { prevailing: 1, dealership: 4, dealer: 3, honba: 0, sticks: 0 };
  const south4: HandPosition = { ...east4, prevailing: 2 };
  const west4: HandPosition = { ...east4, prevailing: 3 };

  it('ends when the deal passes after the last dealership, or when a score goes below zero', () => {
    const up = pts(31_000, 25_000, 24_000, 20_000);
    expect(matchOver(step(east4, passes, up), RULES)).toBe(false);
    expect(matchOver(step(south4, passes, up), RULES)).toBe(true);
    expect(matchOver(step(east4, passes, up), { ...RULES, length: 'east' })).toBe(true);
    const bust = pts(51_000, 25_000, 24_100, -100);
    expect(matchOver(step(east1, passes, bust), RULES)).toBe(true);
    expect(matchOver(step(east1, passes, bust), { ...RULES, bustEnds: false })).toBe(false);
  });

  it('nobody at 30,000 after the last round: an extra round in sudden death, at most one', () => {
    expect(matchOver(step(south4, passes, even), RULES)).toBe(false);
    expect(matchOver(step(south4, passes, even), { ...RULES, extraRound: false })).toBe(true);
    const west1: HandPosition = { prevailing: 3, dealership: 1, dealer: 0, honba: 0, sticks: 0 };
    expect(matchOver(step(west1, passes, even), RULES)).toBe(false);
    expect(matchOver(step(west1, passes, pts(22_000, 30_000, 24_000, 24_000)), RULES)).toBe(true);
    expect(matchOver(step(west4, passes, even), RULES)).toBe(true);
  });

  it('the last dealer keeping the deal while first stops the match; not after an abortive draw', () => {
    const dealerFirst = pts(20_000, 24_000, 24_000, 32_000);
    const dealerWins = { kind: 'win', winners: [3] } as const;
    const dealerReadyAtDraw = { kind: 'exhaustive', ready: [false, false, false, true] } as unknown as HandOutcome;
    expect(matchOver(step(south4, dealerWins, dealerFirst), RULES)).toBe(true);
    expect(matchOver(step(south4, dealerReadyAtDraw, dealerFirst), RULES)).toBe(true);
    expect(matchOver(step(south4, { kind: 'abortive' }, dealerFirst), RULES)).toBe(false);
    expect(matchOver(step(south4, dealerWins, dealerFirst), { ...RULES, lastDealerStops: false })).toBe(false);
    // Not first, or first below 30,000 with the extra round played: the dealer deals again.
    expect(matchOver(step(south4, dealerWins, pts(33_000, 24_000, 23_000, 20_000)), RULES)).toBe(false);
    expect(matchOver(step(south4, dealerWins, pts(22_000, 24_000, 25_000, 29_000)), RULES)).toBe(false);
    expect(
      matchOver(step(south4, dealerWins, pts(22_000, 24_000, 25_000, 29_000)), { ...RULES, extraRound: false }),
    ).toBe(true);
    // Not the last hand: plays on.
    expect(
      matchOver(step({ ...south4, dealership: 3, dealer: 2 }, { kind: 'win', winners: [2] }, dealerFirst), RULES),
    ).toBe(false);
  });

  it('ranks by points, ties to the seat nearer the first dealer, with uma and the top prize', () => {
    const points = [25_000, 25_000, 34_000, 15_000] as unknown as BySeat<number>;
    const ranking = finalRanking(points, 1, 1, RULES);
    expect(ranking).toEqual([
      { seat: 2, place: 1, points: 35_000, score: 40 },
      { seat: 1, place: 2, points: 25_000, score: 0 },
      { seat: 0, place: 3, points: 25_000, score: -10 },
      { seat: 3, place: 4, points: 15_000, score: -30 },
    ]);
  });

  it('final scores sum to zero', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -200, max: 900 }), { minLength: 3, maxLength: 3 }),
        fc.nat(3),
        fc.nat(3),
        (hundreds, firstDealer, sticks) => {
          const three = hundreds.map((h) => h * 100);
          const last = 100_000 - sticks * 1_000 - sum(three);
          const points = [...three, last] as unknown as BySeat<number>;
          const ranking = finalRanking(points, firstDealer as Seat, sticks, RULES);
          expect(sum(ranking.map((r) => r.score))).toBeCloseTo(0, 9);
          expect(ranking.map((r) => r.place)).toEqual([1, 2, 3, 4]);
        },
      ),
    );
  });
});

describe('folding against a riichi', () => {
  const none = new Uint8Array(34);
  const threat = { discards: tiles('4m9p1z'), passedSince: tiles('7z') };
  it.each([
    ['4m', 0, 'the declarer discarded it'],
    ['7z', 0, 'the declarer let it pass after declaring'],
    ['1m', 2, 'a terminal on suji (4m safe)'],
    ['7m', 2, 'a 7 on suji (4m safe; a 7 has no high side)'],
    ['5m', 6, 'a 5 is not suji of a 4'],
    ['2z', 4, 'an honour with none visible'],
    ['1p', 5, 'a terminal off suji'],
    ['5s', 6, 'a middle tile'],
  ])('%s: danger %i (%s)', (kind, expected) => {
    expect(danger(tile(kind), threat, none)).toBe(expected);
  });

  it('a 7 is fully suji with the 4 safe (no high side); a 4 needs the 1 and the 7', () => {
    expect(danger(tile('7p'), { discards: tiles('4p'), passedSince: [] }, none)).toBe(2);
    expect(danger(tile('4p'), { discards: tiles('1p'), passedSince: [] }, none)).toBe(3);
    expect(danger(tile('4p'), { discards: tiles('1p7p'), passedSince: [] }, none)).toBe(2);
  });

  it('an honour with three visible is nearly safe', () => {
    const visible = new Uint8Array(34);
    visible[tile('6z')] = 3;
    expect(danger(tile('6z'), { discards: [], passedSince: [] }, visible)).toBe(1);
  });

  it('folds with the least dangerous tile against every declarer', () => {
    const hand = tiles('1m5s2z4m');
    expect(foldDiscard(hand, [threat], none)).toBe(tile('4m'));
    // Against a second declarer 4m is a middle tile; 2z is the safest against both.
    const second = { discards: tiles('2z'), passedSince: [] };
    expect(foldDiscard(hand, [threat, second], none)).toBe(tile('2z'));
    expect(foldDiscard([], [threat], none)).toBeNull();
  });
});
