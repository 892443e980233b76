/**
 * Model-based tests from the machine's own graph (`xstate/graph`, formerly `@xstate/graph`):
 * from scripted deals on short walls (so that a whole hand is a few steps deep), the shortest
 * paths to every abstract state the events of the fixtures can reach, each abstract state being
 * the machine's state plus what the seats may do (their legal action types), the answers given,
 * the live wall left and the hands played. Every path is then replayed on a live actor, and
 * every step must keep the table's data in agreement with the machine's state; the transitions
 * the replays take are counted against every transition of the definition (coverage printed,
 * and required complete).
 */
import { SEATS, tiles } from '@mahjong/shared';
import { type AnyTransitionDefinition, createActor, type SnapshotFrom, type StateNode } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { describe, expect, it } from 'vitest';
import { liveCount, type WallState } from './core.js';
import { checkConfig, cleanAction as clean } from './engine.js';
import { deadline, legalActions } from './legal.js';
import { type MachineEvent, type MachineInput, tableMachine } from './machine.js';
import type { TableState } from './state.js';
import { HUMANS, scriptedWall, type WallScript } from './testing.js';
import type { EngineRulesetId } from './types.js';

type Snapshot = SnapshotFrom<typeof tableMachine>;

// Hands that take no part (as in table.test.ts).
const IDLE1 = '7m147p258s123456z';
const IDLE2 = '8m258p369s123457z';
const IDLE3 = '9m36p147s1234567z';

/** A scripted wall cut short: the deal, the scripted live draws, then the 14-tile dead wall. */
function shortWall(script: WallScript): WallState {
  const w = scriptedWall(script);
  // 53 tiles dealt among four, 40 among three.
  const live = (script.three === true ? 40 : 53) + tiles(script.draws ?? '').length;
  return { ...w, order: [...w.order.slice(0, live), ...w.order.slice(-14)], tail: live + 14 };
}

interface Fixture {
  readonly name: string;
  readonly wall: WallScript;
  readonly options?: Record<string, unknown>;
  readonly ruleset?: EngineRulesetId;
}

const FIXTURES: readonly Fixture[] = [
  {
    // A 3m discard: seat 1 may chow, seat 3 may pung; two live draws, then the wall is exhausted.
    name: 'pung beats chow',
    wall: {
      hands: ['3m456p789p1239s567z', '1245m147p258s123z', '128m258p369s1234z', '339m36p147s12346z'],
      draws: '1z2z',
    },
  },
  {
    // A 5s discard: seat 3 wins on it, seat 2 may pung it; the false-win option on.
    name: 'win beats pung',
    wall: { hands: ['123m456m789m5s2345z', IDLE1, '8m258p369s55s1234z', '234p567p789m11z46s'], draws: '9p' },
    options: { minFaan: 0, falseWinPenalty: true },
  },
  {
    // A 3m discard that seat 3 may take as a kong, then its replacement.
    name: 'kong on a discard',
    wall: {
      hands: ['3m456p789p1239s567z', IDLE1, '128m258p369s1234z', '3339m6p147s12456z'],
      draws: '1z',
      replacements: '9m',
    },
  },
  {
    // Seat 1 pungs 5p, later draws the fourth 5p and adds it; seat 2 may rob it. False wins on.
    name: 'robbing an added kong',
    wall: {
      hands: ['789m15p123789s567z', '55p147m36p258s123z', '46p123m456m789m11s', IDLE3],
      draws: '9s8p4z5p',
    },
    options: { falseWinPenalty: true },
  },
  {
    // The dealer's concealed kongs, a flower replacement and a win on the replacement; the match
    // ends at the first loss (bankruptcy at 1 point).
    name: 'concealed kongs, match over',
    wall: { hands: ['1111m222m345m456p9p', IDLE1, IDLE2, IDLE3], draws: '1z', replacements: '2f2m9p' },
    options: { minFaan: 0, bankruptcyPoints: 1 },
  },
  {
    // Riichi: each seat can declare on its first discard; the fourth declaration's 4p is seat
    // 0's winning tile (it may ron or let it pass: four riichi ends the hand).
    name: 'riichi: four declarations',
    ruleset: 'riichi-modern',
    wall: {
      bonus: false,
      hands: ['123m456m789m2355p6z', '234s567s234p55z77z', '345m678m678s22z44z', '567p678p789s11z33z'],
      draws: '9m9p4p8m8m8p8p',
    },
  },
  {
    // Riichi: twelve kinds of terminals and honours in the dealer's first fourteen.
    name: 'riichi: nine terminals',
    ruleset: 'riichi',
    wall: { bonus: false, hands: ['1289m19p19s123457z', IDLE1, IDLE2, '3456m234p2345s66z'], draws: '5m' },
  },
  {
    // Three-player riichi: seat 1 may set its North aside; seat 2, ready on North alone, may win
    // on it or let it pass; the replacement draw follows.
    name: 'three players: a North set aside',
    ruleset: 'riichi-sanma',
    wall: {
      three: true,
      hands: ['19m2468p2468s1235z', '19m3579p3579s124z', '123p456p789p234s4z', ''],
      draws: '7z6z',
    },
  },
];

/** The events the fixtures produce from a state: each seat's legal actions (in a window also at
 * its uniform minimum, so that an answer may close it), a win declaration by every seat (false
 * unless legal), and the timeout at the deadline. Nothing after the second deal. */
function eventsFor(s: TableState): MachineEvent[] {
  if (s.phase === 'matchOver' || (s.results.length > 0 && s.phase === 'playing')) return [];
  const out: MachineEvent[] = [];
  const w = s.phase === 'playing' ? s.hand.window : null;
  const times = w !== null && w.minCloseAt > s.at ? [s.at, w.minCloseAt] : [s.at];
  for (const seat of SEATS) {
    for (const a of legalActions(s, seat))
      for (const at of times) out.push({ type: 'act', seat, action: clean(a), at });
    if (s.phase === 'playing') out.push({ type: 'act', seat, action: { type: 'win' }, at: s.at });
  }
  const d = deadline(s);
  if (d !== null) out.push({ type: 'timeout', at: d });
  return out;
}

/** The abstract state: the machine's state and what matters for the next events. */
function serialize(snapshot: Snapshot): string {
  const s = snapshot.context.table;
  const options = SEATS.map((seat) => [...new Set(legalActions(s, seat).map((a) => a.type))].join(',')).join('/');
  const answers = s.hand.window?.answers.map((a) => a?.type ?? '-').join(',') ?? '';
  const melds = s.hand.seats.map((st) => st.melds.length).join('');
  // Riichi: how many seats have declared (a declaration changes what the seat may do later).
  const declared = s.hand.riichi?.seats.filter((x) => x.declared !== null).length ?? '';
  return `${JSON.stringify(snapshot.value)}|${s.results.length}|${liveCount(s.hand.wall)}|${melds}|${options}|${answers}|${declared}`;
}

/** What the table's own data says its stage is (views, bots and legality read it). */
function dataStage(s: TableState): string {
  if (s.phase !== 'playing') return s.phase;
  return s.hand.stage === 'discard' ? 'turn' : s.hand.stage === 'claims' ? 'claimWindow' : 'robbingWindow';
}

function inputOf(f: Fixture): MachineInput {
  const setup = checkConfig(
    { seed: '5eed', ruleset: f.ruleset ?? 'hk-new', players: HUMANS, options: f.options ?? {} },
    { walls: [shortWall(f.wall)] },
  );
  if (!setup.ok) throw new Error(setup.error.message);
  return { setup: setup.value, at: 0 };
}

// Every state and transition of the definition.
const allNodes: StateNode[] = [];
const allTransitions: AnyTransitionDefinition[] = [];
(function walk(node: StateNode) {
  allNodes.push(node);
  for (const list of node.transitions.values()) allTransitions.push(...list);
  allTransitions.push(...(node.always ?? []));
  for (const child of Object.values(node.states)) walk(child as StateNode);
})(tableMachine.root as unknown as StateNode);

const guardName = (g: unknown): string => (typeof g === 'string' ? g : String((g as { type?: string }).type));

const describeTransition = (t: AnyTransitionDefinition) =>
  `${t.source.id} --${t.eventType || 'always'}${t.guard ? ` [${guardName(t.guard)}]` : ''}--> ${
    t.target?.map((n) => n.id).join(',') ?? '(stays)'
  }`;

const seenNodes = new Set<string>();
const seenTransitions = new Set<AnyTransitionDefinition>();

describe('the table machine, by its own graph', () => {
  describe.each(FIXTURES)('$name', (fixture) => {
    const input = inputOf(fixture);
    const paths = getShortestPaths(tableMachine, {
      input,
      events: (snapshot) => eventsFor(snapshot.context.table),
      serializeState: serialize,
    });

    it('reaches more than one stage', () => {
      expect(new Set(paths.map((p) => JSON.stringify(p.state.value))).size).toBeGreaterThan(2);
    });

    const watch = (ev: { type: string }) => {
      if (ev.type !== '@xstate.microstep') return;
      const step = ev as unknown as { _transitions: AnyTransitionDefinition[]; snapshot: Snapshot };
      for (const t of step._transitions) seenTransitions.add(t);
      for (const n of step.snapshot._nodes) seenNodes.add(n.id);
    };

    it('every shortest path replays on a live actor, the data agreeing with the machine at every step', () => {
      for (const path of paths) {
        const actor = createActor(tableMachine, { input, inspect: watch }).start();
        for (const n of actor.getSnapshot()._nodes) seenNodes.add(n.id);
        for (const step of path.steps) {
          if (step.event.type.startsWith('xstate.')) continue;
          const before = actor.getSnapshot().context.table;
          actor.send(step.event);
          const s = actor.getSnapshot();
          expect(s.context.table.seq).toBe(before.seq + 1);
          expect(dataStage(s.context.table)).toBe(String(s.value));
        }
        expect(serialize(actor.getSnapshot())).toBe(serialize(path.state));
        actor.stop();
      }
    });

    it('every event from every state reached: one step further, accepted or refused with nothing changed', () => {
      for (const path of paths) {
        for (const event of eventsFor(path.state.context.table)) {
          const actor = createActor(tableMachine, { snapshot: path.state, input, inspect: watch }).start();
          const before = actor.getSnapshot();
          actor.send(event);
          const after = actor.getSnapshot();
          if (after.context.table === before.context.table) {
            expect(after.value).toEqual(before.value);
          } else {
            expect(after.context.table.seq).toBe(before.context.table.seq + 1);
            expect(dataStage(after.context.table)).toBe(String(after.value));
          }
          actor.stop();
        }
      }
    });
  });

  it('covers every state and every transition of the definition', () => {
    const missingStates = allNodes.filter((n) => !seenNodes.has(n.id)).map((n) => n.id);
    const missing = allTransitions.filter((t) => !seenTransitions.has(t)).map(describeTransition);
    const pct = (a: number, b: number) => ((100 * a) / b).toFixed(0);
    console.log(
      `table machine graph coverage: states ${allNodes.length - missingStates.length}/${allNodes.length} ` +
        `(${pct(allNodes.length - missingStates.length, allNodes.length)}%), transitions ` +
        `${allTransitions.length - missing.length}/${allTransitions.length} ` +
        `(${pct(allTransitions.length - missing.length, allTransitions.length)}%)`,
    );
    for (const m of missing) console.log(`not covered: ${m}`);
    expect(missingStates).toEqual([]);
    expect(missing).toEqual([]);
  });
});
