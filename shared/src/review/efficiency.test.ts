/**
 * The efficiency figures against brute force on small positions (a few concealed tiles beside
 * declared melds): shanten worked out by trying every sequence of draws and discards until the
 * hand is complete, with a complete-hand check of its own (no tables), and effective tiles by
 * drawing every kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tiles } from '../notation.js';
import { countKinds, type KindCounts, type TileKind } from '../tiles.js';
import { byEfficiency, discardCandidates } from './efficiency.js';

/** Whether counts split into groups and exactly one pair, by trying every split (no tables). */
function bruteComplete(c: Uint8Array, pairUsed = false): boolean {
  let k = 0;
  while (k < 34 && c[k] === 0) k++;
  if (k === 34) return pairUsed;
  let ok = false;
  if (!pairUsed && c[k]! >= 2) {
    c[k]! -= 2;
    ok = bruteComplete(c, true);
    c[k]! += 2;
  }
  if (!ok && c[k]! >= 3) {
    c[k]! -= 3;
    ok = bruteComplete(c, pairUsed);
    c[k]! += 3;
  }
  if (!ok && k < 27 && k % 9 <= 6 && c[k + 1]! > 0 && c[k + 2]! > 0) {
    c[k]!--;
    c[k + 1]!--;
    c[k + 2]!--;
    ok = bruteComplete(c, pairUsed);
    c[k]!++;
    c[k + 1]!++;
    c[k + 2]!++;
  }
  return ok;
}

/** Answers of `reaches` by hand and draws: the same hands come back through many paths. */
const reached = new Map<string, boolean>();

/** Whether the 3n+1 hand `c` completes within `draws` draws (discarding after each but the last). */
function reaches(c: Uint8Array, draws: number): boolean {
  const key = `${draws}:${c.subarray(0, 34).join('')}`;
  const known = reached.get(key);
  if (known !== undefined) return known;
  const answer = tryDraws(c, draws);
  reached.set(key, answer);
  return answer;
}

function tryDraws(c: Uint8Array, draws: number): boolean {
  for (let a = 0; a < 34; a++) {
    if (c[a]! >= 4) continue;
    c[a]!++;
    let ok = bruteComplete(c);
    if (!ok && draws > 1) {
      for (let e = 0; e < 34 && !ok; e++) {
        if (c[e] === 0) continue;
        c[e]!--;
        ok = reaches(c, draws - 1);
        c[e]!++;
      }
    }
    c[a]!--;
    if (ok) return true;
  }
  return false;
}

/** Brute-force shanten of a 3n+1 hand: the fewest draws that complete it, minus one. */
function bruteShanten(c: Uint8Array, limit: number): number {
  for (let d = 1; d <= limit; d++) if (reaches(c, d)) return d - 1;
  return limit;
}

/** Brute-force candidates: every discard, its shanten, and the kinds whose draw lowers it. */
function bruteCandidates(hand: KindCounts, limit: number, unseen: readonly number[]) {
  const out = [];
  const c = Uint8Array.from(hand);
  for (let d = 0; d < 34; d++) {
    if (c[d] === 0) continue;
    c[d]!--;
    const sh = bruteShanten(c, limit);
    const effective: TileKind[] = [];
    for (let a = 0; a < 34; a++) {
      if (c[a]! >= 4) continue;
      c[a]!++;
      // The shanten of 3n+2 tiles: -1 complete, else the best of its discards.
      let after = bruteComplete(c) ? -1 : limit;
      for (let e = 0; e < 34; e++) {
        if (c[e] === 0) continue;
        c[e]!--;
        after = Math.min(after, bruteShanten(c, limit));
        c[e]!++;
      }
      c[a]!--;
      if (after < sh) effective.push(a as TileKind);
    }
    c[d]!++;
    out.push({ tile: d as TileKind, shanten: sh, effective, copies: effective.reduce((n, k) => n + unseen[k]!, 0) });
  }
  return out.sort(byEfficiency);
}

/** Small hands: kinds from a few neighbouring ranks and two honours, at most two copies each. */
const smallHand = (size: number) =>
  fc.uniqueArray(fc.integer({ min: 0, max: 2 * 9 + 2 - 1 }), { minLength: size, maxLength: size }).chain((slots) =>
    fc.constant(
      // Slots 0-17 are 1m-9m and 1p-9p, 18-19 East and White; each slot a kind held once.
      slots.map((s) => (s < 18 ? s : s === 18 ? 27 : 31) as TileKind),
    ),
  );

describe('discard candidates against brute force', () => {
  it('five tiles beside three melds: every discard, its shanten and effective tiles', () => {
    fc.assert(
      fc.property(smallHand(5), fc.array(fc.integer({ min: 0, max: 4 }), { minLength: 34, maxLength: 34 }), (h, u) => {
        const hand = countKinds(h);
        const got = discardCandidates(hand, 3, u);
        expect(got).toEqual(bruteCandidates(hand, 3, u));
      }),
      { numRuns: 20 },
    );
  });

  it('eight tiles beside two melds, near complete: the same figures', () => {
    // Two groups, a pair and two loose tiles (shanten 1 at most after the right discard).
    const cases = ['1234m55p79m', '2345m22p46m', '1112m34p56p', '3456m11z57p', '2234m88p13m'].map((t) =>
      countKinds(tiles(t)),
    );
    const unseen = Array.from({ length: 34 }, (_, k) => (k * 7) % 5);
    for (const hand of cases) {
      const got = discardCandidates(hand, 2, unseen);
      // Brute force searches at most three draws: every discard here is within two.
      expect(got).toEqual(bruteCandidates(hand, 3, unseen));
      expect(got[0]!.shanten).toBeLessThanOrEqual(1);
    }
  }, 120_000);

  it('only the allowed discards are candidates, ranked best first', () => {
    const hand = countKinds(tiles('1239m456p789s1155z'));
    const all = discardCandidates(hand, 0, new Array(34).fill(2));
    expect(all[0]!.shanten).toBe(0);
    for (let i = 1; i < all.length; i++) expect(byEfficiency(all[i - 1]!, all[i]!)).toBeLessThan(0);
    const only = discardCandidates(hand, 0, new Array(34).fill(2), undefined, [tiles('1m')[0]!]);
    expect(only.map((c) => c.tile)).toEqual(tiles('1m'));
    expect(only[0]!.shanten).toBe(1);
  });
});
