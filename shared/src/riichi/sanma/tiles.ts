/**
 * Three-player riichi's tiles (docs/rules/riichi-sanma.md, "Tiles and wall"): the four-player
 * set without the 2 to 8 of characters, 108 tiles. Tile ids stay the four-player ids (`kind * 4
 * + copy`), so a log, a red five (ids 52 and 88) and the notation mean the same at both tables;
 * only the ids of 2m-8m (4 to 31) never occur.
 *
 * The dead wall keeps 14 tiles, but its back holds 8 replacement tiles, not 4: a North set aside
 * is replaced from there like a kong. So the dora indicator is the top of the fifth stack from
 * the back, and each kong's new indicator the next stack towards the live wall, as Tenhou and
 * Mahjong Soul lay it out. Those stacks lie in the dead wall whenever they are turned: the
 * boundary moves one tile towards the live wall per replacement drawn, and an n-th indicator
 * follows at least n replacements.
 */
import type { TileId, TileKind } from '../../tiles.js';
import { windKind } from '../../tiles.js';
import { countDora, doraAfter, doraIndicatorIndex, isRedFive, uraIndicatorIndex } from '../dora.js';

/** Tiles in the three-player set. */
export const SANMA_TILES = 108;

/** Replacement tiles at the back of the dead wall: four for kongs, four for North set aside. */
export const SANMA_REPLACEMENT_TILES = 8;

/** The North wind: set aside as a bonus dora (nukidora) instead of being kept in the hand. */
export const NORTH: TileKind = windKind(4);

const ONE_CHARACTER = 0 as TileKind;
const NINE_CHARACTERS = 8 as TileKind;

/** Whether the three-player set has this kind: everything but 2m to 8m. */
export const inSanmaSet = (kind: TileKind): boolean => kind < 1 || kind > 7;

/** Every tile id of the set, in id order (the order a seed's shuffle starts from). */
export const SANMA_TILE_IDS: readonly TileId[] = Object.freeze(
  Array.from({ length: 136 }, (_, id) => id as TileId).filter((id) => inSanmaSet(Math.floor(id / 4) as TileKind)),
);

/**
 * The tile an indicator makes dora among three: as among four, except that the characters
 * have only 1 and 9, which point at each other (a 1m indicator makes 9m dora, 9m makes 1m).
 */
export function sanmaDoraAfter(indicator: TileKind): TileKind {
  if (indicator === ONE_CHARACTER) return NINE_CHARACTERS;
  if (indicator === NINE_CHARACTERS) return ONE_CHARACTER;
  if (!inSanmaSet(indicator)) throw new RangeError(`${indicator} is not in the three-player set`);
  return doraAfter(indicator);
}

/** Dora in a set of tiles under three-player indicators (the tiles set aside included). */
export const countSanmaDora = (kinds: readonly TileKind[], indicators: readonly TileKind[]): number =>
  countDora(kinds, indicators, sanmaDoraAfter);

/** Index in the wall's order of the n-th dora indicator of a three-player wall. */
export const sanmaDoraIndicatorIndex = (n: number): number =>
  doraIndicatorIndex(SANMA_TILES, n, SANMA_REPLACEMENT_TILES);

/** Index in the wall's order of the n-th ura-dora indicator of a three-player wall. */
export const sanmaUraIndicatorIndex = (n: number): number => uraIndicatorIndex(SANMA_TILES, n, SANMA_REPLACEMENT_TILES);

/** Red fives among three: none, or the four-player set's red 5p and 5s (the red 5m is out with 2m-8m). */
export const SANMA_RED_FIVE_COUNTS = [0, 2] as const;
export type SanmaRedFiveCount = (typeof SANMA_RED_FIVE_COUNTS)[number];

/** Whether a tile is a red five at a three-player table: ids 52 (5p) and 88 (5s) when played. */
export const isSanmaRedFive = (id: TileId, redFives: SanmaRedFiveCount): boolean => redFives === 2 && isRedFive(id, 3);
