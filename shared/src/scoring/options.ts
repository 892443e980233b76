/**
 * Table options for scoring, checked and filled with the ruleset's defaults. The options, their
 * allowed values and defaults are the ruleset's descriptor's (`shared/src/rulesets/`); whatever
 * comes from outside (a request, a host's form) goes through `resolveOptions`: unknown keys and
 * values of the wrong type are refused with a reason naming them.
 */
import { fail, ok, type Result } from '../result.js';
import {
  type HkRulesetId,
  isRiichiFamily,
  isRulesetId,
  type OptionSpec,
  optionRefusal,
  type RedFiveCount,
  type RiichiRulesetId,
  RULESETS,
  type RulesetId,
} from '../rulesets/index.js';
import type { HkOptions, HkRuleset, RiichiOptions } from './rulesets.js';

export type ScoringOptions = HkOptions | RiichiOptions;

/** Options of either riichi table (the rest are HK options). */
export const isRiichiOptions = (o: ScoringOptions): o is RiichiOptions => isRiichiFamily(o.ruleset);

/** Red fives in the set under resolved riichi options: `akaDora` (riichi) or `redFives` (riichi-modern). */
export const redFiveCount = (o: RiichiOptions): RedFiveCount => ('akaDora' in o ? (o.akaDora ? 3 : 0) : o.redFives);

export type OptionsErrorCode = 'score/bad_ruleset' | 'score/bad_options';

/** The scorer's option specs of a ruleset (the table's own are the table's to resolve). */
export const scorerOptions = (ruleset: RulesetId): readonly OptionSpec[] =>
  Object.values(RULESETS[ruleset].options as Readonly<Record<string, OptionSpec>>).filter((o) => o.layer === 'scorer');

/** The resolved options of ruleset `Id`: its family's, and for riichi the option set of that table. */
export type OptionsOf<Id extends RulesetId> = Id extends RiichiRulesetId
  ? Extract<RiichiOptions, { readonly ruleset: Id }>
  : RulesetId extends Id
    ? ScoringOptions
    : HkOptions;

/** A ruleset's defaults (docs/rules/hong-kong.md and docs/rules/riichi.md, "Options"). */
export function defaultOptions<Id extends RulesetId>(ruleset: Id): OptionsOf<Id> {
  return DEFAULTS[ruleset] as OptionsOf<Id>;
}

/** Resolved defaults, built once from the descriptors (frozen: callers copy to change them). */
const DEFAULTS = Object.fromEntries(
  (Object.keys(RULESETS) as RulesetId[]).map((id) => {
    const o: Record<string, unknown> = { ruleset: id };
    for (const spec of scorerOptions(id)) o[spec.key] = spec.default;
    return [id, Object.freeze(o)];
  }),
) as unknown as Readonly<Record<RulesetId, ScoringOptions>>;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const bad = (message: string) => fail('score/bad_options' as const, message);

/**
 * Checks `raw` (undefined, or an object of option keys) against the ruleset and fills in the
 * defaults. `resolveOptions('hk-new', { faanCap: 10 })` → ok({ ruleset: 'hk-new', minFaan: 3, faanCap: 10, ... }).
 */
export function resolveOptions(ruleset: RulesetId, raw: unknown): Result<ScoringOptions, OptionsErrorCode> {
  if (!isRulesetId(ruleset)) return fail('score/bad_ruleset', `unknown ruleset "${String(ruleset)}"`);
  if (raw === undefined || raw === null) return ok(defaultOptions(ruleset));
  if (!isRecord(raw)) return bad('options must be an object');
  const specs = scorerOptions(ruleset);
  const out: Record<string, unknown> = { ...defaultOptions(ruleset) };
  for (const [key, value] of Object.entries(raw)) {
    const spec = specs.find((s) => s.key === key);
    if (spec === undefined) {
      return bad(`unknown option "${key}" for ${ruleset} (known: ${specs.map((s) => s.key).join(', ')})`);
    }
    const why = optionRefusal(spec, value);
    if (why !== null) return bad(why);
    out[key] = Array.isArray(value) ? [...value] : value;
  }
  if (!isRiichiFamily(ruleset)) {
    const hk = out as unknown as HkOptions;
    if (hk.minFaan > hk.faanCap) return bad(`minFaan ${hk.minFaan} is above faanCap ${hk.faanCap}`);
  }
  return ok(out as unknown as ScoringOptions);
}

/**
 * Resolves HK options against a house table: the ruleset's options, but only the payments the
 * table plays.
 */
export function resolveHk(
  table: HkRuleset,
  ruleset: HkRulesetId,
  raw: Record<string, unknown>,
): Result<HkOptions, OptionsErrorCode> {
  const r = resolveOptions(ruleset, raw);
  if (!r.ok) return r;
  const o = r.value as HkOptions;
  if (table.payments[o.payment] === undefined) {
    return bad(`payment "${o.payment}" is not played in ${ruleset} (use ${Object.keys(table.payments).join(', ')})`);
  }
  return ok(o);
}
