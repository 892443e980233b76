/**
 * A turn's actions: a turn beginning, a discard (which opens a claim window), a concealed kong
 * and its replacement draw, an added kong and a North set aside (three-player riichi), which
 * open a robbing window first.
 */
import {
  type BySeat,
  kindOfId,
  type LegalAction,
  NORTH,
  type Seat,
  SEATS,
  type TileId,
  type TileKind,
} from '@mahjong/shared';
import { liveCount } from './core.js';
import { discardCopy, redFivesOf, withoutKinds } from './counts.js';
import { drawFor } from './deal.js';
import { claimOptions, robbingOptions } from './legal.js';
import { familyOf } from './rules.js';
import {
  type HandState,
  handWith,
  playingSeats,
  type SeatMeld,
  type SeatState,
  seatWith,
  setSeat,
  type TableState,
  withHand,
} from './state.js';

type TurnPatch = Partial<Pick<HandState, 'wall' | 'seats' | 'source' | 'kongsThisTurn' | 'interrupted'>>;

/** `seat`'s turn begins (literal copies, state.ts: cheaper than spreads). */
export function startTurn(s: TableState, seat: Seat, patch: TurnPatch, at: number): TableState {
  return withHand(
    s,
    handWith(s.hand, {
      wall: patch.wall,
      seats: patch.seats,
      turn: seat,
      stage: 'discard',
      source: patch.source,
      kongsThisTurn: patch.kongsThisTurn,
      interrupted: patch.interrupted,
      window: null,
      turnDeadline: at + s.setup.timing.turnMs,
    }),
  );
}

/**
 * The turn seat discards a tile of `kind` (`red`: which copy of a five, when the player said;
 * `fromHand`: a copy besides the tile just drawn; the caller checked the copy is held), declaring
 * riichi with it when `declaring`.
 */
export function discard(
  s: TableState,
  kind: TileKind,
  at: number,
  declaring = false,
  red?: boolean,
  fromHand = false,
): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const family = familyOf(s);
  // The drawn tile when it is of that kind (so that a timed-out turn discards the drawn tile), else the last one.
  const id = discardCopy(st, kind, red, redFivesOf(s.setup), fromHand) as TileId;
  const pos = st.concealed.indexOf(id);
  const rest = st.concealed.slice();
  rest.splice(pos, 1);
  const seats = setSeat(
    h.seats,
    seat,
    seatWith(st, {
      concealed: rest,
      drawn: null,
      discards: [...st.discards, id === st.drawn ? { id, claimed: false, tsumogiri: true } : { id, claimed: false }],
      // Riichi: a win let pass is furiten until the seat's own next discard (this one), also when
      // the seat called a meld in between. Hong Kong: until its next live draw (deal.ts).
      missed: family.clearsMissedOnDiscard ? [] : st.missed,
    }),
  );
  // The hand and state are built once; the window is set on these fresh objects (nothing else
  // holds them yet) after the claim options, which read the hand with the discard made.
  const hand: { -readonly [K in keyof HandState]: HandState[K] } = handWith(h, {
    seats,
    discardCount: h.discardCount + 1,
    lastDiscard: { seat, id },
    turnDeadline: null,
    stage: 'claims',
    window: null,
    riichi: family.onDiscard(h, seat, st.discards.length, declaring),
  });
  const next: TableState = withHand(s, hand);
  const last = liveCount(h.wall) === 0;
  const options: LegalAction[][] = [[], [], [], []];
  for (const other of playingSeats(s)) if (other !== seat) options[other] = claimOptions(next, other, seat, id, last);
  hand.window = {
    from: seat,
    tile: id,
    openedAt: at,
    minCloseAt: at + s.setup.timing.claimMinMs,
    deadline: at + s.setup.timing.claimMs,
    options: options as unknown as BySeat<LegalAction[]>,
    answers: [null, null, null, null],
  };
  return next;
}

/** A concealed kong of `kind` by the turn seat; its replacement draw follows (`drawReplacement`). */
export function declareConcealedKong(s: TableState, kind: TileKind): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const { taken, rest } = withoutKinds(st.concealed, kind, 4);
  const meld: SeatMeld = { meld: { kind: 'kong', tiles: [kind, kind, kind, kind], concealed: true }, ids: taken };
  const chained = st.drawn !== null && kindOfId(st.drawn) === kind;
  const after = familyOf(s).afterKong(h, 'concealed');
  const s1 = after === h ? s : { ...s, hand: after };
  return kongMade(s1, seat, { ...st, concealed: rest, drawn: null, melds: [...st.melds, meld] }, chained);
}

/**
 * A kong is made (`st` is the seat with it): the seat's turn, waiting for its replacement draw.
 * `withDrawn`: the kong was made with the tile just drawn; when that tile was itself a kong's
 * replacement, the kongs chain (double kong, hk-new: "the tile used to make the second kong is
 * the first kong's replacement tile").
 */
export function kongMade(s: TableState, seat: Seat, st: SeatState, withDrawn: boolean): TableState {
  const h = s.hand;
  const chained = withDrawn && h.source === 'replacement' && h.kongsThisTurn > 0;
  const seats = setSeat(h.seats, seat, st);
  return withHand(s, handWith(h, { turn: seat, seats, kongsThisTurn: chained ? h.kongsThisTurn + 1 : 1 }));
}

/**
 * After a kong: the replacement draw from the dead wall; the turn goes on. The dead wall cannot
 * run out: it keeps 14 tiles while the live wall feeds it, and once the live wall is empty only
 * the seat that drew the last tile acts (the last discard may only be won), with at most 4 kongs
 * and 8 bonus tiles to replace: 12 < 14.
 */
export function drawReplacement(s: TableState, at: number): TableState {
  const h = s.hand;
  const r = drawFor(h.wall, h.seats[h.turn], 'replacement');
  if (r === null) throw new Error('the dead wall ran out (at most 12 replacements follow the live wall)');
  return startTurn(
    s,
    h.turn,
    { wall: r.wall, seats: setSeat(h.seats, h.turn, r.seat), source: 'replacement', interrupted: true },
    at,
  );
}

/** The turn ran out: discard the drawn tile for the player (or the last tile of the hand). */
export function discardOnTimeout(s: TableState, at: number): TableState {
  const st = s.hand.seats[s.hand.turn];
  // After a call (no drawn tile): the last tile of the hand the swap-call rule allows.
  const banned = familyOf(s).bannedDiscards(s);
  const allowed = st.concealed.filter((id) => !banned.includes(kindOfId(id)));
  const id = st.drawn ?? (allowed[allowed.length - 1] as TileId);
  return discard(s, kindOfId(id), at);
}

/**
 * The turn seat adds a tile of `kind` to its exposed pung: the drawn tile, or (riichi) one kept
 * in the hand. Others may rob it first. At a riichi table a kong declared in the same turn as an
 * open kong turns that kong's indicator first.
 */
export function openRobbing(s0: TableState, kind: TileKind, at: number): TableState {
  const declared = familyOf(s0).onKongDeclared(s0.hand);
  return robbingWindow(declared === s0.hand ? s0 : { ...s0, hand: declared }, kind, at, false);
}

/**
 * The turn seat sets a North aside (three-player riichi): the others may win on it first (no
 * robbing-a-kong yaku), then it goes aside and a replacement is drawn (`setNorthAside`). It
 * counts as a call: the hand's first go-around is over at once (no renhou on it, no earthly
 * hand, double riichi or nine terminals after it); ippatsu ends as it is completed, as a kong's.
 */
export function openNorthWindow(s: TableState, at: number): TableState {
  return robbingWindow({ ...s, hand: handWith(s.hand, { interrupted: true }) }, NORTH, at, true);
}

/** A robbing window on the turn seat's tile of `kind`: the drawn one when it is of that kind. */
function robbingWindow(s: TableState, kind: TileKind, at: number, north: boolean): TableState {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const id =
    st.drawn !== null && kindOfId(st.drawn) === kind
      ? st.drawn
      : (st.concealed.find((x) => kindOfId(x) === kind) as TileId);
  const n = s.setup.family.seats;
  const options = SEATS.map((other) =>
    other < n ? robbingOptions(s, other, seat, id, !north) : [],
  ) as unknown as BySeat<LegalAction[]>;
  const window = {
    from: seat,
    tile: id,
    openedAt: at,
    minCloseAt: at + s.setup.timing.claimMinMs,
    deadline: at + s.setup.timing.claimMs,
    options,
    answers: [null, null, null, null] as BySeat<null>,
  };
  return {
    ...s,
    hand: { ...h, stage: 'robbing', turnDeadline: null, window: north ? { ...window, north: true } : window },
  };
}
