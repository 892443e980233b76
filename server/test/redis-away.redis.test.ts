/**
 * Redis is not there when a server starts, comes, and goes again: the server starts and serves
 * without it, joins the other processes once it answers (reconnecting on its own), and neither it
 * nor a process started during the outage dies (a private redis-server on a port of its own).
 * An unhandled rejection anywhere (the Redis client's "Connection is closed.") fails the run.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';
import { createTestDatabase } from './pg.js';
import { RedisServer } from './redis-server.js';

vi.setConfig({ hookTimeout: 60_000 });

const db = await createTestDatabase(`mj_redis_away_${randomBytes(4).toString('hex')}`);
afterAll(() => db.drop());

const server = async (redisUrl: string, redisKey: string) =>
  testServer({ store: await openStore({ kind: 'postgres', url: db.url }), redisUrl, redisKey });

const redisState = async (s: RunningServer) => (await api<{ redis?: string }>(s.url, 'GET', '/healthz')).body.redis;

describe('a server whose Redis is away', () => {
  it('starts and serves without Redis, joins the others when it comes, and lives through its loss', {
    timeout: 120_000,
  }, async () => {
    const redis = await RedisServer.on();
    const key = `mj-away-${randomBytes(4).toString('hex')}`;
    const servers: RunningServer[] = [];
    try {
      // Nothing listens on the port yet.
      const a = await server(redis.url, key);
      servers.push(a);
      const t = await createTable(a.url, { rounds: 1, bots: [1, 2, 3] });
      const ann = await join(a.url, t.code, 'Ann', 0);
      const player = await TestClient.open(a.url, t.code, ann.token);
      expect(player.role).toBe(0);
      expect(await redisState(a)).toMatch(/^(connecting|reconnecting)$/);

      // Redis comes: A connects on its own (backoff at most 5 s) and a process started now sees A's table.
      await redis.start();
      const b = await server(redis.url, key);
      servers.push(b);
      let spectator: TestClient | null = null;
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        spectator = await TestClient.open(b.url, t.code);
        if (spectator.role === 'spectator') break;
        spectator.close();
        await new Promise((r) => setTimeout(r, 500));
      }
      expect(spectator?.role).toBe('spectator');
      expect(await redisState(a)).toBe('ready');
      expect((await api(a.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      // A's broadcasts reach B's spectator through Redis.
      await spectator!.waitFor(() => spectator!.messages.some((m) => m.type === 'view'), 30_000);

      // Redis dies during play; a process started meanwhile starts too, and the table plays on at A.
      await redis.stop('SIGKILL');
      const c = await server(redis.url, key);
      servers.push(c);
      expect(await redisState(c)).not.toBe('ready');
      player.startAutoplay();
      const seq = player.view?.seq ?? 0;
      await player.waitFor(() => (player.view?.seq ?? 0) > seq + 3, 30_000);
      player.close();
      spectator!.close();
    } finally {
      for (const s of servers.reverse()) await s.close();
      await redis.stop();
    }
  });
});
