/**
 * Danger levels: fixed positions (genbutsu, a discard let pass since the declaration, suji, a
 * wall, honours seen), and against brute force: a side of a two-sided wait counts as ruled out
 * exactly when every two-sided shape that waits on the tile from that side either needs a kind
 * whose four copies are visible or also waits on a safe kind (furiten).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tile, tiles } from '../notation.js';
import type { TileKind } from '../tiles.js';
import { DANGER_REASONS, tileDanger } from './danger.js';

const none = new Uint8Array(34);

describe('tile danger against a riichi', () => {
  it('reads genbutsu, suji, walls and honours', () => {
    const safe = new Set(tiles('4m1p'));
    expect(tileDanger(tile('4m'), safe, none).reason).toBe('safe');
    // 1m and 7m are suji of 4m, each on its only side (a 7's high side 8-9 is an edge wait).
    expect(tileDanger(tile('1m'), safe, none).reason).toBe('bothSides');
    expect(tileDanger(tile('7m'), safe, none)).toMatchObject({ reason: 'bothSides', suji: true });
    expect(tileDanger(tile('4p'), safe, none).reason).toBe('oneSide');
    expect(tileDanger(tile('5m'), safe, none).reason).toBe('middle');
    expect(tileDanger(tile('9s'), safe, none).reason).toBe('terminal');
    // Four 8s visible: a 9 (only side 7-8) and a 6's high side (7-8) cannot be two-sided waits.
    const seen = new Uint8Array(34);
    seen[tile('8s')] = 4;
    expect(tileDanger(tile('9s'), new Set(), seen)).toMatchObject({ reason: 'bothSides', kabe: true });
    expect(tileDanger(tile('6s'), new Set(), seen).reason).toBe('oneSide');
    seen[tile('5z')] = 3;
    expect(tileDanger(tile('5z'), new Set(), seen).reason).toBe('honourSeen');
    expect(tileDanger(tile('6z'), new Set(), seen).reason).toBe('honour');
    expect(tileDanger(tile('6z'), new Set(tiles('6z')), seen).level).toBe(0);
  });

  it('rules a side out exactly when no two-sided shape on that side is left (brute force)', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { maxLength: 4 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 8 }), { maxLength: 2 }),
        fc.integer({ min: 0, max: 8 }),
        (safeRanks, wallRanks, rank) => {
          const safe = new Set(safeRanks.map((r) => r as TileKind));
          const visible = new Uint8Array(34);
          for (const r of wallRanks) visible[r] = 4;
          const k = rank as TileKind;
          const r = rank + 1; // 1-9
          // A side of a two-sided wait on r: the shape (r-2, r-1) waiting on r-3 and r (from r = 4
          // up), or (r+1, r+2) waiting on r and r+3 (up to r = 6). It is ruled out when one of
          // its kinds has all four copies visible, or when its other wait is safe (furiten).
          const ruledOut = (side: 'low' | 'high') => {
            const shape = side === 'low' ? [r - 2, r - 1] : [r + 1, r + 2];
            const other = side === 'low' ? r - 3 : r + 3;
            return shape.some((x) => visible[x - 1] === 4) || safe.has((other - 1) as TileKind);
          };
          const sides = [...(r >= 4 ? ['low' as const] : []), ...(r <= 6 ? ['high' as const] : [])];
          const out = sides.filter(ruledOut).length;
          const d = tileDanger(k, safe, visible);
          const expected = safe.has(k)
            ? 'safe'
            : out === sides.length
              ? 'bothSides'
              : out > 0
                ? 'oneSide'
                : r === 1 || r === 9
                  ? 'terminal'
                  : 'middle';
          expect(d.reason).toBe(expected);
          expect(d.level).toBe(DANGER_REASONS.indexOf(d.reason));
        },
      ),
      { numRuns: 300 },
    );
  });
});
