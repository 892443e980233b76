/**
 * The stepper against XState's own actor: the same events (legal actions, junk actions from any
 * seat, timeouts before and after the deadline) sent to both from the same start, at every
 * ruleset; after each event the active state and the table must be the same. And a chart of a
 * shape the stepper does not step (nested states, exit actions, a guard it does not know) is
 * refused when it is started, not stepped differently.
 */
import { type PlayerAction, SEATS, seededRandom, type TileKind } from '@mahjong/shared';
import { createActor, createMachine } from 'xstate';
import { describe, expect, it } from 'vitest';
import { checkConfig } from './engine.js';
import { deadline, legalActions, wellFormed } from './legal.js';
import { type MachineEvent, type MachineInput, tableMachine } from './machine.js';
import type { TableState } from './state.js';
import { startChart } from './stepper.js';
import { ENGINE_RULESETS, type EngineRulesetId } from './types.js';

/** The table without its setup (the same object on both sides), as text to compare. */
const tableText = (s: TableState) => JSON.stringify({ ...s, setup: null });

function junk(r: () => number): PlayerAction {
  const k = Math.floor(r() * 34) as TileKind;
  const all: PlayerAction[] = [
    { type: 'discard', tile: k },
    { type: 'pass' },
    { type: 'win' },
    { type: 'pung' },
    { type: 'kong' },
    { type: 'concealedKong', tile: k },
    { type: 'addedKong', tile: k },
    { type: 'riichi', tile: k },
    { type: 'nineTerminals' },
    { type: 'north' },
  ];
  return all[Math.floor(r() * all.length)] as PlayerAction;
}

function playBoth(ruleset: EngineRulesetId, seed: number, steps: number) {
  const r = seededRandom(seed);
  const setup = checkConfig({
    seed: (seed * 7919).toString(16).padStart(4, '0'),
    ruleset,
    players: SEATS.map((s) => ({ name: `P${s}`, bot: false })) as never,
    rounds: 1,
    options: { claimMinMs: r() < 0.5 ? 0 : 800 },
  });
  if (!setup.ok) throw new Error(setup.error.message);
  const input: MachineInput = { setup: setup.value, at: 0 };
  const actor = createActor(tableMachine, { input }).start();
  const chart = startChart(tableMachine, input);
  const agree = (step: number, event: MachineEvent | null) => {
    const snap = actor.getSnapshot();
    const where = `${ruleset} seed ${seed} step ${step} ${JSON.stringify(event)}`;
    expect(chart.value, where).toBe(snap.value);
    expect(chart.done, where).toBe(snap.status === 'done');
    expect(tableText(chart.table), where).toBe(tableText(snap.context.table));
  };
  agree(0, null);
  let accepted = 0;
  for (let step = 1; step <= steps && !chart.done; step++) {
    const s = chart.table;
    const d = deadline(s);
    const roll = r();
    const acting = SEATS.filter((seat) => legalActions(s, seat).length > 0);
    let event: MachineEvent;
    if (roll < 0.1 || acting.length === 0) {
      // A timeout just before or at the deadline (or at any time when none is pending).
      const at = d === null ? s.at + 1000 : Math.max(s.at, d - (r() < 0.3 ? 1 : 0));
      event = { type: 'timeout', at };
    } else {
      const junky = roll < 0.25;
      const seat = (junky ? SEATS : acting)[Math.floor(r() * (junky ? 4 : acting.length))] as (typeof SEATS)[number];
      const legal = legalActions(s, seat);
      const action = junky || legal.length === 0 ? junk(r) : (legal[Math.floor(r() * legal.length)] as PlayerAction);
      if (!wellFormed(action)) continue;
      event = { type: 'act', seat, action, at: s.at + Math.floor(r() * 1000) };
    }
    actor.send(event);
    chart.send(event);
    if (chart.table !== s) accepted++;
    agree(step, event);
  }
  return { accepted, hands: chart.table.results.length };
}

describe('the stepper takes every event as the XState actor does', () => {
  for (const ruleset of ENGINE_RULESETS) {
    it(ruleset, () => {
      for (const seed of [1, 2]) {
        const { accepted, hands } = playBoth(ruleset, seed, 3000);
        // Most events went through, over several hands (windows, kongs, hand ends, the results pause).
        // (An east-only match of three is three dealerships: fewer hands and events before it ends.)
        expect(accepted).toBeGreaterThan(ruleset === 'riichi-sanma' ? 500 : 1000);
        expect(hands).toBeGreaterThanOrEqual(5);
      }
    });
  }
});

describe('a chart of another shape is refused', () => {
  const input = {} as MachineInput;
  it('nested states', () => {
    const m = createMachine({ initial: 'a', states: { a: { initial: 'b', states: { b: {} } } } });
    expect(() => startChart(m, input)).toThrow(/compound state/);
  });
  it('exit actions', () => {
    const m = createMachine({ initial: 'a', states: { a: { exit: 'stamp' } } });
    expect(() => startChart(m, input)).toThrow(/exit actions/);
  });
  it('a guard that is not a named rule', () => {
    const m = createMachine({ initial: 'a', states: { a: { on: { act: { guard: 'nobody', target: 'b' } } }, b: {} } });
    expect(() => startChart(m, input)).toThrow(/guard/);
  });
});
