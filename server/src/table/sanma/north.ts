/**
 * The North set aside by choice (kita, three-player riichi): when a turn may declare one. The
 * declaration's window and completion are the shared table's (`turn.ts` `openNorthWindow`,
 * `claims.ts` `setNorthAside`); the rules are docs/rules/riichi-sanma.md's.
 */
import { kindOfId, type LegalAction, NORTH } from '@mahjong/shared';
import { DECLARE_NORTH } from '../actions.js';
import { deadCount, liveCount } from '../core.js';
import { riichiTurnActions } from '../riichi/legal.js';
import { riichiOf } from '../riichi/play.js';
import type { TableState } from '../state.js';

/**
 * Whether the turn seat may set a North aside now: it holds one; it drew this turn (not right
 * after a pung, as Tenhou rules: a seat that called only discards); a replacement can be drawn
 * (the live wall not empty, so the dead wall can give one: as for a kong); once in riichi only the
 * North just drawn (a declared hand parts with its drawn tile only, so its wait cannot change).
 */
export function mayDeclareNorth(s: TableState): boolean {
  const h = s.hand;
  const st = h.seats[h.turn];
  if (st.drawn === null || liveCount(h.wall) === 0 || deadCount(h.wall) === 0) return false;
  if (riichiOf(h).seats[h.turn].declared !== null) return kindOfId(st.drawn) === NORTH;
  return st.concealed.some((id) => kindOfId(id) === NORTH);
}

/** A three-player riichi turn: the riichi turn's actions, and the North set aside when it may be. */
export function sanmaTurnActions(s: TableState): LegalAction[] {
  const out = riichiTurnActions(s);
  if (mayDeclareNorth(s)) out.push(DECLARE_NORTH);
  return out;
}
