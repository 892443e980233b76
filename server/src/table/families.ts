/**
 * The table rules of each ruleset family, and the one choice of them per table: by the
 * ruleset's descriptor (its `family`), as the setup is resolved (engine.ts `checkConfig`).
 */
import { describedRuleset, type RulesetFamily } from '@mahjong/shared';
import { HK_RULES } from './hk/rules.js';
import { RIICHI_RULES } from './riichi/rules.js';
import type { FamilyRules } from './rules.js';
import { SANMA_RULES } from './sanma/rules.js';
import type { EngineRulesetId } from './types.js';

const FAMILY_RULES: Readonly<Record<RulesetFamily, FamilyRules>> = { hk: HK_RULES, riichi: RIICHI_RULES };

/** The family rules a table of `ruleset` plays by (three seats: the three-player variant of its family). */
export const familyRulesOf = (ruleset: EngineRulesetId): FamilyRules => {
  const d = describedRuleset(ruleset);
  return d.seats === 3 ? SANMA_RULES : FAMILY_RULES[d.family];
};
