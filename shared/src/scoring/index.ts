/**
 * One scorer for every ruleset: `scoreWin(input, ruleset, options)` reads the hand every way it
 * can be read and keeps the reading (and, for riichi, the wait) that scores highest.
 */
import { scoreHk } from './hk.js';
import { type ScoringOptions, defaultOptions, isRiichiOptions } from './options.js';
import { rulesetFamily } from '../rulesets/ids.js';
import {
  HK_NEW,
  HK_OLD,
  HK_RULESETS,
  type HkOptions,
  type HkRuleset,
  RIICHI,
  RIICHI_RULESETS,
  type RiichiOptions,
  type RiichiRuleset,
} from './rulesets.js';
import { scoreRiichi } from './riichi.js';
import { parseRequest } from './request.js';
import { isSanmaRuleset, resolveSanmaScoreOptions, SANMA_RULESET, scoreSanmaRequest } from './three-player.js';
import { isRiichiFamily, isScoringRulesetId, type ScoreResult, type ScoringRulesetId, type WinInput } from './types.js';

export { arrangementOf, checkMeld, type HandSet, type Reading } from './hand.js';
export * from './options.js';
export * from './payments.js';
export * from './explain.js';
export * from './pattern-names.js';
export * from './request.js';
export * from './rulesets.js';
export * from './types.js';
export * from './three-player.js';

/**
 * Scores a completed hand. `ruleset` is a built-in id, or a house table (an `HkRuleset` or a
 * `RiichiRuleset`, e.g. `{ ...RIICHI, yakuman: { ...RIICHI.yakuman, 'consecutive-pairs': 0 } }`); `options` come from `resolveOptions` (the ruleset's defaults when left out). Never
 * throws on bad input: an impossible hand is `{ valid: false, code, reason }`.
 */
export function scoreWin(
  input: WinInput,
  ruleset: ScoringRulesetId | HkRuleset | RiichiRuleset,
  options?: ScoringOptions,
): ScoreResult {
  if (typeof ruleset !== 'string') {
    // A house table takes the defaults of the built-in table it was made from.
    const from = isScoringRulesetId(ruleset.id) && rulesetFamily(ruleset.id) === ruleset.family ? ruleset.id : null;
    if (ruleset.family === 'riichi') {
      const opts =
        options !== undefined && isRiichiOptions(options)
          ? options
          : defaultOptions((from ?? RIICHI.id) as ScoringRulesetId);
      return scoreRiichi(input, opts as RiichiOptions, ruleset);
    }
    const opts =
      options && !isRiichiOptions(options)
        ? options
        : ({
            ...(defaultOptions((from ?? HK_NEW.id) as ScoringRulesetId) as HkOptions),
            ruleset: options?.ruleset === HK_OLD.id ? HK_OLD.id : HK_NEW.id,
          } as HkOptions);
    return scoreHk(input, ruleset, opts);
  }
  if (isSanmaRuleset(ruleset)) {
    // Three players are paid among three (`scoreSanmaWin`): the four-player path would score the
    // same han and fu but pay as if a fourth seat were there.
    // Its own options come through `scoreSanmaRequest`; four-player options do not fit it.
    if (options !== undefined) {
      return { valid: false, code: 'score/bad_options', reason: `options for ${options.ruleset} given to ${ruleset}` };
    }
    const defaults = resolveSanmaScoreOptions(undefined);
    if (!defaults.ok) return { valid: false, code: defaults.error.code, reason: defaults.error.message };
    return scoreSanmaRequest(input, defaults.value);
  }
  if (isRiichiFamily(ruleset)) {
    const table = RIICHI_RULESETS[ruleset];
    if (options === undefined) return scoreRiichi(input, defaultOptions(ruleset), table);
    if (!isRiichiOptions(options) || options.ruleset !== ruleset) {
      return { valid: false, code: 'score/bad_options', reason: `options for ${options.ruleset} given to ${ruleset}` };
    }
    return scoreRiichi(input, options, table);
  }
  const table = HK_RULESETS[ruleset] as HkRuleset | undefined;
  if (table === undefined) {
    return { valid: false, code: 'score/bad_ruleset', reason: `unknown ruleset ${JSON.stringify(ruleset)}` };
  }
  if (options && options.ruleset !== ruleset) {
    return { valid: false, code: 'score/bad_options', reason: `options for ${options.ruleset} given to ${ruleset}` };
  }
  return scoreHk(input, table, options ?? defaultOptions(ruleset));
}

/** Scores one request of the command-line scorer (docs/scoring-command.md): JSON in, result out. */
export function scoreRequest(raw: unknown): ScoreResult {
  const parsed = parseRequest(raw);
  if (!parsed.ok) return parsed.result;
  const p = parsed.value;
  const result =
    p.ruleset === SANMA_RULESET ? scoreSanmaRequest(p.input, p.options) : scoreWin(p.input, p.ruleset, p.options);
  return parsed.value.warnings.length > 0 ? { ...result, warnings: parsed.value.warnings } : result;
}
