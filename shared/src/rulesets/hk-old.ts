/** Hong Kong old style: `hk-old-style-scoring.txt` (the variation shown) and the quick-reference card. */
import { HK_OLD } from '../scoring/rulesets.js';
import type { RulesetDescriptor } from './descriptor.js';
import { hkOptionSchema } from './hk-options.js';

export const HK_OLD_OPTIONS = hkOptionSchema({
  table: 'fan-laak',
  payment: 'discarder-pays-double',
  payments: ['discarder-pays-double', 'discarder-pays-all', 'discarder-pays-half'],
});

export const HK_OLD_RULESET = {
  id: 'hk-old',
  playable: true,
  family: 'hk',
  label: { en: 'Hong Kong, old style', 'zh-HK': '香港舊章' },
  shortLabel: { en: 'Hong Kong old style', 'zh-HK': '香港舊章' },
  tiles: 144,
  seats: 4,
  rounds: { default: 4, max: 16 },
  options: HK_OLD_OPTIONS,
  values: HK_OLD,
} as const satisfies RulesetDescriptor<'hk-old'> & { values: unknown };
