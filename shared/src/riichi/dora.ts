/**
 * Dora: the indicators in the dead wall, the tile each one makes dora, and red fives.
 *
 * The wall (wall.ts) is one array in drawing order whose last 14 tiles are the dead wall, and
 * replacement draws after a kong take the last tiles first (at most four: a fifth kong is never
 * played). So, counting from the end of the array: tiles 1-4 are the replacement tiles, and
 * the five stacks after them hold the indicators, the dora indicator on top (`end - 5 - 2n`)
 * and the ura-dora indicator under it (`end - 6 - 2n`). Those ten positions are never drawn:
 * live draws stop 14 tiles before the moving dead-wall boundary.
 */
import { isSuited, type TileId, type TileKind } from '../tiles.js';

/** At most five indicators: the first, then one per kong. */
export const MAX_INDICATORS = 5;

/** Replacement tiles at the back of a four-player dead wall (one per kong). */
export const REPLACEMENT_TILES = 4;

/**
 * Index in the wall's order of the n-th dora indicator (n = 0 first): the top of the first
 * stack before the `replacements` replacement tiles (4 among four; 8 among three, where North
 * tiles set aside are replaced too: `sanma/tiles.ts`).
 */
export function doraIndicatorIndex(wallSize: number, n: number, replacements = REPLACEMENT_TILES): number {
  if (!Number.isInteger(n) || n < 0 || n >= MAX_INDICATORS) throw new RangeError(`indicator ${n} out of 0-4`);
  return wallSize - replacements - 1 - 2 * n;
}

/** Index in the wall's order of the n-th ura-dora indicator (under the n-th dora indicator). */
export function uraIndicatorIndex(wallSize: number, n: number, replacements = REPLACEMENT_TILES): number {
  return doraIndicatorIndex(wallSize, n, replacements) - 1;
}

/**
 * The tile an indicator makes dora: the next in its suit (9 wraps to 1), the next wind
 * (East, South, West, North, East) or the next dragon (White, Green, Red, White).
 */
export function doraAfter(indicator: TileKind): TileKind {
  if (isSuited(indicator)) {
    const base = indicator - (indicator % 9);
    return (base + ((indicator - base + 1) % 9)) as TileKind;
  }
  if (indicator >= 27 && indicator <= 30) return (27 + ((indicator - 27 + 1) % 4)) as TileKind;
  if (indicator >= 31 && indicator <= 33) return (31 + ((indicator - 31 + 1) % 3)) as TileKind;
  throw new RangeError(`${indicator} is not a playing tile`);
}

/**
 * How many dora a set of tiles holds: each tile counts once per indicator pointing at it.
 * `next` is the table's indicator rule (three players: `sanmaDoraAfter`).
 */
export function countDora(
  kinds: readonly TileKind[],
  indicators: readonly TileKind[],
  next: (indicator: TileKind) => TileKind = doraAfter,
): number {
  let n = 0;
  for (const indicator of indicators) {
    const dora = next(indicator);
    for (const k of kinds) if (k === dora) n += 1;
  }
  return n;
}

const FIVES = new Set([4, 13, 22]);

/**
 * With red fives in play (one per suit), the red one is the first copy of each five: tile ids
 * 16 (5m), 52 (5p) and 88 (5s). Fixed so a wall and a log say the same thing everywhere.
 */
export function isRedFive(id: TileId, redFives: 0 | 3): boolean {
  return redFives === 3 && id % 4 === 0 && FIVES.has(id / 4);
}

/** The kinds of the red fives among `ids`, in kind order (at most one per suit). */
export function redKinds(ids: readonly TileId[], redFives: 0 | 3): TileKind[] {
  if (redFives === 0) return [];
  const out: TileKind[] = [];
  for (const id of ids) if (isRedFive(id, redFives)) out.push((id / 4) as TileKind);
  return out.sort((a, b) => a - b);
}
