/**
 * The table as an XState v5 machine. The context holds the whole `TableState` (plain data, as
 * `context.table`: one property for XState to copy per event, and the state object itself kept,
 * so that what is remembered per state stays valid); guards and actions call the pure functions
 * of state.ts. The machine's states are the table's phases:
 * a hand in play, the results pause between hands, the end of the match (final). Inside a hand
 * the stage (a turn, a claim window, a robbing window) is context data, read by the views.
 *
 * Deadlines live in the context and fire through an explicit, logged `timeout` event: no `after`
 * timers, since a snapshot does not keep them (statelyai/xstate#5331) and replays must
 * reproduce them exactly.
 *
 * Each event's next state is computed once (`nextState`, memoised on the context and event
 * objects): the guards that route a transition to a phase and the action that assigns it share
 * that one computation, so the routing costs no second pass through the rules.
 */
import type { PlayerAction, Seat } from '@mahjong/shared';
import { assign, setup } from 'xstate';
import { applyAction, applyTimeout, deadline, type MatchSetup, refusal, startMatch, type TableState } from './state.js';

export type MachineEvent =
  | { readonly type: 'act'; readonly seat: Seat; readonly action: PlayerAction; readonly at: number }
  | { readonly type: 'timeout'; readonly at: number };

export interface MachineContext {
  readonly table: TableState;
}

export interface MachineInput {
  readonly setup: MatchSetup;
  readonly at: number;
}

let memo: { context: TableState; event: MachineEvent; next: TableState | null } | null = null;

/** The state after `event`, or null when the event is refused (not legal, or not due). */
export function nextState(context: TableState, event: MachineEvent): TableState | null {
  if (memo !== null && memo.context === context && memo.event === event) return memo.next;
  let next: TableState | null = null;
  if (event.type === 'act') {
    if (refusal(context, event.seat, event.action) === null) {
      next = applyAction(context, event.seat, event.action, event.at);
    }
  } else {
    const d = deadline(context);
    if (d !== null && event.at >= d) next = applyTimeout(context, event.at);
  }
  memo = { context, event, next };
  return next;
}

type Phase = TableState['phase'];

/** The transitions of an event from one phase: to another phase (with a target) or within it. */
const route = (from: Phase) =>
  (['playing', 'handOver', 'matchOver'] as const).map((to) =>
    to === from
      ? { guard: { type: 'leadsTo' as const, params: { to } }, actions: 'apply' as const }
      : { guard: { type: 'leadsTo' as const, params: { to } }, target: `#table.${to}`, actions: 'apply' as const },
  );

export const tableMachine = setup({
  types: {
    context: {} as MachineContext,
    input: {} as MachineInput,
    events: {} as MachineEvent,
  },
  guards: {
    /** The event is accepted and the table is then in phase `to`. */
    leadsTo: ({ context, event }, params: { to: Phase }) => nextState(context.table, event)?.phase === params.to,
  },
  actions: {
    apply: assign({ table: ({ context, event }) => nextState(context.table, event) ?? context.table }),
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => ({ table: startMatch(input.setup, input.at) }),
  initial: 'playing',
  states: {
    /** A hand is being played: turns, claim windows, robbing windows. */
    playing: { on: { act: route('playing'), timeout: route('playing') } },
    /** The results pause: every seat says it is ready, or the pause runs out. */
    handOver: { on: { act: route('handOver'), timeout: route('handOver') } },
    matchOver: { type: 'final' },
  },
});
