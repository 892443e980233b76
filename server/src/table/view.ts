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
  isRedFive,
  kindOfId,
  type LegalAction,
  type Meld,
  type Seat,
  type SeatPublicView,
  SEATS,
  type TableView,
  type TileId,
  type TileKind,
  type Wind,
} from '@mahjong/shared';
import { IdentityCache } from './cache.js';
import { deadCount, liveCount } from './core.js';
import { redFivesOf, seatWaits } from './counts.js';
import { legalActions } from './legal.js';
import { familyOf, type OwnHand } from './rules.js';
import { type SeatDiscard, type SeatMeld, type TableState, windAt } from './state.js';

export interface ViewExtras {
  /** sha256 of the seed, computed once by the engine. */
  readonly seedHash: string;
  /** Seats whose player is connected (the server's business; true by default). */
  readonly connected?: readonly boolean[];
  /** The table's own cache (`ViewCache`); without one, a cache shared by every caller. */
  readonly cache?: ViewCache;
}

type PublicPart = Omit<TableView, 'viewer' | 'legalActions' | 'hand'>;

// The last public view of each seat, with what it was built from: most events change one seat
// (or none), so the others' views are reused as they are (and the seats array when all four are).
interface SeatViewKey {
  readonly setup: TableState['setup'];
  readonly st: TableState['hand']['seats'][number];
  readonly dealer: Seat;
  readonly score: number;
  readonly hasDrawn: boolean;
  /** The family's part of the seat (riichi: its declaration), by identity. */
  readonly family: object | null;
}

/**
 * What one table's views are built from, remembered between its events. The state's arrays are
 * never mutated (a change is a new array), so their public forms are remembered by identity: most
 * of a view is then the very object it was last time, which the room's comparison and patches pass
 * over by identity. One per table (its engine holds it): a server interleaves hundreds of tables'
 * events, and caches shared between them were overwritten by the other tables before the next
 * event of the same table, so every view was built, compared and patched in full.
 */
export class ViewCache {
  readonly melds = new IdentityCache<readonly SeatMeld[], readonly Meld[]>(8);
  readonly bonus = new IdentityCache<readonly TileId[], readonly TileKind[]>(8);
  readonly discards = new IdentityCache<readonly SeatDiscard[], readonly DiscardView[]>(8);
  readonly sorted = new IdentityCache<readonly TileId[], TileKind[]>(8);
  /** Waits by concealed hand. */
  readonly waits = new IdentityCache<readonly TileId[], TileKind[]>(8);
  // What every viewer sees alike, built once per state: the server asks for five views of each
  // state in a row, a bot table for the seats that may act. One slot is enough (a state is never
  // changed, so the slot is right whenever its state is the one asked about).
  state: TableState | null = null;
  seedHash = '';
  common: PublicPart | null = null;
  readonly seatKeys: (SeatViewKey | null)[] = [null, null, null, null];
  readonly seatViews: (SeatPublicView | null)[] = [null, null, null, null];
  seats: TableView['seats'] | null = null;
  /** The last discard's public form, kept while the hand's last discard is the same object. */
  discardKey: TableState['hand']['lastDiscard'] = null;
  discardValue: TableView['lastDiscard'] = null;
}

/** For callers that bring no cache of their own (one table at a time: a replay, a test). */
const SHARED_CACHE = new ViewCache();

function commonPart(s: TableState, extras: ViewExtras): PublicPart {
  const c = extras.cache ?? SHARED_CACHE;
  if (extras.connected !== undefined) return publicPart(s, extras, c);
  if (c.state === s && c.seedHash === extras.seedHash && c.common !== null) return c.common;
  const common = publicPart(s, extras, c);
  c.state = s;
  c.seedHash = extras.seedHash;
  c.common = common;
  return common;
}

export function viewFor(s: TableState, viewer: Seat | 'spectator', extras: ViewExtras): TableView {
  const c = commonPart(s, extras);
  let deadlines = c.deadlines;
  let legal: readonly LegalAction[] = NO_ACTIONS;
  let hand: TableView['hand'];
  if (viewer !== 'spectator') {
    legal = legalActions(s, viewer);
    hand = ownHand(s, viewer, extras.cache ?? SHARED_CACHE);
    const w = s.hand.window;
    // A seat that may still answer sees the window's full deadline; it is its own business.
    if (s.phase === 'playing' && w !== null && w.answers[viewer] === null && w.options[viewer].length > 0) {
      deadlines = { turn: deadlines.turn, claim: w.deadline };
    }
  }
  // One literal (no spread of the public part: copying it property by property is the slow path).
  const view: { -readonly [K in keyof TableView]: TableView[K] } = {
    seq: c.seq,
    phase: c.phase,
    ruleset: c.ruleset,
    minFaan: c.minFaan,
    prevailingWind: c.prevailingWind,
    handNumber: c.handNumber,
    dealer: c.dealer,
    wallCount: c.wallCount,
    deadWallCount: c.deadWallCount,
    dice: c.dice,
    turn: c.turn,
    stage: c.stage,
    lastDiscard: c.lastDiscard,
    deadlines,
    seats: c.seats,
    lastResult: c.lastResult,
    results: c.results,
    seedHash: c.seedHash,
    viewer,
    legalActions: legal,
  };
  if (c.robbing !== undefined) view.robbing = c.robbing;
  if (c.riichi !== undefined) view.riichi = c.riichi;
  if (c.seed !== undefined) view.seed = c.seed;
  if (hand !== undefined) view.hand = hand;
  return view;
}

const NO_ACTIONS: readonly LegalAction[] = [];

function publicSeats(s: TableState, extras: ViewExtras, c: ViewCache): TableView['seats'] {
  const h = s.hand;
  const playing = s.phase === 'playing';
  const rules = familyOf(s);
  if (extras.connected !== undefined) return SEATS.map((seat) => seatView(s, seat, playing, extras, c)) as never;
  let changed = c.seats === null;
  for (const seat of SEATS) {
    const st = h.seats[seat];
    const hasDrawn = playing && h.stage === 'discard' && h.turn === seat && st.drawn !== null;
    const k = c.seatKeys[seat];
    if (
      k !== null &&
      k !== undefined &&
      k.st === st &&
      k.setup === s.setup &&
      k.dealer === h.dealer &&
      k.score === s.scores[seat] &&
      k.hasDrawn === hasDrawn &&
      k.family === rules.seatKey(h, seat)
    ) {
      continue;
    }
    const family = rules.seatKey(h, seat);
    c.seatKeys[seat] = { setup: s.setup, st, dealer: h.dealer, score: s.scores[seat], hasDrawn, family };
    c.seatViews[seat] = seatView(s, seat, playing, extras, c);
    changed = true;
  }
  if (changed) c.seats = [...c.seatViews] as unknown as TableView['seats'];
  return c.seats as TableView['seats'];
}

function seatView(s: TableState, seat: Seat, playing: boolean, extras: ViewExtras, c: ViewCache): SeatPublicView {
  const h = s.hand;
  const st = h.seats[seat];
  const red = redFivesOf(s.setup);
  const view: SeatPublicView = {
    seat,
    name: s.setup.players[seat].name,
    wind: windAt(s.setup.family.seats, seat, h.dealer),
    isDealer: seat === h.dealer,
    isBot: s.setup.players[seat].bot,
    connected: extras.connected?.[seat] ?? true,
    score: s.scores[seat],
    concealedCount: st.concealed.length,
    hasDrawn: playing && h.stage === 'discard' && h.turn === seat && st.drawn !== null,
    // A red five is face up in a meld or a pond: everybody sees it.
    melds: c.melds.memo(st.melds, (ms) =>
      ms.map((m) => (m.ids.some((id) => isRedFive(id, red)) ? { ...m.meld, red: true as const } : m.meld)),
    ),
    bonus: c.bonus.memo(st.bonus, (ids) => ids.map(kindOfId)),
    discards: c.discards.memo(st.discards, (ds) =>
      ds.map(
        (d): DiscardView => ({
          tile: kindOfId(d.id),
          claimed: d.claimed,
          ...(isRedFive(d.id, red) ? { red: true as const } : {}),
          ...(d.tsumogiri ? { tsumogiri: true as const } : {}),
        }),
      ),
    ),
  };
  // A three-player table's fourth seat: said outright, so that no page guesses it from the ruleset.
  if (seat >= s.setup.family.seats) return { ...view, name: null, isBot: false, vacant: true };
  return familyOf(s).seatView(h, seat, view);
}

function lastDiscardView(
  d: NonNullable<TableState['hand']['lastDiscard']>,
  red: 0 | 3,
  c: ViewCache,
): NonNullable<TableView['lastDiscard']> {
  if (c.discardKey !== d || c.discardValue === null) {
    c.discardKey = d;
    c.discardValue = isRedFive(d.id, red)
      ? { seat: d.seat, tile: kindOfId(d.id), red: true }
      : { seat: d.seat, tile: kindOfId(d.id) };
  }
  return c.discardValue;
}

function publicPart(s: TableState, extras: ViewExtras, c: ViewCache): PublicPart {
  const h = s.hand;
  const playing = s.phase === 'playing';
  const seats = publicSeats(s, extras, c);
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
    lastDiscard: h.lastDiscard === null ? null : lastDiscardView(h.lastDiscard, redFivesOf(s.setup), c),
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
    // The tile being added to a pung is public (anyone waiting on it may rob the kong).
    robbing:
      playing && h.stage === 'robbing' && w !== null
        ? isRedFive(w.tile, redFivesOf(s.setup))
          ? { seat: w.from, tile: kindOfId(w.tile), red: true }
          : { seat: w.from, tile: kindOfId(w.tile) }
        : undefined,
    seed: s.phase === 'matchOver' ? s.setup.seed : undefined,
    riichi: familyOf(s).tableView(s),
  };
}

/** The kinds of `ids` in ascending order (as `sortKinds`), by counting: cheaper than a sort. */
function sortedKinds(ids: readonly TileId[]): TileKind[] {
  const counts = new Uint8Array(42);
  for (const id of ids) counts[kindOfId(id)] = (counts[kindOfId(id)] as number) + 1;
  const out: TileKind[] = [];
  for (let k = 0; k < 42; k++) for (let n = counts[k] as number; n > 0; n--) out.push(k as TileKind);
  return out;
}

function ownHand(s: TableState, seat: Seat, c: ViewCache): NonNullable<TableView['hand']> {
  const h = s.hand;
  const st = h.seats[seat];
  const concealed = c.sorted.memo(st.concealed, sortedKinds);
  const n = concealed.length;
  let ready: TileKind[] = [];
  if (s.phase === 'playing' && n % 3 === 1) {
    const known = c.waits.get(st.concealed);
    ready = known ?? seatWaits(st, s.setup.rules.analysis);
    if (known === undefined) c.waits.set(st.concealed, ready);
  }
  const drawn = st.drawn === null || s.phase !== 'playing' ? null : kindOfId(st.drawn);
  const hand: OwnHand = {
    concealed,
    drawn,
    waits: ready,
    missedWin: st.missed.length > 0,
  };
  familyOf(s).ownHand(s, seat, hand, ready);
  return hand;
}
