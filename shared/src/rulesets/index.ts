/**
 * Every ruleset's descriptor by id (ids.ts lists them; each has a file of its own here). Code
 * that needs a ruleset's options, defaults, family or length reads them from `RULESETS[id]`.
 */
import type { RulesetDescriptor } from './descriptor.js';
import { HK_NEW_RULESET } from './hk-new.js';
import { HK_OLD_RULESET } from './hk-old.js';
import type { DescribedRulesetId, RulesetId } from './ids.js';
import { RIICHI_RULESET } from './riichi.js';
import { RIICHI_MODERN_RULESET } from './riichi-modern.js';
import { RIICHI_SANMA_RULESET } from './riichi-sanma.js';
import type { Label, OptionSpec, OptionsInput } from './schema.js';

export * from './descriptor.js';
export * from './hk-options.js';
export * from './ids.js';
export * from './riichi-options.js';
export * from './riichi-sanma-options.js';
export * from './schema.js';
export * from './timing-options.js';

const DESCRIPTORS = [
  HK_NEW_RULESET,
  HK_OLD_RULESET,
  RIICHI_MODERN_RULESET,
  RIICHI_RULESET,
  RIICHI_SANMA_RULESET,
] as const;
type Descriptors = { readonly [D in (typeof DESCRIPTORS)[number] as D['id']]: D };

export const RULESETS: Descriptors = Object.fromEntries(DESCRIPTORS.map((d) => [d.id, d])) as unknown as Descriptors;
// Every id has its descriptor, and no descriptor is left out of the list.
RULESETS satisfies Readonly<Record<RulesetId, RulesetDescriptor>>;

/**
 * Any described ruleset's descriptor (the docs' option tables read these). Every described
 * ruleset is playable today (ids.ts, `NOT_YET_PLAYABLE`, is empty), so this is `RULESETS[id]`;
 * a ruleset described before its table exists would be kept out of `RULESETS` and read here.
 */
export const describedRuleset = (id: DescribedRulesetId): RulesetDescriptor => RULESETS[id] as RulesetDescriptor;

/**
 * The options a request may carry for ruleset `Id` (every one of them, for a union of ids): its
 * descriptor's keys, each of its value type. The values' bounds are checked at table creation.
 */
export type RulesetOptions<Id extends RulesetId = RulesetId> = Id extends RulesetId
  ? OptionsInput<Descriptors[Id]['options']>
  : never;

/** A ruleset's options, as a list in the descriptor's order. */
export const optionsOf = (id: RulesetId): readonly OptionSpec[] => Object.values(RULESETS[id].options);

/**
 * Whether nobody plays `seat` at a table of `id`: the seats past the descriptor's count (a
 * three-player table's fourth, North, seat 3). The lobby, the room and the views ask this.
 */
export const isVacantSeat = (id: RulesetId, seat: number): boolean => seat >= RULESETS[id].seats;

/** The match length when the host names none. */
export const defaultRounds = (id: RulesetId): number => RULESETS[id].rounds.default;

/** Every text of the descriptors (ruleset names, option labels, value names), for the translator. */
export function rulesetLabels(): readonly Label[] {
  const out: Label[] = [];
  for (const d of Object.values(RULESETS) as RulesetDescriptor[]) {
    out.push(d.label, d.shortLabel);
    for (const spec of Object.values(d.options) as OptionSpec[]) {
      out.push(spec.label);
      if (spec.type === 'boolean' && spec.lobbyInverse) out.push(spec.lobbyInverse.label);
      if (spec.type === 'boolean' && spec.lobbyGroup) out.push(spec.lobbyGroup.label);
      if (spec.type === 'choice') for (const l of Object.values(spec.valueLabels ?? {})) if (l) out.push(l);
      if (spec.type === 'custom') for (const o of spec.offered ?? []) out.push(o.label);
    }
  }
  return out;
}
