/**
 * A Hong Kong win: whether a seat's hand is a win worth declaring (self-drawn, on a discard,
 * robbing a kong; the missed-win rule), the conditions the state gives it (last tile, kong
 * replacement, double kong, heavenly, earthly...), the liability facts, and the hand's result
 * once a win is accepted (the faan scorer's payments; the dealer stays on its own win).
 */
import {
  type HandResultView,
  kindOfId,
  type Seat,
  seatWind,
  sortKinds,
  type TileId,
  type TileKind,
} from '@mahjong/shared';
import { isComplete, liveCount, scoreTableWin, type WinCheck, type WinCondition } from '../core.js';
import { countsOf, meldKinds } from '../counts.js';
import { endHand, revealAll } from '../hand-end.js';
import { kindsOf, prevailingWind, setSeat, type TableState } from '../state.js';

/** Scores the seat's hand with `win` as the winning tile (not yet in `concealed`). */
function winInputFor(
  s: TableState,
  seat: Seat,
  concealedBefore: readonly TileId[],
  win: TileKind,
  selfDrawn: boolean,
  conditions: readonly WinCondition[],
) {
  const st = s.hand.seats[seat];
  return {
    concealed: sortKinds(kindsOf(concealedBefore)),
    melds: meldKinds(st),
    win,
    bonus: sortKinds(kindsOf(st.bonus)),
    selfDrawn,
    seatWind: seatWind(seat, s.dealer),
    roundWind: prevailingWind(s),
    dealer: seat === s.dealer,
    conditions,
  };
}

/** Facts for the liability rules: wall left, and whether the winning discard was a fresh tile. */
function liabilityFacts(s: TableState, tile: TileId | null) {
  let seen = 0;
  if (tile !== null) {
    const k = kindOfId(tile);
    for (const st of s.hand.seats) {
      for (const d of st.discards) if (d.id !== tile && kindOfId(d.id) === k) seen++;
      for (const m of st.melds)
        if (!m.meld.concealed) for (const id of m.ids) if (id !== tile && kindOfId(id) === k) seen++;
    }
  }
  return { wallRemaining: liveCount(s.hand.wall), freshTile: tile !== null && seen === 0 };
}

/** Would `win` complete the seat's hand (its concealed tiles, without the win tile, plus melds)? */
function completesWith(s: TableState, seat: Seat, win: TileKind): boolean {
  const st = s.hand.seats[seat];
  const counts = countsOf(st.concealed);
  counts[win] = (counts[win] as number) + 1;
  const done = isComplete(counts, st.melds.length, s.setup.rules.analysis);
  counts[win] = (counts[win] as number) - 1;
  return done;
}

/** Conditions for a self-drawn win by the turn seat. */
function selfDrawConditions(s: TableState, seat: Seat): WinCondition[] {
  const h = s.hand;
  const c: WinCondition[] = [];
  // Last tile: the winning tile is the live wall's last draw (not a replacement that emptied it).
  if (liveCount(h.wall) === 0 && h.source === 'live') c.push('lastTile');
  if (h.source === 'replacement') {
    c.push('kongReplacement');
    if (h.kongsThisTurn >= 2) c.push('doubleKong');
  }
  if (seat === s.dealer && h.discardCount === 0 && !h.interrupted) c.push('heavenly');
  return c;
}

function discardConditions(s: TableState, from: Seat, robbing: boolean): WinCondition[] {
  const h = s.hand;
  const c: WinCondition[] = [];
  if (robbing) c.push('robbingKong');
  else {
    if (liveCount(h.wall) === 0) c.push('lastDiscard');
    // Earthly: a non-dealer wins on the dealer's first discard (a concealed kong before it does not matter).
    if (from === s.dealer && h.discardCount === 1) c.push('earthly');
  }
  return c;
}

/** A self-drawn win by `seat`: complete, worth the table's minimum. */
export function checkHkSelfWin(s: TableState, seat: Seat): WinCheck {
  const st = s.hand.seats[seat];
  if (st.drawn === null) return { ok: false, faan: 0 };
  const counts = countsOf(st.concealed);
  if (!isComplete(counts, st.melds.length, s.setup.rules.analysis)) {
    return { ok: false, faan: 0 };
  }
  const before = st.concealed.filter((id) => id !== st.drawn);
  const win = kindOfId(st.drawn);
  const r = scoreTableWin(
    s.setup.ruleset,
    s.setup.rules,
    winInputFor(s, seat, before, win, true, selfDrawConditions(s, seat)),
    seat,
    null,
    liabilityFacts(s, null),
  );
  return r.valid && r.faan >= s.setup.rules.minFaan ? { ok: true, faan: r.faan } : { ok: false, faan: 0 };
}

/** A win on `from`'s `tile` (a discard, or a kong being robbed): not a missed win, complete, worth the minimum. */
export function checkHkDiscardWin(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing: boolean): WinCheck {
  const st = s.hand.seats[seat];
  const win = kindOfId(tile);
  if (st.missed.includes(win)) return { ok: false, faan: 0 };
  if (!completesWith(s, seat, win)) return { ok: false, faan: 0 };
  const r = scoreTableWin(
    s.setup.ruleset,
    s.setup.rules,
    winInputFor(s, seat, st.concealed, win, false, discardConditions(s, from, robbing)),
    seat,
    from,
    liabilityFacts(s, tile),
  );
  return r.valid && r.faan >= s.setup.rules.minFaan ? { ok: true, faan: r.faan } : { ok: false, faan: 0 };
}

/** The turn seat's self-drawn win, scored and paid. */
export function hkSelfDrawnWin(s: TableState): TableState {
  const seat = s.hand.turn;
  const st = s.hand.seats[seat];
  const drawn = st.drawn as TileId;
  const before = st.concealed.filter((id) => id !== drawn);
  const win = kindOfId(drawn);
  const input = winInputFor(s, seat, before, win, true, selfDrawConditions(s, seat));
  return finishWin(s, seat, null, win, input, liabilityFacts(s, null));
}

/** `seat` wins on `from`'s `tile`: it joins the winner's hand, scored and paid (liability included). */
export function hkDiscardWin(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing: boolean): TableState {
  const h = s.hand;
  const st = h.seats[seat];
  const win = kindOfId(tile);
  const input = winInputFor(s, seat, st.concealed, win, false, discardConditions(s, from, robbing));
  // The won tile leaves the discarder's pond (or the kong being added) and joins the winner's hand.
  let seats = h.seats;
  if (robbing) {
    const f = seats[from];
    seats = setSeat(seats, from, { ...f, concealed: f.concealed.filter((id) => id !== tile), drawn: null });
  } else {
    const f = seats[from];
    seats = setSeat(seats, from, { ...f, discards: f.discards.filter((d) => d.id !== tile) });
  }
  seats = setSeat(seats, seat, { ...seats[seat], concealed: [...seats[seat].concealed, tile], drawn: tile });
  const facts = liabilityFacts(s, tile);
  return finishWin({ ...s, hand: { ...h, seats } }, seat, from, win, input, facts);
}

function finishWin(
  s: TableState,
  seat: Seat,
  from: Seat | null,
  win: TileKind,
  input: ReturnType<typeof winInputFor>,
  facts: ReturnType<typeof liabilityFacts>,
): TableState {
  const r = scoreTableWin(s.setup.ruleset, s.setup.rules, input, seat, from, facts);
  if (!r.valid) throw new Error(`accepted win does not score: ${r.reason}`);
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'win',
    winner: seat,
    ...(from === null ? {} : { discarder: from }),
    selfDrawn: from === null,
    winTile: win,
    faan: r.faan,
    limit: r.limit,
    patterns: r.patterns,
    payments: r.payments,
    deltas: r.deltas,
    hands: revealAll(s),
    arrangement: r.arrangement,
    ...(r.liable === undefined ? {} : { liable: r.liable }),
  };
  return endHand(s, result, seat === s.dealer);
}
