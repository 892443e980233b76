/**
 * The first turn's clock starts only once every human seat's page is here: after the host starts,
 * the deal (the logged start event) waits until each human seat has said hello, or START_WAIT_MS
 * has passed on the injected clock. Nobody loses turn time to a page load.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { START_WAIT_MS } from '../src/room.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const TURN_MS = 20_000;

describe('the deal waits for the players (injected clock)', () => {
  let server: RunningServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await testServer({ clock, botDelayMs: 500 });
  });
  afterAll(async () => {
    await server.close();
  });

  const table = async () => {
    const t = await createTable(server.url, {
      options: { turnSeconds: TURN_MS / 1000, claimSeconds: 2, resultsSeconds: 3 },
      bots: [2, 3],
    });
    const ann = await join(server.url, t.code, 'Ann', 0);
    const bo = await join(server.url, t.code, 'Bo', 1);
    return { t, ann, bo };
  };

  it('deals when the last human page says hello: its first turn has the whole clock', async () => {
    const { t, ann, bo } = await table();
    const a = await TestClient.open(server.url, t.code, ann.token);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const room = server.tables.get(t.code)!;
    expect(room.info().status).toBe('playing');
    expect(room.engine).toBeNull();
    // Acting before the deal is refused as not started, and nothing changes.
    a.act({ type: 'pass' }, 0, 1);
    await a.waitFor(() => a.messages.some((m) => m.type === 'refused' && m.code === 'table/not_started'));
    // Bo's page takes 4 s to load: the deal happens then, with the full turn time from then.
    clock.advance(4000);
    expect(room.engine).toBeNull();
    const b = await TestClient.open(server.url, t.code, bo.token);
    await a.waitFor(() => a.view !== null);
    await b.waitFor(() => b.view !== null);
    const dealtAt = clock.now();
    expect(room.engine!.log[0]!.at).toBe(dealtAt);
    expect(a.view!.deadlines.turn).toBe(dealtAt + TURN_MS);
    a.close();
    b.close();
  });

  it('deals after START_WAIT_MS when a human page never comes', async () => {
    const { t, ann } = await table();
    const a = await TestClient.open(server.url, t.code, ann.token);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const room = server.tables.get(t.code)!;
    clock.advance(START_WAIT_MS - 1);
    expect(room.engine).toBeNull();
    clock.advance(1);
    await a.waitFor(() => a.view !== null);
    expect(room.engine!.log[0]!.at).toBe(clock.now());
    a.close();
  });
});
