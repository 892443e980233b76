/**
 * Bot matches for the simulation command, the benchmark and the fuzz test: four bots play from
 * their own views on a simulated clock (bots answer at once; timeouts fire at the deadline).
 * With `check`, the invariants run after every accepted event, and a replica engine replays the
 * log in lockstep and must reach the very same state.
 */
import { SEATS } from '@mahjong/shared';
import { type BotLevel, chooseBotAction } from './bot.js';
import { createEngine, type EngineInternals, type TableEngineImpl } from './engine.js';
import { stateInvariants, viewInvariants } from './invariants.js';
import { hasActions } from './legal.js';
import type { TableState } from './state.js';
import type { EngineRulesetId, MatchConfig, TableRuleset } from './types.js';

export interface BotMatchOptions {
  readonly level?: BotLevel;
  /** Check invariants and lockstep replay after every event. */
  readonly check?: boolean;
  /** Stop once this many hands are over (the match may end earlier). */
  readonly maxHands?: number;
  readonly internals?: EngineInternals;
}

export interface BotMatchRun<R extends EngineRulesetId = TableRuleset> {
  readonly engine: TableEngineImpl<R>;
  readonly failures: readonly string[];
  readonly events: number;
}

/** A cheap digest of the state for the per-event replay comparison (the full state is compared at each hand's end). */
function fingerprint(s: TableState): string {
  const h = s.hand;
  let out = `${s.seq}|${s.at}|${s.phase}|${s.dealer}|${s.round}|${s.scores.join(',')}|${h.number}|${h.stage}|${h.turn}|${h.source}|`;
  out += `${h.wall.head}|${h.wall.tail}|${h.turnDeadline}|${h.window?.deadline}|${h.kongsThisTurn}|${h.discardCount}|`;
  if (h.riichi !== null) out += `${JSON.stringify(h.riichi)}|${JSON.stringify(s.pot)}|`;
  for (const st of h.seats) {
    out += `${st.concealed.join(',')}/${st.drawn}/${st.melds.length}/${st.bonus.length}/${st.discards.length}/${st.missed.join(',')}/${st.ready}|`;
  }
  return out;
}

export function playBotMatch<R extends EngineRulesetId>(
  config: MatchConfig<R>,
  opts: BotMatchOptions = {},
): BotMatchRun<R> {
  const level = opts.level ?? 'normal';
  const check = opts.check ?? false;
  const maxHands = opts.maxHands ?? Number.POSITIVE_INFINITY;
  let now = 0;
  const engine = createEngine(config, now, opts.internals);
  const replica = check ? createEngine(config, now, opts.internals) : null;
  const failures: string[] = [];
  const fail = (msgs: readonly string[]) => {
    for (const m of msgs) if (failures.length < 50) failures.push(`seq ${engine.seq}: ${m}`);
  };
  let events = 0;
  let resultsSeen = 0;
  const afterEvent = () => {
    events++;
    if (!check || replica === null) return;
    fail(stateInvariants(engine.state));
    replica.apply(engine.log[engine.log.length - 1] as (typeof engine.log)[number]);
    const handEnded = engine.state.results.length !== resultsSeen;
    resultsSeen = engine.state.results.length;
    // Every event: a digest of the moving parts; at each hand's end and the match's end: everything.
    const same =
      handEnded || engine.isOver()
        ? JSON.stringify(replica.state) === JSON.stringify(engine.state)
        : fingerprint(replica.state) === fingerprint(engine.state);
    if (!same) fail(['replay differs from the live state']);
  };
  while (!engine.isOver() && engine.results().length < maxHands) {
    let acted = false;
    for (const seat of SEATS) {
      if (!hasActions(engine.state, seat)) {
        if (check) fail(viewInvariants(engine.state, engine.viewFor(seat), seat));
        continue;
      }
      const view = engine.viewFor(seat);
      if (check) fail(viewInvariants(engine.state, view, seat));
      const action = chooseBotAction(view, level);
      if (action === null) continue;
      const r = engine.act(seat, action, now);
      if (!r.ok) {
        fail([`bot action ${JSON.stringify(action)} of seat ${seat} refused: ${r.error.code}`]);
        continue;
      }
      acted = true;
      afterEvent();
    }
    if (check) fail(viewInvariants(engine.state, engine.viewFor('spectator'), 'spectator'));
    if (!acted) {
      const d = engine.nextDeadline();
      if (d === null) break;
      now = Math.max(now, d);
      const r = engine.timeout(now);
      if (!r.ok) {
        fail([`timeout refused at its deadline ${d}`]);
        break;
      }
      afterEvent();
    }
    if (failures.length >= 50) break;
  }
  return { engine, failures, events };
}
