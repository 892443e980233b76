/**
 * The Hong Kong minimum-faan search against brute force: small hands (four concealed tiles
 * beside three melds) where every sequence of draws and discards is tried without the search's
 * shortcuts, each complete hand scored by the scorer as a self-draw and on a discard.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isComplete, shanten } from '../analysis.js';
import { tiles } from '../notation.js';
import { resolveOptions, scoreWin } from '../scoring/index.js';
import type { HkOptions } from '../scoring/rulesets.js';
import type { Meld } from '../table-types.js';
import { countKinds, type TileKind } from '../tiles.js';
import { faanReach, type ReachSeat } from './faan-reach.js';

const hk = (resolveOptions('hk-new', { minFaan: 0 }) as { value: HkOptions }).value;
const meld = (kind: Meld['kind'], text: string): Meld => ({ kind, tiles: tiles(text), concealed: false, from: 0 });
const MELD_SETS: readonly (readonly Meld[])[] = [
  [meld('pung', '555z'), meld('chow', '123m'), meld('chow', '456m')],
  [meld('pung', '111m'), meld('pung', '999p'), meld('pung', '222z')],
  [meld('chow', '234m'), meld('chow', '567p'), meld('chow', '345s')],
  [meld('chow', '123p'), meld('pung', '666z'), meld('pung', '777p')],
];

/** Every complete hand within `draws` draws of the 3n+1 hand `c`, scored; the best faan or null. */
function bruteBest(c: Uint8Array, seat: ReachSeat, unseen: Uint8Array, draws: number): number | null {
  let best: number | null = null;
  for (let a = 0; a < 34; a++) {
    if (unseen[a] === 0 || c[a]! >= 4) continue;
    unseen[a]!--;
    c[a]!++;
    if (isComplete(c, seat.melds.length)) {
      c[a]!--;
      const concealed: TileKind[] = [];
      for (let k = 0; k < 34; k++) for (let i = 0; i < c[k]!; i++) concealed.push(k as TileKind);
      for (const selfDrawn of [true, false]) {
        const r = scoreWin(
          {
            concealed,
            melds: seat.melds,
            win: a as TileKind,
            bonus: seat.bonus,
            selfDrawn,
            seatWind: seat.seatWind,
            roundWind: seat.roundWind,
            dealer: seat.dealer,
            conditions: [],
          },
          'hk-new',
          hk,
        );
        if (r.valid && (best === null || r.faan! > best)) best = r.faan!;
      }
      c[a]!++;
    } else if (draws > 1) {
      for (let e = 0; e < 34; e++) {
        if (c[e] === 0) continue;
        c[e]!--;
        const b = bruteBest(c, seat, unseen, draws - 1);
        if (b !== null && (best === null || b > best)) best = b;
        c[e]!++;
      }
    }
    c[a]!--;
    unseen[a]!++;
  }
  return best;
}

describe('minimum faan within reach (Hong Kong)', () => {
  it('agrees with brute force on small hands', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...tiles('1234567m1p555z66z7z')), { minLength: 4, maxLength: 4 }),
        fc.integer({ min: 0, max: MELD_SETS.length - 1 }),
        fc.integer({ min: 1, max: 6 }),
        (hand, m, minFaan) => {
          const counts = countKinds(hand);
          const melds = MELD_SETS[m]!;
          if ([...counts].some((n) => n > 2)) return;
          const seat: ReachSeat = { melds, bonus: [], seatWind: 2, roundWind: 1, dealer: false };
          const unseen = new Uint8Array(34).fill(4);
          for (const t of [...hand, ...melds.flatMap((x) => x.tiles)]) unseen[t]!--;
          const got = faanReach(counts, seat, unseen, minFaan, hk);
          const sh = shanten(counts, melds.length);
          if (sh > 1) {
            expect(got.kind).toBe('far');
            return;
          }
          const best = bruteBest(Uint8Array.from(counts), seat, Uint8Array.from(unseen), sh + 1);
          if (best !== null && best >= minFaan) expect(got).toMatchObject({ kind: 'yes' });
          else expect(got).toEqual({ kind: 'no', best });
        },
      ),
      { numRuns: 60 },
    );
  });

  it('says no when the only win is worth less than the minimum, yes when a dragon pung and a flush are in it', () => {
    const seat = (melds: readonly Meld[]): ReachSeat => ({
      melds,
      bonus: [],
      seatWind: 2,
      roundWind: 1,
      dealer: false,
    });
    const open = [meld('chow', '234m'), meld('chow', '567p'), meld('chow', '345s')];
    const unseen = new Uint8Array(34).fill(3);
    // 78s + 99m: waits on 6s/9s for a plain all-chows hand: three faan at most (all chows, no
    // flowers, a self-draw), short of a minimum of four.
    expect(faanReach(countKinds(tiles('78s99m')), seat(open), unseen, 4, hk)).toEqual({ kind: 'no', best: 3 });
    const flush = [meld('pung', '555z'), meld('chow', '123m'), meld('chow', '456m')];
    expect(faanReach(countKinds(tiles('78m99m')), seat(flush), unseen, 4, hk)).toMatchObject({ kind: 'yes' });
  });
});
