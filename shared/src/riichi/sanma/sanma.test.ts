/**
 * Three-player riichi's rules layer. Expected figures are worked by hand from the rules
 * (docs/rules/riichi-sanma.md), not read back from the code: the payment shares, the honba,
 * the pool, the top prize and uma, and Tenhou's published tsumo-loss table where it applies.
 */
import { describe, expect, it } from 'vitest';
import { formatTiles, tile, tiles } from '../../notation.js';
import { createTableRequestSchema } from '../../protocol-schemas.js';
import { isRulesetId, RULESET_IDS, RULESETS, rulesetLabels } from '../../rulesets/index.js';
import { resolveOptions, scoreWin } from '../../scoring/index.js';
import type { ScoreResult, WinInput } from '../../scoring/types.js';
import type { Seat } from '../../table-types.js';
import { kindOfId, type TileId } from '../../tiles.js';
import { breakOffset, DEAD_WALL_SIZE, drawReplacement, liveCount, type WallState } from '../../wall.js';
import { doraIndicatorIndex } from '../dora.js';
import { firstHand, matchOver, nextHand } from '../settle.js';
import { resolveSanmaOptions, type SanmaOptions, sanmaTableRules } from './options.js';
import { sanmaPayments } from './payments.js';
import { SANMA_TABLE_DEFAULTS, type SanmaTableRules } from './rules.js';
import { scoreSanmaWin } from './score.js';
import { sanmaFinalRanking, settleSanmaDraw, settleSanmaWin } from './settle.js';
import {
  countSanmaDora,
  isSanmaRedFive,
  NORTH,
  SANMA_TILE_IDS,
  sanmaDoraAfter,
  sanmaDoraIndicatorIndex,
  sanmaUraIndicatorIndex,
} from './tiles.js';
import { buildSanmaWall } from './wall.js';

const options = (raw: Record<string, unknown> = {}): SanmaOptions => {
  const r = resolveSanmaOptions(raw);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const rules = (raw: Record<string, unknown> = {}): SanmaTableRules => sanmaTableRules(options(raw));

describe('the three-player set and wall', () => {
  it('has 108 tiles: four of each of 27 kinds, no 2m-8m', () => {
    expect(SANMA_TILE_IDS).toHaveLength(108);
    const perKind = new Map<number, number>();
    for (const id of SANMA_TILE_IDS) perKind.set(kindOfId(id), (perKind.get(kindOfId(id)) ?? 0) + 1);
    expect(perKind.size).toBe(27);
    expect([...perKind.values()].every((n) => n === 4)).toBe(true);
    for (const k of tiles('2345678m')) expect(perKind.has(k)).toBe(false);
    for (const k of tiles('19m19p19s1234567z')) expect(perKind.get(k)).toBe(4);
  });

  it('shuffles every tile of the set once', () => {
    const w = buildSanmaWall('sanma-seed-1');
    expect(w.order).toHaveLength(108);
    expect([...w.order].sort((a, b) => a - b)).toEqual([...SANMA_TILE_IDS]);
    expect(w.head).toBe(0);
    expect(w.tail).toBe(108);
    expect(liveCount(w)).toBe(108 - DEAD_WALL_SIZE);
  });

  it('is pinned: the same seed gives this wall on every machine', () => {
    // If this fails, published seeds no longer reproduce their three-player walls: do not "fix" the numbers.
    const w = buildSanmaWall('fixture-seed-1');
    expect(w.dice).toEqual([2, 2]); // total 4: the dealer's own wall, broken 4 stacks (8 tiles) in
    expect(w.order.slice(0, 8)).toEqual([60, 93, 32, 66, 98, 56, 51, 54]);
    expect(formatTiles(w.order.slice(0, 14).map(kindOfId))).toBe('7p6s9m8p7s6459p4z33p25s');
    expect(formatTiles(w.order.slice(108 - DEAD_WALL_SIZE).map(kindOfId))).toBe('7p91s2z439s1m1s2z9m417z');
  });

  it('is a function of its seed', () => {
    const a = buildSanmaWall('sanma-seed-1');
    expect(buildSanmaWall('sanma-seed-1')).toEqual(a);
    const b = buildSanmaWall('sanma-seed-2');
    expect(b.order).not.toEqual(a.order);
  });

  it('breaks among three walls of 18 stacks, counting players from the dealer', () => {
    // total 2: the second player's wall, whose right end is 2 sides (72 tiles) clockwise; 2 stacks in
    expect(breakOffset([1, 1], 108, 3)).toBe(72 + 4);
    // total 3: the third player's wall, 1 side (36 tiles) clockwise from the dealer's; 3 stacks in
    expect(breakOffset([2, 1], 108, 3)).toBe(36 + 6);
    // total 4 comes back to the dealer's own wall
    expect(breakOffset([2, 2], 108, 3)).toBe(0 + 8);
    // total 12: 12 counts to the third player again, 12 stacks (24 tiles) in
    expect(breakOffset([6, 6], 108, 3)).toBe(36 + 24);
    // the four-player count is unchanged: total 5 is the dealer's wall, 34 tiles a side
    expect(breakOffset([2, 3], 136)).toBe(10);
  });

  it('keeps the replacement tiles at the back and the indicators from the fifth stack', () => {
    expect(sanmaDoraIndicatorIndex(0)).toBe(99); // 108 - 8 replacements - 1
    expect(sanmaUraIndicatorIndex(0)).toBe(98);
    expect(sanmaDoraIndicatorIndex(4)).toBe(91);
    expect(sanmaUraIndicatorIndex(4)).toBe(90);
    expect(doraIndicatorIndex(136, 0)).toBe(131); // four players: the third stack, as before
  });

  it('has the n-th indicators in the dead wall once n replacements are drawn, whatever the mix', () => {
    for (let n = 0; n <= 4; n++) {
      let w: WallState = buildSanmaWall('indicators');
      for (let k = 0; k <= 8; k++) {
        if (k >= n) {
          const deadFrom = w.tail - DEAD_WALL_SIZE;
          expect(sanmaUraIndicatorIndex(n)).toBeGreaterThanOrEqual(deadFrom);
          expect(sanmaDoraIndicatorIndex(n)).toBeLessThan(w.tail);
        }
        const next = drawReplacement(w);
        if (next === null) break;
        w = next.wall;
      }
    }
  });
});

describe('dora among three', () => {
  it('wraps the characters: 1m makes 9m dora and 9m makes 1m', () => {
    expect(sanmaDoraAfter(tile('1m'))).toBe(tile('9m'));
    expect(sanmaDoraAfter(tile('9m'))).toBe(tile('1m'));
    expect(sanmaDoraAfter(tile('9p'))).toBe(tile('1p'));
    expect(sanmaDoraAfter(tile('3z'))).toBe(NORTH);
    expect(sanmaDoraAfter(tile('7z'))).toBe(tile('5z'));
    expect(() => sanmaDoraAfter(tile('5m'))).toThrow(RangeError);
  });

  it('counts the Norths set aside under a West indicator', () => {
    expect(countSanmaDora([NORTH, NORTH], [tile('3z')])).toBe(2);
    expect(countSanmaDora(tiles('99m1p'), [tile('1m'), tile('1m')])).toBe(4);
  });

  it('has the four-player red 5p and 5s, and none with redFives 0', () => {
    expect(isSanmaRedFive(52 as TileId, 2)).toBe(true);
    expect(isSanmaRedFive(88 as TileId, 2)).toBe(true);
    expect(isSanmaRedFive(53 as TileId, 2)).toBe(false);
    expect(isSanmaRedFive(52 as TileId, 0)).toBe(false);
    expect(SANMA_TILE_IDS.includes(16 as TileId)).toBe(false); // the red 5m's id is out of the set
  });
});

/** Riichi, concealed 234p 567p 345s 678s, waiting on 9p alone: 40 fu on a discard, 30 on a self-draw. */
function hand(over: Partial<WinInput> = {}): WinInput {
  return {
    concealed: tiles('234567p9p345678s'),
    melds: [],
    win: tile('9p'),
    bonus: [],
    selfDrawn: false,
    seatWind: 2,
    roundWind: 1,
    dealer: false,
    conditions: ['riichi'],
    ...over,
  };
}

const valid = (r: ScoreResult) => {
  if (!r.valid) throw new Error(`${r.code}: ${r.reason}`);
  return r;
};

describe('scoring North set aside', () => {
  const scorer = options();

  it('counts each North set aside as one han, not a yaku', () => {
    // riichi 1 + two Norths = 3 han at 40 fu: 40 x 2^5 = 1,280 basic, a ron 4 x 1,280 = 5,120 -> 5,200
    const r = valid(scoreSanmaWin(hand({ north: 2 }), scorer, 'tsumo-loss'));
    expect(r.han).toBe(3);
    expect(r.fu).toBe(40);
    expect(r.patterns).toContainEqual({ name: 'north-dora', value: 2, unit: 'han' });
    expect(r.points).toEqual({ winner: 5200, payments: [{ from: 'discarder', amount: 5200 }] });
    // without them: 1 han 40 fu, 320 basic, 1,280 -> 1,300
    expect(valid(scoreSanmaWin(hand(), scorer, 'tsumo-loss')).points.winner).toBe(1300);
    // no riichi: three Norths make no yaku
    const noYaku = valid(scoreSanmaWin(hand({ north: 3, conditions: [] }), scorer, 'tsumo-loss'));
    expect(noYaku.belowMinimum).toBe(true);
  });

  it('pays a self-draw by the convention: Tenhou’s table for tsumo loss', () => {
    // riichi, self-draw, two Norths: 4 han 30 fu, 1,920 basic
    const tsumo = hand({ north: 2, selfDrawn: true });
    const loss = valid(scoreSanmaWin(tsumo, scorer, 'tsumo-loss'));
    expect(loss.han).toBe(4);
    expect(loss.fu).toBe(30);
    // the dealer 2 x 1,920 -> 3,900, West 1,920 -> 2,000: 5,900 (Tenhou's table: 3,900-2,000)
    expect(loss.points.payments).toEqual([
      { from: 1, amount: 3900 },
      { from: 3, amount: 2000 },
    ]);
    expect(loss.points.winner).toBe(5900);
    // north bisection: 2.5 x 1,920 = 4,800 and 1.5 x 1,920 = 2,880 -> 2,900: 7,700, the ron's value
    const half = valid(scoreSanmaWin(tsumo, scorer, 'north-bisection'));
    expect(half.points.payments).toEqual([
      { from: 1, amount: 4800 },
      { from: 3, amount: 2900 },
    ]);
    // the dealer: 2 x 1,920 -> 3,900 from each (7,800); bisected 3 x 1,920 = 5,760 -> 5,800 (11,600)
    const dealer = hand({ north: 2, selfDrawn: true, seatWind: 1, dealer: true });
    expect(valid(scoreSanmaWin(dealer, scorer, 'tsumo-loss')).points.payments).toEqual([
      { from: 2, amount: 3900 },
      { from: 3, amount: 3900 },
    ]);
    expect(valid(scoreSanmaWin(dealer, scorer, 'north-bisection')).points.winner).toBe(11_600);
  });

  it('pays mangan and the smallest hand as the conventions say', () => {
    const winner = { selfDrawn: true, winner: 2 as const, dealer: false };
    expect(sanmaPayments(2000, winner, 'tsumo-loss').winner).toBe(6000);
    expect(sanmaPayments(2000, winner, 'north-bisection').winner).toBe(8000);
    // 30 fu 1 han, 240 basic: 500 + 300 (Tenhou's table), bisected 600 + 400
    expect(sanmaPayments(240, winner, 'tsumo-loss').payments.map((p) => p.amount)).toEqual([500, 300]);
    expect(sanmaPayments(240, winner, 'north-bisection').payments.map((p) => p.amount)).toEqual([600, 400]);
    expect(sanmaPayments(2000, { selfDrawn: false, winner: 1, dealer: true }, 'north-bisection').winner).toBe(12_000);
  });

  it('refuses what the set or the seats do not have', () => {
    const four = scoreWin(hand({ north: 1 }), 'riichi-modern');
    expect(four.valid === false && four.code).toBe('score/not_in_set');
    const characters = scoreSanmaWin(hand({ concealed: tiles('234m567p9p345678s'), north: 0 }), scorer, 'tsumo-loss');
    expect(characters.valid === false && characters.code).toBe('score/not_in_set');
    // a North pair in the hand and three set aside: five Norths
    const fifth = scoreSanmaWin(
      hand({ concealed: tiles('234567p4z345678s'), win: tile('4z'), north: 3 }),
      scorer,
      'tsumo-loss',
    );
    expect(fifth.valid === false && fifth.code).toBe('score/too_many_copies');
    // two set aside and the pair make four: riichi, two North dora
    const allFour = valid(
      scoreSanmaWin(hand({ concealed: tiles('234567p4z345678s'), win: tile('4z'), north: 2 }), scorer, 'tsumo-loss'),
    );
    expect(allFour.patterns).toContainEqual({ name: 'north-dora', value: 2, unit: 'han' });
    const northSeat = scoreSanmaWin(hand({ seatWind: 4 }), scorer, 'tsumo-loss');
    expect(northSeat.valid === false && northSeat.code).toBe('score/bad_wind');
  });
});

/** A non-dealer's 4 han 30 fu self-draw under tsumo loss, as the scorer pays it: 3,900 + 2,000. */
const tsumoPoints = sanmaPayments(1920, { selfDrawn: true, winner: 2, dealer: false }, 'tsumo-loss');
const ronPoints = (amount: number) => ({ winner: amount, payments: [{ from: 'discarder' as const, amount }] });

describe('settling a win among three', () => {
  it('a self-draw: honba 100 from each payer, the sticks to the winner', () => {
    // dealer seat 0 (East), winner seat 1 (South), two honba, one stick
    const s = settleSanmaWin({
      wins: [{ seat: 1, points: tsumoPoints }],
      discarder: null,
      dealer: 0,
      honba: 2,
      sticks: 1,
      rules: rules(),
    });
    expect(s.deltas).toEqual([-3900 - 200, 5900 + 400 + 1000, -2000 - 200]);
    expect(s.sticksTo).toBe(1);
  });

  it('a ron: 200 a honba from the discarder (300 with the four-player value)', () => {
    const win = { wins: [{ seat: 1 as Seat, points: ronPoints(5200) }], discarder: 2 as Seat, dealer: 0 as Seat };
    expect(settleSanmaWin({ ...win, honba: 1, sticks: 0, rules: rules() }).deltas).toEqual([0, 5400, -5400]);
    expect(settleSanmaWin({ ...win, honba: 1, sticks: 0, rules: rules({ honba: 300 }) }).deltas).toEqual([
      0, 5500, -5500,
    ]);
  });

  it('a self-draw with 300 a honba: 150 from each of the two payers', () => {
    const s = settleSanmaWin({
      wins: [{ seat: 1, points: tsumoPoints }],
      discarder: null,
      dealer: 0,
      honba: 1,
      sticks: 0,
      rules: rules({ honba: 300 }),
    });
    expect(s.deltas).toEqual([-4050, 6200, -2150]);
  });

  it('two rons on one discard: honba and sticks to the first in turn order; head bump keeps only it', () => {
    const wins = [
      { seat: 2 as Seat, points: ronPoints(2000) },
      { seat: 1 as Seat, points: ronPoints(1000) },
    ];
    const both = settleSanmaWin({ wins, discarder: 0, dealer: 0, honba: 1, sticks: 2, rules: rules() });
    expect(both.winners).toEqual([1, 2]);
    expect(both.deltas).toEqual([-1000 - 2000 - 200, 1000 + 200 + 2000, 2000]);
    const bump = settleSanmaWin({
      wins,
      discarder: 0,
      dealer: 0,
      honba: 1,
      sticks: 2,
      rules: rules({ headBump: true }),
    });
    expect(bump.deltas).toEqual([-1200, 3200, 0]);
  });
});

describe('an exhaustive draw among three', () => {
  const draw = (ready: [boolean, boolean, boolean], raw: Record<string, unknown> = {}, nagashi: Seat[] = []) =>
    settleSanmaDraw({ ready, nagashi, dealer: 0, rules: rules(raw) }).deltas;

  it('splits 2,000 between the ready and the not-ready hands (3,000 as among four)', () => {
    expect(draw([true, false, false])).toEqual([2000, -1000, -1000]);
    expect(draw([true, true, false])).toEqual([1000, 1000, -2000]);
    expect(draw([true, true, true])).toEqual([0, 0, 0]);
    expect(draw([false, false, false])).toEqual([0, 0, 0]);
    expect(draw([false, true, false], { drawPool: 3000 })).toEqual([-1500, 3000, -1500]);
    expect(draw([false, true, true], { drawPool: 3000 })).toEqual([-3000, 1500, 1500]);
  });

  it('pays nagashi mangan as a mangan self-draw by the convention, and nothing else', () => {
    expect(draw([true, false, false], {}, [1])).toEqual([-4000, 6000, -2000]);
    expect(draw([true, false, false], { tsumoPayment: 'north-bisection' }, [1])).toEqual([-5000, 8000, -3000]);
    expect(draw([false, false, false], {}, [0])).toEqual([8000, -4000, -4000]);
    expect(draw([false, false, false], { tsumoPayment: 'north-bisection' }, [0])).toEqual([12_000, -6000, -6000]);
  });
});

describe('the end of a three-player match', () => {
  it('ranks with the top prize (40,000 - 35,000) x 3 and uma 20 / 0 / -20', () => {
    const r = sanmaFinalRanking([52_000, 33_000, 20_000], 0, 0, rules());
    // 12 + 20 + 15; -7 + 0; -20 - 20
    expect(r.map((p) => [p.seat, p.score])).toEqual([
      [0, 47],
      [1, -7],
      [2, -40],
    ]);
  });

  it('counts from the points dealt with Mahjong Soul’s 15 / 0 / -15 and no top prize', () => {
    const ms = rules({ returnPoints: 35_000, uma: [15, 0, -15] });
    const r = sanmaFinalRanking([52_000, 33_000, 20_000], 0, 0, ms);
    expect(r.map((p) => p.score)).toEqual([17 + 15, -2, -15 - 15]);
  });

  it('gives a tie to the seat nearer the first dealer and the sticks left to the first', () => {
    const r = sanmaFinalRanking([39_000, 40_000, 25_000], 1, 1, rules());
    // seat 0 takes the stick: 40,000 too, but seat 1 sits nearer the first dealer (seat 1)
    expect(r.map((p) => [p.seat, p.points, p.score])).toEqual([
      [1, 41_000, 1 + 20 + 15],
      [0, 39_000, -1],
      [2, 25_000, -15 - 20],
    ]);
  });

  it('deals three dealerships a round and ends after South 3', () => {
    const south3 = { prevailing: 2 as const, dealership: 3, dealer: 2 as Seat, honba: 0, sticks: 0 };
    const next = nextHand(south3, { kind: 'win', winners: [0] }, 0, 3);
    expect(next).toMatchObject({ prevailing: 3, dealership: 1, dealer: 0 });
    expect(nextHand(firstHand(0), { kind: 'win', winners: [1] }, 0, 3)).toMatchObject({ dealership: 2, dealer: 1 });
    const step = {
      played: south3,
      outcome: { kind: 'win' as const, winners: [0 as Seat] },
      next,
      firstDealer: 0 as Seat,
    };
    expect(matchOver({ ...step, points: [45_000, 35_000, 25_000] }, rules())).toBe(true);
    // nobody at the 40,000 returned: the extra round (West) is played
    expect(matchOver({ ...step, points: [39_000, 36_000, 30_000] }, rules())).toBe(false);
  });
});

describe('options', () => {
  it('default to the platforms’ conventions', () => {
    expect(rules()).toEqual(SANMA_TABLE_DEFAULTS);
    expect(rules({ honba: 300 })).toMatchObject({ honbaRon: 300, honbaTsumoEach: 150 });
  });

  it('refuses unknown keys, a four-place uma and points returned below those dealt', () => {
    expect(resolveSanmaOptions({ fourWinds: true }).ok).toBe(false);
    expect(resolveSanmaOptions({ uma: [15, 5, -5, -15] }).ok).toBe(false);
    expect(resolveSanmaOptions({ returnPoints: 30_000 }).ok).toBe(false);
    expect(resolveSanmaOptions({ tsumoPayment: 'north-pays' }).ok).toBe(false);
    expect(resolveSanmaOptions({ redFives: 3 }).ok).toBe(false);
  });
});

describe('playable', () => {
  it('is in every list a table is made from, as a three-seat riichi table', () => {
    expect(RULESETS['riichi-sanma'].playable).toBe(true);
    expect(RULESETS['riichi-sanma'].seats).toBe(3);
    expect(RULESETS['riichi-sanma'].family).toBe('riichi');
    expect(RULESET_IDS as readonly string[]).toContain('riichi-sanma');
    expect(Object.values(RULESETS).every((d) => d.playable)).toBe(true);
    expect(isRulesetId('riichi-sanma')).toBe(true);
    expect(rulesetLabels()).toContainEqual(RULESETS['riichi-sanma'].label);
  });

  it('is accepted by the protocol with its own options, and an unknown option refused', () => {
    expect(createTableRequestSchema.safeParse({ ruleset: 'riichi-sanma' }).success).toBe(true);
    expect(createTableRequestSchema.safeParse({ ruleset: 'riichi-sanma-four' }).success).toBe(false);
    expect(resolveOptions('riichi-sanma', {}).ok).toBe(true);
    const r = resolveOptions('riichi-sanma', { noSuchOption: true });
    expect(r.ok === false && r.error.code).toBe('score/bad_options');
  });
});
