/**
 * The engine the server holds per table: `tableMachine` stepped by stepper.ts, the log of
 * accepted events, and the facade of types.ts. Every accepted event is applied to the machine
 * and appended to the log; `replayEngine` feeds a log back through the same path, so a replay
 * is the same state move by move.
 */
import {
  type BySeat,
  type TileKind,
  fail,
  ok,
  type PlayerAction,
  type Result,
  describedRuleset,
  type Seat,
  SEATS,
  type TableView,
} from '@mahjong/shared';
import { resolveRules, seedHash, type WallState } from './core.js';
import { familyRulesOf } from './families.js';
import { tableMachine } from './machine.js';
import { type ChartStepper, startChart } from './stepper.js';
import { splitOptions } from './options.js';
import { deadline, refusal, wellFormed } from './legal.js';
import type { HandPosition, MatchSetup, TableState } from './state.js';
import {
  type ActionRefusal,
  type ConfigError,
  type LogEntry,
  type EngineConfig,
  type EngineRulesetId,
  type MatchConfig,
  type TableRuleset,
  ENGINE_RULESETS,
  TABLE_RULESETS,
  type TableEngine,
  type TimeoutRefusal,
} from './types.js';
import { ViewCache, type ViewExtras, viewFor } from './view.js';

/** Test hooks, never set by the server. */
export interface EngineInternals {
  /** Walls by hand number, instead of the ones shuffled from the seed. */
  readonly walls?: readonly WallState[];
  /** The first hand's position instead of the match's start (imported logs replay hand by hand). */
  readonly firstHand?: HandPosition;
}

const REFUSAL_TEXT: Record<ActionRefusal, string> = {
  'action/malformed': 'not an action',
  'action/match_over': 'the match is over',
  'action/not_your_turn': 'there is nothing for this seat to do now',
  'action/already_answered': 'this seat already answered the claim window',
  'action/no_such_tile': 'that tile is not in the hand',
  'action/illegal': 'not a legal action now (see legalActions)',
  'action/not_this_ruleset': 'this table does not play that action (a North is set aside among three only)',
};

/** Checks a config and resolves it into what the machine starts from. */
export function checkConfig(config: EngineConfig, internals: EngineInternals = {}): Result<MatchSetup, ConfigError> {
  if (typeof config.seed !== 'string' || !/^[0-9a-f]{2,}$/i.test(config.seed)) {
    return fail('config/bad_seed', 'the seed must be a hex string');
  }
  if (!(ENGINE_RULESETS as readonly string[]).includes(config.ruleset)) {
    return fail('config/bad_ruleset', `the table plays ${TABLE_RULESETS.join(' or ')}`);
  }
  if (
    !Array.isArray(config.players) ||
    config.players.length !== 4 ||
    !config.players.every((p) => typeof p?.name === 'string' && typeof p.bot === 'boolean')
  ) {
    return fail('config/bad_players', 'four players, each with a name and a bot flag');
  }
  const family = familyRulesOf(config.ruleset);
  const length = describedRuleset(config.ruleset).rounds;
  const rounds = config.rounds ?? length.default;
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > 16) {
    return fail('config/bad_rounds', 'rounds must be a whole number from 1 to 16');
  }
  if (rounds > length.max) {
    return fail('config/bad_rounds', 'a riichi match is east only (1 round) or east and south (2)');
  }
  const split = splitOptions(config.options);
  if (!split.ok) return split;
  const own = family.configure(config.ruleset, split.value.scoring, split.value.timing, rounds);
  if (!own.ok) return own;
  // A variant with options of its own (three-player riichi) resolves them itself.
  const rules =
    family.tableRules?.(own.value.scoring) ?? resolveRules(config.ruleset as TableRuleset, own.value.scoring);
  if (!rules.ok) return fail('config/bad_options', rules.error.message);
  return ok({
    ruleset: config.ruleset,
    family,
    rules: rules.value,
    timing: split.value.timing,
    players: config.players.map((p) => ({ name: p.name, bot: p.bot })) as unknown as MatchSetup['players'],
    seed: config.seed.toLowerCase(),
    rounds,
    fixedWalls: internals.walls ?? null,
    firstHand: internals.firstHand ?? null,
    riichi: own.value.riichi,
  });
}

/** Copies an action into plain data with only its own fields (a legal action's `faan` preview is dropped). */
export function cleanAction(a: PlayerAction): PlayerAction {
  switch (a.type) {
    case 'discard':
    case 'riichi':
      // Which copy, when the player says (a five's red or plain one; one from the hand besides the
      // tile just drawn); the log keeps it. (Most discards name none: no copies made for them.)
      if (typeof a.red !== 'boolean' && a.fromHand !== true) return { type: a.type, tile: a.tile };
      return {
        type: a.type,
        tile: a.tile,
        ...(typeof a.red === 'boolean' ? { red: a.red } : {}),
        ...(a.fromHand === true ? { fromHand: true } : {}),
      };
    case 'concealedKong':
    case 'addedKong':
      return { type: a.type, tile: a.tile };
    case 'chow': {
      const tiles: [TileKind, TileKind, TileKind] = [a.tiles[0], a.tiles[1], a.tiles[2]];
      // Which copies of the hand the call takes, when the player says (red fives); the log keeps it.
      return typeof a.red === 'boolean' ? { type: 'chow', tiles, red: a.red } : { type: 'chow', tiles };
    }
    case 'pung':
      return typeof a.red === 'boolean' ? { type: 'pung', red: a.red } : { type: 'pung' };
    case 'kong':
    case 'win':
    case 'pass':
    case 'nineTerminals':
    case 'north':
      return { type: a.type };
  }
}

class Engine<R extends EngineRulesetId = TableRuleset> implements TableEngine<R> {
  readonly config: MatchConfig<R>;
  readonly log: LogEntry[] = [];
  private readonly chart: ChartStepper;
  /** The seed's hash and this table's own view cache, for every view it is asked for. */
  private readonly viewExtras: ViewExtras;

  constructor(config: MatchConfig<R>, setup: MatchSetup, now: number) {
    this.config = config;
    this.viewExtras = { seedHash: seedHash(setup.seed), cache: new ViewCache() };
    this.chart = startChart(tableMachine, { setup, at: now });
    this.log.push({ seq: 1, at: now, event: { type: 'start' } });
  }

  /** The machine's context: the whole table state (read-only). */
  get state(): TableState {
    return this.chart.table;
  }

  get seq(): number {
    return this.state.seq;
  }

  act(seat: Seat, action: PlayerAction, now: number): Result<LogEntry, ActionRefusal> {
    const s = this.state;
    if (!wellFormed(action) || !SEATS.includes(seat)) return fail('action/malformed', REFUSAL_TEXT['action/malformed']);
    if (this.isOver()) return fail('action/match_over', REFUSAL_TEXT['action/match_over']);
    // A clock that steps back (or is not a number) never moves the table's time backwards.
    const at = Number.isFinite(now) ? Math.max(now, s.at) : s.at;
    const clean = cleanAction(action);
    // The machine's guards decide; a refused event changes nothing, and legal.ts says why.
    this.chart.send({ type: 'act', seat, action: clean, at });
    if (this.state === s) {
      const why = refusal(s, seat, clean);
      if (why === null) throw new Error(`the machine refused a legal ${clean.type} of seat ${seat}`);
      return fail(why, REFUSAL_TEXT[why]);
    }
    const entry: LogEntry = { seq: this.state.seq, at, event: { type: 'act', seat, action: clean } };
    this.log.push(entry);
    return ok(entry);
  }

  timeout(now: number): Result<LogEntry, TimeoutRefusal> {
    const s = this.state;
    if (this.isOver() || !Number.isFinite(now)) return fail('timeout/not_due', 'no deadline has passed');
    const at = Math.max(now, s.at);
    this.chart.send({ type: 'timeout', at });
    if (this.state === s) return fail('timeout/not_due', 'no deadline has passed');
    const entry: LogEntry = { seq: this.state.seq, at, event: { type: 'timeout' } };
    this.log.push(entry);
    return ok(entry);
  }

  nextDeadline(): number | null {
    return deadline(this.state);
  }

  viewFor(viewer: Seat | 'spectator'): TableView {
    return viewFor(this.state, viewer, this.viewExtras);
  }

  isOver(): boolean {
    return this.state.phase === 'matchOver';
  }

  scores(): BySeat<number> {
    return this.state.scores;
  }

  results() {
    return this.state.results;
  }

  /** Applies a logged entry (replays); throws if the log does not fit the state. */
  apply(entry: LogEntry): void {
    const e = entry.event;
    const r =
      e.type === 'act' ? this.act(e.seat, e.action, entry.at) : e.type === 'timeout' ? this.timeout(entry.at) : null;
    if (r === null) throw new Error(`log entry ${entry.seq}: a second start`);
    if (!r.ok) throw new Error(`log entry ${entry.seq} refused: ${r.error.code}`);
    if (r.value.seq !== entry.seq) throw new Error(`log entry ${entry.seq} applied as ${r.value.seq}`);
  }
}

export type TableEngineImpl<R extends EngineRulesetId = TableRuleset> = Engine<R>;

/** Starts a match: the first hand is dealt at `now`. Throws on a config that `checkConfig` refuses. */
export function createEngine<R extends EngineRulesetId>(
  config: MatchConfig<R>,
  now: number,
  internals?: EngineInternals,
): Engine<R>;
// The plain signature last: `ReturnType<typeof createEngine>` is the engine of a table ruleset.
export function createEngine(config: MatchConfig, now: number, internals?: EngineInternals): Engine;
export function createEngine<R extends EngineRulesetId>(
  config: MatchConfig<R>,
  now: number,
  internals: EngineInternals = {},
): Engine<R> {
  const setup = checkConfig(config, internals);
  if (!setup.ok) throw new Error(`${setup.error.code}: ${setup.error.message}`);
  return new Engine(config, setup.value, now);
}

/** Rebuilds a match from its config and log (the first entry is the start). Throws on a log that does not fit. */
export function replayEngine<R extends EngineRulesetId>(
  config: MatchConfig<R>,
  log: readonly LogEntry[],
  internals?: EngineInternals,
): Engine<R>;
export function replayEngine(config: MatchConfig, log: readonly LogEntry[], internals?: EngineInternals): Engine;
export function replayEngine<R extends EngineRulesetId>(
  config: MatchConfig<R>,
  log: readonly LogEntry[],
  internals: EngineInternals = {},
): Engine<R> {
  const first = log[0];
  if (first === undefined || first.event.type !== 'start') throw new Error('a log starts with the start entry');
  const engine = createEngine(config, first.at, internals);
  for (const entry of log.slice(1)) engine.apply(entry);
  return engine;
}
