/**
 * The lobby over HTTP and sockets: create, join, bots, who is connected, start; what the
 * creator and everybody else get back.
 */
import type { CreateTableResponse, ServerMessage, TableInfo } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { io as connect } from 'socket.io-client';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const tableMessages = (c: TestClient): TableInfo[] =>
  c.messages.flatMap((m: ServerMessage) => (m.type === 'table' ? [m.table] : []));

describe('lobby', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('creates a table with a short code, a link and a host token; others follow the seats live', async () => {
    const created = await api<CreateTableResponse>(server.url, 'POST', '/api/tables', {
      ruleset: 'hk-old',
      options: { turnSeconds: 30 },
      bots: [3],
      fillWithBots: false,
      rounds: 2,
    });
    expect(created.status).toBe(201);
    const t = created.body;
    expect(t.code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ2-9]{6}$/);
    expect(t.link).toContain(t.code);
    expect(t.hostToken.startsWith(`${t.code}.h.`)).toBe(true);
    expect(t.table).toMatchObject({
      code: t.code,
      ruleset: 'hk-old',
      options: { turnSeconds: 30 },
      status: 'lobby',
      spectatorsAllowed: true,
      spectatorDelay: false,
      fillWithBots: false,
      spectators: 0,
      startedAt: null,
    });
    expect(t.table.seedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(t.table.seats.map((s) => [s.name, s.bot])).toEqual([
      [null, false],
      [null, false],
      [null, false],
      ['Bot North', true],
    ]);
    // The seed itself is nowhere in what the lobby shows.
    const match = await server.store.loadMatch(t.table.matchId);
    expect(JSON.stringify(t)).not.toContain(match!.seed);

    const watcher = await TestClient.open(server.url, t.code.toLowerCase());
    const welcome = watcher.messages[0];
    expect(welcome).toMatchObject({ type: 'welcome', role: 'spectator', view: null });

    const ann = await join(server.url, t.code, 'Ann');
    expect(ann.seat).toBe(0);
    await watcher.waitFor(() => tableMessages(watcher).some((i) => i.seats[0].name === 'Ann'));
    const annSocket = await TestClient.open(server.url, t.code, ann.token);
    await watcher.waitFor(() => tableMessages(watcher).some((i) => i.seats[0].connected));
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 1 }, t.hostToken)).status).toBe(200);
    await watcher.waitFor(() => tableMessages(watcher).some((i) => i.seats[1].bot));
    const notReady = await api<{ error: { code: string } }>(
      server.url,
      'POST',
      `/api/tables/${t.code}/start`,
      undefined,
      t.hostToken,
    );
    expect(notReady.body.error.code).toBe('table/not_ready');
    await join(server.url, t.code, 'Cy', 2);
    const started = await api<TableInfo>(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken);
    expect(started.body.status).toBe('playing');
    expect(started.body.startedAt).not.toBeNull();
    await annSocket.waitFor(() => annSocket.view !== null);
    expect(annSocket.view!.ruleset).toBe('hk-old');
    expect(annSocket.view!.seats.map((s) => s.name)).toEqual(['Ann', 'Bot South', 'Cy', 'Bot North']);
    expect(annSocket.view!.seats[2].connected).toBe(false);
    await watcher.waitFor(() => watcher.view !== null);
    expect(watcher.view!.seedHash).toBe(t.table.seedHash);

    const info = await api<TableInfo>(server.url, 'GET', `/api/tables/${t.code}`);
    expect(info.body).toMatchObject({ status: 'playing', spectators: 1 });
    const health = await api<{ ok: boolean; tables: number; sockets: number }>(server.url, 'GET', '/healthz');
    expect(health.body.ok).toBe(true);
    expect(health.body.tables).toBeGreaterThanOrEqual(1);
    expect(health.body.sockets).toBeGreaterThanOrEqual(2);
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
    watcher.close();
    annSocket.close();
  });

  it('pages the history newest first, played matches only', async () => {
    const unplayed = await api<CreateTableResponse>(server.url, 'POST', '/api/tables', {});
    await api(server.url, 'POST', `/api/tables/${unplayed.body.code}/end`, undefined, unplayed.body.hostToken);
    const codes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const t = await api<CreateTableResponse>(server.url, 'POST', '/api/tables', {});
      codes.push(t.body.code);
      await api(server.url, 'POST', `/api/tables/${t.body.code}/start`, undefined, t.body.hostToken);
      await api(server.url, 'POST', `/api/tables/${t.body.code}/end`, undefined, t.body.hostToken);
      await new Promise((r) => setTimeout(r, 5)); // distinct end times
    }
    const first = await api<{ matches: { code: string }[]; total: number; page: number }>(
      server.url,
      'GET',
      '/api/matches?limit=2',
    );
    expect(first.body.matches.map((m) => m.code)).toEqual([codes[2], codes[1]]);
    const second = await api<{ matches: { code: string }[]; page: number }>(
      server.url,
      'GET',
      '/api/matches?limit=2&page=2',
    );
    expect(second.body.page).toBe(2);
    expect(second.body.matches[0]?.code).toBe(codes[0]);
    expect(first.body.total).toBeGreaterThanOrEqual(3);
    const all = await api<{ matches: { code: string }[] }>(server.url, 'GET', '/api/matches?limit=100');
    expect(all.body.matches.map((m) => m.code)).not.toContain(unplayed.body.code);
  });

  it('a socket following a lobby is pushed each seat as it is taken (no seat, no spectator count)', async () => {
    const t = await createTable(server.url, { fillWithBots: false });
    const socket = connect(server.url, { transports: ['websocket'], reconnection: false, forceNew: true });
    const tables: TableInfo[] = [];
    socket.on('s2c', (m: ServerMessage) => {
      if (m.type === 'table') tables.push(m.table);
    });
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.emit('c2s', { type: 'lobby', code: t.code.toLowerCase() });
    const until = async (ok: () => boolean) => {
      for (let i = 0; i < 200 && !ok(); i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(ok()).toBe(true);
    };
    await until(() => tables.length === 1);
    expect(tables[0]!.seats.every((s) => s.name === null)).toBe(true);
    await join(server.url, t.code, 'Ann', 2);
    await until(() => tables.some((x) => x.seats[2].name === 'Ann'));
    expect(tables.at(-1)!.spectators).toBe(0);
    // The friend who tapped the same seat a moment later is refused with the code the page words.
    const late = await api<{ error: { code: string } }>(server.url, 'POST', `/api/tables/${t.code}/join`, {
      name: 'Bo',
      seat: 2,
    });
    expect([late.status, late.body.error.code]).toEqual([409, 'table/seat_taken']);
    // A malformed code is refused as any malformed message.
    const refused = new Promise<ServerMessage>((r) =>
      socket.on('s2c', (m: ServerMessage) => m.type === 'refused' && r(m)),
    );
    socket.emit('c2s', { type: 'lobby', code: 'NOPE' });
    expect(await refused).toMatchObject({ type: 'refused', code: 'msg/invalid' });
    socket.close();
  });
});
