/**
 * Display names of scoring patterns in the UI's languages: the one table kept as data next to
 * the rulesets in `@mahjong/shared`, read through here by the result card, the replay and the
 * translator. An id with no entry reads as itself in words, never blank.
 */
import {
  HK_PATTERN_NAMES,
  LIABILITY_NAMES,
  patternName as sharedPatternName,
  RIICHI_PATTERN_NAMES,
  type ScoringRulesetId,
  DEFAULT_RULESET,
} from '@mahjong/shared';
import type { Lang } from '../settings/settings.js';

export { HK_PATTERN_NAMES };

/** The name of pattern `id` in `lang` under `ruleset` (Hong Kong by default). */
export function patternName(id: string, lang: Lang, ruleset: ScoringRulesetId = DEFAULT_RULESET): string {
  return sharedPatternName(id, lang, ruleset);
}

/** Every known name pair, for the translator and the font subset. */
export const patternNamePairs = (): readonly Readonly<Record<Lang, string>>[] => [
  ...Object.values(HK_PATTERN_NAMES),
  ...Object.values(RIICHI_PATTERN_NAMES),
  ...Object.values(LIABILITY_NAMES),
];
