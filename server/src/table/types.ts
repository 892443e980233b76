/**
 * The table engine's public contract: what the server (rooms, scheduler, ledger) calls and
 * stores. A match is its config (seed, ruleset, options, players) plus the log of accepted
 * events; `replayEngine(config, log)` rebuilds the exact state from them.
 */
import {
  type BySeat,
  type HandResultView,
  isRiichiFamily,
  type PlayerAction,
  type Result,
  RULESET_IDS,
  type RulesetId,
  type Seat,
  type TableView,
} from '@mahjong/shared';

/** The table plays every ruleset (shared/src/rulesets/ids.ts). */
export const TABLE_RULESETS = RULESET_IDS;
export type TableRuleset = RulesetId;
/**
 * What the engine plays: the table rulesets (three-player riichi among them, once kept out of
 * `RulesetId` while only the engine played it; the name stays for the callers that took it).
 */
export const ENGINE_RULESETS = TABLE_RULESETS;
export type EngineRulesetId = TableRuleset;
/** A match the engine plays: any `MatchConfig`. */
export type EngineConfig = MatchConfig<EngineRulesetId>;
/** The Japanese tables: 136 tiles, points from 25,000, riichi, dora, honba and sticks. */
export const isRiichiTable = isRiichiFamily;

export interface MatchPlayer {
  readonly name: string;
  readonly bot: boolean;
}

export interface MatchConfig<R extends EngineRulesetId = TableRuleset> {
  /** Hex; never sent to clients before the match ends. */
  readonly seed: string;
  readonly ruleset: R;
  /**
   * Raw table options, each checked against the ruleset's descriptor (`shared/src/rulesets/`):
   * the clocks and `bankruptcyPoints` (taken by `options.ts`), the family's table options, and
   * the scorer's (its `resolveOptions`).
   */
  readonly options?: unknown;
  readonly players: BySeat<MatchPlayer>;
  /** Prevailing winds to play, default 4 (East..North). Riichi tables take the `length` option
   * instead (`east` or `east-south`) and refuse this field. */
  readonly rounds?: number;
}

export type TableEvent =
  /** The match starts (always the first log entry): the first hand is dealt at `at`. */
  | { readonly type: 'start' }
  | { readonly type: 'act'; readonly seat: Seat; readonly action: PlayerAction }
  /** Sent by the scheduler once `nextDeadline()` has passed. */
  | { readonly type: 'timeout' };

export interface LogEntry {
  /** 1, 2, 3... in log order; equal to the engine's `seq` after the entry was applied. */
  readonly seq: number;
  /** Milliseconds on the injected clock. */
  readonly at: number;
  readonly event: TableEvent;
}

export const ACTION_REFUSALS = [
  'action/malformed', // not a PlayerAction at all
  'action/match_over',
  'action/not_your_turn', // the seat has nothing to do now
  'action/already_answered', // the seat already answered this claim window
  'action/no_such_tile', // the tile named is not in the seat's hand
  'action/illegal', // the seat may act, but not this way (e.g. chow from the wrong seat, a win that is not one)
  'action/not_this_ruleset', // an action no table of this ruleset plays (a North set aside among four)
] as const;
export type ActionRefusal = (typeof ACTION_REFUSALS)[number];

export type TimeoutRefusal = 'timeout/not_due';

export interface TableEngine<R extends EngineRulesetId = TableRuleset> {
  readonly config: MatchConfig<R>;
  /** Increases with every accepted event. */
  readonly seq: number;
  readonly log: readonly LogEntry[];
  /** Refused => nothing changes. */
  act(seat: Seat, action: PlayerAction, now: number): Result<LogEntry, ActionRefusal>;
  timeout(now: number): Result<LogEntry, TimeoutRefusal>;
  /** Milliseconds on the injected clock when `timeout` becomes due; null once the match is over. */
  nextDeadline(): number | null;
  viewFor(viewer: Seat | 'spectator'): TableView;
  isOver(): boolean;
  scores(): BySeat<number>;
  results(): readonly HandResultView[];
}

export const CONFIG_ERRORS = [
  'config/bad_seed',
  'config/bad_ruleset',
  'config/bad_options',
  'config/bad_players',
  'config/bad_rounds',
] as const;
export type ConfigError = (typeof CONFIG_ERRORS)[number];
