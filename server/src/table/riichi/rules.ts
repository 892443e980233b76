/**
 * The riichi family's table rules (`riichi-modern`, `riichi`: one way of playing, the scorer's
 * values differ): the interface of rules.ts filled in from this folder. play.ts (dora, the
 * declaration, ippatsu, the stick, furiten, abortive draws), legal.ts (a turn's actions, the
 * limits on calls), wins.ts (tsumo, rons, draws, honba and sticks, the match's end), view.ts
 * (indicators, standing, declarations, furiten), options.ts (the table's own options).
 */
import { fail, ok, type RiichiRulesetId } from '@mahjong/shared';
import type { FamilyRules } from '../rules.js';
import type { RiichiPot } from '../state.js';
import {
  isRiichiTurnLegal,
  mayCallInRiichi,
  mayDiscardCopyInRiichi,
  riichiTurnActions,
  swapCallCheck,
} from './legal.js';
import { splitRiichiOptions } from './options.js';
import {
  abortiveDrawNow,
  completesShape,
  kongCount,
  markPassedInRiichi,
  NEW_RIICHI_HAND,
  payRiichiStick,
  riichiAfterCall,
  riichiAfterKong,
  riichiOf,
  riichiOnDiscard,
  riichiOnKongDeclared,
  swapCallBan,
} from './play.js';
import { riichiOwnHand, riichiSeatView, riichiTableView } from './view.js';
import {
  checkRiichiDiscardWin,
  checkRiichiSelfWin,
  closeRiichiMatch,
  riichiAbort,
  riichiExhaustiveDraw,
  riichiRon,
  riichiTsumo,
} from './wins.js';

export const RIICHI_RULES: FamilyRules = {
  id: 'riichi',
  seats: 4,
  configure(ruleset, scoring, timing, rounds) {
    if (timing.bankruptcyPoints !== 0) {
      return fail('config/bad_options', 'riichi tables end on a negative score with the bustEnds option');
    }
    // The family was chosen from the ruleset's descriptor; its rounds were checked against the descriptor's longest.
    const r = splitRiichiOptions(ruleset as RiichiRulesetId, scoring, rounds as 1 | 2);
    return r.ok ? ok({ scoring: r.value.scoring, riichi: r.value.rules }) : r;
  },
  startScore: (setup) => setup.riichi?.startPoints ?? 0,
  openPot: (setup) => ({ honba: setup.firstHand?.honba ?? 0, sticks: setup.firstHand?.sticks ?? 0, over: false }),
  newHand: () => NEW_RIICHI_HAND,

  turnActions: riichiTurnActions,
  isTurnLegal: isRiichiTurnLegal,
  mayCall: mayCallInRiichi,
  // At most four kongs on the table.
  mayKong: (h) => kongCount(h) < 4,
  callCheck: swapCallCheck,
  bannedDiscards: swapCallBan,
  mayDiscardCopy: mayDiscardCopyInRiichi,

  checkSelfWin: checkRiichiSelfWin,
  checkDiscardWin: (s, seat, _from, tile, robbing) => checkRiichiDiscardWin(s, seat, tile, robbing),
  selfDrawnWin: riichiTsumo,
  winOnClaim: (s, _winner, winners, from, tile, robbing) => riichiRon(s, winners, from, tile, robbing),

  clearsMissedOnDiscard: true,
  onDiscard: riichiOnDiscard,
  onKongDeclared: riichiOnKongDeclared,
  afterKong: riichiAfterKong,
  afterCall: riichiAfterCall,
  passesByShape: completesShape,
  markPassedWins: markPassedInRiichi,
  unwonDiscard: payRiichiStick,
  abortiveDraw: abortiveDrawNow,
  abortHand: (s, kind) => riichiAbort(s, kind),
  exhaustiveDraw: riichiExhaustiveDraw,

  // The shared rule, asked as the hand ended (wins.ts: bust, the rounds and the extra round, the last dealer stopping).
  matchFinished: (s) => (s.pot as RiichiPot).over,
  settleMatch: closeRiichiMatch,

  tableView: riichiTableView,
  seatKey: (h, seat) => riichiOf(h).seats[seat],
  seatView: riichiSeatView,
  ownHand: riichiOwnHand,
};
