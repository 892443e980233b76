/**
 * Steps the table's statechart (`tableMachine`, machine.ts) the way an XState actor does, for the
 * one shape the chart has: flat (every state a child of the root, atomic or final), guards and
 * actions named, transitions to sibling states or none, entry actions, eventless (`always`)
 * transitions, no exit actions, invocations, history, delays or re-entry. The transitions are read
 * from the machine's own definition (XState parses it; this module only walks it), so the chart,
 * its diagram and its graph tests stay the one source of the flow.
 *
 * Why not the actor: per event XState computes exit and entry sets, the transition domain, a
 * fresh snapshot (state value, node list, tags) and the eventless transitions of every active
 * node, for a chart where each of those is a lookup. On bot matches that machinery was about a
 * third of the engine's CPU time; here a step is a guard list, an update and a state key.
 * `stepper.test.ts` plays matches of every ruleset on both, event by event, with refused events
 * among them, and requires the same state and table at each step.
 */
import type { AnyStateMachine } from 'xstate';
import {
  ACTION_UPDATES,
  GUARD_RULES,
  initialTable,
  type MachineEvent,
  type MachineInput,
  type Rule,
  type Update,
} from './machine.js';
import type { TableState } from './state.js';

/** A transition of the chart: its rule (null: always taken), its update (null: none), its target (null: stays). */
interface Step {
  readonly rule: Rule | null;
  readonly update: Update | null;
  readonly target: string | null;
}

interface Node {
  readonly on: ReadonlyMap<string, readonly Step[]>;
  readonly always: readonly Step[];
  /** The entry actions, as one update (null: none). */
  readonly entry: Update | null;
  readonly final: boolean;
}

/** The parts of an XState state node this module reads (its public definition). */
interface DefinitionNode {
  readonly key: string;
  readonly type: string;
  readonly parent?: DefinitionNode;
  readonly states: Record<string, DefinitionNode>;
  readonly entry: readonly unknown[];
  readonly exit: readonly unknown[];
  readonly invoke: readonly unknown[];
  readonly after: readonly unknown[];
  readonly always?: readonly DefinitionTransition[];
  readonly transitions: ReadonlyMap<string, readonly DefinitionTransition[]>;
}

interface DefinitionTransition {
  readonly guard?: unknown;
  readonly actions: readonly unknown[];
  readonly target?: readonly DefinitionNode[];
  readonly reenter: boolean;
  readonly source: DefinitionNode;
}

const unsupported = (where: string, what: string): never => {
  throw new Error(`the table stepper cannot run ${what} (${where}); step the chart with an XState actor`);
};

function updateOf(actions: readonly unknown[], where: string): Update | null {
  const fs = actions.map((a) =>
    typeof a === 'string' && ACTION_UPDATES[a] !== undefined
      ? ACTION_UPDATES[a]
      : unsupported(where, 'an action that is not a named update'),
  );
  if (fs.length === 0) return null;
  if (fs.length === 1) return fs[0] as Update;
  return (s, e) => {
    for (const f of fs) s = f(s, e);
    return s;
  };
}

function stepOf(t: DefinitionTransition, root: DefinitionNode, where: string): Step {
  if (t.guard !== undefined && (typeof t.guard !== 'string' || GUARD_RULES[t.guard] === undefined)) {
    unsupported(where, 'a guard that is not a named rule');
  }
  if (t.target !== undefined && t.target.length !== 1) unsupported(where, 'a transition to several states');
  const to = t.target?.[0];
  if (to !== undefined && to.parent !== root) unsupported(where, 'a transition out of the root');
  // A transition to its own state: XState re-enters it (entry actions) or not, by `reenter`; the chart has none.
  if (to === t.source || t.reenter) unsupported(where, 'a transition to its own state');
  return {
    rule: t.guard === undefined ? null : (GUARD_RULES[t.guard as string] as Rule),
    update: updateOf(t.actions, where),
    target: to === undefined ? null : to.key,
  };
}

/** The chart as lookups by state key; throws on anything the stepper does not step as XState would. */
function compile(machine: AnyStateMachine): { nodes: ReadonlyMap<string, Node>; initial: string } {
  const root = machine.root as unknown as DefinitionNode;
  if (root.type !== 'compound') unsupported('root', `a ${root.type} root`);
  if (root.entry.length + root.exit.length + root.invoke.length + root.after.length > 0 || root.always !== undefined) {
    unsupported('root', 'actions or transitions on the root');
  }
  if (root.transitions.size > 0) unsupported('root', 'transitions on the root');
  const nodes = new Map<string, Node>();
  for (const [key, n] of Object.entries(root.states)) {
    if (n.type !== 'atomic' && n.type !== 'final') unsupported(key, `a ${n.type} state`);
    if (n.exit.length + n.invoke.length + n.after.length > 0) unsupported(key, 'exit actions, invocations or delays');
    const on = new Map<string, Step[]>();
    for (const [type, ts] of n.transitions) {
      if (type !== 'act' && type !== 'timeout') unsupported(key, `the event descriptor ${type}`);
      on.set(
        type,
        ts.map((t) => stepOf(t, root, `${key} on ${type}`)),
      );
    }
    nodes.set(key, {
      on,
      always: (n.always ?? []).map((t) =>
        // A targetless eventless transition would be taken again and again.
        t.target === undefined
          ? unsupported(`${key} always`, 'an eventless transition without a target')
          : stepOf(t, root, `${key} always`),
      ),
      entry: updateOf(n.entry, `${key} entry`),
      final: n.type === 'final',
    });
  }
  const initial = (machine.root as unknown as { initial?: { target?: readonly DefinitionNode[] } }).initial
    ?.target?.[0];
  if (initial === undefined || initial.parent !== root) unsupported('root', 'an initial state that is not a child');
  return { nodes, initial: (initial as DefinitionNode).key };
}

/** The chart's state and table, moved by events. */
export interface ChartStepper {
  /** The active state's key (`turn`, `claimWindow`, ...). */
  readonly value: string;
  readonly table: TableState;
  /** Whether the chart reached its final state (it takes no more events). */
  readonly done: boolean;
  /** Takes an event as the actor would: the first transition whose rule holds, then the eventless ones. */
  send(event: MachineEvent): void;
}

class Chart implements ChartStepper {
  value: string;
  table: TableState;
  done = false;

  constructor(
    private readonly nodes: ReadonlyMap<string, Node>,
    initial: string,
    input: MachineInput,
  ) {
    // XState's initial step carries its `xstate.init` event; no entry action or eventless rule reads it.
    const init = { type: 'xstate.init', input } as unknown as MachineEvent;
    this.value = initial;
    this.table = initialTable(input);
    this.enter(initial, init);
    this.settle(init);
  }

  send(event: MachineEvent): void {
    if (this.done) return;
    const candidates = (this.nodes.get(this.value) as Node).on.get(event.type);
    if (candidates !== undefined) {
      for (const t of candidates) {
        if (t.rule === null || t.rule(this.table, event)) {
          this.take(t, event);
          break;
        }
      }
    }
    this.settle(event);
  }

  /** One transition: its update, then (to another state) the target's entry actions. */
  private take(t: Step, event: MachineEvent): void {
    if (t.update !== null) this.table = t.update(this.table, event);
    if (t.target !== null) this.enter(t.target, event);
  }

  private enter(key: string, event: MachineEvent): void {
    const to = this.nodes.get(key) as Node;
    this.value = key;
    if (to.entry !== null) this.table = to.entry(this.table, event);
    if (to.final) this.done = true;
  }

  /** The eventless transitions, until a state has none enabled (they read the event that led there). */
  private settle(event: MachineEvent): void {
    while (!this.done) {
      const t = (this.nodes.get(this.value) as Node).always.find((a) => a.rule === null || a.rule(this.table, event));
      if (t === undefined) return;
      this.take(t, event);
    }
  }
}

let compiled: ReturnType<typeof compile> | null = null;
let compiledFor: AnyStateMachine | null = null;

/** Starts the chart (`tableMachine` or a chart of the same shape) from `input`, as `createActor(machine, { input }).start()`. */
export function startChart(machine: AnyStateMachine, input: MachineInput): ChartStepper {
  if (compiledFor !== machine) {
    compiled = compile(machine);
    compiledFor = machine;
  }
  const c = compiled as ReturnType<typeof compile>;
  return new Chart(c.nodes, c.initial, input);
}
