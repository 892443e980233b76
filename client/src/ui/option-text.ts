/**
 * The words of a ruleset's options (shared/src/rulesets/): the descriptor names each label by
 * its message id, the pages write the English of that id (the translator turns it into
 * Chinese), so that an option's label is written once, in the catalogue.
 */
import type { OptionSpec } from '@mahjong/shared';
import { MESSAGES } from '../i18n/messages.js';

/** The English of a message id; a text that is not an id (a number pair like "20 / 10") as it is. */
export const labelText = (id: string): string => (MESSAGES as Record<string, { en: string }>)[id]?.en ?? id;

/** How a value of the option is shown: its label when the descriptor names one, else as written. */
export function valueText(spec: OptionSpec, value: unknown): string {
  if (spec.type === 'choice') {
    const id = spec.valueLabels?.[String(value)];
    if (id !== undefined) return labelText(id);
  }
  if (spec.type === 'custom') {
    const offered = spec.offered?.find((o) => JSON.stringify(o.value) === JSON.stringify(value));
    if (offered) return labelText(offered.label);
  }
  return String(value).replace(/-/g, ' ');
}

/** The values a select offers for the option (as given to the scorer), the current one included. */
export function offeredValues(spec: OptionSpec, current?: unknown): readonly unknown[] {
  const base: readonly unknown[] =
    spec.type === 'choice'
      ? spec.values
      : spec.type === 'integer'
        ? (spec.offered ?? [spec.default])
        : spec.type === 'custom'
          ? (spec.offered?.map((o) => o.value) ?? [spec.default])
          : [true, false];
  const has = (v: unknown) => base.some((b) => JSON.stringify(b) === JSON.stringify(v));
  return current === undefined || has(current) ? base : [...base, current];
}
