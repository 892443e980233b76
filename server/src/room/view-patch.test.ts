/**
 * View patches (`shared/src/view-patch.ts`) against full views: over whole bot matches of each
 * engine ruleset, every seat's and the spectator's patch from its previous view, applied to that
 * view (as the client holds it, parsed from JSON), gives exactly the full view; and the patch's
 * text depends on the two views' data alone, not on which objects the engine shared.
 */
import {
  applyObjectPatch,
  applyViewPatch,
  diffObjects,
  diffViews,
  SEATS,
  type SharedDiffs,
  type TableView,
} from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { chooseBotAction, createEngine } from '../table/index.js';
import type { EngineConfig, MatchConfig } from '../table/types.js';
import { sameData } from './view-change.js';
import { randomValue as randomJson } from './random-json.js';

const VIEWERS = [0, 1, 2, 3, 'spectator'] as const;

/** JSON with sorted keys: equality of data, whatever the key order. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x: unknown) =>
    x !== null && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a.localeCompare(b)))
      : x,
  );
}

const wire = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

interface Tally {
  patches: number;
  patchBytes: number;
  fullBytes: number;
  appends: number;
}

/** Plays a bot match; after every event checks each viewer's patch from its previous view. */
function checkMatch(config: EngineConfig, tally: Tally): string[] {
  const failures: string[] = [];
  let now = 0;
  const engine = createEngine(config, now);
  const held = new Map<(typeof VIEWERS)[number], TableView>();
  const sent = new Map<(typeof VIEWERS)[number], TableView>();
  const check = () => {
    // As the room diffs an event's views: one map of shared parts' diffs for the five.
    const shared: SharedDiffs = new Map();
    for (const viewer of VIEWERS) {
      const view = engine.viewFor(viewer);
      const last = sent.get(viewer);
      const client = held.get(viewer);
      sent.set(viewer, view);
      if (last === undefined || client === undefined) {
        held.set(viewer, wire(view));
        continue;
      }
      const patch = diffViews(last, view, shared);
      const text = JSON.stringify(patch);
      // The same two views as plain copies (no shared objects, no shared diffs) give the same patch.
      if (JSON.stringify(diffViews(wire(last), wire(view))) !== text)
        failures.push(`${viewer}: patch depends on identity`);
      const applied = applyViewPatch(client, { seq: view.seq, base: client.seq, patch: JSON.parse(text) });
      if (applied === null || !sameData(applied, view)) {
        failures.push(`seq ${view.seq} viewer ${viewer}: patched view differs from the full view`);
        held.set(viewer, wire(view));
        continue;
      }
      held.set(viewer, applied);
      tally.patches += 1;
      tally.patchBytes += text.length;
      tally.fullBytes += JSON.stringify(view).length;
      if (text.includes('[3,')) tally.appends += 1;
    }
  };
  check();
  while (!engine.isOver() && failures.length < 5) {
    let acted = false;
    for (const seat of SEATS) {
      const action = chooseBotAction(engine.viewFor(seat));
      if (action === null) continue;
      now += 700;
      if (!engine.act(seat, action, now).ok) continue;
      acted = true;
      check();
    }
    if (!acted) {
      const d = engine.nextDeadline();
      if (d === null) break;
      now = Math.max(now, d);
      if (!engine.timeout(now).ok) break;
      check();
    }
  }
  return failures;
}

const players = SEATS.map((s) => ({ name: `P${s}`, bot: false })) as unknown as MatchConfig['players'];

describe('view patches over whole matches', () => {
  for (const ruleset of ['hk-new', 'riichi-modern', 'riichi-sanma'] as const) {
    it(`${ruleset}: every seat's and the spectator's patches give exactly the full views`, () => {
      const tally: Tally = { patches: 0, patchBytes: 0, fullBytes: 0, appends: 0 };
      for (const seed of ['a1', 'b2', 'c3']) {
        expect(checkMatch({ seed, ruleset, players, rounds: 1 }, tally)).toEqual([]);
      }
      // Matches of several hands were checked, discards went as appends, and the patches are
      // smaller than the views (the point of sending them).
      expect(tally.patches).toBeGreaterThan(1000);
      expect(tally.appends).toBeGreaterThan(tally.patches / 4);
      expect(tally.patchBytes).toBeLessThan(tally.fullBytes / 3);
      console.log(
        `${ruleset}: ${tally.patches} patches, ${tally.patchBytes} bytes against ${tally.fullBytes} as full views`,
      );
    });
  }
});

const SHAPE = { leaf: 0.35, array: 0.65 };
const randomValue = (next: () => number, depth: number): unknown => randomJson(next, depth, SHAPE);

/** A copy with some leaves changed, elements appended or dropped, keys added or removed. */
function mutate(v: unknown, next: () => number): unknown {
  if (Array.isArray(v)) {
    const copy = v.map((x) => mutate(x, next));
    if (next() < 0.15) copy.push(randomValue(next, 2));
    if (next() < 0.05) copy.pop();
    return copy;
  }
  if (v !== null && typeof v === 'object') {
    const entries = Object.entries(v)
      .filter(() => next() > 0.05)
      .map(([k, x]) => [k, mutate(x, next)] as const);
    if (next() < 0.1) entries.push(['e', randomValue(next, 2)]);
    return Object.fromEntries(entries.reverse());
  }
  return next() < 0.1 ? randomValue(next, 2) : v;
}

function rng(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648;
  };
}

describe('view patches of any data', () => {
  it('apply to the old value to give the new one, and are empty exactly when the data is the same', () => {
    const next = rng(11);
    let empty = 0;
    for (let i = 0; i < 5000; i++) {
      const a = { x: randomValue(next, 4), y: randomValue(next, 3) };
      const b = next() < 0.2 ? wire(a) : (mutate(a, next) as Record<string, unknown>);
      const patch = wire(diffObjects(a, b));
      const applied = applyObjectPatch(wire(a), patch);
      expect(canonical(applied), `${canonical(a)} -> ${canonical(b)}`).toBe(canonical(b));
      expect(Object.keys(patch).length === 0).toBe(sameData(a, b));
      if (Object.keys(patch).length === 0) empty += 1;
    }
    expect(empty).toBeGreaterThan(500);
    expect(empty).toBeLessThan(4500);
  });

  it('are refused for a view other than their base', () => {
    const engine = createEngine({ seed: 'd4', ruleset: 'hk-new', players, rounds: 1 }, 0);
    const view = engine.viewFor(0);
    const patch = diffViews(view, { ...view, seq: view.seq + 1 });
    expect(applyViewPatch(view, { seq: view.seq + 1, base: view.seq, patch })?.seq).toBe(view.seq + 1);
    expect(applyViewPatch(view, { seq: view.seq + 2, base: view.seq + 1, patch })).toBeNull();
    expect(applyViewPatch(null, { seq: view.seq + 1, base: view.seq, patch })).toBeNull();
  });
});
