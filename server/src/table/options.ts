/**
 * The table's own options (timing), split from the scorer's options. Raw options arrive as one
 * object from the host; the timing keys are taken here and the rest goes to the scorer's
 * `resolveOptions`, which refuses unknown keys.
 */
import { fail, ok, type Result } from '@mahjong/shared';

export interface TableTiming {
  /** How long a claim window stays open at most (default 8 s). */
  readonly claimMs: number;
  /** Every claim window lasts at least this long, whoever can claim (default 800 ms). */
  readonly claimMinMs: number;
  /** Time for a turn before the drawn tile is discarded for the player (default 20 s). */
  readonly turnMs: number;
  /** Pause on the results between hands, unless every seat says it is ready (default 10 s). */
  readonly resultsMs: number;
  /** Bankruptcy ends the match: once a seat has lost this many points (0: off, the default). */
  readonly bankruptcyPoints: number;
}

export const DEFAULT_TIMING: TableTiming = {
  claimMs: 8000,
  claimMinMs: 800,
  turnMs: 20000,
  resultsMs: 10000,
  bankruptcyPoints: 0,
};

/** The keys the table itself takes from the raw options (timing, bankruptcy), with their bounds. */
const TIMING_KEYS = {
  claimSeconds: { field: 'claimMs', scale: 1000, min: 0.5, max: 120 },
  claimMinMs: { field: 'claimMinMs', scale: 1, min: 0, max: 10000 },
  turnSeconds: { field: 'turnMs', scale: 1000, min: 1, max: 600 },
  resultsSeconds: { field: 'resultsMs', scale: 1000, min: 0, max: 600 },
  bankruptcyPoints: { field: 'bankruptcyPoints', scale: 1, min: 0, max: 1e9 },
} as const;

export interface SplitOptions {
  readonly timing: TableTiming;
  /** What remains for the scorer (the timing keys removed). */
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
    const spec = (TIMING_KEYS as Record<string, (typeof TIMING_KEYS)[keyof typeof TIMING_KEYS]>)[key];
    if (spec === undefined) {
      scoring[key] = value;
      continue;
    }
    if (typeof value !== 'number' || !Number.isFinite(value) || value < spec.min || value > spec.max) {
      return fail('config/bad_options', `${key} must be a number from ${spec.min} to ${spec.max}`);
    }
    timing[spec.field] = Math.round(value * spec.scale);
  }
  const t = timing as unknown as TableTiming;
  if (t.claimMinMs > t.claimMs) {
    return fail('config/bad_options', 'claimMinMs must not exceed the claim window');
  }
  return ok({ timing: t, scoring });
}
