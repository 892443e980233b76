/**
 * Folding against a riichi: how dangerous a discard is, for bots (and hints) that give up on
 * their own hand when another player has declared. A small, explainable ordering rather than a
 * model: safe for certain first, then tiles that beat only rare waits.
 *
 * - Genbutsu (certain): the declarer cannot win on a kind they discarded (furiten), nor on a
 *   discard they let pass since declaring (riichi furiten).
 * - Honours with three or more visible: only a single (tanki) wait on the last copy remains.
 * - Suji: a number tile three away from a genbutsu number (1-4-7, 2-5-8, 3-6-9) beats no
 *   two-sided wait on that side; both sides covered (a 4 with 1 and 7 safe) beats none.
 * - Then other honours, terminals, and middle tiles last.
 */
import { isHonour, isSuited, type TileKind } from '../tiles.js';

export interface RiichiThreat {
  /** Kinds the declarer discarded, before or after declaring. */
  readonly discards: readonly TileKind[];
  /** Kinds others discarded after the declaration that the declarer let pass. */
  readonly passedSince: readonly TileKind[];
}

/** Kinds the declarer cannot win on from a discard. */
export function genbutsu(threat: RiichiThreat): Set<TileKind> {
  return new Set([...threat.discards, ...threat.passedSince]);
}

/**
 * Danger of discarding `kind` against one declarer: 0 certain safety, then 1 (honour with three
 * or more visible), 2 (suji on both sides, or a suji terminal), 3 (suji on one side), 4 (honour),
 * 5 (terminal), 6 (other number tiles). `visible`: copies of each kind anyone can see (discards,
 * open melds, dora indicators, one's own hand).
 */
export function danger(kind: TileKind, threat: RiichiThreat, visible: ArrayLike<number>): number {
  return dangerAgainst(kind, genbutsu(threat), visible);
}

/** `danger` with the declarer's certain safe kinds worked out once. */
function dangerAgainst(kind: TileKind, safe: ReadonlySet<TileKind>, visible: ArrayLike<number>): number {
  if (safe.has(kind)) return 0;
  if (isHonour(kind)) return (visible[kind] ?? 0) >= 3 ? 1 : 4;
  if (!isSuited(kind)) return 6;
  const rank = (kind % 9) + 1;
  const base = kind - (rank - 1);
  const safeRank = (r: number) => r >= 1 && r <= 9 && safe.has((base + r - 1) as TileKind);
  // A two-sided wait that wins on `rank` also wins on rank - 3 (low side) or rank + 3 (high
  // side): a safe tile there rules that side out; near the edge a side does not exist.
  const lowSuji = safeRank(rank - 3);
  const highSuji = safeRank(rank + 3);
  const terminal = rank === 1 || rank === 9;
  if (!lowSuji && !highSuji) return terminal ? 5 : 6;
  const covered = (rank <= 3 || lowSuji) && (rank >= 7 || highSuji);
  return covered ? 2 : 3;
}

/**
 * The discard a folding player should make from `hand` against every declarer: the least
 * dangerous against the most dangerous of them; ties to the lower kind (deterministic).
 */
export function foldDiscard(
  hand: readonly TileKind[],
  threats: readonly RiichiThreat[],
  visible: ArrayLike<number>,
): TileKind | null {
  if (hand.length === 0) return null;
  const safe = threats.map(genbutsu);
  const score = (k: TileKind) => Math.max(0, ...safe.map((s) => dangerAgainst(k, s, visible)));
  return [...new Set(hand)].sort((a, b) => score(a) - score(b) || a - b)[0]!;
}
