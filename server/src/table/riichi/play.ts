/**
 * Riichi at the table, the parts of a hand Hong Kong tables do not have: dora indicators turned
 * by kongs, the declaration and its ippatsu, the stick paid once the declaring discard is not
 * won on, furiten and the abortive draws. Pure functions of the table state; the rules
 * themselves are the shared ones (shared/src/riichi/), this file applies them to seats.
 */
import {
  type AbortiveDraw,
  type BySeat,
  doraIndicatorIndex,
  furiten,
  isFourKongs,
  isFourRiichi,
  isFourWinds,
  kindOfId,
  RIICHI_ANALYSIS,
  type ReadyDiscard,
  type RiichiTableRules,
  type SanmaTableRules,
  riichiDiscards,
  SANMA_REPLACEMENT_TILES,
  SANMA_TILES,
  type Seat,
  swapCallKinds,
  SEATS,
  type TileId,
  type TileKind,
  uraIndicatorIndex,
} from '@mahjong/shared';
import { isComplete, liveCount } from '../core.js';
import { countsOf, seatWaits } from '../counts.js';
import type {
  HandState,
  RiichiDeclaration,
  RiichiHand,
  RiichiSeat,
  SeatDiscard,
  SeatState,
  TableState,
} from '../state.js';

const NO_RIICHI: RiichiSeat = { declared: null, passedInRiichi: false };

/** A riichi hand as dealt: one indicator turned, nobody declared. */
export const NEW_RIICHI_HAND: RiichiHand = {
  seats: [NO_RIICHI, NO_RIICHI, NO_RIICHI, NO_RIICHI],
  indicators: 1,
  pendingIndicator: false,
};

/** The riichi part of a hand (call only at riichi tables). */
export const riichiOf = (h: HandState): RiichiHand => {
  if (h.riichi === null) throw new Error('not a riichi table');
  return h.riichi;
};

export const rulesOf = (s: TableState): RiichiTableRules => {
  if (s.setup.riichi === null) throw new Error('not a riichi table');
  return s.setup.riichi;
};

/** A three-player table's rules around the hands (its `setup.riichi`, as `SANMA_RULES.configure` put it there). */
export const sanmaRulesOf = (s: TableState): SanmaTableRules => rulesOf(s) as unknown as SanmaTableRules;

/** The indicators turned so far (`ura`: the ones beneath them, shown only to a riichi winner). */
export function indicatorKinds(h: HandState, ura = false): TileKind[] {
  const r = riichiOf(h);
  const size = h.wall.order.length;
  // A three-player wall keeps 8 replacement tiles at the back (4 for kongs, 4 for Norths).
  const back = size === SANMA_TILES ? SANMA_REPLACEMENT_TILES : undefined;
  const out: TileKind[] = [];
  for (let n = 0; n < r.indicators; n++) {
    const at = ura ? uraIndicatorIndex(size, n, back) : doraIndicatorIndex(size, n, back);
    out.push(kindOfId(h.wall.order[at] as TileId));
  }
  return out;
}

/** The open kong's indicator waiting for its discard is turned now (at most five in all). */
const turnPending = (r: RiichiHand): RiichiHand =>
  r.pendingIndicator ? { ...r, indicators: Math.min(5, r.indicators + 1), pendingIndicator: false } : r;

const withoutIppatsu = (r: RiichiHand): RiichiHand =>
  r.seats.some((x) => x.declared?.ippatsu)
    ? {
        ...r,
        seats: r.seats.map((x) =>
          x.declared?.ippatsu ? { ...x, declared: { ...x.declared, ippatsu: false } } : x,
        ) as unknown as BySeat<RiichiSeat>,
      }
    : r;

/** A second kong is declared in the turn of an open one: that one's indicator is turned now. */
export function riichiOnKongDeclared(h: HandState): HandState {
  return h.riichi === null || !h.riichi.pendingIndicator ? h : { ...h, riichi: turnPending(h.riichi) };
}

/**
 * A kong was made: every ippatsu ends; a concealed kong turns its indicator at once, an open or
 * added one once its maker discards (a pending one is turned first).
 */
export function riichiAfterKong(h: HandState, kind: 'concealed' | 'open'): HandState {
  if (h.riichi === null) return h;
  let r = withoutIppatsu(turnPending(h.riichi));
  r =
    kind === 'concealed'
      ? { ...r, indicators: Math.min(5, r.indicators + 1) }
      : { ...r, pendingIndicator: r.indicators < 5 };
  return { ...h, riichi: r };
}

/** A meld was claimed: every ippatsu ends. */
export function riichiAfterCall(h: HandState): HandState {
  return h.riichi === null ? h : { ...h, riichi: withoutIppatsu(h.riichi) };
}

/**
 * `seat` discards (its discard count before this one: `index`): a pending kong indicator is
 * turned; a declaration is recorded (`declaring`), or the seat's own ippatsu ends with its
 * next discard.
 */
export function riichiOnDiscard(h: HandState, seat: Seat, index: number, declaring: boolean): RiichiHand | null {
  if (h.riichi === null) return null;
  let r = turnPending(h.riichi);
  const mine = r.seats[seat];
  let declared: RiichiDeclaration | null = mine.declared;
  if (declaring) {
    const discardsBefore = h.seats.map((st) => st.discards.length) as unknown as BySeat<number>;
    declared = { discard: index, ippatsu: true, double: index === 0 && !h.interrupted, paid: false, discardsBefore };
  } else if (declared?.ippatsu) declared = { ...declared, ippatsu: false };
  if (declared !== mine.declared) {
    const seats = [...r.seats] as RiichiSeat[];
    seats[seat] = { ...mine, declared };
    r = { ...r, seats: seats as unknown as BySeat<RiichiSeat> };
  }
  return r;
}

/**
 * The discards `seat` may declare riichi with now (the shared rule: concealed, ready on a live
 * wait, the points for the stick, four tiles left to draw, not in riichi yet); empty if none.
 */
export function riichiOffers(s: TableState, seat: Seat): readonly ReadyDiscard[] {
  const h = s.hand;
  const st = h.seats[seat];
  const r = riichiDiscards(
    {
      concealed: countsOf(st.concealed),
      concealedKongs: st.melds.flatMap((m) =>
        m.meld.kind === 'kong' && m.meld.concealed ? [m.meld.tiles[0] as TileKind] : [],
      ),
      openMelds: st.melds.filter((m) => !m.meld.concealed).length,
      points: s.scores[seat],
      liveLeft: liveCount(h.wall),
      alreadyRiichi: riichiOf(h).seats[seat].declared !== null,
    },
    rulesOf(s).riichiStick,
    rulesOf(s).riichiWithoutDraw ? 0 : 4,
  );
  return r.ok ? r.discards : [];
}

/** The seat's first draw, with no call or kong by anyone before it (nine terminals, earthly). */
export const firstUninterruptedDraw = (h: HandState, seat: Seat): boolean =>
  h.seats[seat].discards.length === 0 && !h.interrupted;

/** Kongs on the table (a riichi table plays at most four). */
export const kongCount = (h: HandState): number =>
  h.seats.reduce((n, st) => n + st.melds.filter((m) => m.meld.kind === 'kong').length, 0);

/**
 * What a ready hand (13 tiles, 3n+1) waits on at a riichi table: the kinds that complete it, but
 * for those the hand holds all four of itself (concealed or in its melds).
 */
export const riichiWaits = (st: SeatState): TileKind[] => seatWaits(st, RIICHI_ANALYSIS);

/**
 * The kinds the turn seat may not discard now: right after its chow or pung, the swap-call kinds
 * of that meld (`swapCallKinds`), unless the table allows swap calling. Empty otherwise.
 */
export function swapCallBan(s: TableState): readonly TileKind[] {
  const h = s.hand;
  if (h.riichi === null || h.source !== 'claim' || rulesOf(s).swapCalls) return [];
  const meld = h.seats[h.turn].melds.at(-1);
  return meld === undefined ? [] : swapCallKinds(meld.meld);
}

/** Whether `tile` completes the seat's hand in shape (whatever its yaku): a wait, for furiten. */
export function completesShape(st: SeatState, tile: TileId): boolean {
  if (st.concealed.length % 3 !== 1) return false;
  // The hand's remembered counts, with the tile added for the check and taken out again.
  const counts = countsOf(st.concealed) as Uint8Array;
  const k = kindOfId(tile);
  counts[k] = (counts[k] as number) + 1;
  const complete = isComplete(counts, st.melds.length, RIICHI_ANALYSIS);
  counts[k] = (counts[k] as number) - 1;
  return complete;
}

/**
 * Furiten (the shared rule): a wait among the seat's own discards (claimed ones too), a win let
 * pass since its last discard (`missed`, cleared by its next discard), or one let pass after
 * declaring riichi. Blocks a win on a discard, not a tsumo.
 */
export function inFuriten(h: HandState, seat: Seat, waits?: readonly TileKind[]): boolean {
  const st = h.seats[seat];
  const passedSinceDiscard = st.missed.length > 0;
  const passedInRiichi = riichiOf(h).seats[seat].passedInRiichi;
  // A win let pass decides alone; the hand's waits are worked out only when it does not.
  if (passedSinceDiscard || passedInRiichi) return true;
  const w = waits ?? riichiWaits(st);
  if (w.length === 0) return false;
  const ownDiscards = st.discards.map((d) => kindOfId(d.id));
  return furiten({ waits: w, ownDiscards, passedSinceDiscard, passedInRiichi }) !== null;
}

/** The window's passed wins: a seat in riichi that let one go is in furiten for the rest of the hand. */
export function markPassedInRiichi(h: HandState, passed: readonly Seat[]): HandState {
  const r = riichiOf(h);
  const hit = passed.filter((seat) => r.seats[seat].declared !== null && !r.seats[seat].passedInRiichi);
  if (hit.length === 0) return h;
  const seats = r.seats.map((x, seat) => (hit.includes(seat as Seat) ? { ...x, passedInRiichi: true } : x));
  return { ...h, riichi: { ...r, seats: seats as unknown as BySeat<RiichiSeat> } };
}

/** The declaring discard was not won on: its 1,000 stick goes on the table. */
export function payRiichiStick(s: TableState): TableState {
  const h = s.hand;
  const w = h.window;
  if (h.riichi === null || w === null || h.stage !== 'claims') return s;
  const mine = h.riichi.seats[w.from];
  if (mine.declared === null || mine.declared.paid) return s;
  const stick = rulesOf(s).riichiStick;
  const seats = [...h.riichi.seats] as RiichiSeat[];
  seats[w.from] = { ...mine, declared: { ...mine.declared, paid: true } };
  const scores = [...s.scores] as [number, number, number, number];
  scores[w.from] -= stick;
  const pot = s.pot as NonNullable<TableState['pot']>;
  return {
    ...s,
    scores,
    pot: { ...pot, sticks: pot.sticks + 1 },
    hand: { ...h, riichi: { ...h.riichi, seats: seats as unknown as BySeat<RiichiSeat> } },
  };
}

/**
 * The abortive draw a closing claim window (nobody won) ends the hand with, if any: the same
 * wind as everybody's first discard, the discard after a fourth kong by several seats, the
 * fourth riichi declaration. Each only when the table plays it.
 */
export function abortiveDrawNow(s: TableState): AbortiveDraw | null {
  const h = s.hand;
  if (h.riichi === null || h.stage !== 'claims') return null;
  const on = rulesOf(s).abortiveDraws;
  if (on.fourWinds && h.discardCount === 4 && SEATS.every((x) => h.seats[x].discards.length === 1)) {
    const first = SEATS.map((x) => kindOfId((h.seats[x].discards[0] as SeatDiscard).id));
    if (isFourWinds(first, h.interrupted)) return 'fourWinds';
  }
  if (on.fourKongs && isFourKongs(h.seats.map((st) => st.melds.filter((m) => m.meld.kind === 'kong').length)))
    return 'fourKongs';
  if (on.fourRiichi && isFourRiichi(h.riichi.seats.map((x) => x.declared !== null))) return 'fourRiichi';
  return null;
}
