/** Japanese riichi as today's common online rules play it (docs/rules/riichi.md). */
import { RIICHI_MODERN } from '../scoring/rulesets.js';
import type { RulesetDescriptor } from './descriptor.js';
import { RIICHI_MODERN_OPTION_SCHEMA } from './riichi-options.js';

export const RIICHI_MODERN_RULESET = {
  id: 'riichi-modern',
  playable: true,
  family: 'riichi',
  label: { en: 'Japanese riichi (modern)', 'zh-HK': '日本立直麻雀（現代）' },
  shortLabel: { en: 'Japanese riichi (modern)', 'zh-HK': '日本立直麻雀（現代）' },
  tiles: 136,
  seats: 4,
  rounds: { default: 2, max: 2 },
  options: RIICHI_MODERN_OPTION_SCHEMA,
  values: RIICHI_MODERN,
} as const satisfies RulesetDescriptor<'riichi-modern'> & { values: unknown };
