/**
 * What one seat could see at one step of a stored match, and nothing more. A replay frame holds
 * every hand (the replay shows them all); the analysis must not, so it is fed the view this
 * function builds: the public table (the spectator's view: ponds, melds, dora indicators, red
 * fives shown), the seat's own concealed tiles and the legal actions its own view offered.
 * Other seats' hands are never read, and the frames carry no wall.
 */
import type { ReplayFrame } from '../protocol.js';
import type { Seat, TableView } from '../table-types.js';
import { inSanmaSet } from '../riichi/sanma/tiles.js';
import type { KindCounts, TileKind } from '../tiles.js';

/** The seat's own view at `frame`, as the table would have shown it then. */
export function seatViewOf(frame: ReplayFrame, seat: Seat): TableView {
  const pub = frame.view;
  const concealed = frame.hands[seat];
  const red = frame.handsRed?.[seat];
  return {
    ...pub,
    viewer: seat,
    hand: {
      concealed,
      // Which tile came in last is not in a frame; nothing in the analysis reads it.
      drawn: null,
      ...(red !== undefined ? { red } : {}),
      waits: [],
      missedWin: false,
    },
    legalActions: frame.legal?.[seat] ?? [],
  };
}

/**
 * Copies of each kind (0-33) the viewer of `view` can see: its own concealed tiles, every
 * discard still in a pond, every meld's tiles (a claimed discard is counted once, in its meld)
 * and the dora indicators.
 */
export function visibleCounts(view: TableView): KindCounts {
  const c = new Uint8Array(34);
  const see = (k: TileKind) => {
    if (k < 34 && (c[k] as number) < 4) c[k] = (c[k] as number) + 1;
  };
  for (const k of view.hand?.concealed ?? []) see(k);
  for (const s of view.seats) {
    for (const d of s.discards) if (!d.claimed) see(d.tile);
    for (const m of s.melds) for (const t of m.tiles) see(t);
  }
  for (const k of view.riichi?.doraIndicators ?? []) see(k);
  return c;
}

/** Copies of each kind the viewer cannot see (4 minus the visible ones): the live tiles as far as it knows. */
export function unseenCounts(view: TableView): KindCounts {
  const v = visibleCounts(view);
  const u = new Uint8Array(34);
  // A three-player table (a seat vacant) plays a set without 2m-8m: none can be drawn, so none is
  // an effective tile.
  const inSet = view.seats.some((s) => s.vacant) ? inSanmaSet : () => true;
  for (let k = 0; k < 34; k++) u[k] = inSet(k as TileKind) ? 4 - (v[k] as number) : 0;
  return u;
}
