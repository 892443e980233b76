/**
 * Claim and robbing windows: the answers, then the window closed once with the missed-win rule,
 * then what it resolves to (win > pung/kong > chow, ties to the seat next after the discarder,
 * thirteen orphans regardless): the win, the meld, the added kong completed, or the next seat's
 * draw. The machine's guards ask `claimResolution`; its actions are the updates below.
 */
import { countKinds, kindOfId, type PlayerAction, type Seat, SEATS, type TileId } from '@mahjong/shared';
import { isThirteenOrphans } from './core.js';
import { type ClaimAction, meldCopies, redFivesOf } from './counts.js';
import { type Drawn, drawFor } from './deal.js';
import {
  type ClaimWindow,
  type HandState,
  kindsOf,
  nextAt,
  orderAfter,
  type SeatMeld,
  type SeatState,
  handWith,
  seatWith,
  setSeat,
  type TableState,
  withHand,
} from './state.js';
import { familyOf } from './rules.js';
import { kongMade, startTurn } from './turn.js';

/** Records `seat`'s answer (a legal one: the caller checked). */
export function recordAnswer(s: TableState, seat: Seat, action: PlayerAction): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const window: ClaimWindow = {
    from: w.from,
    tile: w.tile,
    openedAt: w.openedAt,
    minCloseAt: w.minCloseAt,
    deadline: w.deadline,
    options: w.options,
    answers: setSeat(w.answers, seat, action),
  };
  return withHand(s, handWith(h, { window: w.north === true ? { ...window, north: true } : window }));
}

/** `seat`'s answer at `at` is the last one awaited, and the uniform minimum has passed: the window closes. */
export function answerCloses(s: TableState, seat: Seat, at: number): boolean {
  const w = s.hand.window as ClaimWindow;
  if (at < w.minCloseAt) return false;
  for (const x of SEATS) if (x !== seat && w.options[x].length > 0 && w.answers[x] === null) return false;
  return true;
}

/** Missed-win rule: a seat that could have won on the window's tile and did not claim the win. */
export function markMissedWins(s: TableState): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  // A North set aside and let pass is no missed win (riichi.wiki, "Majsoul": North replacing
  // does not lead to a furiten of North).
  if (w.north === true) return s;
  const family = familyOf(s);
  let seats = h.seats;
  const passed: Seat[] = [];
  for (const seat of orderAfter(w.from, family.seats)) {
    const answer = w.answers[seat];
    if (answer?.type === 'win') continue;
    // Riichi: furiten looks at the hand's shape, not its yaku (a tile that completes the hand
    // and is let pass counts, even when no win was offered for want of a yaku).
    const could = w.options[seat].some((o) => o.type === 'win') || family.passesByShape(h.seats[seat], w.tile);
    if (could) passed.push(seat);
    if (could && !seats[seat].missed.includes(kindOfId(w.tile))) {
      seats = setSeat(seats, seat, seatWith(seats[seat], { missed: [...seats[seat].missed, kindOfId(w.tile)] }));
    }
  }
  const mark = family.markPassedWins;
  if (seats === h.seats && (mark === undefined || passed.length === 0)) return s;
  // Riichi: the same marks are temporary furiten; a seat in riichi keeps it for the hand.
  const hand = mark === undefined ? handWith(h, { seats }) : mark(handWith(h, { seats }), passed);
  return withHand(s, hand);
}

/** What a closed window resolves to: the winner, else the winning meld claim, else nothing claimed. */
export interface ClaimResolution {
  readonly winner: Seat | null;
  /** Every seat that claimed the win, in turn order from the discarder (riichi: double ron). */
  readonly winners: readonly Seat[];
  readonly meld: { readonly seat: Seat; readonly action: PlayerAction } | null;
}

// The resolution of the last window asked about (with or without one more answer): the guards of
// a closing event ask in turn, then the update.
let lastResolution: { window: ClaimWindow; answer: Answer | null; resolution: ClaimResolution } | null = null;

/** One more answer, not yet recorded (the event that closes the window). */
export interface Answer {
  readonly seat: Seat;
  readonly action: PlayerAction;
}

/** What the window resolves to, with its answers (and `answer`, the one that closes it, when given). */
export function claimResolution(s: TableState, answer: Answer | null = null): ClaimResolution {
  const w = s.hand.window as ClaimWindow;
  if (lastResolution !== null && lastResolution.window === w && lastResolution.answer === answer) {
    return lastResolution.resolution;
  }
  const answers = answer === null ? w : { ...w, answers: setSeat(w.answers, answer.seat, answer.action) };
  const resolution = resolve(s.hand, answers);
  lastResolution = { window: w, answer, resolution };
  return resolution;
}

function resolve(h: HandState, w: ClaimWindow): ClaimResolution {
  const order = orderAfter(w.from);
  const winners = order.filter((seat) => w.answers[seat]?.type === 'win');
  if (winners.length > 0) {
    // Thirteen orphans may take the discard regardless of turn order.
    const orphans = winners.find((seat) => {
      const counts = countKinds([...kindsOf(h.seats[seat].concealed), kindOfId(w.tile)]);
      return h.seats[seat].melds.length === 0 && isThirteenOrphans(counts);
    });
    return { winner: orphans ?? (winners[0] as Seat), winners, meld: null };
  }
  const melder =
    order.find((seat) => w.answers[seat]?.type === 'pung' || w.answers[seat]?.type === 'kong') ??
    order.find((seat) => w.answers[seat]?.type === 'chow');
  if (melder === undefined) return { winner: null, winners, meld: null };
  return { winner: null, winners, meld: { seat: melder, action: w.answers[melder] as PlayerAction } };
}

/**
 * The window's winner takes the tile (the discard, the kong being added or the North being set
 * aside: only the kong's is a robbing of a kong) and the hand ends.
 */
export function winOnClaim(s: TableState): TableState {
  const w = s.hand.window as ClaimWindow;
  const r = claimResolution(s);
  const robbing = s.hand.stage === 'robbing' && w.north !== true;
  return familyOf(s).winOnClaim(s, r.winner as Seat, r.winners, w.from, w.tile, robbing);
}

/** The window on a North closes: a robbing window on a North being set aside. */
export const northWindow = (s: TableState): boolean => s.hand.window?.north === true;

/**
 * Nobody won on the North: it goes aside (a dora, shown in the seat's `bonus`), every ippatsu
 * ends as after a call, and its replacement draw follows (`drawReplacement`).
 */
export function setNorthAside(s: TableState): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const st = h.seats[w.from];
  const updated = seatWith(st, {
    concealed: st.concealed.filter((id) => id !== w.tile),
    drawn: null,
    bonus: [...st.bonus, w.tile],
  });
  const hand = familyOf(s).afterCall(handWith(h, { seats: setSeat(h.seats, w.from, updated), window: null }));
  return withHand(s, hand);
}

// The live draw of the seat after the discarder, asked about last (by wall and seat, which the
// missed-win marks leave alone but for a seat that missed): the guard and the update share it.
let lastDraw: { wall: HandState['wall']; seat: SeatState; drawn: Drawn | null } | null = null;

function nextDraw(s: TableState): Drawn | null {
  const h = s.hand;
  const seat = h.seats[nextAt(s.setup.family.seats, (h.window as ClaimWindow).from)];
  if (lastDraw === null || lastDraw.wall !== h.wall || lastDraw.seat !== seat) {
    lastDraw = { wall: h.wall, seat, drawn: drawFor(h.wall, seat, 'live') };
  }
  return lastDraw.drawn;
}

/** Nobody claimed and the seat next after the discarder cannot draw (bonus replacements included). */
export const wallExhausted = (s: TableState): boolean => nextDraw(s) === null;

/** Nobody claimed (the common case, built with one copy): the next seat draws from the live wall. */
export function drawNext(s: TableState, at: number): TableState {
  const h = s.hand;
  const seat = nextAt(s.setup.family.seats, (h.window as ClaimWindow).from);
  const r = nextDraw(s) as Drawn;
  return startTurn(
    s,
    seat,
    {
      wall: r.wall,
      seats: setSeat(h.seats, seat, r.seat),
      source: r.replaced ? 'replacement' : 'live',
      kongsThisTurn: 0,
    },
    at,
  );
}

/**
 * The meld claim that won the window takes the discard: a pung or a chow, and the claimer's turn
 * (discard only); a kong, and its replacement draw follows (`drawReplacement`).
 */
export function meldClaimedTile(s: TableState, at: number): TableState {
  const { seat, action } = claimResolution(s).meld as { seat: Seat; action: PlayerAction };
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const k = kindOfId(w.tile);
  const fromSeat = h.seats[w.from];
  const discards = fromSeat.discards.map((d, i) => (i === fromSeat.discards.length - 1 ? { ...d, claimed: true } : d));
  let seats = setSeat(h.seats, w.from, seatWith(fromSeat, { discards }));
  const st = seats[seat];
  const claim = action as ClaimAction;
  // The copies the claim names (checked legal), or the old rule's when it names none.
  const taken = meldCopies(st.concealed, claim, k, redFivesOf(s.setup)) as TileId[];
  const rest = st.concealed.filter((id) => !taken.includes(id));
  const kind = claim.type;
  const tiles = kind === 'chow' ? [...claim.tiles] : Array.from({ length: kind === 'kong' ? 4 : 3 }, () => k);
  const meld: SeatMeld = {
    meld: { kind, tiles, concealed: false, from: w.from, claimed: k },
    ids: [w.tile, ...taken],
  };
  const updated = seatWith(st, { concealed: rest, drawn: null, melds: [...st.melds, meld] });
  seats = setSeat(seats, seat, updated);
  let hand = handWith(h, { seats, interrupted: true, kongsThisTurn: 0 });
  hand = action.type === 'kong' ? familyOf(s).afterKong(hand, 'open') : familyOf(s).afterCall(hand);
  const s1 = withHand(s, hand);
  if (action.type === 'kong') return kongMade(s1, seat, updated, false);
  return startTurn(s1, seat, { source: 'claim' }, at);
}

/** Nobody robbed the kong: the pung becomes a kong, and its replacement draw follows (`drawReplacement`). */
export function completeAddedKong(s: TableState): TableState {
  const h = s.hand;
  const w = h.window as ClaimWindow;
  const seat = w.from;
  const st = h.seats[seat];
  const k = kindOfId(w.tile);
  const melds = st.melds.map((m) =>
    m.meld.kind === 'pung' && m.meld.tiles[0] === k
      ? { meld: { ...m.meld, kind: 'kong' as const, tiles: [k, k, k, k], added: true }, ids: [...m.ids, w.tile] }
      : m,
  );
  const updated: SeatState = { ...st, concealed: st.concealed.filter((id) => id !== w.tile), drawn: null, melds };
  // The added tile is the one just drawn (a chained kong when that was a replacement), or at a
  // riichi table one kept in the hand.
  const withDrawn = st.drawn === w.tile;
  return kongMade({ ...s, hand: familyOf(s).afterKong({ ...h, window: null }, 'open') }, seat, updated, withDrawn);
}
