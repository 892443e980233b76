/**
 * A three-player table's options, checked against the descriptor's schema
 * (`../../rulesets/riichi-sanma-options.ts`) and turned into what the scorer and the settlement
 * read: the scorer's options and the table's rules. Unknown keys and values of the wrong type are
 * refused with a reason naming them, as `resolveOptions` does for the playable rulesets.
 */
import { fail, ok, type Result } from '../../result.js';
import { type OptionSpec, optionRefusal, type ResolvedOptions } from '../../rulesets/schema.js';
import { RIICHI_TABLE_FLAGS } from '../../rulesets/riichi-options.js';
import { RIICHI_SANMA_OPTION_SCHEMA } from '../../rulesets/riichi-sanma-options.js';
import { RIICHI_SANMA_SCORER, type RiichiModernOptions } from '../../scoring/rulesets.js';
import type { MatchLength, RiichiTableFlags } from '../table-rules.js';
import { SANMA_TABLE_DEFAULTS, type SanmaTableRules } from './rules.js';

type Schema = typeof RIICHI_SANMA_OPTION_SCHEMA;
/** The scorer's options of a three-player table. */
export type SanmaScorerOptions = ResolvedOptions<Schema, 'scorer'>;
/** Every option of a three-player table, resolved. */
export type SanmaOptions = SanmaScorerOptions & ResolvedOptions<Schema, 'table'>;

// The clocks (`layer: 'timing'`) are the server's to take before the options get here.
const SPECS = (Object.values(RIICHI_SANMA_OPTION_SCHEMA) as readonly OptionSpec[]).filter((s) => s.layer !== 'timing');

/** The defaults, or `raw`'s choices checked and filled in; refused with a reason otherwise. */
export function resolveSanmaOptions(raw: unknown): Result<SanmaOptions, 'score/bad_options'> {
  const out: Record<string, unknown> = {};
  for (const spec of SPECS) out[spec.key] = spec.default;
  if (raw !== undefined && raw !== null) {
    if (typeof raw !== 'object' || Array.isArray(raw)) return fail('score/bad_options', 'options must be an object');
    for (const [key, value] of Object.entries(raw)) {
      const spec = SPECS.find((s) => s.key === key);
      if (spec === undefined) {
        return fail(
          'score/bad_options',
          `unknown option "${key}" for riichi-sanma (known: ${SPECS.map((s) => s.key).join(', ')})`,
        );
      }
      const why = optionRefusal(spec, value);
      if (why !== null) return fail('score/bad_options', why);
      out[key] = Array.isArray(value) ? [...value] : value;
    }
  }
  const o = out as unknown as SanmaOptions;
  if (o.returnPoints < o.startPoints) {
    return fail('score/bad_options', `returnPoints ${o.returnPoints} is below startPoints ${o.startPoints}`);
  }
  return ok(o);
}

/**
 * The four-player scorer options a three-player hand is counted with: riichi-modern's, with
 * the table's red fives (2 in the set; the scorer caps the red fives a hand may hold at 3).
 */
export const scorerOptionsOf = (o: SanmaScorerOptions): RiichiModernOptions => ({
  ruleset: RIICHI_SANMA_SCORER,
  openTanyao: o.openTanyao,
  redFives: o.redFives === 2 ? 3 : 0,
  doubleYakuman: o.doubleYakuman,
  kazoeLimit: o.kazoeLimit,
  kiriage: o.kiriage,
  renhou: o.renhou,
});

/**
 * The four-player table's plain flags this descriptor offers: each sets the rules' field of its
 * name as it is (the flags it leaves out keep `SANMA_TABLE_DEFAULTS`).
 */
const FLAGS = Object.keys(RIICHI_TABLE_FLAGS).filter((k) =>
  Object.hasOwn(RIICHI_SANMA_OPTION_SCHEMA, k),
) as (keyof Schema & keyof RiichiTableFlags)[];

/** The table's rules under resolved options; `length` is the match's (the host's rounds). */
export function sanmaTableRules(o: SanmaOptions, length: MatchLength = SANMA_TABLE_DEFAULTS.length): SanmaTableRules {
  const flags: Partial<Record<keyof RiichiTableFlags, boolean>> = {};
  for (const key of FLAGS) flags[key] = o[key];
  return {
    ...SANMA_TABLE_DEFAULTS,
    ...flags,
    length,
    startPoints: o.startPoints,
    returnPoints: o.returnPoints,
    uma: [...o.uma] as unknown as readonly [number, number, number],
    tsumoPayment: o.tsumoPayment,
    abortiveDraws: { nineTerminals: o.nineTerminals, fourKongs: o.fourKongs },
    honbaRon: o.honba,
    honbaTsumoEach: o.honba / 2,
    notReadyPool: o.drawPool,
  };
}
