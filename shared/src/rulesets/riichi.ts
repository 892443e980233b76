/** Japanese riichi with the values of `japanese-fu-han-scoring.txt` (docs/rules/riichi.md). */
import { RIICHI } from '../scoring/rulesets.js';
import type { RulesetDescriptor } from './descriptor.js';
import { RIICHI_OPTION_SCHEMA } from './riichi-options.js';

export const RIICHI_RULESET = {
  id: 'riichi',
  playable: true,
  family: 'riichi',
  label: { en: 'Japanese riichi (classic values)', 'zh-HK': '日本立直麻雀（傳統番數）' },
  shortLabel: { en: 'Japanese riichi (classic values)', 'zh-HK': '日本立直麻雀（傳統番數）' },
  tiles: 136,
  seats: 4,
  // east and south (hanchan); 1 is east only
  rounds: { default: 2, max: 2 },
  options: RIICHI_OPTION_SCHEMA,
  values: RIICHI,
} as const satisfies RulesetDescriptor<'riichi'> & { values: unknown };
