/**
 * The table as an XState v5 machine. The context is the whole `TableState` (plain data); guards
 * and actions call the pure functions of state.ts. The machine's states mirror the table's phase
 * (a hand in play: a turn, a claim window, a robbing window; the results pause; the end of the
 * match). Deadlines live in the context and fire through an explicit, logged `timeout` event
 * (no `after` timers: a snapshot does not keep them, and replays must reproduce them).
 */
import type { PlayerAction, Seat } from '@mahjong/shared';
import { assign, setup } from 'xstate';
import { applyAction, applyTimeout, deadline, type MatchSetup, refusal, startMatch, type TableState } from './state.js';

export type MachineEvent =
  | { readonly type: 'act'; readonly seat: Seat; readonly action: PlayerAction; readonly at: number }
  | { readonly type: 'timeout'; readonly at: number };

export interface MachineInput {
  readonly setup: MatchSetup;
  readonly at: number;
}

export const tableMachine = setup({
  types: {
    context: {} as TableState,
    input: {} as MachineInput,
    events: {} as MachineEvent,
  },
  guards: {
    accepted: ({ context, event }) =>
      event.type === 'act' && refusal(context, event.seat, event.action, event.at) === null,
    due: ({ context, event }) => {
      const d = deadline(context);
      return d !== null && event.at >= d;
    },
    inPlay: ({ context }) => context.phase === 'playing',
    handOver: ({ context }) => context.phase === 'handOver',
    matchOver: ({ context }) => context.phase === 'matchOver',
    turn: ({ context }) => context.hand.stage === 'discard',
    claims: ({ context }) => context.hand.stage === 'claims',
    robbing: ({ context }) => context.hand.stage === 'robbing',
  },
  actions: {
    act: assign(({ context, event }) =>
      event.type === 'act' ? applyAction(context, event.seat, event.action, event.at) : context,
    ),
    timeout: assign(({ context, event }) => applyTimeout(context, event.at)),
  },
}).createMachine({
  id: 'table',
  context: ({ input }) => startMatch(input.setup, input.at),
  initial: 'playing',
  on: {
    act: { guard: 'accepted', actions: 'act' },
    timeout: { guard: 'due', actions: 'timeout' },
  },
  states: {
    playing: {
      initial: 'turn',
      always: [
        { guard: 'matchOver', target: 'matchOver' },
        { guard: 'handOver', target: 'handOver' },
      ],
      states: {
        turn: {
          always: [
            { guard: 'claims', target: 'claims' },
            { guard: 'robbing', target: 'robbing' },
          ],
        },
        claims: {
          always: [
            { guard: 'turn', target: 'turn' },
            { guard: 'robbing', target: 'robbing' },
          ],
        },
        robbing: {
          always: [
            { guard: 'turn', target: 'turn' },
            { guard: 'claims', target: 'claims' },
          ],
        },
      },
    },
    handOver: {
      always: [
        { guard: 'matchOver', target: 'matchOver' },
        { guard: 'inPlay', target: 'playing' },
      ],
    },
    matchOver: { type: 'final' },
  },
});
