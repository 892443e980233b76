/**
 * The analysis of one seat at one step, from that seat's view only (`seat-view.ts`): its
 * shanten; on a discard turn each legal discard with the shanten after it and its effective
 * tiles, ranked; what the hard bot would do; at a riichi table, each tile's danger against each
 * declared riichi; at a Hong Kong table, whether the minimum faan is still within reach.
 */
import { type AnalysisOptions, shanten } from '../analysis.js';
import { chooseBotAction } from '../bot.js';
import { RIICHI_ANALYSIS } from '../riichi/declare.js';
import { inSanmaSet } from '../riichi/sanma/tiles.js';
import { isRiichiFamily, isRulesetId, rulesetOfFamily } from '../rulesets/ids.js';
import { isRiichiOptions, resolveOptions } from '../scoring/index.js';
import { HK_RULESETS, type HkOptions } from '../scoring/rulesets.js';
import type { PlayerAction, Seat, TableView } from '../table-types.js';
import { countKinds, type TileKind } from '../tiles.js';
import { dangerTable, declarersOf, type RiichiDeclarer, type TileDanger } from './danger.js';
import { byEfficiency, type DiscardCandidate, discardCandidates } from './efficiency.js';
import { type FaanReach, faanReach } from './faan-reach.js';
import { unseenCounts, visibleCounts } from './seat-view.js';

/** How the table's rules read a hand: seven pairs and the like, and (Hong Kong) the scorer's options. */
export interface ReviewRules {
  readonly analysis: AnalysisOptions;
  /** Hong Kong tables: the scorer's options (with the table's minimum faan). */
  readonly hk: HkOptions | null;
}

/** The rules of a table of `ruleset` with its stored `options` (a match's `options`). */
export function reviewRulesFor(ruleset: string, options: Record<string, unknown> = {}): ReviewRules {
  if (isRulesetId(ruleset) && isRiichiFamily(ruleset)) return { analysis: RIICHI_ANALYSIS, hk: null };
  const id = isRulesetId(ruleset) ? ruleset : rulesetOfFamily('hk');
  const r = resolveOptions(id, options);
  const o = r.ok && !isRiichiOptions(r.value) ? r.value : null;
  const hk = o ?? (resolveOptions(id, {}) as { value: HkOptions }).value;
  return {
    analysis: { sevenPairs: hk.sevenPairs, fourAlikePairs: HK_RULESETS[hk.ruleset].rules.sevenPairsFourAlike },
    hk,
  };
}

/** What the analysis says of one seat at one step. */
export interface TurnAnalysis {
  readonly seat: Seat;
  /** `discard`: the seat is to discard (candidates ranked); `claim`: it may claim the last
   * discard (only the bot's choice is given); `idle`: nothing to decide. */
  readonly decision: 'discard' | 'claim' | 'idle';
  /** Shanten of the seat's concealed tiles as they are (of the 14 on a discard turn). */
  readonly shanten: number;
  /** Legal discards, best first (`efficiency.ts`); empty unless `decision` is `discard`. */
  readonly candidates: readonly DiscardCandidate[];
  /** What the hard bot would do from this view; null when it has nothing to do. */
  readonly bot: PlayerAction | null;
  /** Riichi tables with another seat in riichi: each kind of the hand against each declarer. */
  readonly danger: {
    readonly declarers: readonly Seat[];
    readonly tiles: readonly { readonly tile: TileKind; readonly against: readonly TileDanger[] }[];
  } | null;
  /** Hong Kong tables: whether the minimum faan is within reach (on a discard turn, after the
   * best discard that reaches it). */
  readonly reach: FaanReach | null;
}

/** Which parts to work out (a whole match's summary needs the efficiency only). */
export interface TurnParts {
  readonly bot?: boolean;
  readonly danger?: boolean;
  readonly reach?: boolean;
}

const ALL: TurnParts = { bot: true, danger: true, reach: true };

/** The analysis of the viewer of `view` (a seat's own view, never a spectator's). */
export function analyseTurn(view: TableView, rules: ReviewRules, parts: TurnParts = ALL): TurnAnalysis | null {
  const seat = view.viewer;
  if (seat === 'spectator' || view.hand === undefined || view.phase !== 'playing') return null;
  const me = view.seats[seat];
  const counts = countKinds(view.hand.concealed);
  const melds = me.melds.length;
  const unseen = unseenCounts(view);
  const discards = new Set<TileKind>();
  let claim = false;
  for (const a of view.legalActions) {
    if (a.type === 'discard' || a.type === 'riichi') discards.add(a.tile);
    else if (a.type === 'chow' || a.type === 'pung' || a.type === 'kong') claim = true;
  }
  const decision = discards.size > 0 ? 'discard' : claim ? 'claim' : 'idle';
  const all = decision === 'discard' ? discardCandidates(counts, melds, unseen, rules.analysis, [...discards]) : [];
  // Among three (a seat vacant) 2m-8m are no tiles: a 2m next to a 1m would be no effective draw.
  const candidates = view.seats.some((s) => s.vacant)
    ? all.map((c) => ({ ...c, effective: c.effective.filter(inSanmaSet) })).sort(byEfficiency)
    : all;
  const declarers: RiichiDeclarer[] = parts.danger && view.riichi !== undefined ? declarersOf(view) : [];
  return {
    seat,
    decision,
    shanten: shanten(counts, melds, rules.analysis),
    candidates,
    bot: parts.bot && view.legalActions.length > 0 ? chooseBotAction(view, 'hard') : null,
    danger:
      declarers.length > 0
        ? {
            declarers: declarers.map((d) => d.seat),
            tiles: dangerTable(view.hand.concealed, declarers, visibleCounts(view)),
          }
        : null,
    reach: parts.reach && rules.hk !== null ? reachOf(view, rules, rules.hk, candidates) : null,
  };
}

/** Hong Kong: the minimum within reach of the hand (3n+1) or of its best discards (3n+2). */
function reachOf(
  view: TableView,
  rules: ReviewRules,
  hk: HkOptions,
  candidates: readonly DiscardCandidate[],
): FaanReach {
  const me = view.seats[view.viewer as Seat];
  const seat = {
    melds: me.melds,
    bonus: me.bonus,
    seatWind: me.wind,
    roundWind: view.prevailingWind,
    dealer: me.isDealer,
  };
  const unseen = unseenCounts(view);
  const minFaan = view.minFaan ?? hk.minFaan;
  const scoring = { ...hk, minFaan: 0 };
  const counts = countKinds((view.hand as NonNullable<TableView['hand']>).concealed);
  if (candidates.length === 0) return faanReach(counts, seat, unseen, minFaan, scoring, rules.analysis);
  // After the discards that keep the lowest shanten: the first that reaches the minimum answers.
  let answer: FaanReach = { kind: 'far' };
  for (const c of candidates) {
    if (c.shanten !== (candidates[0] as DiscardCandidate).shanten) break;
    counts[c.tile] = (counts[c.tile] as number) - 1;
    const r = faanReach(counts, seat, unseen, minFaan, scoring, rules.analysis);
    counts[c.tile] = (counts[c.tile] as number) + 1;
    if (r.kind === 'yes') return r;
    if (
      r.kind === 'no' &&
      (answer.kind === 'far' || (r.best ?? -1) > (answer.kind === 'no' ? (answer.best ?? -1) : -1))
    )
      answer = r;
  }
  return answer;
}
