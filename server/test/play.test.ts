import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { createTable, join, TestClient, testServer } from './helpers.js';

describe('four clients play', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a whole one-round match through real sockets, then it is in the history with its replay', async () => {
    const t = await createTable(server.url, { rounds: 1 });
    const seats = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => join(server.url, t.code, n)));
    const clients = await Promise.all(
      seats.map((s) => TestClient.open(server.url, t.code, s.token, { autoplay: true })),
    );
    const spectator = await TestClient.open(server.url, t.code);
    const start = await fetch(`${server.url}/api/tables/${t.code}/start`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.hostToken}` },
    });
    expect(start.status).toBe(200);
    await Promise.all(clients.map((c) => c.waitFor(() => c.view?.phase === 'matchOver', 60_000)));
    await spectator.waitFor(() => spectator.view?.phase === 'matchOver');
    expect(spectator.view?.results.length).toBeGreaterThanOrEqual(4);
    for (const c of [...clients, spectator]) c.close();
  });
});
