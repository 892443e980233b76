import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tiles } from '../notation.js';
import { unwrap } from '../result.js';
import type { Meld, Seat } from '../table-types.js';
import type { Wind } from '../tiles.js';
import {
  applyLiability,
  defaultOptions,
  deltasBySeat,
  deltasByWind,
  falseWinPenalty,
  HK_RULESETS,
  type HkOptions,
  hkPayments,
  liability,
  PAYMENT_MODES,
  type PaymentMode,
  resolveOptions,
  riichiPayments,
  scoreRequest,
  transfersBySeat,
} from './index.js';

const windArb = fc.constantFrom<Wind>(1, 2, 3, 4);
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

describe('payments always sum to zero', () => {
  const modes: [HkOptions['ruleset'], PaymentMode][] = [];
  for (const ruleset of ['hk-new', 'hk-old'] as const) {
    for (const m of PAYMENT_MODES) if (HK_RULESETS[ruleset].payments[m]) modes.push([ruleset, m]);
  }

  it.each(modes)('%s %s, every table, faan, winner and discarder', (ruleset, payment) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 13 }),
        fc.constantFrom('half-spicy', 'full-spicy', 'fan-laak') as fc.Arbitrary<HkOptions['table']>,
        fc.constantFrom(1, 2, 16),
        windArb,
        windArb,
        fc.boolean(),
        (faan, table, divisor, winner, discarderWind, selfDrawn) => {
          const options = unwrap(resolveOptions(ruleset, { payment, table, divisor })) as HkOptions;
          const discarder = discarderWind === winner ? null : discarderWind;
          const pts = hkPayments(faan, options, {
            selfDrawn: selfDrawn || discarder === null,
            winner,
            discarder: discarder ?? undefined,
          });
          expect(sum(pts.payments.map((p) => p.amount))).toBeCloseTo(pts.winner, 9);
          const d = deltasByWind(pts, winner, discarder);
          expect(sum(d)).toBeCloseTo(0, 9);
          expect(d[winner - 1]).toBeCloseTo(pts.winner, 9);
          for (const w of [1, 2, 3, 4] as const) if (w !== winner) expect(d[w - 1]).toBeLessThanOrEqual(0);
        },
      ),
    );
  });

  it('riichi, every basic value, dealer or not, ron or tsumo', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 32000 }),
        windArb,
        fc.boolean(),
        fc.boolean(),
        (basic, winner, dealer, selfDrawn) => {
          const pts = riichiPayments(basic, { selfDrawn, winner, dealer: dealer || winner === 1 });
          for (const p of pts.payments) expect(p.amount % 100).toBe(0);
          const discarder = winner === 4 ? 1 : ((winner + 1) as Wind);
          const d = deltasByWind(pts, winner, selfDrawn ? null : discarder);
          expect(sum(d)).toBe(0);
          expect(d[winner - 1]).toBe(pts.winner);
        },
      ),
    );
  });

  it('who pays what under each mode (3 faan = 8 points)', () => {
    const opts = (ruleset: 'hk-new' | 'hk-old', payment: PaymentMode) =>
      unwrap(resolveOptions(ruleset, { payment, table: 'half-spicy' })) as HkOptions;
    const discard = { selfDrawn: false, winner: 1 as Wind, discarder: 3 as Wind };
    expect(hkPayments(3, opts('hk-new', 'discarder-pays-all'), discard).payments).toEqual([
      { from: 'discarder', amount: 8 },
    ]);
    expect(hkPayments(3, opts('hk-new', 'discarder-pays-half'), discard).payments).toEqual([
      { from: 'discarder', amount: 4 },
      { from: 2, amount: 2 },
      { from: 4, amount: 2 },
    ]);
    expect(hkPayments(3, opts('hk-old', 'discarder-pays-double'), discard).payments).toEqual([
      { from: 'discarder', amount: 16 },
      { from: 2, amount: 8 },
      { from: 4, amount: 8 },
    ]);
    expect(hkPayments(3, opts('hk-old', 'discarder-pays-all'), discard).payments).toEqual([
      { from: 'discarder', amount: 16 },
    ]);
    expect(hkPayments(3, opts('hk-old', 'discarder-pays-half'), discard).payments).toEqual([
      { from: 'discarder', amount: 8 },
      { from: 2, amount: 4 },
      { from: 4, amount: 4 },
    ]);
    const self = { selfDrawn: true, winner: 2 as Wind };
    expect(hkPayments(3, opts('hk-new', 'discarder-pays-half'), self).winner).toBe(12);
    expect(hkPayments(3, opts('hk-old', 'discarder-pays-double'), self).winner).toBe(48);
  });

  it('riichi: non-dealer ron 4x, dealer ron 6x, tsumo split, rounded up to 100', () => {
    expect(riichiPayments(1920, { selfDrawn: false, winner: 4, dealer: false }).winner).toBe(7700);
    expect(riichiPayments(1920, { selfDrawn: false, winner: 1, dealer: true }).winner).toBe(11600);
    expect(riichiPayments(320, { selfDrawn: true, winner: 2, dealer: false }).payments).toEqual([
      { from: 1, amount: 700 },
      { from: 3, amount: 400 },
      { from: 4, amount: 400 },
    ]);
    expect(riichiPayments(2000, { selfDrawn: true, winner: 1, dealer: true }).payments).toEqual([
      { from: 2, amount: 4000 },
      { from: 3, amount: 4000 },
      { from: 4, amount: 4000 },
    ]);
  });
});

describe('per seat', () => {
  it('maps winds to seats around the dealer and sums to zero', () => {
    // dealer at seat 2: seat 2 East, 3 South, 0 West, 1 North. Seat 3 (South) wins on seat 0's discard.
    const result = scoreRequest({
      concealed: '2223s',
      melds: [
        { kind: 'pung', tiles: '555z' },
        { kind: 'chow', tiles: '567s' },
        { kind: 'pung', tiles: '777s' },
      ],
      win: '1s',
      seatWind: 2,
      roundWind: 1,
      ruleset: 'hk-old',
      discarder: 3,
    });
    if (!result.valid) throw new Error(result.reason);
    const deltas = deltasBySeat(result.points, 3 as Seat, 0 as Seat, 2 as Seat);
    expect(deltas).toEqual([-32, -16, -16, 64]);
    expect(transfersBySeat(result.points, 3, 0, 2)).toEqual([
      { from: 0, to: 3, amount: 32 },
      { from: 2, to: 3, amount: 16 },
      { from: 1, to: 3, amount: 16 },
    ]);
  });

  it('a self-pick charges every other seat', () => {
    const result = scoreRequest({ concealed: '123m456m789p23s55p', win: '4s', selfDrawn: true, seatWind: 4 });
    if (!result.valid) throw new Error(result.reason);
    expect(deltasBySeat(result.points, 1, null, 2)).toEqual([-8, 24, -8, -8]);
  });
});

describe('penalties', () => {
  it('false win: the offender pays every other player the points for the maximum faan (384 x 3 = 1152)', () => {
    const p = falseWinPenalty(defaultOptions('hk-new'), 3);
    expect(p.each).toBe(384);
    expect(p.total).toBe(1152);
    expect(p.deltas).toEqual([384, 384, -1152, 384]);
    const capped = falseWinPenalty({ ...defaultOptions('hk-new'), faanCap: 10, table: 'full-spicy' }, 1);
    expect(capped.deltas).toEqual([-3072, 1024, 1024, 1024]);
  });

  const half: HkOptions = {
    ...defaultOptions('hk-new'),
    payment: 'discarder-pays-half',
    ninePiecesPenalty: true,
    twelvePiecesPenalty: true,
    fifthTilePenalty: true,
  };
  const bamboo = (t: string, from: Seat): Meld => ({ kind: 'pung', tiles: tiles(t), concealed: false, from });
  const check = {
    melds: [bamboo('111s', 1), bamboo('333s', 2), bamboo('555s', 3)],
    selfDrawn: false,
    discarder: 3 as Seat,
    pureHand: true,
    wallRemaining: 40,
    freshTile: false,
  };

  it('nine pieces: three melded sets of one suit, the discarder lets a pure hand out', () => {
    expect(liability(half, check)).toEqual({ seat: 3, rule: 'nine-pieces' });
    expect(liability(half, { ...check, pureHand: false })).toBeNull();
    expect(liability({ ...half, ninePiecesPenalty: false }, check)).toBeNull();
    // only under discarder-pays-half
    expect(liability({ ...half, payment: 'discarder-pays-all' }, check)).toBeNull();
  });

  it('twelve pieces: a self-picked pure hand after the seat that fed the fourth set pays all', () => {
    const four = { ...check, melds: [...check.melds, bamboo('777s', 2)], selfDrawn: true, discarder: null };
    expect(liability(half, four)).toEqual({ seat: 2, rule: 'twelve-pieces' });
  });

  it('fifth tile: a fresh discard with five or fewer tiles in the wall', () => {
    const late = { ...check, melds: [], pureHand: false, freshTile: true, wallRemaining: 5 };
    expect(liability(half, late)).toEqual({ seat: 3, rule: 'fifth-tile' });
    expect(liability(half, { ...late, wallRemaining: 6 })).toBeNull();
  });

  it('the liable player pays the whole amount; the total and the zero sum stay', () => {
    const pts = hkPayments(7, half, { selfDrawn: false, winner: 1, discarder: 3 });
    expect(pts.payments.length).toBe(3);
    const moved = applyLiability(pts, 'discarder');
    expect(moved).toEqual({ winner: pts.winner, payments: [{ from: 'discarder', amount: pts.winner }] });
    expect(sum(deltasByWind(moved, 1, 3))).toBe(0);
    expect(deltasByWind(moved, 1, 3)[2]).toBe(-48);
  });
});
