/**
 * Table options for scoring, checked and filled with the ruleset's defaults. Whatever comes
 * from outside (a request, a host's form) goes through `resolveOptions`: unknown keys and
 * values of the wrong type are refused with a reason naming them.
 */
import { fail, ok, type Result } from '../result.js';
import {
  HK_RULESETS,
  type HkOptions,
  type HkRuleset,
  PAYMENT_MODES,
  type PaymentMode,
  POINTS_TABLE_NAMES,
  type PointsTable,
  RED_FIVE_COUNTS,
  RENHOU_VALUES,
  RIICHI,
  RIICHI_MODERN,
  type RiichiModernOptions,
  type RiichiOptions,
  type RiichiSeedOptions,
} from './rulesets.js';
import { isScoringRulesetId, type ScoringRulesetId } from './types.js';

export type ScoringOptions = HkOptions | RiichiOptions;

/** Options of either riichi table (the rest are HK options). */
export const isRiichiOptions = (o: ScoringOptions): o is RiichiOptions =>
  o.ruleset === 'riichi' || o.ruleset === 'riichi-modern';

export type OptionsErrorCode = 'score/bad_ruleset' | 'score/bad_options';

export const HK_OPTION_KEYS = [
  'minFaan',
  'faanCap',
  'table',
  'payment',
  'divisor',
  'sevenPairs',
  'flowers',
  'falseWinPenalty',
  'ninePiecesPenalty',
  'twelvePiecesPenalty',
  'fifthTilePenalty',
] as const;
export const RIICHI_OPTION_KEYS = [
  'openTanyao',
  'akaDora',
  'doubleYakuman',
  'kazoeLimit',
  'kiriage',
  'renhouAsYakuman',
] as const;
export const RIICHI_MODERN_OPTION_KEYS = [
  'openTanyao',
  'redFives',
  'doubleYakuman',
  'kazoeLimit',
  'kiriage',
  'renhou',
] as const;

/** A ruleset's defaults (docs/rules/hong-kong.md and docs/rules/riichi.md, "Options"). */
export function defaultOptions(ruleset: 'riichi'): RiichiSeedOptions;
export function defaultOptions(ruleset: 'riichi-modern'): RiichiModernOptions;
export function defaultOptions(ruleset: 'hk-new' | 'hk-old'): HkOptions;
export function defaultOptions(ruleset: ScoringRulesetId): ScoringOptions;
export function defaultOptions(ruleset: ScoringRulesetId): ScoringOptions {
  return DEFAULTS[ruleset];
}

/** Resolved defaults, built once (frozen: callers copy to change them). */
const DEFAULTS: Readonly<Record<ScoringRulesetId, ScoringOptions>> = {
  'hk-new': Object.freeze({ ruleset: 'hk-new', ...HK_RULESETS['hk-new'].defaults }),
  'hk-old': Object.freeze({ ruleset: 'hk-old', ...HK_RULESETS['hk-old'].defaults }),
  riichi: Object.freeze({ ...RIICHI.defaults }),
  'riichi-modern': Object.freeze({ ...RIICHI_MODERN.defaults }),
};

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const bad = (message: string) => fail('score/bad_options' as const, message);

/**
 * Checks `raw` (undefined, or an object of option keys) against the ruleset and fills in the
 * defaults. `resolveOptions('hk-new', { faanCap: 10 })` → ok({ ruleset: 'hk-new', minFaan: 3, faanCap: 10, ... }).
 */
export function resolveOptions(ruleset: ScoringRulesetId, raw: unknown): Result<ScoringOptions, OptionsErrorCode> {
  if (!isScoringRulesetId(ruleset)) return fail('score/bad_ruleset', `unknown ruleset "${String(ruleset)}"`);
  if (raw === undefined || raw === null) return ok(defaultOptions(ruleset));
  if (!isRecord(raw)) return bad('options must be an object');
  if (ruleset === 'riichi') return resolveRiichi(raw);
  if (ruleset === 'riichi-modern') return resolveRiichiModern(raw);
  return resolveHk(HK_RULESETS[ruleset], ruleset, raw);
}

function resolveRiichi(raw: Record<string, unknown>): Result<RiichiOptions, OptionsErrorCode> {
  const out = { ...(RIICHI.defaults as RiichiSeedOptions) } as {
    -readonly [K in keyof RiichiSeedOptions]: RiichiSeedOptions[K];
  };
  for (const [key, value] of Object.entries(raw)) {
    if (!(RIICHI_OPTION_KEYS as readonly string[]).includes(key)) {
      return bad(`unknown option "${key}" for riichi (known: ${RIICHI_OPTION_KEYS.join(', ')})`);
    }
    if (typeof value !== 'boolean') return bad(`option "${key}" must be true or false`);
    out[key as (typeof RIICHI_OPTION_KEYS)[number]] = value;
  }
  return ok(out);
}

function resolveRiichiModern(raw: Record<string, unknown>): Result<RiichiOptions, OptionsErrorCode> {
  const out = { ...(RIICHI_MODERN.defaults as RiichiModernOptions) } as {
    -readonly [K in keyof RiichiModernOptions]: RiichiModernOptions[K];
  };
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case 'openTanyao':
      case 'doubleYakuman':
      case 'kazoeLimit':
      case 'kiriage':
        if (typeof value !== 'boolean') return bad(`option "${key}" must be true or false`);
        out[key] = value;
        break;
      case 'redFives':
        if (!(RED_FIVE_COUNTS as readonly unknown[]).includes(value)) {
          return bad(`option "redFives" must be ${RED_FIVE_COUNTS.join(' or ')}`);
        }
        out.redFives = value as RiichiModernOptions['redFives'];
        break;
      case 'renhou':
        if (!(RENHOU_VALUES as readonly unknown[]).includes(value)) {
          return bad(`option "renhou" must be one of ${RENHOU_VALUES.join(', ')}`);
        }
        out.renhou = value as RiichiModernOptions['renhou'];
        break;
      default:
        return bad(`unknown option "${key}" for riichi-modern (known: ${RIICHI_MODERN_OPTION_KEYS.join(', ')})`);
    }
  }
  return ok(out);
}

/** Resolves HK options against any HK ruleset table (the built-in ones or a house table). */
export function resolveHk(
  table: HkRuleset,
  ruleset: 'hk-new' | 'hk-old',
  raw: Record<string, unknown>,
): Result<HkOptions, OptionsErrorCode> {
  const out: { -readonly [K in keyof HkOptions]: HkOptions[K] } = { ruleset, ...table.defaults };
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case 'minFaan':
      case 'faanCap':
        if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 100) {
          return bad(`option "${key}" must be a whole number of faan (0-100)`);
        }
        out[key] = value;
        break;
      case 'divisor':
        if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
          return bad('option "divisor" must be a positive number');
        }
        out.divisor = value;
        break;
      case 'table': {
        const t = checkTable(value);
        if (!t.ok) return t;
        out.table = t.value;
        break;
      }
      case 'payment':
        if (typeof value !== 'string' || !(PAYMENT_MODES as readonly string[]).includes(value)) {
          return bad(`option "payment" must be one of ${Object.keys(table.payments).join(', ')}`);
        }
        if (table.payments[value as PaymentMode] === undefined) {
          return bad(`payment "${value}" is not played in ${ruleset} (use ${Object.keys(table.payments).join(', ')})`);
        }
        out.payment = value as PaymentMode;
        break;
      case 'sevenPairs':
      case 'flowers':
      case 'falseWinPenalty':
      case 'ninePiecesPenalty':
      case 'twelvePiecesPenalty':
      case 'fifthTilePenalty':
        if (typeof value !== 'boolean') return bad(`option "${key}" must be true or false`);
        out[key] = value;
        break;
      default:
        return bad(`unknown option "${key}" for ${ruleset} (known: ${HK_OPTION_KEYS.join(', ')})`);
    }
  }
  if (out.minFaan > out.faanCap) return bad(`minFaan ${out.minFaan} is above faanCap ${out.faanCap}`);
  return ok(out);
}

function checkTable(value: unknown): Result<PointsTable, OptionsErrorCode> {
  if (typeof value === 'string') {
    if ((POINTS_TABLE_NAMES as readonly string[]).includes(value)) return ok(value as PointsTable);
    return bad(`option "table" must be one of ${POINTS_TABLE_NAMES.join(', ')} or an array of points by faan`);
  }
  if (Array.isArray(value)) {
    if (value.length === 0 || value.length > 101) return bad('a custom table needs 1 to 101 entries (points by faan)');
    for (const [i, v] of value.entries()) {
      if (typeof v !== 'number' || !Number.isFinite(v) || v < 0) {
        return bad(`custom table entry ${i} must be a non-negative number`);
      }
    }
    return ok([...(value as number[])]);
  }
  return bad(`option "table" must be one of ${POINTS_TABLE_NAMES.join(', ')} or an array of points by faan`);
}
