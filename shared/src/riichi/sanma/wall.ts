/**
 * The three-player wall: the 108 tiles shuffled from a seed exactly as the four-player wall is
 * (`../../wall.ts`: the seed's SHA-256 seeds xoroshiro128+, an unbiased Fisher-Yates shuffle,
 * two dice), then broken among three walls of 18 stacks. Draws, replacement draws and the
 * 14-tile dead wall are the four-player wall's functions (`drawLive`, `drawReplacement`,
 * `liveCount`); the indicators' places are `sanmaDoraIndicatorIndex` (8 replacement tiles).
 */
import { shuffleAndBreak, type WallState } from '../../wall.js';
import { SANMA_TILE_IDS } from './tiles.js';

/** The wall of a three-player hand from its seed (`handSeed(matchSeed, n)`, as among four). */
export const buildSanmaWall = (seed: string): WallState => shuffleAndBreak(seed, SANMA_TILE_IDS, 3);
