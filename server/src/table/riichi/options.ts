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
  RIICHI_TABLE_FLAGS,
  type RIICHI_TABLE_OPTIONS,
  type RiichiRulesetId,
  type RiichiTableFlags,
  type RiichiTableRules,
  RULESETS,
} from '@mahjong/shared';

/**
 * How each table option that is not a plain flag sets the table rules (a plain flag,
 * `RIICHI_TABLE_FLAGS`, sets the field of its name as sent). Every such option needs its entry:
 * the type refuses one left out.
 */
const APPLY = {
  nineTerminals: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, nineTerminals: v } }),
  fourWinds: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourWinds: v } }),
  fourKongs: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourKongs: v } }),
  fourRiichi: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourRiichi: v } }),
  uma: (r, v) => ({ ...r, uma: v }),
} satisfies {
  [K in Exclude<keyof typeof RIICHI_TABLE_OPTIONS, keyof RiichiTableFlags>]: (
    r: RiichiTableRules,
    // biome-ignore lint/suspicious/noExplicitAny: each option's value type, checked by its spec first
    v: any,
  ) => RiichiTableRules;
};

/** The rules with one option set: a plain flag under its own key, any other by its entry of `APPLY`. */
function applyOption(rules: RiichiTableRules, key: string, value: unknown): RiichiTableRules {
  if (Object.hasOwn(RIICHI_TABLE_FLAGS, key)) return { ...rules, [key]: value };
  const apply = (APPLY as Record<string, (r: RiichiTableRules, v: unknown) => RiichiTableRules>)[key];
  if (apply === undefined) throw new Error(`the table has no rule for its option ${key}`);
  return apply(rules, value);
}

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
    rules = applyOption(rules, key, value);
  }
  return ok({ rules, scoring });
}
