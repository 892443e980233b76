/**
 * Whole hands and matches through real sockets: four human clients (playing like the bot from
 * their own views), a match with server bots, a spectator checked for leaks on every message,
 * and the stored replay compared with what was played.
 */
import type { ReplayResponse, ServerMessage, TableView } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, join, patchesNotOwnDiffs, TestClient, testServer } from './helpers.js';

// Starting PGlite on a busy 2-core machine can take a while.
vi.setConfig({ hookTimeout: 60_000 });

/** Keys a spectator may never receive (a seat's own hand, its tiles, the wall, the seed). */
const SECRET_KEYS = new Set(['hand', 'concealed', 'drawn', 'waits', 'missedWin', 'wall', 'live', 'dead', 'tiles']);

const PUBLIC_KEYS = new Set(['melds', 'discards', 'bonus', 'lastDiscard']);

function walk(value: unknown, visit: (key: string, v: unknown, path: string) => void, path = ''): void {
  if (Array.isArray(value)) {
    for (const [i, v] of value.entries()) walk(v, visit, `${path}[${i}]`);
  } else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      visit(k, v, `${path}.${k}`);
      // Melds, discards and bonus tiles are on the table for everybody.
      if (!PUBLIC_KEYS.has(k)) walk(v, visit, `${path}.${k}`);
    }
  }
}

/** Everything a spectator message shows must be public; returns what leaked. */
function spectatorLeaks(msg: ServerMessage): string[] {
  const leaks: string[] = [];
  const views: TableView[] = [];
  if (msg.type === 'view') views.push(msg.view);
  if (msg.type === 'welcome' && msg.view) views.push(msg.view);
  for (const view of views) {
    if (view.viewer !== 'spectator') leaks.push('viewer is not spectator');
    if (view.legalActions.length > 0) leaks.push('legal actions');
    if (view.seed !== undefined && view.phase !== 'matchOver') leaks.push('seed before the end');
    // Hands are revealed only in results of finished hands.
    const { results, lastResult, seats, ...rest } = view;
    walk({ rest, seats }, (key, _v, path) => {
      if (SECRET_KEYS.has(key)) leaks.push(path);
    });
    for (const r of [...results, ...(lastResult ? [lastResult] : [])]) {
      if (r.handNumber > view.handNumber) leaks.push('result of a future hand');
      if (r.handNumber === view.handNumber && view.phase === 'playing') leaks.push('result of the hand in play');
    }
  }
  return leaks;
}

/** A view without what the replay cannot know: connections, and the recipient's own view counter. */
const stripConnected = (view: TableView) => ({
  ...view,
  seq: 0,
  seats: view.seats.map((s) => ({ ...s, connected: true })),
});

describe('play through real sockets', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const start = (code: string, hostToken: string) =>
    api(server.url, 'POST', `/api/tables/${code}/start`, undefined, hostToken);

  it('four human clients play a whole hand; each seat sees its views in order, each one a change', async () => {
    const t = await createTable(server.url, { fillWithBots: false });
    const seats = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => join(server.url, t.code, n)));
    expect(seats.map((s) => s.seat).sort()).toEqual([0, 1, 2, 3]);
    const clients = await Promise.all(
      seats.map((s) => TestClient.open(server.url, t.code, s.token, { autoplay: true })),
    );
    expect((await start(t.code, t.hostToken)).status).toBe(200);
    await Promise.all(clients.map((c) => c.waitFor(() => (c.view?.results.length ?? 0) >= 1, 30_000)));
    const room = server.tables.get(t.code)!;
    expect(room.engine!.results().length).toBeGreaterThanOrEqual(1);
    for (const c of clients) {
      const views = c.messages.flatMap((m) => (m.type === 'view' ? [m] : []));
      expect(views.length).toBeGreaterThan(10);
      // In order, and never a view that differs from the one before only in seq (that would
      // tell the seat that another seat answered a claim window it could not see).
      for (let i = 1; i < views.length; i += 1) {
        expect(views[i]!.seq).toBeGreaterThan(views[i - 1]!.seq);
        expect({ ...views[i]!.view, seq: 0 }).not.toEqual({ ...views[i - 1]!.view, seq: 0 });
      }
      // Each seat sees its own hand, and the others only as counts.
      const view = c.view!;
      expect(view.viewer).toBe(c.role);
      expect(view.hand).toBeDefined();
      expect(c.refusals().filter((r) => r.code !== 'act/stale_seq')).toEqual([]);
      // After the deal every view came as a patch, each one exactly the change between the
      // seat's own two views.
      expect(c.raw.filter((r) => r.startsWith('{"type":"patch"')).length).toBe(views.length - 1);
      expect(patchesNotOwnDiffs(c)).toEqual([]);
      expect(c.unfitPatches).toBe(0);
    }
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken)).status).toBe(200);
    for (const c of clients) c.close();
  });

  it('a whole match with bots: a spectator sees nothing concealed, and the replay equals what was played', async () => {
    const t = await createTable(server.url, { rounds: 1, bots: [1, 3] });
    const [a, b] = await Promise.all([join(server.url, t.code, 'Ann'), join(server.url, t.code, 'Bo')]);
    const humans = await Promise.all(
      [a, b].map((s) => TestClient.open(server.url, t.code, s.token, { autoplay: true })),
    );
    const spectator = await TestClient.open(server.url, t.code);
    expect(spectator.role).toBe('spectator');
    expect((await start(t.code, t.hostToken)).status).toBe(200);
    await spectator.waitFor(() => spectator.view?.phase === 'matchOver', 60_000);
    await Promise.all(humans.map((h) => h.waitFor(() => h.view?.phase === 'matchOver')));

    // Spectator: every message checked.
    expect(spectator.messages.length).toBeGreaterThan(50);
    const leaks = spectator.messages.flatMap(spectatorLeaks);
    expect(leaks).toEqual([]);
    // The patches as they came: no hand or wall named (a meld's `concealed` flag is public, a
    // hand's `concealed` tiles are not), each the change between two of the spectator's own views.
    const patches = spectator.raw.filter((r) => r.startsWith('{"type":"patch"'));
    expect(patches.length).toBeGreaterThan(50);
    const secret = /"(hand|drawn|waits|missedWin|wall|live|dead)":|"concealed":\[([03],)?\[/;
    expect(patches.filter((r) => secret.test(r))).toEqual([]);
    expect(humans.every((h) => h.raw.some((r) => secret.test(r)))).toBe(true);
    expect(patchesNotOwnDiffs(spectator)).toEqual([]);
    const final = spectator.view!;
    expect(final.seed).toMatch(/^[0-9a-f]{64}$/);

    // History and replay.
    const list = await api<{ matches: { id: string; code: string; finalScores: number[] }[] }>(
      server.url,
      'GET',
      '/api/matches',
    );
    const entry = list.body.matches.find((m) => m.code === t.code);
    expect(entry).toBeDefined();
    expect(entry!.finalScores).toEqual(final.seats.map((s) => s.score));
    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${entry!.id}/replay`);
    expect(replay.status).toBe(200);
    const frames = replay.body.frames;
    const lastFrame = frames[frames.length - 1]!;
    expect(stripConnected(lastFrame.view)).toEqual(stripConnected(final));
    expect(replay.body.match.seed).toBe(final.seed);
    expect(replay.body.match.handRecords.map((h) => h.result)).toEqual(final.results);
    // Every view the spectator got is a frame of the replay, in the replay's order (views are
    // numbered per recipient, so they are found by content, each after the one before).
    let at = 0;
    for (const m of spectator.messages) {
      if (m.type !== 'view') continue;
      const want = JSON.stringify(stripConnected(m.view));
      while (at < frames.length && JSON.stringify(stripConnected(frames[at]!.view)) !== want) at += 1;
      expect(at).toBeLessThan(frames.length);
    }
    // Every seat view's hand is the replay's hand of that seat at that seq, and nothing else of
    // the hidden state is in it (the spectator's rules apply to everything but its own hand).
    for (const h of humans) {
      let from = 0;
      for (const m of h.messages) {
        if (m.type !== 'view' || !m.view.hand) continue;
        expect(m.view.viewer).toBe(h.role);
        const same = (f: (typeof frames)[number]) =>
          f.view.handNumber === m.view.handNumber &&
          f.view.wallCount === m.view.wallCount &&
          JSON.stringify(f.view.seats.map((s) => s.discards)) === JSON.stringify(m.view.seats.map((s) => s.discards)) &&
          JSON.stringify(f.hands[h.role as number]) === JSON.stringify(m.view.hand!.concealed);
        while (from < frames.length && !same(frames[from]!)) from += 1;
        expect(from).toBeLessThan(frames.length);
        const { hand: _own, legalActions: _legal, ...rest } = m.view;
        expect(
          spectatorLeaks({ type: 'view', seq: m.seq, view: { ...rest, viewer: 'spectator', legalActions: [] } }),
        ).toEqual([]);
      }
    }
    // A hand's frames.
    const hand0 = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${entry!.id}/replay?hand=0`);
    expect(hand0.body.frames.every((f) => f.view.handNumber === 0)).toBe(true);
    expect(hand0.body.frames.length).toBe(replay.body.handStarts[1] ?? replay.body.frames.length);
    for (const c of [...humans, spectator]) c.close();
  });
});
