/**
 * The rulesets a table can play and the family each belongs to: the one list every other list
 * of ruleset ids (protocol, scorer, table, lobby, calculator) is derived from. A ruleset's
 * descriptor (its options, their defaults, its tiles and seats) is in the file named after it
 * in this folder; its scoring values in `../scoring/rulesets.ts`.
 */

/** Each ruleset and its family, in the order the lobby offers them. */
const FAMILY_OF = {
  'hk-new': 'hk',
  'hk-old': 'hk',
  'riichi-modern': 'riichi',
  riichi: 'riichi',
} as const;

export type RulesetId = keyof typeof FAMILY_OF;
/** Hong Kong (faan, flowers, 144 tiles) or Japanese riichi (han and fu, dora, 136 tiles). */
export type RulesetFamily = (typeof FAMILY_OF)[RulesetId];
export type HkRulesetId = { [K in RulesetId]: (typeof FAMILY_OF)[K] extends 'hk' ? K : never }[RulesetId];
export type RiichiRulesetId = { [K in RulesetId]: (typeof FAMILY_OF)[K] extends 'riichi' ? K : never }[RulesetId];

export const RULESET_IDS = Object.keys(FAMILY_OF) as readonly RulesetId[] as readonly [RulesetId, ...RulesetId[]];
/** The ruleset a table plays when the host names none. */
export const DEFAULT_RULESET: RulesetId = RULESET_IDS[0];
export const HK_RULESET_IDS = RULESET_IDS.filter((id) => FAMILY_OF[id] === 'hk') as readonly HkRulesetId[];
export const RIICHI_RULESET_IDS = RULESET_IDS.filter((id) => FAMILY_OF[id] === 'riichi') as readonly RiichiRulesetId[];

export const isRulesetId = (s: unknown): s is RulesetId => typeof s === 'string' && Object.hasOwn(FAMILY_OF, s);
export const rulesetFamily = (id: RulesetId): RulesetFamily => FAMILY_OF[id];
/** A riichi table (the seed's values or the modern ones): fu and han, dora, riichi conditions. */
export const isRiichiFamily = (id: RulesetId): id is RiichiRulesetId => FAMILY_OF[id] === 'riichi';
/** The first ruleset of a family (a house table's names and defaults when only its family is known). */
export const rulesetOfFamily = (family: RulesetFamily): RulesetId =>
  RULESET_IDS.find((id) => FAMILY_OF[id] === family) as RulesetId;
export const isHkFamily = (id: RulesetId): id is HkRulesetId => FAMILY_OF[id] === 'hk';
