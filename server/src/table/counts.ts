/**
 * Tile arithmetic on a seat's physical tiles: kind counts (remembered by array identity, since
 * hands are never mutated), taking tiles of a kind out of a hand, and the red fives in the set.
 */
import {
  type AnalysisOptions,
  isRedFive,
  isRiichiOptions,
  kindOfId,
  type KindCounts,
  liveWaits,
  type Meld,
  ownCounts,
  type PlayerAction,
  redFiveCount,
  type SanmaOptions,
  type TileId,
  type TileKind,
  waits,
} from '@mahjong/shared';
import { IdentityCache } from './cache.js';
import type { MatchSetup, SeatState } from './state.js';

/** Red fives in the set: the table's option (the same three tile ids at either riichi table); 0 elsewhere. */
export function redFivesOf(setup: MatchSetup): 0 | 3 {
  const o = setup.rules.options;
  // Among three the red 5p and 5s (`redFives: 2`) are the four-player set's: the red 5m never occurs.
  if (setup.family.seats === 3) return (o as unknown as SanmaOptions).redFives === 2 ? 3 : 0;
  return isRiichiOptions(o) ? redFiveCount(o) : 0;
}

// Hand arithmetic

export const meldKinds = (seat: SeatState): Meld[] => seat.melds.map((m) => m.meld);

/** Kind counts of a concealed hand, remembered by array identity (hands are never mutated). */
const countsMemo = new IdentityCache<readonly TileId[], KindCounts>(16);
export function countsOf(ids: readonly TileId[]): KindCounts {
  let c = countsMemo.get(ids);
  if (c === undefined) {
    c = new Uint8Array(42);
    for (const id of ids) c[kindOfId(id)] = (c[kindOfId(id)] as number) + 1;
    countsMemo.set(ids, c);
  }
  return c;
}

export const countOf = (ids: readonly TileId[], kind: TileKind): number => countsOf(ids)[kind] as number;

/**
 * The copy of `kind` a discard takes from the seat's hand, or null when it holds no such copy.
 * With `red` (tables with red fives: `redFives` 3) the red copy (true) or a plain one (false);
 * without it, the old rule every logged action keeps: the tile just drawn when it is of that
 * kind, else the last of that kind to come into the hand. Among plain copies the same order.
 */
export function discardCopy(
  st: SeatState,
  kind: TileKind,
  red: boolean | undefined,
  redFives: 0 | 3,
  fromHand = false,
): TileId | null {
  if (!fromHand && st.drawn !== null && copyFits(st.drawn, kind, red, redFives)) return st.drawn;
  for (let i = st.concealed.length - 1; i >= 0; i--) {
    const id = st.concealed[i] as TileId;
    if (fromHand && id === st.drawn) continue;
    if (copyFits(id, kind, red, redFives)) return id;
  }
  return null;
}

// A function of its own, not a closure per call: run through tsx (keepNames), each closure made
// is also named by a property definition, which cost about 1% of a bot match here.
const copyFits = (id: TileId, kind: TileKind, red: boolean | undefined, redFives: 0 | 3): boolean =>
  kindOfId(id) === kind && (red === undefined || isRedFive(id, redFives) === red);

/** The kinds a claim takes from the hand: a chow's run but the claimed kind, or n of the claimed kind. */
export function handPart(action: ClaimAction, claimed: TileKind): TileKind[] {
  if (action.type !== 'chow') return Array.from({ length: action.type === 'kong' ? 3 : 2 }, () => claimed);
  const out: TileKind[] = [];
  let skipped = false;
  for (const t of action.tiles) {
    if (t === claimed && !skipped) skipped = true;
    else out.push(t);
  }
  return out;
}

export type ClaimAction = Extract<PlayerAction, { type: 'chow' | 'pung' | 'kong' }>;

/**
 * The copies a claim takes from `concealed` (the claimed discard apart), or null when the hand
 * does not hold what it names. With `red` (chow, pung) the hand's red five goes into the meld
 * (true) or only plain copies do (false): `true` needs a red five among the kinds taken, `false`
 * enough plain copies. Without it, the old rule every logged action keeps: a chow takes the first
 * copy of each kind in the hand, a pung or kong the last ones. Among the copies that fit, the
 * same order.
 */
export function meldCopies(
  concealed: readonly TileId[],
  action: ClaimAction,
  claimed: TileKind,
  redFives: 0 | 3,
): TileId[] | null {
  const red = action.type === 'kong' ? undefined : action.red;
  const kinds = handPart(action, claimed);
  if (red === true && !kinds.some((k) => concealed.some((id) => kindOfId(id) === k && isRedFive(id, redFives)))) {
    return null;
  }
  const rest = [...concealed];
  const taken: TileId[] = [];
  // The red five first, so that the plain copies of its kind are then picked as usual.
  if (red === true) {
    const i = rest.findIndex((id) => kinds.includes(kindOfId(id)) && isRedFive(id, redFives));
    taken.push(rest[i] as TileId);
    rest.splice(i, 1);
    kinds.splice(kinds.indexOf(kindOfId(taken[0] as TileId)), 1);
  }
  // Past the red five named, only plain copies fit (a suit has one red five).
  const fits = (id: TileId, k: TileKind) => kindOfId(id) === k && (red === undefined || !isRedFive(id, redFives));
  for (const k of kinds) {
    let i = -1;
    if (action.type === 'chow') i = rest.findIndex((id) => fits(id, k));
    else for (let j = rest.length - 1; j >= 0 && i < 0; j--) if (fits(rest[j] as TileId, k)) i = j;
    if (i < 0) return null;
    taken.push(rest[i] as TileId);
    rest.splice(i, 1);
  }
  return taken;
}

/**
 * What a ready seat (3n+1 concealed tiles) waits on: the kinds that complete its hand, but for
 * those it holds all four of itself, in its hand or its melds (no copy is left to win with).
 */
export function seatWaits(st: SeatState, opts: AnalysisOptions): TileKind[] {
  if (st.concealed.length % 3 !== 1) return [];
  const concealed = countsOf(st.concealed);
  const shape = waits(concealed, st.melds.length, opts);
  return shape.length === 0
    ? shape
    : liveWaits(
        shape,
        ownCounts(
          concealed,
          st.melds.flatMap((m) => m.meld.tiles),
        ),
      );
}

export const withoutKinds = (ids: readonly TileId[], kind: TileKind, n: number, prefer: TileId | null = null) => {
  const taken: TileId[] = [];
  let rest = [...ids];
  if (prefer !== null && kindOfId(prefer) === kind && rest.includes(prefer) && n > 0) {
    taken.push(prefer);
    rest = rest.filter((id) => id !== prefer);
  }
  for (let i = rest.length - 1; i >= 0 && taken.length < n; i--) {
    const id = rest[i] as TileId;
    if (kindOfId(id) === kind) {
      taken.push(id);
      rest.splice(i, 1);
    }
  }
  return { taken, rest };
};
