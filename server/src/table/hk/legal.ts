/**
 * A Hong Kong turn's legal actions: a self-drawn win, a concealed kong of any four held, an added
 * kong with the drawn tile onto an exposed pung, a discard of any tile held. Nothing else: no
 * declaration, no swap-call ban, no limit on kongs but the dead wall's.
 */
import { kindOfId, type LegalAction, type PlayerAction, type Seat } from '@mahjong/shared';
import { CONCEALED_KONG, DISCARD } from '../actions.js';
import { deadCount } from '../core.js';
import { countOf, countsOf } from '../counts.js';
import type { TableState } from '../state.js';
import { checkSelfWin } from '../wins.js';

export function hkTurnActions(s: TableState): LegalAction[] {
  const h = s.hand;
  const seat = h.turn;
  const st = h.seats[seat];
  const out: LegalAction[] = [];
  const win = checkSelfWin(s, seat);
  if (win.ok) out.push({ type: 'win', faan: win.faan });
  const counts = countsOf(st.concealed);
  const canReplace = deadCount(h.wall) > 0;
  if (canReplace) {
    for (let k = 0; k < 34; k++) {
      if (counts[k] === 4) out.push(CONCEALED_KONG[k] as LegalAction);
    }
    if (st.drawn !== null) {
      const d = kindOfId(st.drawn);
      if (st.melds.some((m) => m.meld.kind === 'pung' && m.meld.tiles[0] === d)) {
        out.push({ type: 'addedKong', tile: d });
      }
    }
  }
  for (let k = 0; k < 34; k++) {
    if ((counts[k] ?? 0) > 0) out.push(DISCARD[k] as LegalAction);
  }
  return out;
}

/** Whether the turn seat's `action` is among `hkTurnActions`, without building the list (the copy named is checked by the caller). */
export function isHkTurnLegal(s: TableState, seat: Seat, action: PlayerAction): boolean {
  const h = s.hand;
  const st = h.seats[seat];
  switch (action.type) {
    case 'discard':
      return action.tile < 34 && countOf(st.concealed, action.tile) > 0;
    case 'concealedKong':
      return action.tile < 34 && deadCount(h.wall) > 0 && countOf(st.concealed, action.tile) === 4;
    case 'addedKong':
      return (
        deadCount(h.wall) > 0 &&
        st.drawn !== null &&
        kindOfId(st.drawn) === action.tile &&
        st.melds.some((m) => m.meld.kind === 'pung' && m.meld.tiles[0] === action.tile)
      );
    case 'win':
      return checkSelfWin(s, seat).ok;
    case 'chow':
    case 'pung':
    case 'kong':
    case 'pass':
    // Riichi moves: no Hong Kong table offers them.
    case 'riichi':
    case 'nineTerminals':
    // Three-player riichi's: refused before a family is asked (legal.ts), never offered.
    case 'north':
      return false;
  }
}
