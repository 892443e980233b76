/**
 * Scale-out through Redis: two server processes share one PostgreSQL ledger and the socket.io
 * rooms. The table lives on server A; a player and a spectator connected to server B take part
 * as if they were on A (admitted and acting through A, broadcasts through Redis).
 */
import { randomBytes } from 'node:crypto';
import type { ServerMessage } from '@mahjong/shared';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { openStore } from '../src/store/open.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';
import { FlakyStore } from './flaky-store.js';
import { createTestDatabase } from './pg.js';

vi.setConfig({ hookTimeout: 60_000 });

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const db = await createTestDatabase(`mj_cluster_${randomBytes(4).toString('hex')}`);
afterAll(() => db.drop());

const FAST_CLIENTS = { perSecond: 1000, burst: 1000 };

describe('two servers through Redis', () => {
  it('a player and a spectator on server B play and watch a table held by server A', async () => {
    const key = `mj-test-${randomBytes(4).toString('hex')}`;
    const a = await testServer({
      store: await openStore({ kind: 'postgres', url: db.url }),
      redisUrl: REDIS_URL,
      redisKey: key,
      // The autoplaying test clients answer every view at machine speed (a match in seconds), far
      // above any person's pace; rate limits have their own tests (refusals.test.ts).
      rateLimit: FAST_CLIENTS,
    });
    const b = await testServer({
      store: await openStore({ kind: 'postgres', url: db.url }),
      redisUrl: REDIS_URL,
      redisKey: key,
      // The autoplaying test clients answer every view at machine speed (a match in seconds), far
      // above any person's pace; rate limits have their own tests (refusals.test.ts).
      rateLimit: FAST_CLIENTS,
    });
    try {
      const t = await createTable(a.url, { rounds: 1, bots: [0, 2] });
      const [onA, onB] = [await join(a.url, t.code, 'Ann'), await join(a.url, t.code, 'Bo')];
      const playerA = await TestClient.open(a.url, t.code, onA.token, { autoplay: true });
      const playerB = await TestClient.open(b.url, t.code, onB.token, { autoplay: true });
      const spectatorB = await TestClient.open(b.url, t.code);
      expect([playerB.role, spectatorB.role]).toEqual([onB.seat, 'spectator']);
      expect(b.tables.get(t.code)).toBeUndefined();
      // A third process starting on the same database leaves A's table to A.
      const c = await testServer({
        store: await openStore({ kind: 'postgres', url: db.url }),
        redisUrl: REDIS_URL,
        redisKey: key,
      });
      expect(c.tables.get(t.code)).toBeUndefined();
      await c.close();
      // A counts B's player as connected.
      expect(a.tables.get(t.code)!.info().seats[onB.seat].connected).toBe(true);

      // A wrong token is refused through A too.
      const forged = onA.token.slice(0, -1) + (onA.token.endsWith('x') ? 'y' : 'x');
      const bad = await TestClient.open(b.url, t.code, forged);
      expect(bad.refusals()[0]?.code).toBe('auth/bad_token');
      bad.close();

      expect((await api(a.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      await spectatorB.waitFor(() => spectatorB.view?.phase === 'matchOver', 90_000);
      await playerB.waitFor(() => playerB.view?.phase === 'matchOver');
      const room = a.tables.get(t.code)!;
      const dup = (c: TestClient) => {
        const s = c.messages.flatMap((m: ServerMessage) => (m.type === 'view' ? [m.seq] : []));
        return s.length - new Set(s).size;
      };
      // Each view reaches each client once, through whichever server it is connected to.
      expect([dup(playerA), dup(playerB), dup(spectatorB)]).toEqual([0, 0, 0]);
      const seqs = spectatorB.messages.flatMap((m: ServerMessage) => (m.type === 'view' ? [m.seq] : []));
      // In order (views that would differ only in seq are not sent).
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect(seqs[seqs.length - 1]).toBe(room.viewSeq('spectator'));
      // B's player really played (its own actions are in A's log).
      expect(room.engine!.log.some((e) => e.event.type === 'act' && e.event.seat === onB.seat)).toBe(true);
      expect(playerB.refusals().filter((r) => r.code !== 'act/stale_seq')).toEqual([]);
      for (const c of [playerA, playerB, spectatorB]) c.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('one socket per seat across servers: opened on B takes it from A; a bot put in its seat removes a socket on B', async () => {
    const key = `mj-test-${randomBytes(4).toString('hex')}`;
    const a = await testServer({
      store: await openStore({ kind: 'postgres', url: db.url }),
      redisUrl: REDIS_URL,
      redisKey: key,
    });
    const b = await testServer({
      store: await openStore({ kind: 'postgres', url: db.url }),
      redisUrl: REDIS_URL,
      redisKey: key,
    });
    const lost = (c: TestClient) =>
      c.messages.flatMap((m: ServerMessage) => (m.type === 'seat-lost' ? [m.reason] : []));
    try {
      const t = await createTable(a.url, { fillWithBots: true });
      const ann = await join(a.url, t.code, 'Ann', 0);
      const bo = await join(a.url, t.code, 'Bo', 1);
      const annOnA = await TestClient.open(a.url, t.code, ann.token);
      const annOnB = await TestClient.open(b.url, t.code, ann.token);
      expect(annOnB.role).toBe(0);
      await annOnA.waitFor(() => lost(annOnA).length === 1, 10_000);
      expect(lost(annOnA)).toEqual(['opened_elsewhere']);
      expect(lost(annOnB)).toEqual([]);

      const boOnB = await TestClient.open(b.url, t.code, bo.token);
      expect(boOnB.role).toBe(1);
      expect((await api(a.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 1 }, t.hostToken)).status).toBe(200);
      await boOnB.waitFor(() => lost(boOnB).length === 1, 10_000);
      expect(lost(boOnB)).toEqual(['replaced']);
      boOnB.send({ type: 'sync' });
      await boOnB.waitFor(() => boOnB.refusals().length === 1);
      expect(boOnB.refusals()[0]!.code).toBe('auth/not_joined');
      for (const c of [annOnA, annOnB, boOnB]) c.close();
    } finally {
      await a.close();
      await b.close();
    }
  });

  it('a table whose sockets are all on its holder publishes nothing through Redis; a socket on B makes it publish', async () => {
    const key = `mj-test-${randomBytes(4).toString('hex')}`;
    const server = async () =>
      testServer({
        store: await openStore({ kind: 'postgres', url: db.url }),
        redisUrl: REDIS_URL,
        redisKey: key,
        rateLimit: FAST_CLIENTS,
      });
    const a = await server();
    const b = await server();
    // What the adapter publishes for a room goes to a channel named after it (`KEY#/#ROOM#`).
    const sub = new Redis(REDIS_URL);
    const published: string[] = [];
    sub.on('pmessage', (_pattern: string, channel: string) => published.push(channel));
    await sub.psubscribe(`${key}#/#*`);
    const clients: TestClient[] = [];
    try {
      const t = await createTable(a.url, { rounds: 1, bots: [1, 2, 3] });
      const seat = await join(a.url, t.code, 'Ann');
      const player = await TestClient.open(a.url, t.code, seat.token, { autoplay: true });
      const spectatorA = await TestClient.open(a.url, t.code);
      clients.push(player, spectatorA);
      expect((await api(a.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      const views = (c: TestClient) => c.messages.filter((m) => m.type === 'view').length;
      await spectatorA.waitFor(() => views(spectatorA) >= 10, 30_000);
      const ofTable = () => published.filter((ch) => ch.includes(t.code));
      expect(ofTable()).toEqual([]);
      // A spectator on B is admitted through A: from then on A's broadcasts of the table cross Redis.
      const spectatorB = await TestClient.open(b.url, t.code);
      clients.push(spectatorB);
      const welcomed = views(spectatorB);
      await spectatorB.waitFor(() => views(spectatorB) >= welcomed + 3, 30_000);
      expect(ofTable().length).toBeGreaterThan(0);
    } finally {
      for (const c of clients) c.close();
      sub.disconnect();
      await a.close();
      await b.close();
    }
  });

  it('a clustered server stopped while its tables play stops cleanly (no broadcast after Redis is closed)', async () => {
    // Found by the 3,000-table load run: the ledger's last commits broadcast after the Redis
    // clients were closed, and the adapter's rejected publish took the process down.
    const key = `mj-test-${randomBytes(4).toString('hex')}`;
    const store = new FlakyStore(await openStore({ kind: 'postgres', url: db.url }));
    const a = await testServer({ store, redisUrl: REDIS_URL, redisKey: key });
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const watchers: TestClient[] = [];
    try {
      const tables = [];
      for (let i = 0; i < 8; i += 1) {
        const t = await createTable(a.url, { rounds: 1, bots: [0, 1, 2, 3] });
        // A spectator, so that commits are followed by broadcasts.
        watchers.push(await TestClient.open(a.url, t.code));
        tables.push(t);
      }
      // On a slow database, starts whose callers gave up (as a load tool killed at a stop would):
      // their connections are gone, so the HTTP server closes at once while their commits, and
      // the broadcasts after them, are still in flight.
      store.slowMs = 300;
      const starts = tables.map((t) =>
        fetch(`${a.url}/api/tables/${t.code}/start`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${t.hostToken}` },
          body: '{}',
          signal: AbortSignal.timeout(100),
        }),
      );
      await Promise.allSettled(starts);
      await a.close();
      await new Promise((r) => setTimeout(r, 1_000));
      expect(rejections.map(String)).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
      for (const w of watchers) w.close();
      await a.close();
    }
  });

  it('lobby and host commands sent to B for a table held by A are run by A', async () => {
    const key = `mj-test-${randomBytes(4).toString('hex')}`;
    const [a, b] = await Promise.all(
      [0, 1].map(async () =>
        testServer({ store: await openStore({ kind: 'postgres', url: db.url }), redisUrl: REDIS_URL, redisKey: key }),
      ),
    );
    try {
      const t = await createTable(a!.url, { rounds: 1, fillWithBots: false });
      // Behind a proxy any request may reach any process.
      const joined = await api<{ seat: number; token: string }>(b!.url, 'POST', `/api/tables/${t.code}/join`, {
        name: '陳大文',
        seat: 2,
      });
      expect(joined.status).toBe(200);
      expect(joined.body.seat).toBe(2);
      expect(a!.tables.get(t.code)!.info().seats[2].name).toBe('陳大文');
      expect(b!.tables.get(t.code)).toBeUndefined();
      // Refusals come back as the owner answers them.
      const taken = await api<{ error: { code: string } }>(b!.url, 'POST', `/api/tables/${t.code}/join`, {
        name: 'Bo',
        seat: 2,
      });
      expect([taken.status, taken.body.error.code]).toEqual([409, 'table/seat_taken']);
      const notHost = await api<{ error: { code: string } }>(
        b!.url,
        'POST',
        `/api/tables/${t.code}/start`,
        {},
        joined.body.token,
      );
      expect([notHost.status, notHost.body.error.code]).toEqual([403, 'auth/not_host']);
      const bad = await api<{ error: { code: string } }>(b!.url, 'POST', `/api/tables/${t.code}/join`, { name: '' });
      expect(bad.status).toBe(400);
      for (const seat of [0, 1, 3]) {
        expect((await api(b!.url, 'POST', `/api/tables/${t.code}/bot`, { seat }, t.hostToken)).status).toBe(200);
      }
      expect((await api(b!.url, 'POST', `/api/tables/${t.code}/start`, {}, t.hostToken)).status).toBe(200);
      expect(a!.tables.get(t.code)!.record.status).toBe('playing');
      expect((await api(b!.url, 'POST', `/api/tables/${t.code}/end`, {}, t.hostToken)).status).toBe(200);
      expect(a!.tables.get(t.code)!.record.status).toBe('ended');
      // A code nobody holds is still not found.
      expect((await api(b!.url, 'POST', '/api/tables/ZZZZZZ/join', { name: 'Cy' })).status).toBe(404);
    } finally {
      await a!.close();
      await b!.close();
    }
  });
});
