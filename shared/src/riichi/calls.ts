/**
 * Swap calling (kuikae): right after a chow or a pung, the caller may not discard the kind it
 * claimed, nor, after a chow claimed at one end of its run, the kind just beyond the other end
 * (calling 3m with 45m and discarding 6m keeps the same shape). Tenhou and Mahjong Soul forbid
 * both, and a call that would leave no other discard is not offered. A house table may allow it
 * (`RiichiTableRules.swapCalls`).
 */
import type { Meld } from '../table-types.js';
import { isSuited, type KindCounts, type TileKind } from '../tiles.js';

/** The kinds the caller of `meld` (a chow or pung claimed from a discard) may not discard now. */
export function swapCallKinds(meld: Meld): TileKind[] {
  const claimed = meld.claimed;
  if (claimed === undefined || meld.kind === 'kong') return [];
  if (meld.kind === 'pung' || !isSuited(claimed)) return [claimed];
  const low = meld.tiles[0] as TileKind;
  const rank = low % 9; // 0-based rank of the run's lowest tile
  // Claimed at the low end: the kind above the run's top; at the high end: the kind below its bottom.
  if (claimed === low && rank + 3 <= 8) return [claimed, (claimed + 3) as TileKind];
  if (claimed === low + 2 && rank >= 1) return [claimed, (claimed - 3) as TileKind];
  return [claimed];
}

/** Whether the hand (its concealed tiles once the call is made) keeps a discard outside `forbidden`. */
export function keepsADiscard(concealedAfterCall: KindCounts, forbidden: readonly TileKind[]): boolean {
  for (let k = 0; k < 34; k++) if ((concealedAfterCall[k] ?? 0) > 0 && !forbidden.includes(k as TileKind)) return true;
  return false;
}
