/**
 * A riichi turn's legal actions and the riichi limits on calls: once declared, a seat only wins
 * (and kongs or discards its drawn tile); at most four kongs on the table; no swap calling unless
 * the table allows it; a riichi declaration with each discard that leaves the hand ready; nine
 * terminals on a first uninterrupted draw.
 */
import {
  kindOfId,
  type LegalAction,
  type Meld,
  mayDeclareNineTerminals,
  type PlayerAction,
  riichiKongAllowed,
  sameAction,
  type Seat,
  swapCallKinds,
  type TileId,
  type TileKind,
} from '@mahjong/shared';
import { ADDED_KONG, CONCEALED_KONG, DISCARD, NINE_TERMINALS, RIICHI } from '../actions.js';
import { deadCount, liveCount } from '../core.js';
import { countsOf } from '../counts.js';
import { legalActions } from '../legal.js';
import type { CallCheck } from '../rules.js';
import type { TableState } from '../state.js';
import { checkSelfWin } from '../wins.js';
import { firstUninterruptedDraw, kongCount, riichiOf, riichiOffers, rulesOf, swapCallBan } from './play.js';

/**
 * A riichi turn. In riichi: tsumo, the drawn tile's concealed kong when it changes no wait, the
 * drawn tile's discard. Otherwise: tsumo; after a draw (not a call) a concealed kong of any four
 * held and an added kong with any tile held of an exposed pung (at most four kongs on the table);
 * a discard; a riichi declaration with each discard that leaves the hand ready; nine terminals on
 * a first uninterrupted draw.
 */
export function riichiTurnActions(s: TableState): LegalAction[] {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const rules = rulesOf(s);
  const out: LegalAction[] = [];
  const win = checkSelfWin(s, seat);
  if (win.ok) out.push({ type: 'win', faan: win.faan });
  const counts = countsOf(st.concealed);
  const canKong = deadCount(h.wall) > 0 && kongCount(h) < 4 && liveCount(h.wall) > 0;
  if (riichiOf(h).seats[seat].declared !== null) {
    if (st.drawn === null) return out;
    const d = kindOfId(st.drawn);
    const before = Uint8Array.from(counts);
    before[d] = (before[d] as number) - 1;
    if (canKong && riichiKongAllowed(before, d, st.melds.length)) out.push(CONCEALED_KONG[d] as LegalAction);
    out.push(DISCARD[d] as LegalAction);
    return out;
  }
  // A kong only after a draw: a seat that has just called a meld discards.
  if (canKong && st.drawn !== null) {
    for (let k = 0; k < 34; k++) if (counts[k] === 4) out.push(CONCEALED_KONG[k] as LegalAction);
    for (const m of st.melds) {
      const k = m.meld.tiles[0] as TileKind;
      if (m.meld.kind === 'pung' && (counts[k] as number) > 0) out.push(ADDED_KONG[k] as LegalAction);
    }
  }
  const banned = swapCallBan(s);
  for (let k = 0; k < 34; k++) {
    if ((counts[k] ?? 0) > 0 && !banned.includes(k as TileKind)) out.push(DISCARD[k] as LegalAction);
  }
  for (const r of riichiOffers(s, seat)) out.push(RIICHI[r.discard] as LegalAction);
  if (
    rules.abortiveDraws.nineTerminals &&
    st.drawn !== null &&
    firstUninterruptedDraw(h, seat) &&
    mayDeclareNineTerminals(counts, true)
  ) {
    out.push(NINE_TERMINALS);
  }
  return out;
}

/** Whether the turn seat's `action` is among its legal actions (the list is remembered for the state). */
export const isRiichiTurnLegal = (s: TableState, seat: Seat, action: PlayerAction): boolean =>
  legalActions(s, seat).some((l) => sameAction(l, action));

/** A seat that declared riichi only wins on a discard. */
export const mayCallInRiichi = (s: TableState, seat: Seat): boolean => riichiOf(s.hand).seats[seat].declared === null;

/** A discard naming its copy: once declared, only the tile just drawn. */
export const mayDiscardCopyInRiichi = (s: TableState, seat: Seat, id: TileId): boolean =>
  riichiOf(s.hand).seats[seat].declared === null || id === s.hand.seats[seat].drawn;

/**
 * Whether the hand, once `fromHand` went into `meld`, keeps a discard the swap-call rule allows
 * (`keepsADiscard` of the shared rule, counted on the hand's remembered counts: it has more tiles
 * left than tiles of the banned kinds).
 */
function callKeepsADiscard(concealed: readonly TileId[], fromHand: readonly TileKind[], meld: Meld): boolean {
  const counts = countsOf(concealed);
  let banned = 0;
  for (const k of swapCallKinds(meld)) banned += (counts[k] as number) - fromHand.filter((x) => x === k).length;
  return concealed.length - fromHand.length > banned;
}

/** Without swap calling, a call must leave a discard the rule allows. */
export const swapCallCheck = (s: TableState): CallCheck | null => (rulesOf(s).swapCalls ? null : callKeepsADiscard);
