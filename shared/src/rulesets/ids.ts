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
  'riichi-sanma': 'riichi',
} as const;

/**
 * Rulesets whose rules are described, documented and tested here but whose table does not exist
 * yet: their descriptor says `playable: false`, and they are left out of every list below, so
 * the protocol, the server's table check, the lobby and the calculator neither offer nor accept
 * them. Taking an id off this list makes it playable everywhere at once. Empty today
 * (three-player riichi, the last one here, is played).
 */
const NOT_YET_PLAYABLE = [] as const;

/** Every described ruleset, playable or not (descriptors, rules docs, option tables). */
export type DescribedRulesetId = keyof typeof FAMILY_OF;
/** A ruleset described but not yet played (see `NOT_YET_PLAYABLE`). */
export type PlannedRulesetId = (typeof NOT_YET_PLAYABLE)[number];
/** A ruleset a table can play: the ids the wire, the server and the lobby accept. */
export type RulesetId = Exclude<DescribedRulesetId, PlannedRulesetId>;
/** Hong Kong (faan, flowers, 144 tiles) or Japanese riichi (han and fu, dora, 136 or 108 tiles). */
export type RulesetFamily = (typeof FAMILY_OF)[DescribedRulesetId];
export type HkRulesetId = { [K in RulesetId]: (typeof FAMILY_OF)[K] extends 'hk' ? K : never }[RulesetId];
export type RiichiRulesetId = { [K in RulesetId]: (typeof FAMILY_OF)[K] extends 'riichi' ? K : never }[RulesetId];

export const DESCRIBED_RULESET_IDS = Object.keys(FAMILY_OF) as readonly DescribedRulesetId[];
export const isPlayable = (id: DescribedRulesetId): id is RulesetId =>
  !(NOT_YET_PLAYABLE as readonly string[]).includes(id);
export const PLANNED_RULESET_IDS = DESCRIBED_RULESET_IDS.filter((id) => !isPlayable(id)) as readonly PlannedRulesetId[];
/** The playable rulesets, in the lobby's order. */
export const RULESET_IDS = DESCRIBED_RULESET_IDS.filter(isPlayable) as readonly RulesetId[] as readonly [
  RulesetId,
  ...RulesetId[],
];
/** The ruleset a table plays when the host names none. */
export const DEFAULT_RULESET: RulesetId = RULESET_IDS[0];
export const HK_RULESET_IDS = RULESET_IDS.filter((id) => FAMILY_OF[id] === 'hk') as readonly HkRulesetId[];
export const RIICHI_RULESET_IDS = RULESET_IDS.filter((id) => FAMILY_OF[id] === 'riichi') as readonly RiichiRulesetId[];

/** A playable ruleset's id (a described but unplayable one is refused like an unknown one). */
export const isRulesetId = (s: unknown): s is RulesetId =>
  typeof s === 'string' && Object.hasOwn(FAMILY_OF, s) && isPlayable(s as DescribedRulesetId);
export const rulesetFamily = (id: DescribedRulesetId): RulesetFamily => FAMILY_OF[id];
/** A riichi table (the seed's values or the modern ones): fu and han, dora, riichi conditions. */
export const isRiichiFamily = (id: RulesetId): id is RiichiRulesetId => FAMILY_OF[id] === 'riichi';
/** The first ruleset of a family (a house table's names and defaults when only its family is known). */
export const rulesetOfFamily = (family: RulesetFamily): RulesetId =>
  RULESET_IDS.find((id) => FAMILY_OF[id] === family) as RulesetId;
/**
 * The ruleset a game from outside is played by: a tenhou.net/6 log and an mjai bot's game, of four or three players, are
 * played at Tenhou's rules, which are riichi-modern's defaults among four and riichi-sanma's
 * among three.
 */
export const RULESET_OF_FORMAT = {
  tenhou6: 'riichi-modern',
  tenhou6Three: 'riichi-sanma',
  mjai: 'riichi-modern',
  mjaiThree: 'riichi-sanma',
} as const satisfies Readonly<Record<string, RulesetId>>;
export const isHkFamily = (id: RulesetId): id is HkRulesetId => FAMILY_OF[id] === 'hk';
