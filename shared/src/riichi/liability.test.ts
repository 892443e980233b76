/**
 * Liability (pao): who is liable from a hand's melds, and what each seat pays with the honba,
 * on a self-draw and on a discard, with a second yakuman in the hand paid as usual (the worked
 * examples of riichi.wiki, "Sekinin barai": south wins big three dragons and all honours with
 * one honba, west liable).
 */
import { describe, expect, it } from 'vitest';
import { riichiPayments } from '../scoring/payments.js';
import type { Meld, Seat } from '../table-types.js';
import { tiles } from '../notation.js';
import { liabilityOf, liableBasicPoints } from './liability.js';
import { settleWin } from './settle.js';
import { RIICHI_TABLE_DEFAULTS as RULES } from './table-rules.js';

const set = (t: string, from?: Seat, kind: 'pung' | 'kong' = 'pung', concealed = false): Meld => ({
  kind,
  tiles: tiles(t),
  concealed,
  ...(from === undefined ? {} : { from }),
});

describe('liabilityOf', () => {
  it('the feeder of the third dragon set, the fourth wind set', () => {
    expect(liabilityOf([set('555z', 0), set('666z', 2), set('777z', 3)])).toEqual({
      seat: 3,
      yakuman: 'big-three-dragons',
    });
    // An open kong as the third set counts; a concealed kong among the first two too.
    expect(liabilityOf([set('5555z', undefined, 'kong', true), set('666z', 2), set('7777z', 0, 'kong')])).toEqual({
      seat: 0,
      yakuman: 'big-three-dragons',
    });
    expect(liabilityOf([set('111z', 0), set('222z', 2), set('333z', 2), set('444z', 3)])).toEqual({
      seat: 3,
      yakuman: 'big-four-winds',
    });
  });

  it('nobody when the last set is a concealed kong, or when the sets are not all there', () => {
    expect(liabilityOf([set('555z', 0), set('666z', 2), set('7777z', undefined, 'kong', true)])).toBeNull();
    expect(liabilityOf([set('555z', 0), set('666z', 2), set('123m', 3)])).toBeNull();
    expect(liabilityOf([set('111z', 0), set('222z', 2), set('333z', 2)])).toBeNull();
  });
});

describe('settling a liable win', () => {
  // South (seat 1; East, the dealer, is seat 0) wins big three dragons and all honours: two
  // yakuman, 16,000 base points; west (seat 2) fed the third dragon.
  const basic = 16_000;
  const liable = liableBasicPoints(basic, 26, 13);
  const south = { winner: 2, dealer: false } as const;

  it('self-draw: the liable seat pays its yakuman in full and every honba; the other yakuman as usual', () => {
    const s = settleWin({
      wins: [
        {
          seat: 1,
          points: riichiPayments(basic - liable, { ...south, selfDrawn: true }),
          liable: { seat: 2, amount: liable * 4 },
        },
      ],
      discarder: null,
      dealer: 0,
      honba: 1,
      sticks: 0,
      rules: RULES,
    });
    expect(s.deltas).toEqual([-16_000, 64_300, -32_300 - 8_000, -8_000]);
  });

  it('on a discard: the discarder pays the other yakuman and half the liable one, the liable seat half and the honba', () => {
    const s = settleWin({
      wins: [
        {
          seat: 1,
          points: riichiPayments(basic - liable, { ...south, selfDrawn: false }),
          liable: { seat: 2, amount: liable * 4 },
        },
      ],
      discarder: 0,
      dealer: 0,
      honba: 1,
      sticks: 0,
      rules: RULES,
    });
    expect(s.deltas).toEqual([-32_000 - 16_000, 64_300, -16_300, 0]);
    // The discarder is the liable seat: it pays everything.
    const own = settleWin({
      wins: [{ seat: 1, points: { winner: 0, payments: [] }, liable: { seat: 2, amount: 32_000 } }],
      discarder: 2,
      dealer: 0,
      honba: 2,
      sticks: 1,
      rules: RULES,
    });
    expect(own.deltas).toEqual([0, 32_600 + 1_000, -32_600, 0]);
  });
});
