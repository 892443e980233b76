/**
 * Hong Kong: whether the table's minimum faan is still within reach of a hand, by exact search
 * when the hand is close: every way of drawing the tiles it lacks (from the copies the player has
 * not seen) and discarding the rest, each complete hand scored by the project's scorer, as a
 * self-draw and as a win on a discard. A hand two or more tiles from ready is not searched (the
 * ways multiply past what a replay step can afford): its answer is `far`.
 */
import { type AnalysisOptions, isComplete, shanten } from '../analysis.js';
import { scoreWin } from '../scoring/index.js';
import type { HkOptions } from '../scoring/rulesets.js';
import type { Meld } from '../table-types.js';
import type { KindCounts, TileKind, Wind } from '../tiles.js';

/** What the search says: `yes` with the best faan found, `no` (no way reaches the minimum), `far`. */
export type FaanReach =
  | { readonly kind: 'yes'; readonly faan: number }
  | { readonly kind: 'no'; readonly best: number | null }
  | { readonly kind: 'far' };

/** The hand's seat and table, as the scorer needs them. */
export interface ReachSeat {
  readonly melds: readonly Meld[];
  readonly bonus: readonly TileKind[];
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  readonly dealer: boolean;
}

/** Deepest search: a 3n+1 hand one tile from ready (two draws from complete). */
const MAX_DEPTH = 1;

/**
 * For a hand of 3n+1 concealed tiles `counts`: is a win worth `minFaan` or more reachable within
 * its shanten + 1 draws (shanten 0 or 1 only; `far` beyond)? `unseen`: copies not seen by the
 * player, each draw uses one.
 */
export function faanReach(
  counts: KindCounts,
  seat: ReachSeat,
  unseen: ArrayLike<number>,
  minFaan: number,
  options: HkOptions,
  analysis?: AnalysisOptions,
): FaanReach {
  const c = Uint8Array.from(counts);
  const u = Uint8Array.from(unseen as ArrayLike<number>);
  const sh = shanten(c, seat.melds.length, analysis);
  if (sh > MAX_DEPTH) return { kind: 'far' };
  let best: number | null = null;
  const score = (win: TileKind, selfDrawn: boolean): number | null => {
    const concealed: TileKind[] = [];
    for (let k = 0; k < 34; k++) for (let i = 0; i < (c[k] as number); i++) concealed.push(k as TileKind);
    const r = scoreWin(
      { concealed, melds: seat.melds, win, bonus: seat.bonus, selfDrawn, ...seatOf(seat), conditions: [] },
      options.ruleset,
      options,
    );
    return r.valid ? (r.faan ?? 0) : null;
  };
  // Depth-first over draws (and the discards after a draw that keep the hand on course); stops
  // at the first complete hand worth the minimum.
  const search = (depth: number): boolean => {
    for (let a = 0; a < 34; a++) {
      if ((u[a] as number) === 0 || (c[a] as number) >= 4) continue;
      c[a] = (c[a] as number) + 1;
      u[a] = (u[a] as number) - 1;
      let found = false;
      if (isComplete(c, seat.melds.length, analysis)) {
        c[a] = (c[a] as number) - 1;
        for (const selfDrawn of [true, false]) {
          const f = score(a as TileKind, selfDrawn);
          if (f !== null && (best === null || f > best)) best = f;
        }
        c[a] = (c[a] as number) + 1;
        found = best !== null && best >= minFaan;
      } else if (depth > 0) {
        for (let e = 0; e < 34 && !found; e++) {
          if ((c[e] as number) === 0 || e === a) continue;
          c[e] = (c[e] as number) - 1;
          if (shanten(c, seat.melds.length, analysis) <= depth - 1) found = search(depth - 1);
          c[e] = (c[e] as number) + 1;
        }
      }
      c[a] = (c[a] as number) - 1;
      u[a] = (u[a] as number) + 1;
      if (found) return true;
    }
    return false;
  };
  if (search(sh)) return { kind: 'yes', faan: best as unknown as number };
  return { kind: 'no', best };
}

function seatOf(s: ReachSeat): { seatWind: Wind; roundWind: Wind; dealer: boolean } {
  return { seatWind: s.seatWind, roundWind: s.roundWind, dealer: s.dealer };
}
