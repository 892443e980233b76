/** Hong Kong new style: `hk-new-style-scoring.txt` as docs/rules/hong-kong.md reads it. */
import { HK_NEW } from '../scoring/rulesets.js';
import type { RulesetDescriptor } from './descriptor.js';
import { hkOptionSchema } from './hk-options.js';

export const HK_NEW_OPTIONS = hkOptionSchema({
  table: 'half-spicy',
  payment: 'discarder-pays-all',
  payments: ['discarder-pays-all', 'discarder-pays-half'],
});

export const HK_NEW_RULESET = {
  id: 'hk-new',
  playable: true,
  family: 'hk',
  label: { en: 'Hong Kong, new style', 'zh-HK': '香港新章' },
  shortLabel: { en: 'Hong Kong new style', 'zh-HK': '香港新章' },
  tiles: 144,
  seats: 4,
  rounds: { default: 4, max: 16 },
  options: HK_NEW_OPTIONS,
  values: HK_NEW,
} as const satisfies RulesetDescriptor<'hk-new'> & { values: unknown };
