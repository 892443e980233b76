/**
 * The per-address limits under several processes sharing one Redis: one budget per address for
 * the deployment, not one per process (`src/shared-limits.ts`). When Redis goes away each process
 * falls back to its own bucket (the limit fails open to one process's share) and nothing fails.
 * A private redis-server (on a port of its own) so that it can be stopped.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer, ServerOptions } from '../src/app.js';
import { UNLIMITED } from '../src/limits.js';
import { SharedRateLimiter } from '../src/shared-limits.js';
import { openStore } from '../src/store/open.js';
import { api, testServer } from './helpers.js';
import { createTestDatabase } from './pg.js';
import { freePort, RedisServer } from './redis-server.js';

vi.setConfig({ hookTimeout: 60_000 });

const redis = await RedisServer.on();
const db = await createTestDatabase(`mj_limits_shared_${randomBytes(4).toString('hex')}`);
beforeAll(() => redis.start());
afterAll(async () => {
  await redis.stop();
  await db.drop();
});

/**
 * Two server processes of one deployment (one database, one Redis key of their own), pushed onto
 * `servers` as they start, so that the caller's `finally` closes whichever did.
 */
async function twoProcesses(servers: RunningServer[], options: ServerOptions): Promise<void> {
  const key = `mj-two-${randomBytes(4).toString('hex')}`;
  for (let i = 0; i < 2; i += 1) {
    servers.push(
      await testServer({
        ...options,
        store: await openStore({ kind: 'postgres', url: db.url }),
        redisUrl: redis.url,
        redisKey: key,
      }),
    );
  }
}

/** A client as the server's limiter has one: no offline queue, so a request never waits for Redis. */
const client = (url: string) =>
  new Redis(url, { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 1000, lazyConnect: true });

const SLOW = { perSecond: 1 / 3600, burst: 5 };

describe('limits shared through Redis', () => {
  it('a second limiter on the same Redis gets what the first left, not a budget of its own', async () => {
    const [r1, r2] = [client(redis.url), client(redis.url)];
    await Promise.all([r1.connect(), r2.connect()]);
    try {
      const prefix = `t-${randomBytes(4).toString('hex')}`;
      const one = new SharedRateLimiter('create', SLOW, r1, prefix);
      const two = new SharedRateLimiter('create', SLOW, r2, prefix);
      const taken = async (l: SharedRateLimiter, n: number, key = '10.0.0.1') => {
        const out: boolean[] = [];
        for (let i = 0; i < n; i += 1) out.push((await l.take(key)).ok);
        return out;
      };
      expect(await taken(one, 3)).toEqual([true, true, true]);
      expect((await two.check('10.0.0.1')).ok).toBe(true);
      expect(await taken(two, 3)).toEqual([true, true, false]);
      const refused = await one.take('10.0.0.1');
      expect(refused).toEqual({ ok: false, retryAfterSeconds: expect.any(Number) });
      expect(refused.ok ? 0 : refused.retryAfterSeconds).toBeGreaterThan(3000);
      // Another address and another limit have budgets of their own.
      expect((await two.take('10.0.0.2')).ok).toBe(true);
      expect((await new SharedRateLimiter('matches', SLOW, r1, prefix).take('10.0.0.1')).ok).toBe(true);
      // A cost paid ahead and given back (a lookup that found its table) is there again for
      // everyone, and giving never fills a bucket over its burst.
      await two.give('10.0.0.1');
      expect((await one.take('10.0.0.1')).ok).toBe(true);
      expect((await two.take('10.0.0.1')).ok).toBe(false);
      for (let i = 0; i < 8; i += 1) await one.give('10.0.0.3');
      expect(await taken(two, 6, '10.0.0.3')).toEqual([true, true, true, true, true, false]);
      expect([one.fallbacks, two.fallbacks]).toEqual([0, 0]);
    } finally {
      r1.disconnect();
      r2.disconnect();
    }
  });

  it('without an answer from Redis a limiter decides alone (its own burst), at once', async () => {
    const away = client(`redis://127.0.0.1:${await freePort()}`);
    away.on('error', () => {});
    await away.connect().catch(() => {});
    try {
      const alone = new SharedRateLimiter('create', { perSecond: 1 / 3600, burst: 3 }, away, 't-away');
      const t0 = performance.now();
      const answers = [];
      for (let i = 0; i < 4; i += 1) answers.push((await alone.take('10.0.0.1')).ok);
      expect(answers).toEqual([true, true, true, false]);
      expect((await alone.check('10.0.0.1')).ok).toBe(false);
      expect(alone.fallbacks).toBe(5);
      // (No wait for a connection: generous for a loaded machine, far below any retry.)
      expect(performance.now() - t0).toBeLessThan(2000);
    } finally {
      away.disconnect();
    }
  });

  it('two server processes: one address creates its 4 tables in all and misses its 3 codes in all', {
    timeout: 90_000,
  }, async () => {
    const servers: RunningServer[] = [];
    try {
      await twoProcesses(servers, {
        limits: {
          createPerClient: { perSecond: 1 / 3600, burst: 4 },
          lookupMissesPerClient: { perSecond: 1 / 3600, burst: 3 },
        },
      });
      const [a, b] = servers as [RunningServer, RunningServer];
      const create = async (s: RunningServer) => (await api(s.url, 'POST', '/api/tables', { options: {} })).status;
      expect([await create(a), await create(b), await create(a), await create(b)]).toEqual([201, 201, 201, 201]);
      // Per process this address would have 4 more on each.
      expect([await create(b), await create(a)]).toEqual([429, 429]);

      const lookup = async (s: RunningServer) => (await api(s.url, 'GET', '/api/tables/ZZZZZZ')).status;
      expect([await lookup(a), await lookup(b), await lookup(a)]).toEqual([404, 404, 404]);
      expect([await lookup(b), await lookup(a)]).toEqual([429, 429]);

      // Redis goes away: each process decides alone, from what it let through itself (A created 2
      // of its 4 and missed 2 of its 3): requests are answered, none waits for Redis.
      await redis.stop('SIGKILL');
      expect([await create(a), await create(a), await create(a)]).toEqual([201, 201, 429]);
      expect([await lookup(a), await lookup(a)]).toEqual([404, 429]);
      await redis.start();
    } finally {
      for (const s of servers) await s.close();
    }
  });

  it('two server processes: the caps on tables held (lobbies, bot-only tables per address) count both', {
    timeout: 90_000,
  }, async () => {
    const servers: RunningServer[] = [];
    try {
      await twoProcesses(servers, {
        limits: { ...UNLIMITED, maxLobbiesPerClient: 3, maxBotTables: 10, maxBotTablesPerClient: 1 },
        // Bots that think for a minute: the bot-only table stays in play while it is counted.
        botDelayMs: 60_000,
      });
      // (The tables of the test above, on the same database, come back here: lobbies of nobody's.)
      const [a, b] = servers as [RunningServer, RunningServer];
      const me = '127.0.0.1';
      /** Each process reads the others' snapshots about once a second. */
      const until = async (what: () => boolean) => {
        for (let waited = 0; !what(); waited += 50) {
          if (waited > 20_000) throw new Error("the processes did not see each other's tables");
          await new Promise((r) => setTimeout(r, 50));
        }
      };
      const create = async (s: RunningServer, bots?: number[]) =>
        api<{ code: string; hostToken: string }>(s.url, 'POST', '/api/tables', {
          options: { turnSeconds: 600 },
          ...(bots ? { bots } : {}),
        });
      const startBots = async (s: RunningServer) => {
        const made = await create(s, [0, 1, 2, 3]);
        expect(made.status).toBe(201);
        return (await api(s.url, 'POST', `/api/tables/${made.body.code}/start`, undefined, made.body.hostToken)).status;
      };

      // One bot-only table playing on A: this address's share, on B as well.
      expect(await startBots(a)).toBe(200);
      await until(() => elsewhereBots(b) === 1);
      expect(await startBots(b)).toBe(429);
      // (Per process, B would have started it.) The refused table waits in B's lobby: 1 of 3.
      expect((await create(a)).status).toBe(201);
      await until(() => b.tables.lobbiesOf(me) === 2 && a.tables.lobbiesOf(me) === 2);
      expect((await create(b)).status).toBe(201);
      await until(() => a.tables.lobbiesOf(me) === 3);
      // Three waiting in all, one on A and two on B: A refuses a fourth (per process it had room).
      expect(a.tables.heldCounts().lobbiesBy[me]).toBe(1);
      expect((await create(a)).status).toBe(429);
      expect((await create(b)).status).toBe(429);
    } finally {
      for (const s of servers) await s.close();
    }
  });
});

/** The bot-only tables the other processes of `s`'s deployment hold, as `s` last read them. */
function elsewhereBots(s: RunningServer): number {
  return s.tables.elsewhere().botTables;
}
