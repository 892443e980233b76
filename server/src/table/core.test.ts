/**
 * The table's bridge to the scorer: wind-based payments mapped onto seats for any dealer, the
 * liability (包) rules with the table's facts, and the false-win charge.
 */
import { type Meld, type Seat, seatWind, tile, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { falseWinDeltas, resolveRules, scoreTableWin, type TableRules } from './core.js';

const rules = (raw: Record<string, unknown> = {}): TableRules => {
  const r = resolveRules('hk-new', raw);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
};
const pung = (t: string, from: Seat): Meld => ({
  kind: 'pung',
  tiles: tiles(t),
  concealed: false,
  from,
  claimed: tiles(t)[0],
});

describe('scoreTableWin', () => {
  it('maps a self-drawn win onto seats whatever the dealer, summing to zero', () => {
    for (const dealer of [0, 1, 2, 3] as const) {
      const winner = 2 as Seat;
      const r = scoreTableWin(
        'hk-new',
        rules(),
        {
          concealed: tiles('123m456m789m123p5p'),
          melds: [],
          win: tile('5p'),
          bonus: [],
          selfDrawn: true,
          seatWind: seatWind(winner, dealer),
          roundWind: 1,
          dealer: winner === dealer,
          conditions: [],
        },
        winner,
        null,
      );
      if (!r.valid) throw new Error(r.reason);
      expect(r.deltas.reduce((a, b) => a + b, 0)).toBe(0);
      expect(r.deltas[winner]).toBeGreaterThan(0);
      expect(r.payments.map((p) => p.from).sort()).toEqual([0, 1, 3]);
      for (const p of r.payments) expect(p.to).toBe(winner);
    }
  });

  it('charges a discard win to the discarder (discarder pays all)', () => {
    const r = scoreTableWin(
      'hk-new',
      rules(),
      {
        concealed: tiles('123m456m789m123p5p'),
        melds: [],
        win: tile('5p'),
        bonus: [],
        selfDrawn: false,
        seatWind: 2,
        roundWind: 1,
        dealer: false,
        conditions: [],
      },
      1,
      3,
    );
    if (!r.valid) throw new Error(r.reason);
    expect(r.payments).toEqual([{ from: 3, to: 1, amount: r.deltas[1] }]);
    expect(r.deltas[0]).toBe(0);
    expect(r.deltas[2]).toBe(0);
  });

  it('nine pieces: under discarder-pays-half, the discarder who lets a pure hand with three melds go out pays everything', () => {
    const input = {
      concealed: tiles('789m5m'),
      melds: [pung('111m', 0), pung('222m', 2), pung('333m', 3)],
      win: tile('5m'),
      bonus: [],
      selfDrawn: false,
      seatWind: 2 as const,
      roundWind: 1 as const,
      dealer: false,
      conditions: [],
    };
    const half = rules({ payment: 'discarder-pays-half' });
    const plain = scoreTableWin('hk-new', half, input, 1, 3, { wallRemaining: 40, freshTile: false });
    const liable = scoreTableWin(
      'hk-new',
      rules({ payment: 'discarder-pays-half', ninePiecesPenalty: true }),
      input,
      1,
      3,
      {
        wallRemaining: 40,
        freshTile: false,
      },
    );
    if (!plain.valid || !liable.valid) throw new Error('invalid');
    expect(plain.payments.length).toBeGreaterThan(1);
    expect(liable.payments).toEqual([{ from: 3, to: 1, amount: plain.deltas[1] }]);
    expect(liable.deltas[1]).toBe(plain.deltas[1]);
  });

  it('refuses a hand that is not complete, and one below the minimum', () => {
    const base = {
      concealed: tiles('123m456m789m123p5p'),
      melds: [],
      bonus: [],
      selfDrawn: false,
      seatWind: 2 as const,
      roundWind: 1 as const,
      dealer: false,
      conditions: [],
    };
    expect(scoreTableWin('hk-new', rules(), { ...base, win: tile('9s') }, 1, 0).valid).toBe(false);
    expect(scoreTableWin('hk-new', rules({ minFaan: 13 }), { ...base, win: tile('5p') }, 1, 0).valid).toBe(false);
  });
});

describe('falseWinDeltas', () => {
  it('the declarer pays each other seat the points of the cap', () => {
    expect(falseWinDeltas(rules(), 2, 1).deltas).toEqual([384, 384, -1152, 384]);
    expect(falseWinDeltas(rules({ faanCap: 10, table: 'full-spicy' }), 0, 3).deltas).toEqual([-3072, 1024, 1024, 1024]);
  });
});
