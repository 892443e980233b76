/**
 * The one place where the table reaches into the rules core: the wall, hand analysis and the
 * scorer, plus the conversions between the scorer's wind-based payments and the table's seats.
 */
import {
  type AnalysisOptions,
  applyLiability,
  type BySeat,
  deltasBySeat,
  falseWinPenalty,
  HK_RULESETS,
  isRiichiFamily,
  type HkOptions,
  isSuited,
  liability,
  type LiabilityRule,
  type PatternView,
  type PaymentView,
  RIICHI_ANALYSIS,
  resolveOptions,
  type ScoringOptions,
  type Seat,
  SEATS,
  scoreWin,
  seatWind,
  suitOf,
  type TileKind,
  transfersBySeat,
  type WinInput,
} from '@mahjong/shared';
import type { EngineRulesetId, TableRuleset } from './types.js';

export {
  buildWall,
  countKinds,
  deadCount,
  drawLive,
  drawReplacement,
  handSeed,
  isComplete,
  isThirteenOrphans,
  liveCount,
  seedHash,
  shanten,
  waits,
  type WallState,
  type WinCondition,
} from '@mahjong/shared';

/** What the table needs to know of the resolved scoring options. */
export interface TableRules {
  /** The scorer's resolved options (Hong Kong or riichi, after the table's ruleset). */
  readonly options: ScoringOptions;
  /** Flowers and seasons in the wall (144 tiles) or not (136). */
  readonly bonus: boolean;
  readonly sevenPairs: boolean;
  /** Options for the hand analysis: seven pairs on/off, and (hk-new) four of a kind as two pairs. */
  readonly analysis: AnalysisOptions;
  readonly minFaan: number;
  /** On: a false declaration is accepted and charged; off: refused. */
  readonly falseWin: boolean;
}

export function resolveRules(ruleset: TableRuleset, raw: Record<string, unknown>) {
  const r = resolveOptions(ruleset, raw);
  if (!r.ok) return r;
  if (isRiichiFamily(ruleset)) {
    // 136 tiles, seven different pairs; a win needs a yaku (the scorer's minimum), never faan.
    const rules: TableRules = {
      options: r.value,
      bonus: false,
      sevenPairs: true,
      analysis: RIICHI_ANALYSIS,
      minFaan: 1,
      falseWin: false,
    };
    return { ok: true as const, value: rules };
  }
  const options = r.value as HkOptions;
  const rules: TableRules = {
    options,
    bonus: options.flowers,
    sevenPairs: options.sevenPairs,
    analysis: { sevenPairs: options.sevenPairs, fourAlikePairs: HK_RULESETS[ruleset].rules.sevenPairsFourAlike },
    minFaan: options.minFaan,
    falseWin: options.falseWinPenalty,
  };
  return { ok: true as const, value: rules };
}

export type TableScore =
  | { readonly valid: false; readonly reason: string }
  | {
      readonly valid: true;
      readonly faan: number;
      readonly limit: boolean;
      readonly patterns: readonly PatternView[];
      readonly arrangement: readonly string[];
      readonly payments: readonly PaymentView[];
      readonly deltas: BySeat<number>;
      /** The seat that pays it all under a liability rule, and the rule. */
      readonly liable?: { readonly seat: Seat; readonly rule: LiabilityRule };
    };

/** What the liability (包) rules need to know of the table beyond the hand itself. */
/** Whether a seat may win now, and its value (faan or han) when it may. */
export interface WinCheck {
  readonly ok: boolean;
  readonly faan: number;
}

export interface LiabilityFacts {
  /** Tiles left in the live wall when the winning tile was discarded. */
  readonly wallRemaining: number;
  /** The winning discard had not been seen anywhere on the table before. */
  readonly freshTile: boolean;
}

const isPureHand = (input: Omit<WinInput, 'discarder'>): boolean => {
  const all = [...input.concealed, input.win, ...input.melds.flatMap((m) => m.tiles)];
  const first = all[0] as TileKind;
  return isSuited(first) && all.every((t) => isSuited(t) && suitOf(t) === suitOf(first));
};

/** Scores a win and turns the scorer's payments (by wind) into seat-to-seat payments and deltas. */
export function scoreTableWin(
  ruleset: EngineRulesetId,
  rules: TableRules,
  input: Omit<WinInput, 'discarder'>,
  winner: Seat,
  discarder: Seat | null,
  facts: LiabilityFacts | null = null,
): TableScore {
  const dealer = ((winner - (input.seatWind - 1) + 4) % 4) as Seat;
  const full: WinInput = discarder === null ? input : { ...input, discarder: seatWind(discarder, dealer) };
  // Only Hong Kong tables score here (riichi: riichi/wins.ts), never three-player riichi.
  const r = scoreWin(full, ruleset as TableRuleset, rules.options);
  if (!r.valid) return { valid: false, reason: r.reason };
  if (r.belowMinimum) return { valid: false, reason: 'below the minimum faan' };
  let points = r.points;
  let liableSeat: { readonly seat: Seat; readonly rule: LiabilityRule } | null = null;
  if (facts !== null) {
    const liable = liability(rules.options, {
      melds: input.melds,
      selfDrawn: input.selfDrawn,
      discarder,
      pureHand: isPureHand(input),
      wallRemaining: facts.wallRemaining,
      freshTile: facts.freshTile,
    });
    if (liable !== null && liable.seat !== winner) {
      points = applyLiability(points, seatWind(liable.seat, dealer));
      liableSeat = liable;
    }
  }
  return {
    valid: true,
    faan: r.faan ?? 0,
    limit: r.limit,
    patterns: r.patterns,
    arrangement: r.arrangement,
    payments: transfersBySeat(points, winner, discarder, dealer).filter((p) => p.amount !== 0),
    deltas: deltasBySeat(points, winner, discarder, dealer),
    ...(liableSeat === null ? {} : { liable: liableSeat }),
  };
}

/** A false win (option on): the declarer pays every other seat the points of the maximum faan. */
export function falseWinDeltas(
  rules: TableRules,
  seat: Seat,
  dealer: Seat,
): { deltas: BySeat<number>; payments: PaymentView[] } {
  const p = falseWinPenalty(rules.options as HkOptions, seatWind(seat, dealer));
  const deltas = SEATS.map((x) => p.deltas[seatWind(x, dealer) - 1] as number) as unknown as BySeat<number>;
  const payments = SEATS.filter((x) => x !== seat).map((to) => ({ from: seat, to, amount: p.each }));
  return { deltas, payments };
}
