/**
 * How dangerous each tile is against each declared riichi, from what the viewer can see, with
 * the reason in words a player uses. The order is the one the bots fold by
 * (`../riichi/defense.ts`), with one more reason a side of a two-sided wait is ruled out: a wall
 * (kabe), all four copies of a neighbouring kind visible, so that no two-sided shape through it
 * can be held.
 */
import { genbutsu, type RiichiThreat } from '../riichi/defense.js';
import { SEATS, type Seat, type TableView } from '../table-types.js';
import type { TileKind } from '../tiles.js';

export const DANGER_REASONS = [
  'safe', // genbutsu: the declarer discarded it, or let it pass since declaring (furiten)
  'honourSeen', // an honour with three or four copies visible: at most a single wait on the last
  'bothSides', // a number tile whose two-sided waits are ruled out on both sides (suji or wall)
  'oneSide', // ruled out on one side only
  'honour', // an honour with fewer than three visible
  'terminal', // a 1 or 9 with no side ruled out
  'middle', // any other number tile
] as const;
export type DangerReason = (typeof DANGER_REASONS)[number];

/** A tile's danger against one declarer: `level` 0 (safe) to 6, its index in `DANGER_REASONS`. */
export interface TileDanger {
  readonly level: number;
  readonly reason: DangerReason;
  /** For number tiles: the sides ruled out by a safe tile three away (suji) or a wall (kabe). */
  readonly suji?: boolean;
  readonly kabe?: boolean;
}

/** The danger of `kind` given the declarer's safe kinds and the viewer's visible copies. */
export function tileDanger(kind: TileKind, safe: ReadonlySet<TileKind>, visible: ArrayLike<number>): TileDanger {
  const of = (reason: DangerReason, more: Partial<TileDanger> = {}): TileDanger => ({
    level: DANGER_REASONS.indexOf(reason),
    reason,
    ...more,
  });
  if (safe.has(kind)) return of('safe');
  if (kind >= 27) return of((visible[kind] ?? 0) >= 3 ? 'honourSeen' : 'honour');
  const rank = (kind % 9) + 1;
  const base = kind - (rank - 1);
  const safeRank = (r: number) => r >= 1 && r <= 9 && safe.has((base + r - 1) as TileKind);
  const wall = (r: number) => r >= 1 && r <= 9 && (visible[base + r - 1] ?? 0) >= 4;
  // A two-sided wait on `rank` is held as (rank-2, rank-1) on the low side or (rank+1, rank+2)
  // on the high side; the low side exists from rank 4 up, the high side up to rank 6 (a 1-2
  // waits on 3 alone: an edge wait, not two-sided).
  const lowSuji = safeRank(rank - 3);
  const highSuji = safeRank(rank + 3);
  const lowWall = wall(rank - 1) || wall(rank - 2);
  const highWall = wall(rank + 1) || wall(rank + 2);
  const lowOut = rank <= 3 || lowSuji || lowWall;
  const highOut = rank >= 7 || highSuji || highWall;
  const any = lowSuji || highSuji || (rank > 3 && lowWall) || (rank < 7 && highWall);
  const more = { suji: lowSuji || highSuji, kabe: (rank > 3 && lowWall) || (rank < 7 && highWall) };
  if (!any) return of(rank === 1 || rank === 9 ? 'terminal' : 'middle');
  return of(lowOut && highOut ? 'bothSides' : 'oneSide', more);
}

/** One declared riichi as the viewer sees it. */
export interface RiichiDeclarer {
  readonly seat: Seat;
  readonly threat: RiichiThreat;
}

/** The seats other than the viewer in riichi, with what they discarded and let pass since. */
export function declarersOf(view: TableView): RiichiDeclarer[] {
  const me = view.viewer;
  const out: RiichiDeclarer[] = [];
  for (const x of SEATS) {
    const r = view.seats[x].riichi;
    if (x === me || r === undefined) continue;
    const discards = view.seats[x].discards.map((d) => d.tile);
    const passedSince = SEATS.filter((y) => y !== x).flatMap((y) =>
      view.seats[y].discards.slice(r.discardsBefore[y]).map((d) => d.tile),
    );
    out.push({ seat: x, threat: { discards, passedSince } });
  }
  return out;
}

/** Each distinct kind of `hand` against each declarer (in `declarers` order). */
export function dangerTable(
  hand: readonly TileKind[],
  declarers: readonly RiichiDeclarer[],
  visible: ArrayLike<number>,
): { tile: TileKind; against: TileDanger[] }[] {
  const safe = declarers.map((d) => genbutsu(d.threat));
  return [...new Set(hand)]
    .sort((a, b) => a - b)
    .map((tile) => ({ tile, against: safe.map((s) => tileDanger(tile, s, visible)) }));
}
