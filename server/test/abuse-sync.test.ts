/**
 * Adversarial: sockets polling `sync` for the full view. A socket that has had everything since
 * its last full view is answered with nothing (a lookup, not a welcome); full views asked again
 * (sync, a repeated hello) are limited per socket and per address, and a player who syncs after
 * a change still gets the view.
 */
import { PROTOCOL_VERSION, type ServerMessage } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

const SLOW = { claimSeconds: 60, turnSeconds: 600, resultsSeconds: 600 };
const welcomes = (c: TestClient, from = 0) => c.messages.slice(from).filter((m) => m.type === 'welcome').length;
const limited = (c: TestClient) => c.refusals().filter((r) => r.code === 'msg/rate_limited').length;

describe('abuse: sync polling', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('20 sockets polling sync on a quiet table draw at most one welcome each, not one per poll', async () => {
    const t = await createTable(server.url, { options: SLOW });
    const pollers = await Promise.all(Array.from({ length: 20 }, () => TestClient.open(server.url, t.code)));
    // Every poller has joined (and been told of the others): the table is quiet from here on.
    await server.tables.get(t.code)!.settled();
    await Promise.all(pollers.map((p) => p.roundTrip()));
    const before = pollers.map((p) => p.messages.length);
    for (let round = 0; round < 30; round += 1) for (const p of pollers) p.send({ type: 'sync' });
    await Promise.all(pollers.map((p) => p.roundTrip()));
    const full = pollers.reduce((n, p, i) => n + welcomes(p, before[i]), 0);
    // (Every poll answered in full, as before: 600.)
    expect(full).toBeLessThanOrEqual(pollers.length);
    for (const p of pollers) p.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('full views asked again are limited per socket and per address; a changed table is synced', async () => {
    const t = await createTable(server.url, { options: SLOW });
    const ann = await join(server.url, t.code, 'Ann', 0);
    const player = await TestClient.open(server.url, t.code, ann.token);
    // A repeated hello is always answered in full: ten at once pass the socket's burst only (the
    // rest are dropped, the socket told once a second).
    const hello = { type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: ann.token } as const;
    for (let i = 0; i < 10; i += 1) player.send(hello);
    await player.roundTrip();
    expect(welcomes(player)).toBe(1 + 5);
    expect(limited(player)).toBe(1);

    // The address's budget is shared by its sockets: 12 spectators asking 5 times each.
    const spectators = await Promise.all(Array.from({ length: 12 }, () => TestClient.open(server.url, t.code)));
    for (const s of spectators)
      for (let i = 0; i < 5; i += 1) s.send({ type: 'hello', v: PROTOCOL_VERSION, code: t.code });
    await Promise.all(spectators.map((s) => s.roundTrip()));
    expect(spectators.reduce((n, s) => n + limited(s), 0)).toBeGreaterThan(0);
    for (const s of spectators) s.close();

    // After a change the seat's sync is answered with the new view (once the budget refills).
    await new Promise((r) => setTimeout(r, 5000));
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await player.waitFor(() => player.view !== null);
    const from = player.messages.length;
    player.send({ type: 'sync' });
    await player.waitFor(() => welcomes(player, from) === 1);
    const answer = player.messages.slice(from).find((m) => m.type === 'welcome') as Extract<
      ServerMessage,
      { type: 'welcome' }
    >;
    expect(answer.view?.seq).toBe(player.view!.seq);
    player.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });
});
