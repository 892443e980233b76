/**
 * What each seat may do: the exact legal actions of a seat (a turn's, a claim window's, the
 * results pause's), the refusal code of anything else, and when the next deadline falls. The
 * rules of legality live here only; the machine's guards and the views ask these functions.
 * Where the families differ (a turn's actions, who may call, swap calling) the table's family
 * rules answer (rules.ts: hk/legal.ts, riichi/legal.ts).
 */
import {
  type LegalAction,
  kindOfId,
  type Meld,
  NORTH,
  nextSeat,
  type PlayerAction,
  sameAction,
  type Seat,
  SEATS,
  type TileId,
  type TileKind,
} from '@mahjong/shared';
import { CHOW, CHOW_RED, KONG, PASS, PUNG, PUNG_OF, PUNG_RED } from './actions.js';
import { deadCount } from './core.js';
import { type ClaimAction, countOf, countsOf, discardCopy, handPart, meldCopies, redFivesOf } from './counts.js';
import { familyOf } from './rules.js';
import type { ActionRefusal } from './types.js';
import { checkSelfWin } from './wins.js';
import type { ClaimWindow, TableState } from './state.js';

/** What `seat` may do about `from`'s discard `tile` (pass included when anything else is possible). */
export function claimOptions(s: TableState, seat: Seat, from: Seat, tile: TileId, lastDiscard: boolean): LegalAction[] {
  if (seat === from) return [];
  const st = s.hand.seats[seat];
  const k = kindOfId(tile);
  const out: LegalAction[] = [];
  const family = familyOf(s);
  const win = family.checkDiscardWin(s, seat, from, tile, false);
  if (win.ok) out.push({ type: 'win', faan: win.faan });
  if (!lastDiscard && family.mayCall(s, seat)) {
    // A call that would leave nothing but banned discards is not offered (riichi without swap calling).
    const check = family.callCheck(s);
    const n = countOf(st.concealed, k);
    const reds = redFivesOf(s.setup);
    if (n >= 3 && deadCount(s.hand.wall) > 0 && family.mayKong(s.hand)) out.push(KONG);
    if (n >= 2 && (check === null || check(st.concealed, [k, k], PUNG_OF[k] as Meld))) {
      out.push(...copyChoices(st.concealed, PUNG, PUNG_RED, k, reds));
    }
    // No chow among three players (family.seats 3).
    if (seat === nextSeat(from) && k < 27 && family.seats === 4) {
      const r = k % 9;
      const c = countsOf(st.concealed);
      // Lowest tile of each chow the discard can complete: k-2, k-1, k.
      for (let a = -2; a <= 0; a++) {
        if (r + a < 0 || r + a > 6) continue;
        let ok = true;
        for (let d = a; d <= a + 2; d++) if (d !== 0 && (c[k + d] as number) === 0) ok = false;
        const low = (k + a) as TileKind;
        const run = [low, (low + 1) as TileKind, (low + 2) as TileKind];
        const chow: Meld = { kind: 'chow', tiles: run, concealed: false, claimed: k };
        if (
          ok &&
          check !== null &&
          !check(
            st.concealed,
            run.filter((x) => x !== k),
            chow,
          )
        )
          ok = false;
        if (ok) out.push(...copyChoices(st.concealed, CHOW[k + a] as LegalAction, CHOW_RED[k + a] ?? [], k, reds));
      }
    }
  }
  if (out.length > 0) out.push(PASS);
  return out;
}

/**
 * A chow or pung as offered: with red fives, where it takes a five from the hand, one offer per
 * copy the hand can put in (`red` true, false or both); otherwise the plain offer.
 */
function copyChoices(
  concealed: readonly TileId[],
  plain: LegalAction,
  named: readonly LegalAction[],
  claimed: TileKind,
  reds: 0 | 3,
): readonly LegalAction[] {
  if (reds === 0 || !handPart(plain as ClaimAction, claimed).some(isFive)) return [plain];
  const out = named.filter((o) => meldCopies(concealed, o as ClaimAction, claimed, reds) !== null);
  return out.length > 0 ? out : [plain];
}

const isFive = (k: TileKind): boolean => k < 27 && k % 9 === 4;

/** What `seat` may do about `from`'s tile being added to a kong (`robbing`) or set aside (a North). */
export function robbingOptions(s: TableState, seat: Seat, from: Seat, tile: TileId, robbing = true): LegalAction[] {
  if (seat === from) return [];
  const win = familyOf(s).checkDiscardWin(s, seat, from, tile, robbing);
  return win.ok ? [{ type: 'win', faan: win.faan }, { type: 'pass' }] : [];
}

// The legal actions of the last state asked about, by seat (views of one state come in a row; a
// single slot leaves the garbage collector nothing to track, unlike a WeakMap of every state).
let legalState: TableState | null = null;
const legalBySeat: (readonly LegalAction[] | undefined)[] = [undefined, undefined, undefined, undefined];

/** The exact legal actions of `seat` now (remembered for the last state: views and checks ask often). */
export function legalActions(s: TableState, seat: Seat): readonly LegalAction[] {
  if (legalState !== s) {
    legalState = s;
    legalBySeat.fill(undefined);
  }
  const bySeat = legalBySeat;
  const known = bySeat[seat];
  if (known !== undefined) return known;
  const list = computeLegalActions(s, seat);
  bySeat[seat] = list;
  return list;
}

function computeLegalActions(s: TableState, seat: Seat): readonly LegalAction[] {
  if (s.phase === 'matchOver') return [];
  if (s.phase === 'handOver') return s.hand.seats[seat].ready || isVacant(s, seat) ? [] : [{ type: 'pass' }];
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat ? familyOf(s).turnActions(s) : [];
  const w = h.window;
  if (w === null || w.answers[seat] !== null) return [];
  return w.options[seat];
}

const isKind = (v: unknown): v is TileKind => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 42;

/** A copy named (`red`) is true or false, or absent. */
const isCopy = (v: unknown): boolean => v === undefined || typeof v === 'boolean';
const isFromHand = (v: unknown): boolean => v === undefined || v === true;

/** Checks that `action` has the shape of a PlayerAction (it may come from the network). */
export function wellFormed(action: unknown): action is PlayerAction {
  if (typeof action !== 'object' || action === null) return false;
  const a = action as Record<string, unknown>;
  switch (a.type) {
    case 'discard':
    case 'riichi':
      return isKind(a.tile) && isCopy(a.red) && isFromHand(a.fromHand);
    case 'concealedKong':
    case 'addedKong':
      return isKind(a.tile);
    case 'chow':
      return Array.isArray(a.tiles) && a.tiles.length === 3 && a.tiles.every(isKind) && isCopy(a.red);
    case 'pung':
      return isCopy(a.red);
    case 'kong':
    case 'win':
    case 'pass':
    case 'nineTerminals':
    case 'north':
      return true;
    default:
      return false;
  }
}

/** Whether `seat` has anything to do now (cheaper than building its legal actions). */
export function hasActions(s: TableState, seat: Seat): boolean {
  if (s.phase === 'matchOver') return false;
  if (s.phase === 'handOver') return !s.hand.seats[seat].ready && !isVacant(s, seat);
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat;
  const w = h.window;
  return w !== null && w.answers[seat] === null && w.options[seat].length > 0;
}

/**
 * A discard that names its copy (`red` of a five, `fromHand` a copy besides the drawn tile) needs
 * that copy in the hand, and in riichi it must be the tile just drawn (the only discard then); a
 * chow or pung that names its copies needs them in the hand. Every other action passes.
 */
function copyHeld(s: TableState, seat: Seat, action: PlayerAction): boolean {
  if ((action.type === 'chow' || action.type === 'pung') && action.red !== undefined) {
    const w = s.hand.window;
    return (
      w !== null && meldCopies(s.hand.seats[seat].concealed, action, kindOfId(w.tile), redFivesOf(s.setup)) !== null
    );
  }
  if ((action.type !== 'discard' && action.type !== 'riichi') || (action.red === undefined && !action.fromHand))
    return true;
  const st = s.hand.seats[seat];
  const id = discardCopy(st, action.tile, action.red, redFivesOf(s.setup), action.fromHand === true);
  return id !== null && familyOf(s).mayDiscardCopy(s, seat, id);
}

/** Whether `action` is among `legalActions(s, seat)`, without building the list. */
export function isLegal(s: TableState, seat: Seat, action: PlayerAction): boolean {
  if (s.phase === 'handOver') return action.type === 'pass' && !s.hand.seats[seat].ready && !isVacant(s, seat);
  const h = s.hand;
  if (h.stage !== 'discard') {
    const w = h.window;
    return (
      w !== null &&
      w.answers[seat] === null &&
      w.options[seat].some((l) => sameAction(l, action)) &&
      copyHeld(s, seat, action)
    );
  }
  return h.turn === seat && familyOf(s).isTurnLegal(s, seat, action) && copyHeld(s, seat, action);
}

let lastCheck: { s: TableState; seat: Seat; action: PlayerAction; why: ActionRefusal | null } | null = null;

/** Why an action is refused, or null when it is accepted. */
export function refusal(s: TableState, seat: Seat, action: PlayerAction): ActionRefusal | null {
  // The engine checks before sending and the machine's guard checks again: answer the second from memory.
  if (lastCheck !== null && lastCheck.s === s && lastCheck.seat === seat && lastCheck.action === action) {
    return lastCheck.why;
  }
  const why = computeRefusal(s, seat, action);
  lastCheck = { s, seat, action, why };
  return why;
}

function computeRefusal(s: TableState, seat: Seat, action: PlayerAction): ActionRefusal | null {
  if (!wellFormed(action) || !SEATS.includes(seat)) return 'action/malformed';
  if (s.phase === 'matchOver') return 'action/match_over';
  // Only three-player tables set a North aside: refused as such, whoever's turn it is.
  if (action.type === 'north' && familyOf(s).seats === 4) return 'action/not_this_ruleset';
  if (isLegal(s, seat, action)) return null;
  if (s.phase === 'playing' && action.type === 'win' && s.setup.rules.falseWin && isFalseWinTime(s, seat)) return null;
  if (!hasActions(s, seat)) {
    const w = s.hand.window;
    if (s.phase === 'playing' && w !== null && w.answers[seat] !== null) return 'action/already_answered';
    return 'action/not_your_turn';
  }
  if (
    (action.type === 'discard' ||
      action.type === 'concealedKong' ||
      action.type === 'addedKong' ||
      action.type === 'riichi') &&
    s.phase === 'playing' &&
    !s.hand.seats[seat].concealed.some((id) => kindOfId(id) === action.tile)
  ) {
    return 'action/no_such_tile';
  }
  if (
    action.type === 'north' &&
    s.phase === 'playing' &&
    !s.hand.seats[seat].concealed.some((id) => kindOfId(id) === NORTH)
  ) {
    return 'action/no_such_tile';
  }
  // A tile of that kind is held, but not the copy named (red or plain, or one besides the drawn tile).
  if (
    (action.type === 'discard' || action.type === 'riichi') &&
    (action.red !== undefined || action.fromHand === true) &&
    s.phase === 'playing' &&
    discardCopy(s.hand.seats[seat], action.tile, action.red, redFivesOf(s.setup), action.fromHand === true) === null
  ) {
    return 'action/no_such_tile';
  }
  // A call offered, naming copies the hand does not hold.
  if (
    (action.type === 'chow' || action.type === 'pung') &&
    action.red !== undefined &&
    s.phase === 'playing' &&
    s.hand.window?.options[seat].some((l) => sameAction(l, action)) === true &&
    !copyHeld(s, seat, action)
  ) {
    return 'action/no_such_tile';
  }
  return 'action/illegal';
}

/** With the false-win option on, a declaration is accepted (and charged) whenever the seat may act. */
export function isFalseWinTime(s: TableState, seat: Seat): boolean {
  const h = s.hand;
  if (h.stage === 'discard') return h.turn === seat;
  const w = h.window;
  return w !== null && w.from !== seat && w.answers[seat] === null;
}

/** The empty North seat of a three-player table: it never acts. */
const isVacant = (s: TableState, seat: Seat): boolean => seat >= s.setup.family.seats;

export const allAnswered = (w: ClaimWindow): boolean =>
  SEATS.every((seat) => w.options[seat].length === 0 || w.answers[seat] !== null);

/** When the scheduler must send `timeout` (null: nothing pending). */
export function deadline(s: TableState): number | null {
  if (s.phase === 'matchOver') return null;
  if (s.phase === 'handOver') return s.resultsDeadline;
  const h = s.hand;
  if (h.window !== null) return allAnswered(h.window) ? h.window.minCloseAt : h.window.deadline;
  return h.turnDeadline;
}

/** The turn seat declares riichi with a discard that leaves its hand ready (only riichi tables offer it). */
export const canDeclareRiichi = (s: TableState, seat: Seat, action: PlayerAction): boolean =>
  action.type === 'riichi' && isLegal(s, seat, action);

/** The turn seat calls the nine-terminals abortive draw on its first draw (only riichi tables offer it). */
export const canCallNineTerminals = (s: TableState, seat: Seat, action: PlayerAction): boolean =>
  action.type === 'nineTerminals' && isLegal(s, seat, action);

/** The turn seat declares a self-drawn win that is one (complete, worth the minimum). */
export const canWinSelfDrawn = (s: TableState, seat: Seat, action: PlayerAction): boolean =>
  action.type === 'win' && s.hand.turn === seat && checkSelfWin(s, seat).ok;

/** With the false-win option on, a declaration that is not a win, made when the seat may act (it is charged). */
export const isFalseWin = (s: TableState, seat: Seat, action: PlayerAction): boolean =>
  action.type === 'win' && s.setup.rules.falseWin && isFalseWinTime(s, seat) && !isLegal(s, seat, action);
