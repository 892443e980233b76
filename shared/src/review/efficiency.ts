/**
 * Tile efficiency of a discard turn: for a hand of 3n+2 concealed tiles, each discard with the
 * shanten it leaves and the tiles that would then lower it (the effective tiles), counted over
 * the copies the player has not seen. The figures are those of `shanten` (standard form, seven
 * pairs and thirteen orphans as the ruleset allows), so a candidate's numbers can be checked by
 * drawing every kind by hand.
 */
import { type AnalysisOptions, shanten } from '../analysis.js';
import type { KindCounts, TileKind } from '../tiles.js';

/** One discard and what it leaves. */
export interface DiscardCandidate {
  readonly tile: TileKind;
  /** Shanten of the 3n+1 tiles left (0 ready, -1 never: a discard never completes a hand). */
  readonly shanten: number;
  /** Kinds whose draw would lower that shanten, in kind order (a kind the hand holds four of
   * cannot be drawn and is left out). */
  readonly effective: readonly TileKind[];
  /** Copies of those kinds the player has not seen (4 minus its own, ponds, melds, indicators). */
  readonly copies: number;
}

/**
 * Kinds whose draw lowers the shanten `sh` of the 3n+1 hand `c` (with `melds` declared), and
 * their unseen copies. `c` is changed and restored.
 */
export function effectiveTiles(
  c: KindCounts,
  melds: number,
  sh: number,
  unseen: ArrayLike<number>,
  opts?: AnalysisOptions,
): { kinds: TileKind[]; copies: number } {
  const kinds: TileKind[] = [];
  let copies = 0;
  for (let k = 0; k < 34; k++) {
    if ((c[k] as number) >= 4) continue;
    c[k] = (c[k] as number) + 1;
    const lower = shanten(c, melds, opts) < sh;
    c[k] = (c[k] as number) - 1;
    if (lower) {
      kinds.push(k as TileKind);
      copies += unseen[k] as number;
    }
  }
  return { kinds, copies };
}

/**
 * Every distinct discard of the 3n+2 hand `counts` (only `allowed` kinds, when given: a player
 * in riichi discards the drawn tile only), ranked best first: the lowest shanten left, then the
 * most unseen effective copies, then the most effective kinds, then the lower kind.
 */
export function discardCandidates(
  counts: KindCounts,
  melds: number,
  unseen: ArrayLike<number>,
  opts?: AnalysisOptions,
  allowed?: readonly TileKind[],
): DiscardCandidate[] {
  const c = Uint8Array.from(counts);
  const out: DiscardCandidate[] = [];
  for (let k = 0; k < 34; k++) {
    if ((c[k] as number) === 0 || (allowed !== undefined && !allowed.includes(k as TileKind))) continue;
    c[k] = (c[k] as number) - 1;
    const sh = shanten(c, melds, opts);
    const { kinds, copies } = effectiveTiles(c, melds, sh, unseen, opts);
    c[k] = (c[k] as number) + 1;
    out.push({ tile: k as TileKind, shanten: sh, effective: kinds, copies });
  }
  return out.sort(byEfficiency);
}

/** Best first: lower shanten, more unseen effective copies, more effective kinds, lower kind. */
export function byEfficiency(a: DiscardCandidate, b: DiscardCandidate): number {
  return a.shanten - b.shanten || b.copies - a.copies || b.effective.length - a.effective.length || a.tile - b.tile;
}

/** Whether `c` is as good as the best by efficiency: the same shanten and the same effective copies. */
export function amongBest(c: DiscardCandidate, best: DiscardCandidate): boolean {
  return c.shanten === best.shanten && c.copies === best.copies;
}
