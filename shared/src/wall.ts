/**
 * The wall: a deterministic shuffle from a seed, the dice of the break, live draws from the front
 * and replacement draws (kongs, bonus tiles) from the 14-tile dead wall at the back.
 *
 * Randomness: the seed's SHA-256 digest seeds pure-rand's xoroshiro128+, which drives an unbiased
 * Fisher-Yates shuffle (pure-rand's uniform integer distribution) and then two dice (docs/rules/hong-kong.md:
 * the wall is broken where two dice say). Nothing
 * depends on the platform, so the same seed gives the same wall on every machine.
 *
 * Commit-reveal: the server draws a match seed from `crypto.randomBytes`, publishes
 * `seedHash(matchSeed)` when the match starts and reveals the seed when it ends; each hand's wall
 * is `buildWall(handSeed(matchSeed, n))`, so anyone can rebuild every wall and check it.
 *
 * State is plain data (JSON-safe); every function returns a new state.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { allTileIds, type TileId } from './tiles.js';

export interface WallState {
  /** The shuffled wall after the break, in drawing order: live draws from the front (index
   * `head`), replacement draws from the back (index `tail - 1`). */
  readonly order: readonly TileId[];
  /** Index of the next live draw. */
  readonly head: number;
  /** One past the next replacement draw. The 14 tiles before `tail` are the dead wall. */
  readonly tail: number;
  /** The two break dice (1-6 each), for display. */
  readonly dice: readonly [number, number];
}

export const DEAD_WALL_SIZE = 14;

/** Walls are built in stacks of two: a side holds 18 stacks (144 tiles, or 108 among three) or 17
 * (136). */
const STACK = 2;

function digest(text: string): Uint8Array {
  return sha256(utf8ToBytes(text));
}

/** sha256 hex of the seed, published at the start of a match. */
export function seedHash(seed: string): string {
  return bytesToHex(digest(seed));
}

/** Commit-reveal check: does the revealed seed hash to the published value? Case-insensitive. */
export function verifySeed(seed: string, hash: string): boolean {
  return seedHash(seed) === hash.trim().toLowerCase();
}

/** A seed from random bytes (the server passes `crypto.randomBytes(32)`): their hex. Fewer than
 * 16 bytes would make the seed guessable from its published hash, so that is refused as a bug. */
export function randomSeedHex(bytes: Uint8Array): string {
  if (bytes.length < 16) throw new RangeError(`a seed needs at least 16 random bytes, got ${bytes.length}`);
  return bytesToHex(bytes);
}

/** The seed of hand `handNumber` (0, 1, ...) of a match: sha256 hex of `${matchSeed}/hand/${n}`. */
export function handSeed(matchSeed: string, handNumber: number): string {
  return seedHash(`${matchSeed}/hand/${handNumber}`);
}

/** xoroshiro128+ seeded with the first 16 bytes of the seed's digest (four 32-bit words, big-endian). */
function rngFor(seed: string) {
  const d = digest(seed);
  const words: number[] = [];
  for (let w = 0; w < 4; w++) {
    words.push((d[4 * w]! << 24) | (d[4 * w + 1]! << 16) | (d[4 * w + 2]! << 8) | d[4 * w + 3]!);
  }
  // An all-zero state would only ever give zeros; a digest of 16 zero bytes does not occur in practice.
  if (!words.some((x) => x !== 0)) words[0] = 1;
  return xoroshiro128plusFromState(words);
}

/**
 * Where the wall is broken, as an offset into the shuffled tiles, following the table:
 * the shuffled tiles are laid out as stacks of two (top tile first) clockwise around the table,
 * starting at the right end of the dealer's wall. The two dice's total t (2-12) counts seats
 * counter-clockwise from the dealer (1 = dealer) to pick a wall, then t stacks from that wall's
 * right end: live draws start with the next stack and go clockwise, so the stacks just
 * counter-clockwise of the break (the counted ones first) end up at the back as the dead wall.
 * Walls clockwise from the dealer's are the seats 3, 2, 1 counter-clockwise from it. A wall side
 * holds 17 or 18 stacks, so counting never runs past its end.
 *
 * `sides` is the number of walls, one per player: 4, or 3 at a three-player table, where each
 * player builds a wall of 18 stacks from the 108 tiles (docs/rules/riichi-sanma.md, "Wall").
 */
export function breakOffset(dice: readonly [number, number], size: number, sides: 3 | 4 = 4): number {
  const total = dice[0] + dice[1];
  const side = size / sides;
  const wall = (total - 1) % sides; // seats counter-clockwise from the dealer
  const wallStart = ((sides - wall) % sides) * side; // its right end, counted clockwise from the dealer's
  return (wallStart + total * STACK) % size;
}

/**
 * Shuffles `tiles` (in their given order before the shuffle), rolls the two dice and breaks the
 * wall among `sides` walls: the one procedure every table's wall goes through, so that a seed
 * means the same thing at a four-player and a three-player table.
 */
export function shuffleAndBreak(seed: string, tiles: readonly TileId[], sides: 3 | 4): WallState {
  const size = tiles.length;
  const rng = rngFor(seed);
  const shuffled = [...tiles];
  for (let i = size - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const t = shuffled[i]!;
    shuffled[i] = shuffled[j]!;
    shuffled[j] = t;
  }
  const dice = [uniformInt(rng, 1, 6), uniformInt(rng, 1, 6)] as const;
  const at = breakOffset(dice, size, sides);
  const order = [...shuffled.slice(at), ...shuffled.slice(0, at)];
  return { order, head: 0, tail: size, dice };
}

/** Shuffles 144 tiles (with bonus tiles) or 136, rolls the two dice and breaks the wall. */
export function buildWall(seed: string, options: { readonly bonus: boolean }): WallState {
  return shuffleAndBreak(seed, allTileIds(options.bonus), 4);
}

/**
 * A wall in a given drawing order, unshuffled: for tests and replays that need particular
 * hands. The last 14 tiles are the dead wall.
 */
export function wallFromOrder(order: readonly TileId[], dice: readonly [number, number] = [1, 1]): WallState {
  return { order: [...order], head: 0, tail: order.length, dice };
}

/** Tiles still drawable from the live wall (0: the hand is drawn). */
export function liveCount(w: WallState): number {
  return Math.max(0, w.tail - w.head - DEAD_WALL_SIZE);
}

/** Tiles in the dead wall: 14 while the live wall can feed it, fewer only at the very end. */
export function deadCount(w: WallState): number {
  return Math.min(DEAD_WALL_SIZE, w.tail - w.head);
}

/** Draws the next live tile; null when the live wall is empty (the hand is drawn). */
export function drawLive(w: WallState): { tile: TileId; wall: WallState } | null {
  if (liveCount(w) === 0) return null;
  return { tile: w.order[w.head]!, wall: { order: w.order, head: w.head + 1, tail: w.tail, dice: w.dice } };
}

/**
 * Draws a replacement tile from the back of the dead wall (after a kong or a bonus tile). The dead
 * wall keeps 14 tiles because its boundary moves: the live wall's last tile becomes dead. Null
 * only when no tile is left at all.
 */
export function drawReplacement(w: WallState): { tile: TileId; wall: WallState } | null {
  if (w.tail <= w.head) return null;
  return { tile: w.order[w.tail - 1]!, wall: { order: w.order, head: w.head, tail: w.tail - 1, dice: w.dice } };
}

/** The tiles not yet drawn, front to back (the server's business: never send this to a client). */
export function remainingTiles(w: WallState): TileId[] {
  return w.order.slice(w.head, w.tail);
}
