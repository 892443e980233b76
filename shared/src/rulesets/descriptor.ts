/**
 * What a ruleset is, in one declarative object both the server and the client read (as
 * boardgame.io's game object): its id and family, its tiles and seats, the match length it
 * plays by default, its option schema, and the scorer's value table.
 */
import type { DescribedRulesetId, PlannedRulesetId, RulesetFamily } from './ids.js';
import type { Label, OptionSchema } from './schema.js';

export interface RulesetDescriptor<
  Id extends DescribedRulesetId = DescribedRulesetId,
  S extends OptionSchema = OptionSchema,
> {
  readonly id: Id;
  readonly family: RulesetFamily;
  /**
   * Whether tables play it: false for a ruleset whose rules exist but whose table does not yet
   * (ids.ts, `NOT_YET_PLAYABLE`, is the one list; the type holds the two in step).
   */
  readonly playable: Id extends PlannedRulesetId ? false : true;
  /** The ruleset's name: in the lobby's form, and in a table's line. */
  readonly label: Label;
  readonly shortLabel: Label;
  /** Tiles in the set with every option at its default (Hong Kong's flowers option takes 8 out). */
  readonly tiles: 144 | 136 | 108;
  readonly seats: 4 | 3;
  /** Prevailing winds a match plays when the host names none, and the most it may. */
  readonly rounds: { readonly default: number; readonly max: number };
  readonly options: S;
}
