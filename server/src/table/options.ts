/**
 * The table's own options (its clocks, and bankruptcy), split from the rest. Raw options arrive
 * as one object from the host; the keys of the descriptors' clocks (`TIMING_OPTIONS`) and
 * `bankruptcyPoints` are checked against their specs and taken here, and the rest goes to the
 * family (the scorer's `resolveOptions` refuses unknown keys). What each key means, its bounds
 * and its default are the descriptors'; this file only turns them into the timers' milliseconds.
 */
import {
  BANKRUPTCY_OPTION,
  fail,
  type NumberOption,
  ok,
  optionRefusal,
  type Result,
  TIMING_OPTIONS,
} from '@mahjong/shared';

export interface TableTiming {
  /** How long a claim window stays open at most. */
  readonly claimMs: number;
  /** Every claim window lasts at least this long, whoever can claim. */
  readonly claimMinMs: number;
  /** Time for a turn before the drawn tile is discarded for the player. */
  readonly turnMs: number;
  /** Pause on the results between hands, unless every seat says it is ready. */
  readonly resultsMs: number;
  /** Bankruptcy ends the match: once a seat has lost this many points (0: off). */
  readonly bankruptcyPoints: number;
}

interface Taken {
  readonly spec: NumberOption;
  readonly field: keyof TableTiming;
  /** Milliseconds per unit of the option (seconds: 1000). */
  readonly scale: number;
}

/** Each option the table takes (every clock, and bankruptcy), and the field it sets. */
const TAKEN: Readonly<Record<string, Taken>> = {
  claimSeconds: { spec: TIMING_OPTIONS.claimSeconds, field: 'claimMs', scale: 1000 },
  claimMinMs: { spec: TIMING_OPTIONS.claimMinMs, field: 'claimMinMs', scale: 1 },
  turnSeconds: { spec: TIMING_OPTIONS.turnSeconds, field: 'turnMs', scale: 1000 },
  resultsSeconds: { spec: TIMING_OPTIONS.resultsSeconds, field: 'resultsMs', scale: 1000 },
  bankruptcyPoints: { spec: BANKRUPTCY_OPTION, field: 'bankruptcyPoints', scale: 1 },
} satisfies Record<keyof typeof TIMING_OPTIONS | typeof BANKRUPTCY_OPTION.key, Taken>;

export const DEFAULT_TIMING: TableTiming = Object.fromEntries(
  Object.values(TAKEN).map(({ spec, field, scale }) => [field, Math.round(spec.default * scale)]),
) as unknown as TableTiming;

export interface SplitOptions {
  readonly timing: TableTiming;
  /** What remains for the family (the table's keys removed). */
  readonly scoring: Record<string, unknown>;
}

export function splitOptions(raw: unknown): Result<SplitOptions, 'config/bad_options'> {
  if (raw === undefined || raw === null) return ok({ timing: DEFAULT_TIMING, scoring: {} });
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    return fail('config/bad_options', 'options must be an object');
  }
  const timing: Record<string, number> = { ...DEFAULT_TIMING };
  const scoring: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw as Record<string, unknown>)) {
    const taken = Object.hasOwn(TAKEN, key) ? TAKEN[key] : undefined;
    if (taken === undefined) {
      scoring[key] = value;
      continue;
    }
    const why = optionRefusal(taken.spec, value);
    if (why !== null) return fail('config/bad_options', why);
    timing[taken.field] = Math.round((value as number) * taken.scale);
  }
  // A claim window shorter than the default shortest (a host's 0.5 s): the shortest is the window
  // itself, unless the host set it (the lobby offers claim times the default refused).
  if (!Object.hasOwn(raw as object, 'claimMinMs'))
    timing.claimMinMs = Math.min(timing.claimMinMs ?? 0, timing.claimMs ?? 0);
  const t = timing as unknown as TableTiming;
  if (t.claimMinMs > t.claimMs) {
    return fail('config/bad_options', 'claimMinMs must not exceed the claim window');
  }
  return ok({ timing: t, scoring });
}
