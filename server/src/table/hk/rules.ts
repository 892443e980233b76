/**
 * The Hong Kong family's table rules (`hk-new`, `hk-old`: one way of playing, the scorer's
 * values and the seven-pairs rule differ): the interface of rules.ts filled in from this folder.
 * legal.ts (a turn's actions), wins.ts (win checks, conditions, liability, the result),
 * hand-end.ts (the exhaustive draw, the match's end). What riichi adds (declarations, dora,
 * furiten, abortive draws, honba and sticks) is absent here: each such point answers "nothing".
 */
import { ok, type TileKind } from '@mahjong/shared';
import type { FamilyRules } from '../rules.js';
import { hkExhaustiveDraw, hkMatchFinished } from './hand-end.js';
import { hkTurnActions, isHkTurnLegal } from './legal.js';
import { checkHkDiscardWin, checkHkSelfWin, hkDiscardWin, hkSelfDrawnWin } from './wins.js';

const NO_KINDS: readonly TileKind[] = [];

export const HK_RULES: FamilyRules = {
  id: 'hk',
  seats: 4,
  configure: (_ruleset, scoring) => ok({ scoring, riichi: null }),
  startScore: () => 0,
  openPot: () => null,
  newHand: () => null,

  turnActions: hkTurnActions,
  isTurnLegal: isHkTurnLegal,
  mayCall: () => true,
  mayKong: () => true,
  callCheck: () => null,
  bannedDiscards: () => NO_KINDS,
  mayDiscardCopy: () => true,

  checkSelfWin: checkHkSelfWin,
  checkDiscardWin: checkHkDiscardWin,
  selfDrawnWin: hkSelfDrawnWin,
  winOnClaim: (s, winner, _winners, from, tile, robbing) => hkDiscardWin(s, winner, from, tile, robbing),

  // A missed win lasts until the seat's next live-wall draw (deal.ts), not its discard.
  clearsMissedOnDiscard: false,
  onDiscard: () => null,
  onKongDeclared: (h) => h,
  afterKong: (h) => h,
  afterCall: (h) => h,
  passesByShape: () => false,
  unwonDiscard: (s) => s,
  abortiveDraw: () => null,
  abortHand: () => {
    throw new Error('a Hong Kong hand has no abortive draw');
  },
  exhaustiveDraw: hkExhaustiveDraw,

  matchFinished: hkMatchFinished,
  settleMatch: (s) => s,

  tableView: () => undefined,
  seatKey: () => null,
  seatView: (_h, _seat, view) => view,
  ownHand: () => {},
};
