/**
 * Abortive draws (途中流局): conditions on the table that end a hand with no winner. Which are
 * played is a table rule (`RiichiTableRules.abortiveDraws`); the engine asks at the moment
 * each one can happen. After one, the dealer repeats and a honba is added.
 */
import type { RiichiDrawKind } from '../table-types.js';
import { isOrphan, isWindTile, type KindCounts, type TileKind } from '../tiles.js';

/** The draws that end a hand before the wall runs out (the protocol's names). */
export type AbortiveDraw = Exclude<RiichiDrawKind, 'exhaustive' | 'nagashi'>;

/**
 * Nine or more different terminals and honours in a player's first draw (14 tiles), with no
 * call made yet: the player may declare the draw instead of discarding.
 */
export function nineTerminalsKinds(concealed: KindCounts): number {
  let kinds = 0;
  for (let k = 0; k < 34; k += 1) if ((concealed[k] ?? 0) > 0 && isOrphan(k as TileKind)) kinds += 1;
  return kinds;
}

export const mayDeclareNineTerminals = (concealed: KindCounts, firstDrawNoCalls: boolean): boolean =>
  firstDrawNoCalls && nineTerminalsKinds(concealed) >= 9;

/** The first four discards of a hand, with no call among them, are the same wind. */
export function isFourWinds(firstDiscards: readonly TileKind[], callsMade: boolean): boolean {
  if (callsMade || firstDiscards.length !== 4) return false;
  const first = firstDiscards[0]!;
  return isWindTile(first) && firstDiscards.every((k) => k === first);
}

/**
 * Four kongs declared by more than one player (one player's four kongs are a yakuman chance
 * instead). The hand ends when the fourth kong's discard is not won on.
 */
export function isFourKongs(kongsBySeat: readonly number[]): boolean {
  const total = kongsBySeat.reduce((a, b) => a + b, 0);
  return total === 4 && !kongsBySeat.includes(4);
}

/** All four players in riichi: the hand ends once the fourth declaration's discard passes. */
export const isFourRiichi = (inRiichi: readonly boolean[]): boolean => inRiichi.length === 4 && inRiichi.every(Boolean);
