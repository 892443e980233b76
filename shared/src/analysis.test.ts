import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AnalysisOptions,
  concealedSizeFor,
  type Group,
  isComplete,
  isNineGates,
  isSevenPairs,
  isThirteenOrphans,
  readyDiscards,
  type StandardReading,
  shanten,
  standardReadings,
  tileCount,
  waits,
} from './analysis.js';
import { formatTiles, tiles } from './notation.js';
import { countKinds, type KindCounts, type TileKind } from './tiles.js';

const counts = (text: string): KindCounts => countKinds(tiles(text));

/** A reading written back in notation, e.g. "11m|123m 456p 777z", for readable comparisons. */
function show(r: StandardReading): string {
  const group = (g: Group): string =>
    formatTiles(g.kind === 'pung' ? [g.first, g.first, g.first] : ([g.first, g.first + 1, g.first + 2] as TileKind[]));
  return `${formatTiles([r.pair, r.pair])}|${r.groups.map(group).join(' ')}`;
}

/** Independent reference: every multiset of legal groups (in nondecreasing order) plus a pair. */
function bruteReadings(c: KindCounts): Set<string> {
  const out = new Set<string>();
  const candidates: Group[] = [];
  for (let k = 0; k < 34; k++) {
    candidates.push({ kind: 'pung', first: k as TileKind });
    if (k < 27 && k % 9 <= 6) candidates.push({ kind: 'chow', first: k as TileKind });
  }
  const a = Uint8Array.from(c.subarray(0, 34));
  const chosen: Group[] = [];
  const tilesOf = (g: Group): number[] =>
    g.kind === 'pung' ? [g.first, g.first, g.first] : [g.first, g.first + 1, g.first + 2];
  const rec = (from: number): void => {
    const left = a.reduce((s, x) => s + x, 0);
    if (left === 2) {
      const p = a.indexOf(2);
      if (p >= 0) out.add(show({ pair: p as TileKind, groups: [...chosen] }));
      return;
    }
    for (let i = from; i < candidates.length; i++) {
      const g = candidates[i]!;
      const ts = tilesOf(g);
      if (!ts.every((t) => a[t]! >= ts.filter((u) => u === t).length)) continue;
      for (const t of ts) a[t]!--;
      chosen.push(g);
      rec(i);
      chosen.pop();
      for (const t of ts) a[t]!++;
    }
  };
  if (tileCount(c) % 3 === 2) rec(0);
  return out;
}

describe('standardReadings', () => {
  it.each([
    // [hand, number of readings, why]
    ['123m456p789s111z22z', 1, 'a plain hand: one reading'],
    ['111222333m456p55s', 2, 'three pungs or three identical chows'],
    ['11122233344455m', 4, 'the classic ambiguous full flush'],
    ['11123456789999m', 1, 'only 11 + 123 456 789 999 (a nine gates shape)'],
    ['22334455667788m', 3, 'a pairs-shaped flush: pair 22, 55 or 88 with twin chows'],
    ['11m', 1, 'a lone pair (four declared melds)'],
    ['123m', 0, 'not 3n+2 tiles'],
    ['12345m', 0, '5 tiles that do not split'],
    ['19m19p19s1234567z1m', 0, 'thirteen orphans is not a standard reading'],
    ['11223344556677z', 0, 'honour pairs: seven pairs only'],
    ['111m', 0, 'three tiles'],
  ])('%s reads %i way(s): %s', (hand, n) => {
    const c = counts(hand);
    const readings = standardReadings(c);
    expect(readings.length).toBe(n);
    expect(new Set(readings.map(show))).toEqual(bruteReadings(c));
  });

  it('names the groups of 111222333m456p55s', () => {
    expect(standardReadings(counts('111222333m456p55s')).map(show)).toEqual([
      '55s|111m 222m 333m 456p',
      '55s|123m 123m 123m 456p',
    ]);
  });
});

describe('special forms', () => {
  it.each([
    ['11223344556677z', true, 'seven honour pairs'],
    ['1199m2288p3377s11z', true, 'mixed suits'],
    ['1111m223344556677p', false, 'four of a kind is not two pairs'],
    ['11223344556677m', true, 'a flush of pairs'],
    ['1122334455667m', false, 'thirteen tiles'],
    ['112233445566m789p', false, 'twelve paired tiles and a chow'],
  ])('isSevenPairs(%s) = %s (%s)', (hand, expected) => {
    expect(isSevenPairs(counts(hand))).toBe(expected);
  });

  it.each([
    ['19m19p19s1234567z1m', true, 'pair of 1m'],
    ['19m19p19s1234567z7z', true, 'pair of Red'],
    ['19m19p19s1234567z', false, 'thirteen tiles'],
    ['19m19p19s1234677z9m', false, 'White missing'],
    ['19m19p19s1234567z5m', false, 'a simple as the fourteenth tile'],
  ])('isThirteenOrphans(%s) = %s (%s)', (hand, expected) => {
    expect(isThirteenOrphans(counts(hand))).toBe(expected);
  });

  it.each(['1', '2', '3', '4', '5', '6', '7', '8', '9'])('1112345678999m + %sm is nine gates', (r) => {
    const c = counts(`1112345678999m${r}m`);
    expect(isNineGates(c)).toBe(true);
    expect(isComplete(c, 0)).toBe(true);
  });

  it.each([
    ['1112345678999p5p', true],
    ['1112345678999s9s', true],
    ['1112345678999m', false],
    ['1123345678999m5m', false],
    ['1112345678999m1p', false],
    ['11123456789999m', true],
  ])('isNineGates(%s) = %s', (hand, expected) => {
    expect(isNineGates(counts(hand))).toBe(expected);
  });
});

describe('isComplete', () => {
  it.each([
    ['123m456p789s111z22z', 0, true],
    ['123m456p789s11z', 1, true],
    ['11z', 4, true],
    ['12z', 4, false],
    ['123m456p789s111z22z', 1, false], // tile count does not match one declared meld
    ['11223344556677z', 0, true],
    ['19m19p19s1234567z9s', 0, true],
    ['1133557799m1133p', 0, true],
    ['123m456p789s1122z', 1, false],
    ['1234m', 3, false],
    ['111222333444m5z', 0, false],
  ] as const)('%s with %i melds: %s', (hand, melds, expected) => {
    expect(isComplete(counts(hand), melds)).toBe(expected);
  });

  it('seven pairs can be turned off; thirteen orphans and special forms need a concealed hand', () => {
    expect(isComplete(counts('11223344556677z'), 0, { sevenPairs: false })).toBe(false);
    expect(isComplete(counts('1133557799m1122p'), 0, { sevenPairs: false })).toBe(false);
    expect(isComplete(counts('22334455667788m'), 0, { sevenPairs: false })).toBe(true); // also standard
  });

  it('refuses a bad meld count', () => {
    expect(isComplete(counts('11z'), 5)).toBe(false);
    expect(isComplete(counts('11z'), -1)).toBe(false);
    expect(isComplete(counts('11z'), 1.5)).toBe(false);
  });
});

describe('waits', () => {
  it.each([
    ['1112345678999m', 0, '123456789m', 'pure nine gates: all nine'],
    ['19m19p19s1234567z', 0, '19m19p19s1234567z', 'thirteen-sided thirteen orphans'],
    ['19m19p19s123457z1m', 0, '6z', 'thirteen orphans waiting on Green'],
    ['1122334455667m', 0, '147m', 'seven pairs single wait plus chow shapes'],
    ['1133557799m113p', 0, '3p', 'seven pairs only'],
    ['2345m', 3, '25m', 'two-sided plus single'],
    ['1111m', 3, '', 'the fifth 1m does not exist'],
    ['1111m234p567s789s', 0, '', '1m-1m wait on a kind already held four times'],
    ['1112m', 3, '23m', '111+2 single or 11+12 edge'],
    ['123m456p789s1234z', 0, '', 'four honours alone'],
    ['23m', 4, '', 'wrong tile count for four melds'],
    ['2m', 4, '2m', 'single wait with four melds'],
    ['5z', 4, '5z', 'honour single wait'],
    ['11z22z', 3, '12z', 'double pung wait'],
    ['3334555m', 2, '23456m', 'five-sided'],
  ] as [string, number, string, string][])('%s with %i melds waits on [%s] (%s)', (hand, melds, expected) => {
    expect(formatTiles(waits(counts(hand), melds))).toBe(expected);
  });

  it('drops the seven pairs wait when seven pairs is off', () => {
    expect(formatTiles(waits(counts('1133557799m113p'), 0, { sevenPairs: false }))).toBe('');
  });
});

describe('readyDiscards', () => {
  it.each([
    ['234m11z', 3, '2m:25m 3m:3m 4m:14m 1z:1z', 'a complete hand: every discard keeps it ready'],
    ['1m4s9p57z', 3, '', 'nothing close'],
    ['234m1z', 3, '', 'wrong tile count for three melds'],
    [
      '1112345678999m5m',
      0,
      '1m:15m 2m:24578m 3m:3m 4m:145m 5m:123456789m 6m:569m 7m:7m 8m:23568m 9m:59m',
      'nine gates: every discard keeps the hand ready, only 5m leaves the nine-sided wait',
    ],
  ] as [string, number, string, string][])('%s with %i melds: [%s] (%s)', (hand, melds, expected) => {
    const shown = readyDiscards(counts(hand), melds)
      .map((r) => `${formatTiles([r.discard])}:${formatTiles(r.waits)}`)
      .join(' ');
    expect(shown).toBe(expected);
  });

  it('agrees with waits after each discard', () => {
    fc.assert(
      fc.property(fc.oneof(handArb(14), builtHandArb(4)), (c) => {
        const ready = new Map(readyDiscards(c, 0).map((r) => [r.discard as number, r.waits]));
        for (let k = 0; k < 34; k++) {
          if (c[k] === 0) continue;
          const d = Uint8Array.from(c);
          d[k]!--;
          const w = waits(d, 0);
          expect(ready.get(k) ?? []).toEqual(w);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('agrees with waits after each discard for every meld count and option, near-ready hands most', () => {
    // A complete hand with one or two tiles swapped: most are one discard from ready, or nearly.
    const nearArb = (groups: number) =>
      fc
        .tuple(builtHandArb(groups), fc.array(fc.integer({ min: 0, max: 33 }), { minLength: 2, maxLength: 2 }))
        .map(([c, [gone, come]]) => {
          const d = Uint8Array.from(c);
          const held = [...d.keys()].filter((k) => d[k]! > 0);
          const k = held[(gone as number) % held.length] as number;
          d[k]!--;
          if (d[come as number]! < 4) d[come as number]!++;
          else d[k]!++;
          return d;
        });
    const optsArb = fc.constantFrom<AnalysisOptions | undefined>(
      undefined,
      { sevenPairs: false },
      { fourAlikePairs: true },
    );
    const handWithMelds = fc
      .integer({ min: 0, max: 3 })
      .chain((melds) =>
        fc.tuple(
          fc.constant(melds),
          fc.oneof(handArb(concealedSizeFor(melds)), builtHandArb(4 - melds), nearArb(4 - melds)),
        ),
      );
    fc.assert(
      fc.property(handWithMelds, optsArb, ([melds, c], opts) => {
        const ready = new Map(readyDiscards(c, melds, opts).map((r) => [r.discard as number, r.waits]));
        for (let k = 0; k < 34; k++) {
          if (c[k] === 0) continue;
          const d = Uint8Array.from(c);
          d[k]!--;
          expect(ready.get(k) ?? [], `discard ${k}`).toEqual(waits(d, melds, opts));
        }
      }),
      { numRuns: 3000 },
    );
    // Hands the gate must not turn away: seven pairs, thirteen orphans, four alike as two pairs.
    for (const [hand, opts] of [
      ['1122m3344p5566s7z1z', undefined],
      ['19m19p19s1234567z5m', undefined],
      ['11112222m3333p45s', { fourAlikePairs: true }],
    ] as [string, AnalysisOptions | undefined][]) {
      expect(readyDiscards(counts(hand), 0, opts).length, hand).toBeGreaterThan(0);
    }
  });
});

describe('shanten', () => {
  it.each([
    ['123m456p789s111z22z', 0, -1],
    ['123m456p789s111z2z', 0, 0],
    ['123456789m1234z', 0, 2],
    ['19m19p19s1234567z', 0, 0],
    ['1122334455667z', 0, 0],
    ['147m258p369s1234z', 0, 6], // no partial set at all; seven pairs needs six pairs and a kind
    ['1m', 4, 0],
    ['1m9p4s5z', 3, 2],
    ['1479m', 3, 1],
    ['19m19p19s1112345z', 0, 1], // thirteen orphans beats the pung
  ] as const)('%s with %i melds is %i', (hand, melds, expected) => {
    expect(shanten(counts(hand), melds)).toBe(expected);
  });

  it.each([
    ['1122334455667m', 0, 'six pairs and a single'],
    ['112233445566m1z', 0, 'six pairs and an honour'],
    ['11112233445566m', -1, 'complete as a standard hand (1111 is not two pairs, but 11 123 123 456 456 + 1)'],
    ['1111223344556z', 2, 'four of a kind counts as one pair: five pairs and a kind short'],
    ['1357m1357p1357s1z', 4, 'no pairs: seven pairs is 6 away, the gapped shapes make standard 4'],
  ] as [string, number, string][])('seven pairs shapes: %s is %i (%s)', (hand, expected) => {
    expect(shanten(counts(hand), 0)).toBe(expected);
  });

  it('seven pairs off changes a pairs hand', () => {
    expect(shanten(counts('1122334455z6677s'), 0)).toBe(-1);
    expect(shanten(counts('1122334455z6677s'), 0, { sevenPairs: false })).toBe(3);
  });
});

// ---------------------------------------------------------------------------------------------
// Properties

/** Random concealed hands of `size` tiles from a real 136-tile set (at most four per kind). */
const handArb = (size: number): fc.Arbitrary<KindCounts> =>
  fc
    .shuffledSubarray(
      Array.from({ length: 136 }, (_, i) => Math.floor(i / 4) as TileKind),
      {
        minLength: size,
        maxLength: size,
      },
    )
    .map((ks) => countKinds(ks));

/** Near-complete hands: `groups` random groups plus a pair, then drop `drop` tiles. */
const builtHandArb = (groups: number): fc.Arbitrary<KindCounts> =>
  fc
    .tuple(
      fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 0, max: 33 })), { minLength: groups, maxLength: groups }),
      fc.integer({ min: 0, max: 33 }),
    )
    .map(([gs, pair]) => {
      const c = new Uint8Array(42);
      c[pair]! += 2;
      for (const [chow, k] of gs) {
        if (chow && k < 27 && k % 9 <= 6) {
          c[k]!++;
          c[k + 1]!++;
          c[k + 2]!++;
        } else c[k]! += 3;
      }
      return c;
    })
    .filter((c) => c.every((x) => x <= 4));

const withTile = (c: KindCounts, k: number): KindCounts => {
  const d = Uint8Array.from(c);
  d[k]!++;
  return d;
};

describe('properties', () => {
  it('a complete standard hand really splits into legal groups and a pair', () => {
    fc.assert(
      fc.property(fc.oneof(handArb(14), builtHandArb(4)), fc.integer({ min: 0, max: 4 }), (c, melds) => {
        // Take any `melds` readings' groups away as if declared: a declared meld is outside the counts.
        const complete = isComplete(c, 0);
        const readings = standardReadings(c);
        const special = isSevenPairs(c) || isThirteenOrphans(c);
        expect(complete).toBe(readings.length > 0 || special);
        for (const r of readings) {
          const rebuilt = new Uint8Array(42);
          rebuilt[r.pair]! += 2;
          expect(r.groups.length).toBe(4);
          for (const g of r.groups) {
            if (g.kind === 'chow') {
              expect(g.first < 27 && g.first % 9 <= 6).toBe(true);
              rebuilt[g.first]!++;
              rebuilt[g.first + 1]!++;
              rebuilt[g.first + 2]!++;
            } else rebuilt[g.first]! += 3;
          }
          expect(Array.from(rebuilt)).toEqual(Array.from(c));
        }
        // Fewer concealed tiles beside declared melds: the same agreement holds.
        const first = readings[0];
        if (first !== undefined && melds > 0) {
          const smaller = Uint8Array.from(c);
          for (const g of first.groups.slice(0, melds)) {
            if (g.kind === 'chow') {
              smaller[g.first]!--;
              smaller[g.first + 1]!--;
              smaller[g.first + 2]!--;
            } else smaller[g.first]! -= 3;
          }
          expect(isComplete(smaller, melds)).toBe(true);
          expect(isComplete(smaller, melds - 1)).toBe(false);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('isComplete agrees with readings, seven pairs and thirteen orphans for every meld count', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 0, max: 4 })
          .chain((melds) =>
            fc.tuple(fc.constant(melds), fc.oneof(handArb(14 - 3 * melds), builtHandArb(4 - melds)), fc.boolean()),
          ),
        ([melds, c, sevenPairs]) => {
          const special = melds === 0 && ((sevenPairs && isSevenPairs(c)) || isThirteenOrphans(c));
          expect(isComplete(c, melds, { sevenPairs })).toBe(standardReadings(c).length > 0 || special);
        },
      ),
      { numRuns: 400 },
    );
  });

  it('isComplete agrees with readings on every one-suit hand of 2, 5, 8 and 11 tiles (and honours up to 14)', () => {
    // Exhaustive: every count vector of the characters suit (and of the honours) with that many
    // tiles, at most four of a kind. One-suit hands are where split mistakes hide.
    let checked = 0;
    const visit = (c: Uint8Array, at: number, end: number, left: number, melds: number): void => {
      if (at === end) {
        if (left !== 0) return;
        checked++;
        const standard = standardReadings(c).length > 0;
        const special = melds === 0 && (isSevenPairs(c) || isThirteenOrphans(c));
        if (isComplete(c, melds) !== (standard || special)) {
          expect.fail(`${formatTiles(Array.from(c.subarray(0, 34)).flatMap((n, k) => Array(n).fill(k)))}`);
        }
        return;
      }
      for (let n = 0; n <= Math.min(4, left); n++) {
        c[at] = n;
        visit(c, at + 1, end, left - n, melds);
      }
      c[at] = 0;
    };
    for (const melds of [4, 3, 2, 1]) visit(new Uint8Array(42), 0, 9, 14 - 3 * melds, melds);
    for (const melds of [4, 3, 2, 1, 0]) visit(new Uint8Array(42), 27, 34, 14 - 3 * melds, melds);
    expect(checked).toBeGreaterThan(60_000);
  });

  it('readings agree with the brute-force reference', () => {
    fc.assert(
      fc.property(fc.oneof(builtHandArb(4), builtHandArb(3), handArb(11)), (c) => {
        expect(new Set(standardReadings(c).map(show))).toEqual(bruteReadings(c));
      }),
      { numRuns: 150 },
    );
  });

  it('waits(h) is exactly the kinds k (fewer than four held) with isComplete(h + k)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4 }).chain((melds) =>
          fc.tuple(
            fc.constant(melds),
            fc.oneof(
              handArb(13 - 3 * melds),
              builtHandArb(4 - melds).map((c) => {
                // drop the first tile held: a near-ready hand
                const k = c.findIndex((x) => x > 0);
                c[k]!--;
                return c;
              }),
            ),
            fc.boolean(),
          ),
        ),
        ([melds, c, sevenPairs]) => {
          const expected: number[] = [];
          for (let k = 0; k < 34; k++) {
            if (c[k]! < 4 && isComplete(withTile(c, k), melds, { sevenPairs })) expected.push(k);
          }
          expect(waits(c, melds, { sevenPairs })).toEqual(expected);
          // Ready hands are shanten 0; a waiting hand is never counted as further away.
          if (expected.length > 0) expect(shanten(c, melds, { sevenPairs })).toBe(0);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('shanten is -1 exactly for complete hands, and one exchange moves it by at most one', () => {
    fc.assert(
      fc.property(
        fc.oneof(handArb(14), builtHandArb(4)),
        fc.integer({ min: 0, max: 33 }),
        fc.integer({ min: 0, max: 33 }),
        (c, out, inn) => {
          const s = shanten(c, 0);
          expect(s === -1).toBe(isComplete(c, 0));
          expect(s).toBeLessThanOrEqual(6);
          if (c[out]! === 0 || c[inn]! >= 4 || out === inn) return;
          const d = Uint8Array.from(c);
          d[out]!--;
          // 13 tiles: shanten after the discard is at least the 14-tile value, at most one more
          // than after the best discard.
          const s13 = shanten(d, 0);
          expect(s13).toBeGreaterThanOrEqual(s);
          d[inn]!++;
          expect(Math.abs(shanten(d, 0) - s)).toBeLessThanOrEqual(1);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('7-tile hands (two declared melds): shanten + 1 is the fewest tiles missing from any complete hand', () => {
    // Independent oracle: enumerate every complete 8-tile hand (two groups and a pair, copies
    // unbounded as in any shanten count) and measure how many of its tiles the hand lacks.
    const groups: number[][] = [];
    for (let k = 0; k < 34; k++) {
      groups.push([k, k, k]);
      if (k < 27 && k % 9 <= 6) groups.push([k, k + 1, k + 2]);
    }
    const completes: Uint8Array[] = [];
    for (let a = 0; a < groups.length; a++) {
      for (let b = a; b < groups.length; b++) {
        for (let p = 0; p < 34; p++) {
          const c = new Uint8Array(34);
          for (const t of [...groups[a]!, ...groups[b]!, p, p]) c[t]!++;
          completes.push(c);
        }
      }
    }
    const missing = (h: KindCounts): number => {
      let best = 99;
      for (const c of completes) {
        let m = 0;
        for (let k = 0; k < 34 && m < best; k++) if (c[k]! > h[k]!) m += c[k]! - h[k]!;
        if (m < best) best = m;
      }
      return best;
    };
    fc.assert(
      fc.property(
        fc.oneof(
          handArb(7),
          builtHandArb(2).map((c) => {
            c[c.indexOf(Math.max(...c))]!--;
            return c;
          }),
        ),
        (h) => {
          expect(shanten(h, 2)).toBe(missing(h) - 1);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('small hands: shanten equals the brute-force number of exchanges to a ready hand', () => {
    // With three declared melds, 4 concealed tiles: ready means some tile (even a fifth copy)
    // completes; count the fewest single-tile exchanges to get there.
    const complete = (c: KindCounts): boolean => {
      for (let k = 0; k < 34; k++) if (isComplete(withTile(c, k), 3)) return true;
      return false;
    };
    const exchanges = (c: KindCounts, depth: number): boolean => {
      if (depth === 0) return complete(c);
      for (let o = 0; o < 34; o++) {
        if (c[o] === 0) continue;
        for (let i = 0; i < 34; i++) {
          if (i === o) continue;
          const d = Uint8Array.from(c);
          d[o]!--;
          d[i]!++;
          if (exchanges(d, depth - 1)) return true;
        }
      }
      return false;
    };
    fc.assert(
      fc.property(handArb(4), (c) => {
        let truth = 0;
        while (!exchanges(c, truth)) truth++;
        expect(shanten(c, 3)).toBe(truth);
      }),
      { numRuns: 60 },
    );
  });
});

describe('seven pairs with four of a kind as two pairs (fourAlikePairs, hk-new)', () => {
  const FOUR = { fourAlikePairs: true };

  it('isSevenPairs and isComplete take four of a kind as two pairs only with the option', () => {
    const c = counts('1111m2233p4455s77z');
    expect(isSevenPairs(c)).toBe(false);
    expect(isSevenPairs(c, true)).toBe(true);
    expect(isSevenPairs(counts('1111m2222p4455s77z'), true)).toBe(true);
    expect(isSevenPairs(counts('111m22233p4455s77z'), true)).toBe(false); // threes are not pairs
    expect(isComplete(c, 0)).toBe(false);
    expect(isComplete(c, 0, FOUR)).toBe(true);
    expect(isComplete(c, 0, { ...FOUR, sevenPairs: false })).toBe(false);
  });

  it('waits: three of a kind waits on its fourth; four of a kind leaves a single waiting', () => {
    expect(formatTiles(waits(counts('111m2233p4455s77z'), 0))).toBe('');
    expect(formatTiles(waits(counts('111m2233p4455s77z'), 0, FOUR))).toBe('1m');
    expect(formatTiles(waits(counts('1111m2233p4455s7z'), 0))).toBe('');
    expect(formatTiles(waits(counts('1111m2233p4455s7z'), 0, FOUR))).toBe('7z');
    expect(formatTiles(waits(counts('1111m2233p4455s7z'), 0, { ...FOUR, sevenPairs: false }))).toBe('');
  });

  it('a hand ready only on a fifth copy of a kind it holds four of has no wait but shanten 0', () => {
    // Found by the property below: 234m 234m 555m 222z + 2z would be complete with a fifth 2z.
    const c = counts('223344555m2222z');
    expect(formatTiles(waits(c, 0))).toBe('');
    expect(shanten(c, 0)).toBe(0);
  });

  it('shanten counts four of a kind as two pairs', () => {
    expect(shanten(counts('1111m2233p4455s77z'), 0)).toBeGreaterThan(-1);
    expect(shanten(counts('1111m2233p4455s77z'), 0, FOUR)).toBe(-1);
    expect(shanten(counts('111m2233p4455s77z'), 0, FOUR)).toBe(0);
    expect(shanten(counts('1111223344556z'), 0, FOUR)).toBe(0); // the four as two pairs, four more and a single: ready (2 without)
  });

  /** Hands of pairs (a kind may come twice: four of a kind), minus `drop` tiles. */
  const pairsArb = (drop: number): fc.Arbitrary<KindCounts> =>
    fc.array(fc.integer({ min: 0, max: 33 }), { minLength: 7, maxLength: 7 }).chain((kinds) => {
      const c = new Uint8Array(42);
      for (const k of kinds) c[k] = Math.min(4, c[k]! + 2);
      const held = kinds.filter((k, i) => kinds.indexOf(k) === i);
      return fc.subarray(held, { minLength: drop, maxLength: drop }).map((gone) => {
        const out = Uint8Array.from(c);
        for (const k of gone) out[k]!--;
        return out as KindCounts;
      });
    });

  it('waits(h) is exactly the kinds k with isComplete(h + k), with and without the option', () => {
    fc.assert(
      fc.property(fc.oneof(pairsArb(1), handArb(13)), fc.boolean(), fc.boolean(), (c, sevenPairs, fourAlikePairs) => {
        if (tileCount(c) !== 13) return;
        const opts = { sevenPairs, fourAlikePairs };
        const expected: number[] = [];
        for (let k = 0; k < 34; k++) if (c[k]! < 4 && isComplete(withTile(c, k), 0, opts)) expected.push(k);
        expect(waits(c, 0, opts)).toEqual(expected);
        // Shanten counts shape, not tiles left: a hand whose only completing kind is one it
        // holds all four of (223344555m + 2222z waits on a fifth 2z) is ready yet has no wait.
        const readyOnFifth = c.some((n, k) => k < 34 && n === 4 && isComplete(withTile(c, k), 0, opts));
        if (expected.length > 0 || readyOnFifth) expect(shanten(c, 0, opts)).toBe(0);
        else expect(shanten(c, 0, opts)).toBeGreaterThan(0);
      }),
      { numRuns: 400 },
    );
  });
});
