/**
 * Three-player riichi (`riichi-sanma`) in the scorer's requests (docs/scoring-command.md): the
 * command and the calculator score a three-player hand whether or not a table plays the ruleset
 * yet, so its id is one of the scorer's whatever the descriptor's `playable` says. A request
 * gives the Norths set aside (`north`, 0-4) and may choose how a self-draw is paid
 * (`tsumoPayment`, a table option that decides the hand's payments); the other table options
 * (honba, the draw's pool, the points dealt) play no part in one hand's score and are refused.
 */
import { fail, ok, type Result } from '../result.js';
import { resolveSanmaOptions, type SanmaScorerOptions } from '../riichi/sanma/options.js';
import type { TsumoPayment } from '../riichi/sanma/rules.js';
import { scoreSanmaWin } from '../riichi/sanma/score.js';
import { RIICHI_SANMA_OPTION_SCHEMA } from '../rulesets/riichi-sanma-options.js';
import type { OptionSpec } from '../rulesets/schema.js';
import { type OptionsErrorCode, resolveOptions, type ScoringOptions, scorerOptions } from './options.js';
import {
  isRiichiFamily,
  type ScoringRulesetId,
  SCORING_RULESET_IDS,
  type ScoreResult,
  type WinInput,
} from './types.js';

export const SANMA_RULESET = 'riichi-sanma';
export type SanmaRulesetId = typeof SANMA_RULESET;

/** The rulesets the scorer takes: the playable ones, and three-player riichi in any case. */
export type ScoreRulesetId = ScoringRulesetId | SanmaRulesetId;
/** The playable rulesets other than three-player riichi (each scored by `scoreWin` with its options). */
export type FourPlayerRulesetId = Exclude<ScoringRulesetId, SanmaRulesetId>;

export const SCORE_RULESET_IDS: readonly ScoreRulesetId[] = (SCORING_RULESET_IDS as readonly string[]).includes(
  SANMA_RULESET,
)
  ? SCORING_RULESET_IDS
  : [...SCORING_RULESET_IDS, SANMA_RULESET];

export const isSanmaRuleset = (id: unknown): id is SanmaRulesetId => id === SANMA_RULESET;
export const isScoreRulesetId = (id: unknown): id is ScoreRulesetId =>
  isSanmaRuleset(id) || (SCORING_RULESET_IDS as readonly unknown[]).includes(id);

/** What a three-player hand is scored with: the scorer's options and the table's self-draw convention. */
export type SanmaScoreOptions = SanmaScorerOptions & {
  readonly ruleset: SanmaRulesetId;
  readonly tsumoPayment: TsumoPayment;
};

const SPECS = Object.values(RIICHI_SANMA_OPTION_SCHEMA) as readonly OptionSpec[];
/** The options a request may set: the scorer's and `tsumoPayment`. */
export const SANMA_SCORE_OPTION_KEYS: readonly string[] = SPECS.filter(
  (s) => s.layer === 'scorer' || s.key === 'tsumoPayment',
).map((s) => s.key);

/** Checks a request's options for a three-player hand and fills in the defaults. */
export function resolveSanmaScoreOptions(raw: unknown): Result<SanmaScoreOptions, OptionsErrorCode> {
  if (raw !== undefined && raw !== null && typeof raw === 'object' && !Array.isArray(raw)) {
    for (const key of Object.keys(raw)) {
      if (!SANMA_SCORE_OPTION_KEYS.includes(key)) {
        const why = SPECS.some((s) => s.key === key)
          ? `option "${key}" is the table's and plays no part in one hand's score`
          : `unknown option "${key}" for riichi-sanma`;
        return fail('score/bad_options', `${why} (known: ${SANMA_SCORE_OPTION_KEYS.join(', ')})`);
      }
    }
  }
  const r = resolveSanmaOptions(raw);
  if (!r.ok) return r;
  const o = r.value;
  return ok({
    ruleset: SANMA_RULESET,
    openTanyao: o.openTanyao,
    redFives: o.redFives,
    doubleYakuman: o.doubleYakuman,
    kazoeLimit: o.kazoeLimit,
    kiriage: o.kiriage,
    renhou: o.renhou,
    tsumoPayment: o.tsumoPayment,
  });
}

/** Scores a three-player hand under resolved options. */
export const scoreSanmaRequest = (input: WinInput, options: SanmaScoreOptions): ScoreResult =>
  scoreSanmaWin(input, options, options.tsumoPayment);

/** Resolved options of any of the scorer's rulesets. */
export type ScoreOptions = ScoringOptions | SanmaScoreOptions;
export const isSanmaScoreOptions = (o: ScoreOptions): o is SanmaScoreOptions => o.ruleset === SANMA_RULESET;

/** A riichi ruleset (han and fu, dora), three players included. */
export const isRiichiScoreRuleset = (id: ScoreRulesetId): boolean => isSanmaRuleset(id) || isRiichiFamily(id);

/** The options a request of `ruleset` may set (the calculator's form): the scorer's, and for three players `tsumoPayment`. */
export const scoreOptionSpecs = (ruleset: ScoreRulesetId): readonly OptionSpec[] =>
  isSanmaRuleset(ruleset) ? SPECS.filter((s) => SANMA_SCORE_OPTION_KEYS.includes(s.key)) : scorerOptions(ruleset);

/** Checks `raw` against the ruleset's options (`resolveOptions`, or `resolveSanmaScoreOptions`). */
export const resolveScoreOptions = (ruleset: ScoreRulesetId, raw: unknown): Result<ScoreOptions, OptionsErrorCode> =>
  isSanmaRuleset(ruleset) ? resolveSanmaScoreOptions(raw) : resolveOptions(ruleset, raw);
