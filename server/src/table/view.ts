/**
 * What one viewer may see of the table: a pure function of the state and the viewer. A seat
 * sees its own concealed tiles and its legal actions; everybody sees counts, discards, melds,
 * bonus tiles, scores, deadlines and results. The claim deadline depends on the viewer only: the
 * window's full deadline for a seat that may still answer, the uniform minimum for everybody
 * else (so a view never tells whether another seat could claim). The wall order, the seed (until the match is
 * over) and other seats' concealed tiles never appear; at the end of a hand the results reveal
 * every hand, as the rules show them.
 */
import {
  type DiscardView,
  kindOfId,
  type Meld,
  type Seat,
  type SeatPublicView,
  SEATS,
  seatWind,
  sortKinds,
  type TableView,
  type TileId,
  type TileKind,
  type Wind,
} from '@mahjong/shared';
import { countKinds, deadCount, liveCount, waits } from './core.js';
import { legalActions, type SeatDiscard, type SeatMeld, type TableState } from './state.js';

export interface ViewExtras {
  /** sha256 of the seed, computed once by the engine. */
  readonly seedHash: string;
  /** Seats whose player is connected (the server's business; true by default). */
  readonly connected?: readonly boolean[];
}

// The state's arrays are never mutated (a change is a new array), so their public forms are
// remembered by identity: most of a view is then shared between views and between events.
const meldsMemo = new WeakMap<readonly SeatMeld[], readonly Meld[]>();
const bonusMemo = new WeakMap<readonly TileId[], readonly TileKind[]>();
const discardsMemo = new WeakMap<readonly SeatDiscard[], readonly DiscardView[]>();
const sortedMemo = new WeakMap<readonly TileId[], TileKind[]>();

function memo<K extends object, V>(cache: WeakMap<K, V>, key: K, make: (key: K) => V): V {
  let v = cache.get(key);
  if (v === undefined) {
    v = make(key);
    cache.set(key, v);
  }
  return v;
}

type PublicPart = Omit<TableView, 'viewer' | 'legalActions' | 'hand'>;
/** What every viewer sees alike, built once per state (the server asks for five views of each). */
const publicMemo = new WeakMap<TableState, PublicPart>();

export function viewFor(s: TableState, viewer: Seat | 'spectator', extras: ViewExtras): TableView {
  let common = extras.connected === undefined ? publicMemo.get(s) : undefined;
  if (common === undefined) {
    common = publicPart(s, extras);
    if (extras.connected === undefined) publicMemo.set(s, common);
  }
  if (viewer === 'spectator') return { ...common, viewer, legalActions: [] };
  const legal = legalActions(s, viewer);
  const w = s.hand.window;
  // A seat that may still answer sees the window's full deadline; it is its own business.
  const open = s.phase === 'playing' && w !== null && w.answers[viewer] === null && w.options[viewer].length > 0;
  const deadlines = open ? claimDeadlines(common.deadlines, w.deadline) : common.deadlines;
  return { ...common, viewer, deadlines, legalActions: legal, hand: ownHand(s, viewer) };
}

/** The deadlines with the claim window's full deadline (memoised: views of one state share it). */
const fullClaimMemo = new WeakMap<TableView['deadlines'], TableView['deadlines']>();
function claimDeadlines(common: TableView['deadlines'], claim: number): TableView['deadlines'] {
  return memo(fullClaimMemo, common, (d) => ({ turn: d.turn, claim }));
}

function publicPart(s: TableState, extras: ViewExtras): PublicPart {
  const h = s.hand;
  const playing = s.phase === 'playing';
  const seats = SEATS.map((seat): SeatPublicView => {
    const st = h.seats[seat];
    return {
      seat,
      name: s.setup.players[seat].name,
      wind: seatWind(seat, h.dealer),
      isDealer: seat === h.dealer,
      isBot: s.setup.players[seat].bot,
      connected: extras.connected?.[seat] ?? true,
      score: s.scores[seat],
      concealedCount: st.concealed.length,
      hasDrawn: playing && h.stage === 'discard' && h.turn === seat && st.drawn !== null,
      melds: memo(meldsMemo, st.melds, (ms) => ms.map((m) => m.meld)),
      bonus: memo(bonusMemo, st.bonus, (ids) => ids.map(kindOfId)),
      discards: memo(discardsMemo, st.discards, (ds) =>
        ds.map((d): DiscardView => ({ tile: kindOfId(d.id), claimed: d.claimed })),
      ),
    };
  }) as unknown as TableView['seats'];
  const w = h.window;
  const lastResult = s.results.length > 0 && !playing ? (s.results[s.results.length - 1] ?? null) : null;
  return {
    seq: s.seq,
    phase: s.phase,
    ruleset: s.setup.ruleset,
    minFaan: s.setup.rules.minFaan,
    prevailingWind: ((h.round % 4) + 1) as Wind,
    handNumber: h.number,
    dealer: h.dealer,
    wallCount: liveCount(h.wall),
    deadWallCount: deadCount(h.wall),
    dice: h.wall.dice,
    turn: playing ? h.turn : null,
    stage: !playing ? 'none' : h.stage === 'discard' ? 'discard' : h.stage,
    lastDiscard: h.lastDiscard === null ? null : { seat: h.lastDiscard.seat, tile: kindOfId(h.lastDiscard.id) },
    // The tile being added to a pung is public (anyone waiting on it may rob the kong).
    ...(playing && h.stage === 'robbing' && w !== null ? { robbing: { seat: w.from, tile: kindOfId(w.tile) } } : {}),
    deadlines: {
      turn: playing ? h.turnDeadline : s.resultsDeadline,
      // Everybody who has nothing (more) to answer sees the uniform minimum, whether or not
      // another seat could claim; a seat that may still answer sees the full deadline (viewFor).
      // Anything else would tell who could claim.
      claim: playing && w !== null ? w.minCloseAt : null,
    },
    seats,
    lastResult,
    results: s.results,
    seedHash: extras.seedHash,
    ...(s.phase === 'matchOver' ? { seed: s.setup.seed } : {}),
  };
}

/** Waits by concealed hand (arrays are never mutated: a new hand is a new array). */
const waitsMemo = new WeakMap<readonly TileId[], TileKind[]>();

function ownHand(s: TableState, seat: Seat): NonNullable<TableView['hand']> {
  const h = s.hand;
  const st = h.seats[seat];
  const concealed = memo(sortedMemo, st.concealed, (ids) => sortKinds(ids.map(kindOfId)));
  const n = concealed.length;
  let ready: TileKind[] = [];
  if (s.phase === 'playing' && n % 3 === 1) {
    const known = waitsMemo.get(st.concealed);
    ready = known ?? waits(countKinds(concealed), st.melds.length, s.setup.rules.analysis);
    if (known === undefined) waitsMemo.set(st.concealed, ready);
  }
  return {
    concealed,
    drawn: st.drawn === null || s.phase !== 'playing' ? null : kindOfId(st.drawn),
    waits: ready,
    missedWin: st.missed.length > 0,
  };
}
