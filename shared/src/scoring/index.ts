/**
 * One scorer for every ruleset: `scoreWin(input, ruleset, options)` reads the hand every way it
 * can be read and keeps the reading (and, for riichi, the wait) that scores highest.
 */
import type { ScoringOptions } from './options.js';
import type { HkRuleset } from './rulesets.js';
import type { ScoringRulesetId, ScoreResult, WinInput } from './types.js';

export * from './options.js';
export * from './payments.js';
export * from './rulesets.js';
export * from './types.js';

/**
 * Scores a completed hand. `ruleset` is a built-in id, or a house table (an `HkRuleset`) for
 * HK play; `options` come from `resolveOptions` (defaults when left out). Never throws on bad
 * input: an impossible hand is `{ valid: false, code, reason }`.
 */
export function scoreWin(
  _input: WinInput,
  _ruleset: ScoringRulesetId | HkRuleset,
  _options?: ScoringOptions,
): ScoreResult {
  return { valid: false, code: 'score/bad_request', reason: 'the scorer is being written' };
}
