/**
 * The riichi table's own rules (match length, several rons, abortive draws, nagashi mangan,
 * liability, the end on a negative score, uma) taken from the host's raw options; what remains goes to the
 * scorer (`openTanyao`, `redFives`, `doubleYakuman`, `kazoeLimit`, `kiriage`, `renhou`...).
 * Defaults: `RIICHI_TABLE_DEFAULTS` of the shared rules.
 */
import {
  fail,
  ok,
  type OptionSpec,
  optionRefusal,
  type Result,
  RIICHI_TABLE_DEFAULTS,
  type RIICHI_TABLE_OPTIONS,
  type RiichiRulesetId,
  type RiichiTableRules,
  RULESETS,
} from '@mahjong/shared';

/** How each of the table's options (the descriptor's `layer: 'table'`) sets the table rules. */
const APPLY = {
  headBump: (r, v) => ({ ...r, headBump: v }),
  tripleRonAborts: (r, v) => ({ ...r, tripleRonAborts: v }),
  nagashiMangan: (r, v) => ({ ...r, nagashiMangan: v }),
  swapCalls: (r, v) => ({ ...r, swapCalls: v }),
  pao: (r, v) => ({ ...r, pao: v }),
  bustEnds: (r, v) => ({ ...r, bustEnds: v }),
  extraRound: (r, v) => ({ ...r, extraRound: v }),
  lastDealerStops: (r, v) => ({ ...r, lastDealerStops: v }),
  sticksToFirst: (r, v) => ({ ...r, sticksToFirst: v }),
  nineTerminals: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, nineTerminals: v } }),
  fourWinds: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourWinds: v } }),
  fourKongs: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourKongs: v } }),
  fourRiichi: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourRiichi: v } }),
  uma: (r, v) => ({ ...r, uma: v }),
} satisfies {
  [K in keyof typeof RIICHI_TABLE_OPTIONS]?: (
    r: RiichiTableRules,
    // biome-ignore lint/suspicious/noExplicitAny: each option's value type, checked by its spec first
    v: any,
  ) => RiichiTableRules;
};

export interface SplitRiichi {
  readonly rules: RiichiTableRules;
  /** What remains for the scorer. */
  readonly scoring: Record<string, unknown>;
}

/**
 * Takes the table's own keys out of `raw`, each checked against the ruleset's descriptor;
 * `rounds` 1 is an east-only match, 2 east and south.
 */
export function splitRiichiOptions(
  ruleset: RiichiRulesetId,
  raw: Record<string, unknown>,
  rounds: 1 | 2,
): Result<SplitRiichi, 'config/bad_options'> {
  let rules: RiichiTableRules = { ...RIICHI_TABLE_DEFAULTS, length: rounds === 1 ? 'east' : 'east-south' };
  const specs = RULESETS[ruleset].options as Readonly<Record<string, OptionSpec>>;
  const scoring: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    const spec = Object.hasOwn(specs, key) ? specs[key] : undefined;
    if (spec?.layer !== 'table') {
      scoring[key] = value;
      continue;
    }
    const why = optionRefusal(spec, value);
    if (why !== null) return fail('config/bad_options', why);
    const apply = (APPLY as Record<string, (r: RiichiTableRules, v: unknown) => RiichiTableRules>)[key];
    if (apply === undefined) throw new Error(`the table has no rule for its option ${key}`);
    rules = apply(rules, value);
  }
  return ok({ rules, scoring });
}
