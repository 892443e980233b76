/**
 * The riichi table's own rules (match length, several rons, abortive draws, nagashi mangan,
 * liability, the end on a negative score, uma) taken from the host's raw options; what remains goes to the
 * scorer (`openTanyao`, `redFives`, `doubleYakuman`, `kazoeLimit`, `kiriage`, `renhou`...).
 * Defaults: `RIICHI_TABLE_DEFAULTS` of the shared rules.
 */
import { fail, ok, type Result, RIICHI_TABLE_DEFAULTS, type RiichiTableRules } from '@mahjong/shared';

/** Boolean options, each a field of the table rules (or of its abortive draws). */
const FLAGS = {
  headBump: (r, v) => ({ ...r, headBump: v }),
  tripleRonAborts: (r, v) => ({ ...r, tripleRonAborts: v }),
  nagashiMangan: (r, v) => ({ ...r, nagashiMangan: v }),
  swapCalls: (r, v) => ({ ...r, swapCalls: v }),
  pao: (r, v) => ({ ...r, pao: v }),
  bustEnds: (r, v) => ({ ...r, bustEnds: v }),
  extraRound: (r, v) => ({ ...r, extraRound: v }),
  lastDealerStops: (r, v) => ({ ...r, lastDealerStops: v }),
  nineTerminals: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, nineTerminals: v } }),
  fourWinds: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourWinds: v } }),
  fourKongs: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourKongs: v } }),
  fourRiichi: (r, v) => ({ ...r, abortiveDraws: { ...r.abortiveDraws, fourRiichi: v } }),
} satisfies Record<string, (r: RiichiTableRules, v: boolean) => RiichiTableRules>;

export const RIICHI_TABLE_OPTION_KEYS = [...Object.keys(FLAGS), 'uma'] as const;

export interface SplitRiichi {
  readonly rules: RiichiTableRules;
  /** What remains for the scorer. */
  readonly scoring: Record<string, unknown>;
}

/** Takes the table's own keys out of `raw`; `rounds` 1 is an east-only match, 2 east and south. */
export function splitRiichiOptions(
  raw: Record<string, unknown>,
  rounds: 1 | 2,
): Result<SplitRiichi, 'config/bad_options'> {
  let rules: RiichiTableRules = { ...RIICHI_TABLE_DEFAULTS, length: rounds === 1 ? 'east' : 'east-south' };
  const scoring: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'uma') {
      if (
        !Array.isArray(value) ||
        value.length !== 4 ||
        !value.every((x) => Number.isInteger(x) && Math.abs(x) <= 100) ||
        value.reduce((a: number, b: number) => a + b, 0) !== 0 ||
        !value.every((x, i) => i === 0 || x <= value[i - 1])
      ) {
        return fail(
          'config/bad_options',
          'uma is four whole numbers (thousands), first to fourth, descending, summing to 0',
        );
      }
      rules = { ...rules, uma: value as unknown as RiichiTableRules['uma'] };
      continue;
    }
    const flag = (FLAGS as Record<string, (r: RiichiTableRules, v: boolean) => RiichiTableRules>)[key];
    if (flag === undefined) {
      scoring[key] = value;
      continue;
    }
    if (typeof value !== 'boolean') return fail('config/bad_options', `${key} must be true or false`);
    rules = flag(rules, value);
  }
  return ok({ rules, scoring });
}
