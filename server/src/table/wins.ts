/**
 * A win's check as the shared table code asks it: whether the turn seat's hand is a self-drawn
 * win (remembered for the hand: the legal list, the refusal check and the guard all ask), and a
 * false declaration charged. The family's rules decide and score the win itself (rules.ts:
 * hk/wins.ts, riichi/wins.ts).
 */
import type { HandResultView, Seat } from '@mahjong/shared';
import { falseWinDeltas, type WinCheck } from './core.js';
import { endHand, revealAll } from './hand-end.js';
import { familyOf } from './rules.js';
import { type HandState, prevailingWind, type TableState } from './state.js';

// The self-drawn win check of the last hand state asked about (states are immutable: the turn
// seat's answer never changes; the legal list, the refusal check and the action all ask).
let selfWinHand: HandState | null = null;
let selfWin: WinCheck = { ok: false, faan: 0 };

export function checkSelfWin(s: TableState, seat: Seat): WinCheck {
  if (seat !== s.hand.turn) return familyOf(s).checkSelfWin(s, seat);
  if (selfWinHand === s.hand) return selfWin;
  const r = familyOf(s).checkSelfWin(s, seat);
  selfWinHand = s.hand;
  selfWin = r;
  return r;
}

export function falseWin(s: TableState, seat: Seat): TableState {
  const { deltas, payments } = falseWinDeltas(s.setup.rules, seat, s.hand.dealer);
  const result: HandResultView = {
    handNumber: s.hand.number,
    dealer: s.hand.dealer,
    prevailingWind: prevailingWind(s),
    kind: 'draw',
    payments,
    deltas,
    hands: revealAll(s),
    patterns: [{ name: `False win by seat ${seat}`, value: 0 }],
  };
  return endHand(s, result, true);
}
