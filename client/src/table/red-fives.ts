/**
 * Red fives (riichi tables with `redFives` 3): one copy of each five is red. The server marks the
 * red copy wherever it is face up (`red` on discards, melds, the last discard, the robbing tile,
 * results) and tells each seat the red kinds in its own hand. Which of several equal tiles drawn
 * side by side is the red one is the client's choice, made here: the first of its kind.
 */
import { type DiscardView, kindOf, type Meld, NUMBER_SUITS, type TileKind } from '@mahjong/shared';

/** The kinds that have a red copy: 5m, 5p, 5s. */
export const RED_FIVES: readonly TileKind[] = NUMBER_SUITS.map((s) => kindOf(s, 5));
export const isFive = (kind: TileKind): boolean => RED_FIVES.includes(kind);

/** For tiles drawn in a row: true at the first tile of each kind in `redKinds` (a suit has one red five). */
export function markRed(tiles: readonly TileKind[], redKinds: readonly TileKind[] = []): boolean[] {
  const out = tiles.map(() => false);
  for (const kind of redKinds) {
    const at = tiles.indexOf(kind);
    if (at >= 0) out[at] = true;
  }
  return out;
}

/**
 * The index in `m.tiles` of a red meld's red five (-1 when the meld has none): the claimed tile
 * when the discard it was claimed from was the red one (`pond` is the discarding seat's pond,
 * where a claimed discard keeps its `red`), else its first face-up five that is not the claimed
 * one (a concealed kong shows its two end tiles face down).
 */
export function meldRedIndex(m: Meld, pond: readonly DiscardView[] = []): number {
  if (!m.red) return -1;
  const claimedAt = m.claimed === undefined ? -1 : m.tiles.indexOf(m.claimed);
  const claimedRed = claimedAt >= 0 && pond.some((d) => d.claimed && d.red && d.tile === m.claimed);
  if (claimedRed) return claimedAt;
  const faceDown = (i: number) => m.concealed && m.kind === 'kong' && (i === 0 || i === m.tiles.length - 1);
  const at = m.tiles.findIndex((t, i) => isFive(t) && i !== claimedAt && !faceDown(i));
  return at >= 0 ? at : claimedAt;
}
