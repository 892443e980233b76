/**
 * `WORKERS=2 npm start`: two server processes on one port (node:cluster), sharing tables through
 * PostgreSQL and Redis. Requests and sockets land on either worker; a match still plays to its
 * end; the primary's metrics listener answers for both workers. Without PostgreSQL and Redis,
 * more than one worker is refused before anything starts.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startChildServer } from './child.js';
import { api, createTable, join, TestClient } from './helpers.js';
import { createTestDatabase } from './pg.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const db = await createTestDatabase(`mj_workers_${randomBytes(4).toString('hex')}`);
afterAll(() => db.drop());

/** GET on a fresh connection each time (a kept-alive one would stay with one worker). */
const freshGet = (url: string): Promise<Record<string, unknown>> =>
  new Promise((resolve, reject) => {
    request(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => {
        body += c.toString();
      });
      res.on('end', () => resolve(JSON.parse(body) as Record<string, unknown>));
    })
      .on('error', reject)
      .end();
  });

describe('WORKERS=2', () => {
  it('two workers on one port share the tables: a match created, joined and played across both', {
    timeout: 180_000,
  }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-workers-'));
    const server = await startChildServer({
      WORKERS: '2',
      DATA_DIR: dir,
      DATABASE_URL: db.url,
      REDIS_URL,
      REDIS_KEY: `mj-workers-${randomBytes(4).toString('hex')}`,
      BOT_DELAY_MS: '20',
      LOG_LEVEL: 'fatal',
      METRICS_PORT: '0',
    });
    try {
      // Both workers answer on the one port.
      const owners = new Set<unknown>();
      for (let i = 0; i < 20 && owners.size < 2; i += 1) owners.add((await freshGet(`${server.url}/healthz`)).owner);
      expect(owners.size).toBe(2);
      // Lobby calls and sockets land on either worker; the one holding the table answers.
      const t = await createTable(server.url, { rounds: 1, bots: [1, 2, 3] });
      const ann = await join(server.url, t.code, '陳大文', 0);
      const player = await TestClient.open(server.url, t.code, ann.token, { autoplay: true });
      const spectator = await TestClient.open(server.url, t.code);
      expect([player.role, spectator.role]).toEqual([0, 'spectator']);
      expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, {}, t.hostToken)).status).toBe(200);
      await spectator.waitFor(() => spectator.view?.phase === 'matchOver', 150_000);
      await player.waitFor(() => player.view?.phase === 'matchOver', 10_000);
      // The primary sums its workers: two sockets, the actions of the match (whichever wrote them).
      const metrics = await (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
      expect(metrics).toMatch(/^mahjong_sockets 2$/m);
      expect(metrics).toMatch(/^mahjong_tables\{stage="lobby"\} 0$/m);
      expect(Number(/^mahjong_actions_total (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThan(20);
      for (const c of [player, spectator]) c.close();
    } finally {
      server.proc.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('more than one worker on the embedded database is refused with the reason', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-workers-'));
    try {
      await expect(startChildServer({ WORKERS: '2', DATA_DIR: dir, LOG_LEVEL: 'fatal' }, 60_000)).rejects.toThrow(
        /exited before listening \(2\)/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
