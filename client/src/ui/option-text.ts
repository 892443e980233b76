/**
 * The words of a ruleset's options (shared/src/rulesets/): the descriptor holds each label in
 * both languages, and the pages show the one of the language shown (i18n/live-text.ts
 * `sayLabel`). An option's label is written once, in its descriptor.
 */
import type { Label, OptionSpec } from '@mahjong/shared';

/** How a value of the option is shown: its label when the descriptor names one, else as written. */
export function valueLabel(spec: OptionSpec, value: unknown): Label | string {
  if (spec.type === 'choice') {
    const label = spec.valueLabels?.[String(value)];
    if (label !== undefined) return label;
  }
  if (spec.type === 'custom') {
    const offered = spec.offered?.find((o) => JSON.stringify(o.value) === JSON.stringify(value));
    if (offered) return offered.label;
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
        : spec.type === 'number'
          ? [spec.default]
          : spec.type === 'custom'
            ? (spec.offered?.map((o) => o.value) ?? [spec.default])
            : [true, false];
  const has = (v: unknown) => base.some((b) => JSON.stringify(b) === JSON.stringify(v));
  return current === undefined || has(current) ? base : [...base, current];
}
