/**
 * Riichi's rules about the player's own hand: when riichi may be declared and with which
 * discards, furiten, and the one concealed kong allowed after riichi. Pure functions over kind
 * counts (analysis.ts), for the table engine, its bots and the client's hints.
 */
import { type AnalysisOptions, readyDiscards, type ReadyDiscard, waits } from '../analysis.js';
import type { KindCounts, TileKind } from '../tiles.js';

/** Riichi's winning forms: seven pairs must be seven different pairs. */
export const RIICHI_ANALYSIS: AnalysisOptions = Object.freeze({ sevenPairs: true, fourAlikePairs: false });

export interface RiichiCheck {
  /** Concealed tiles after the draw (14 - 3 x kongs). */
  readonly concealed: KindCounts;
  /** The kinds of the concealed kongs declared (they keep the hand concealed). */
  readonly concealedKongs: readonly TileKind[];
  /** Melds claimed from others (any one makes riichi impossible). */
  readonly openMelds: number;
  readonly points: number;
  /** Tiles left to draw in the live wall. */
  readonly liveLeft: number;
  readonly alreadyRiichi: boolean;
}

export type RiichiRefusal =
  | 'riichi/open_hand'
  | 'riichi/points'
  | 'riichi/wall'
  | 'riichi/already'
  | 'riichi/not_ready';

/**
 * The waits a hand really has: a kind all four copies of which the hand itself holds (in its
 * concealed tiles or its melds: `own` counts both) is no wait, there is no fifth copy to win
 * with. (A hand waiting only on such kinds is not ready: no riichi, no ready payment.)
 */
export function liveWaits(shapeWaits: readonly TileKind[], own: KindCounts): TileKind[] {
  return shapeWaits.filter((k) => (own[k] ?? 0) < 4);
}

/** Kind counts of concealed tiles and melds together (`meldTiles`: every meld's kinds, kongs four). */
export function ownCounts(concealed: KindCounts, meldTiles: readonly TileKind[]): KindCounts {
  const own = Uint8Array.from(concealed);
  for (const k of meldTiles) own[k] = (own[k] as number) + 1;
  return own;
}

/**
 * The discards that may go with a riichi declaration (each leaves the hand ready, on a wait that
 * is still live), or why none may: the hand is concealed, the player has 1,000 points for the
 * stick, at least `liveNeeded` tiles are left to draw (four: every player gets another draw; the
 * table's `riichiWithoutDraw` asks for none), and the player is not in riichi already.
 */
export function riichiDiscards(
  c: RiichiCheck,
  stick = 1_000,
  liveNeeded = 4,
): { ok: true; discards: ReadyDiscard[] } | { ok: false; reason: RiichiRefusal } {
  if (c.alreadyRiichi) return { ok: false, reason: 'riichi/already' };
  if (c.openMelds > 0) return { ok: false, reason: 'riichi/open_hand' };
  if (c.points < stick) return { ok: false, reason: 'riichi/points' };
  if (c.liveLeft < liveNeeded) return { ok: false, reason: 'riichi/wall' };
  const kongTiles = c.concealedKongs.flatMap((k) => [k, k, k, k]);
  const discards: ReadyDiscard[] = [];
  for (const d of readyDiscards(c.concealed, c.concealedKongs.length, RIICHI_ANALYSIS)) {
    const after = ownCounts(c.concealed, kongTiles);
    after[d.discard] = (after[d.discard] as number) - 1;
    const live = liveWaits(d.waits, after);
    if (live.length > 0) discards.push({ discard: d.discard, waits: live });
  }
  if (discards.length === 0) return { ok: false, reason: 'riichi/not_ready' };
  return { ok: true, discards };
}

export type FuritenKind = 'discards' | 'passed' | 'riichi';

export interface FuritenCheck {
  /** What the ready hand waits on. */
  readonly waits: readonly TileKind[];
  /** Every tile this player discarded this hand (claimed ones too). */
  readonly ownDiscards: readonly TileKind[];
  /** The player let a winning tile go since their last discard (cleared by their next discard:
   * after their next draw, or after a call). A tile that completes the hand's shape counts,
   * whether or not the hand would have had a yaku. */
  readonly passedSinceDiscard: boolean;
  /** The player let a winning tile go after declaring riichi (lasts the whole hand). */
  readonly passedInRiichi: boolean;
}

/**
 * Furiten blocks winning on a discard (ron), never on one's own draw (tsumo). The first that
 * applies is named: a wait among one's own discards, a win passed in riichi, a win passed since
 * the last draw.
 */
export function furiten(c: FuritenCheck): FuritenKind | null {
  if (c.waits.some((w) => c.ownDiscards.includes(w))) return 'discards';
  if (c.passedInRiichi) return 'riichi';
  if (c.passedSinceDiscard) return 'passed';
  return null;
}

/**
 * After riichi only the drawn tile may be discarded, and a concealed kong only of the drawn tile
 * and only when it changes no wait (the three others of its kind already in the hand, and the
 * hand waits on the same tiles before and after).
 *
 * `before`: the 13 (or 10, 7...) concealed tiles before the draw; `drawn`: the tile drawn.
 */
export function riichiKongAllowed(before: KindCounts, drawn: TileKind, concealedKongs: number): boolean {
  if (before[drawn] !== 3) return false;
  const waitsBefore = waits(before, concealedKongs, RIICHI_ANALYSIS);
  const after = Uint8Array.from(before);
  after[drawn] = 0;
  const waitsAfter = waits(after, concealedKongs + 1, RIICHI_ANALYSIS);
  return waitsBefore.length > 0 && sameKinds(waitsBefore, waitsAfter);
}

function sameKinds(a: readonly TileKind[], b: readonly TileKind[]): boolean {
  return a.length === b.length && a.every((k, i) => k === b[i]);
}
