/**
 * The table rules of each ruleset family, and the one choice of them per table: by the
 * ruleset's descriptor (its `family`), as the setup is resolved (engine.ts `checkConfig`).
 */
import { RULESETS, type RulesetFamily, type RulesetId } from '@mahjong/shared';
import { HK_RULES } from './hk/rules.js';
import { RIICHI_RULES } from './riichi/rules.js';
import type { FamilyRules } from './rules.js';

const FAMILY_RULES: Readonly<Record<RulesetFamily, FamilyRules>> = { hk: HK_RULES, riichi: RIICHI_RULES };

/** The family rules a table of `ruleset` plays by. */
export const familyRulesOf = (ruleset: RulesetId): FamilyRules => FAMILY_RULES[RULESETS[ruleset].family];
