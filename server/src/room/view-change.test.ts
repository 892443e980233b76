import type { TableView } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { chooseBotAction, createEngine } from '../table/index.js';
import { PresenceSeats, sameData, sameView } from './view-change.js';
import { randomValue as randomJson } from './random-json.js';

const SHAPE = { leaf: 0.4, array: 0.7 };
const randomValue = (next: () => number, depth: number): unknown => randomJson(next, depth, SHAPE);

/** A copy with a few leaves, keys or lengths changed (or nothing changed), and keys reordered. */
function mutate(v: unknown, next: () => number): unknown {
  if (Array.isArray(v)) {
    const copy = v.map((x) => mutate(x, next));
    if (next() < 0.05) copy.push(0);
    return copy;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v).map(([k, x]) => [k, mutate(x, next)] as const);
    if (next() < 0.05) entries.push(['e', 1]);
    return Object.fromEntries(entries.reverse());
  }
  return next() < 0.05 ? 'changed' : v;
}

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('sameData', () => {
  it('says what comparing JSON texts says (key order aside)', () => {
    const next = rng(7);
    const canonical = (v: unknown): string =>
      JSON.stringify(v, (_k, x: unknown) =>
        x !== null && typeof x === 'object' && !Array.isArray(x)
          ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
          : x,
      );
    let same = 0;
    let different = 0;
    for (let i = 0; i < 3000; i++) {
      const a = randomValue(next, 4);
      const b = next() < 0.5 ? mutate(a, next) : randomValue(next, 4);
      const expected = canonical(a) === canonical(b);
      expect(sameData(a, b), `${canonical(a)} vs ${canonical(b)}`).toBe(expected);
      if (expected) same += 1;
      else different += 1;
    }
    // Both answers were exercised.
    expect(same).toBeGreaterThan(300);
    expect(different).toBeGreaterThan(300);
  });

  it('tells an undefined property from a defined one and arrays from objects', () => {
    expect(sameData({ a: 1, b: undefined }, { a: 1 })).toBe(true);
    expect(sameData({ a: 1 }, { a: 1, b: null })).toBe(false);
    expect(sameData([], {})).toBe(false);
    expect(sameData({ 0: 1 }, [1])).toBe(false);
  });
});

describe('sameView', () => {
  it('skips the counter and who is connected, and nothing else', () => {
    const players = ['A', 'B', 'C', 'D'].map((name) => ({ name, bot: false }));
    const engine = createEngine({ seed: 'c0ffee', ruleset: 'hk-new', players: players as never, rounds: 1 }, 0);
    // A few moves in, so that hands, discards and legal actions are all filled.
    for (let i = 0; i < 12; i++) {
      const seat = ([0, 1, 2, 3] as const).find((s) => chooseBotAction(engine.viewFor(s)) !== null);
      if (seat === undefined) break;
      expect(engine.act(seat, chooseBotAction(engine.viewFor(seat))!, i * 1000).ok).toBe(true);
    }
    for (const viewer of [0, 1, 2, 3, 'spectator'] as const) {
      const view = engine.viewFor(viewer);
      const copy = JSON.parse(JSON.stringify(view)) as TableView;
      expect(sameView(view, copy)).toBe(true);
      expect(sameView(view, { ...copy, seq: copy.seq + 5 })).toBe(true);
      const flipped = copy.seats.map((s) => ({ ...s, connected: !s.connected })) as unknown as TableView['seats'];
      expect(sameView(view, { ...copy, seats: flipped })).toBe(true);
      const scored = copy.seats.map((s, i) => (i === 2 ? { ...s, score: s.score + 1 } : s));
      expect(sameView(view, { ...copy, seats: scored as unknown as TableView['seats'] })).toBe(false);
      expect(sameView(view, { ...copy, wallCount: copy.wallCount - 1 })).toBe(false);
      expect(sameView(view, { ...copy, legalActions: [...copy.legalActions, { type: 'pass' }] })).toBe(false);
    }
  });
});

describe('PresenceSeats', () => {
  it('gives each seat who is connected, reusing what did not change', () => {
    const players = ['A', 'B', 'C', 'D'].map((name) => ({ name, bot: false }));
    const engine = createEngine({ seed: 'beef', ruleset: 'hk-new', players: players as never, rounds: 1 }, 0);
    const presence = new PresenceSeats();
    const seats = engine.viewFor(0).seats;
    const first = presence.of(seats, [true, true, false, true]);
    expect(first.map((s) => s.connected)).toEqual([true, true, false, true]);
    expect(first.map((s, i) => ({ ...s, connected: seats[i]!.connected }))).toEqual(seats);
    expect(presence.of(seats, [true, true, false, true])).toBe(first);
    const back = presence.of(seats, [true, true, true, true]);
    expect(back.map((s) => s.connected)).toEqual([true, true, true, true]);
    expect(back.map((s, i) => s === first[i])).toEqual([true, true, false, true]);
    // The engine's seats after a move: the mover's seat is new, so is its dressed copy.
    const mover = ([0, 1, 2, 3] as const).find((s) => chooseBotAction(engine.viewFor(s)) !== null)!;
    expect(engine.act(mover, chooseBotAction(engine.viewFor(mover))!, 1000).ok).toBe(true);
    const after = engine.viewFor(0).seats;
    const next = presence.of(after, [true, true, true, true]);
    for (const i of [0, 1, 2, 3]) expect(next[i] === back[i]).toBe(after[i] === seats[i]);
    expect(next[mover]).not.toBe(back[mover]);
  });
});
