/**
 * The ledger is the truth in every failure, on a real server with a real (embedded) database
 * that the test makes fail underneath (FlakyStore): a table whose writes fail pauses (a notice,
 * moves refused, no timer runs) and resumes from the ledger when the database is back; a write
 * that committed but was reported failed is found in the ledger; a value the database refuses
 * fails alone; a table created meanwhile gets 503; a log that does not replay closes its match
 * readable; a finished table answers its final view after a restart. Every view any client saw
 * is checked against the ledger.
 */
import type { MatchDetail, ServerMessage } from '@mahjong/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import type { PrismaStore } from '../src/store/prisma-store.js';
import { FlakyStore } from './flaky-store.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';
import { finishMatchAndCheck, type LedgerMatch, playingMatch } from './ledger-match.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 180_000 });

const FAST_CLIENTS = { perSecond: 1000, burst: 1000 };
const notices = (c: TestClient, code: string) =>
  c.messages.filter((m: ServerMessage) => m.type === 'notice' && m.code === code).length;

interface Health {
  paused: { code: string }[];
  restoreFailures: { code: string; seq: number | null }[];
  ledger: { rejected: number; failures: number; lastFailure: { message: string } | null };
}

describe('ledger failures on a live server', () => {
  let flaky: FlakyStore;
  let server: RunningServer;
  beforeAll(async () => {
    flaky = new FlakyStore(await openStore({ kind: 'pglite', dataDir: null }));
    server = await testServer({ store: flaky, rateLimit: FAST_CLIENTS });
  });
  afterAll(async () => {
    await server.close();
  });
  beforeEach(() => {
    Object.assign(flaky, { down: false, lie: 0, refuse: null });
  });

  // The match every test breaks the ledger under (`ledger-match.ts`).
  const playing = () => playingMatch(server.url);
  const finishAndCheck = (c: Omit<LedgerMatch, 't'>) => finishMatchAndCheck(server.url, c);

  it('pauses a table whose writes fail (notice, moves refused, no timer) and resumes it from the ledger', async () => {
    const c = await playing();
    const room = server.tables.get(c.t.code)!;
    flaky.down = true;
    await c.ann.waitFor(() => notices(c.ann, 'ledger/paused') === 1, 10_000);
    await c.spectator.waitFor(() => notices(c.spectator, 'ledger/paused') === 1, 10_000);
    const health = await api<Health>(server.url, 'GET', '/healthz');
    expect(health.body.paused.map((p) => p.code)).toContain(c.t.code);
    // A table created meanwhile: a clear 503, and nothing to find afterwards.
    const created = await api<{ error: { code: string } }>(server.url, 'POST', '/api/tables', {});
    expect([created.status, created.body.error.code]).toEqual([503, 'server/unavailable']);
    // Moves are refused; no timer runs (turns last 2 s here), nothing moves, nothing is sent.
    c.ann.act({ type: 'pass' }, c.ann.view!.seq, 77);
    await c.ann.waitFor(() => c.ann.refusals().some((r) => r.id === 77));
    expect(c.ann.refusals().find((r) => r.id === 77)?.code).toBe('table/paused');
    const seq = room.engine!.seq;
    const seen = [c.ann.messages.length, c.spectator.messages.length];
    await new Promise((r) => setTimeout(r, 3000));
    expect(room.engine!.seq).toBe(seq);
    expect([c.ann.messages.length, c.spectator.messages.length]).toEqual(seen);
    flaky.down = false;
    await c.ann.waitFor(() => notices(c.ann, 'ledger/resumed') === 1, 10_000);
    expect((await api<Health>(server.url, 'GET', '/healthz')).body.paused).toEqual([]);
    const check = await finishAndCheck(c);
    expect((await api<Health>(server.url, 'GET', '/healthz')).body.ledger.rejected).toBeGreaterThan(0);
    console.log(`outage (embedded): ${check.checked} views checked against ${check.frames} log entries`);
  });

  it('finds in the ledger a write reported failed after it committed, and plays on', async () => {
    const c = await playing();
    flaky.lie = 1;
    await c.ann.waitFor(() => notices(c.ann, 'ledger/resumed') === 1, 10_000);
    await finishAndCheck(c);
  });

  it('a value the database refuses fails alone: the other table plays on without a pause', async () => {
    const a = await playing();
    const b = await playing();
    // One log entry of table a cannot be stored (every time it is tried).
    let bad: number | null = null;
    flaky.refuse = (w) => {
      if (w.kind !== 'action' || w.matchId !== a.matchId) return false;
      if (bad === null) bad = w.row.seq;
      return w.row.seq === bad;
    };
    await a.ann.waitFor(() => notices(a.ann, 'ledger/paused') === 1, 10_000);
    flaky.refuse = null;
    await a.ann.waitFor(() => notices(a.ann, 'ledger/resumed') === 1, 10_000);
    await Promise.all([finishAndCheck(a), finishAndCheck(b)]);
    expect(notices(b.ann, 'ledger/paused')).toBe(0);
    expect(bad).not.toBeNull();
  });

  it('a first deal that is not stored: the table pauses, deals again once it can, and plays to the end', async () => {
    const t = await createTable(server.url, { rounds: 1, bots: [1, 2, 3] });
    const j = await join(server.url, t.code, 'Ann', 0);
    const ann = await TestClient.open(server.url, t.code, j.token, { autoplay: true });
    const spectator = await TestClient.open(server.url, t.code);
    // The start is stored; the deal's log entries are not, until the test lets them.
    let blocked = true;
    let refused = 0;
    flaky.refuse = (w) => {
      if (!blocked || w.kind !== 'action' || w.matchId !== t.table.matchId) return false;
      refused += 1;
      return true;
    };
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await ann.waitFor(() => notices(ann, 'ledger/paused') >= 1, 10_000);
    // The rebuild finds no log entry and deals again; that deal is refused too (paused again).
    const before = refused;
    await ann.waitFor(() => refused > before, 20_000);
    // Nothing of the unstored deals was shown.
    expect(ann.messages.filter((m: ServerMessage) => m.type === 'view')).toEqual([]);
    blocked = false;
    await ann.waitFor(() => notices(ann, 'ledger/resumed') === 1, 30_000);
    expect((await api<Health>(server.url, 'GET', '/healthz')).body.paused).toEqual([]);
    await finishAndCheck({ ann, spectator, matchId: t.table.matchId });
  });

  it('a full disk (reads answer, every log write fails): said as such, and the table backs off instead of flapping', async () => {
    const c = await playing();
    const prisma = (flaky.inner as PrismaStore).prisma;
    // The database's own disk_full error (53100), raised by PostgreSQL (PGlite) for every log
    // append, as a full disk does: the table's reads still answer, so it resumes and fails again.
    await prisma.$executeRawUnsafe(`CREATE OR REPLACE FUNCTION mj_test_disk_full() RETURNS trigger AS $$
      BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = 'disk_full'; END
      $$ LANGUAGE plpgsql`);
    const pausedAt: number[] = [];
    c.ann.onMessage = (m) => {
      if (m.type === 'notice' && m.code === 'ledger/paused') pausedAt.push(performance.now());
    };
    try {
      await prisma.$executeRawUnsafe(
        'CREATE TRIGGER mj_test_disk_full BEFORE INSERT ON "Action" FOR EACH STATEMENT EXECUTE FUNCTION mj_test_disk_full()',
      );
      await c.ann.waitFor(() => pausedAt.length === 1, 10_000);
      const windowMs = 10_000;
      await new Promise((r) => setTimeout(r, windowMs));
      const within = pausedAt.filter((t) => t - pausedAt[0]! <= windowMs).length;
      console.log(`full disk: ${within} pause notices to one socket in ${windowMs / 1000} s`);
      // Retried at 0.2 s, then 0.5, 1, 2, 4, 8 s...: at most 6 pauses in 10 s (twice a second before).
      expect(within).toBeLessThanOrEqual(6);
      expect(within).toBeGreaterThanOrEqual(3);
      // Each wait at least as long as the backoff says (a loaded machine only lengthens them).
      for (let k = 2; k < pausedAt.length; k += 1) {
        expect(pausedAt[k]! - pausedAt[k - 1]!).toBeGreaterThanOrEqual(0.9 * 500 * 2 ** (k - 2));
      }
      const health = await api<Health>(server.url, 'GET', '/healthz');
      expect(health.body.ledger.lastFailure?.message).toMatch(/disk full: could not extend file.*No space left/);
      expect(health.body.ledger.lastFailure?.message).not.toMatch(/N\/A|undefined/);
    } finally {
      await prisma.$executeRawUnsafe('DROP TRIGGER IF EXISTS mj_test_disk_full ON "Action"');
    }
    // Space again: the table resumes at its next attempt (at most 30 s away) and plays to its end.
    await c.ann.waitFor(
      () => notices(c.ann, 'ledger/resumed') >= pausedAt.length && c.ann.view?.phase === 'matchOver',
      90_000,
    );
    await finishAndCheck(c);
  });
});

describe('restarts', () => {
  let inner: PrismaStore;
  beforeAll(async () => {
    inner = await openStore({ kind: 'pglite', dataDir: null });
  });
  afterAll(async () => {
    await inner.close();
  });
  // (startWaitMs 0: a seat joined without a page does not hold the deal back.)
  const server = () => testServer({ store: new FlakyStore(inner, true), rateLimit: FAST_CLIENTS, startWaitMs: 0 });

  it('a finished table answers its final view after a restart', async () => {
    const first = await server();
    const t = await createTable(first.url, { rounds: 1, bots: [0, 1, 2] });
    const j = await join(first.url, t.code, 'Di', 3);
    const di = await TestClient.open(first.url, t.code, j.token, { autoplay: true });
    expect((await api(first.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await di.waitFor(() => di.view?.phase === 'matchOver', 120_000);
    const final = di.view!;
    di.close();
    await first.close();

    const second = await server();
    const back = await TestClient.open(second.url, t.code, j.token);
    expect(back.refusals()).toEqual([]);
    expect(back.view?.phase).toBe('matchOver');
    // Its own counter restarts above anything the first process sent (a welcome always wins).
    expect(back.view?.seq).toBeGreaterThan(final.seq);
    expect(back.view?.seed).toBeDefined();
    expect(back.view?.seats.map((s) => s.score)).toEqual(final.seats.map((s) => s.score));
    back.close();
    await second.close();
  });

  it('a log that does not replay closes its match as ended, readable, and says so in /healthz', async () => {
    const first = await server();
    const t = await createTable(first.url, { rounds: 1, bots: [0, 1, 2], options: { turnSeconds: 60 } });
    await join(first.url, t.code, 'Di', 3);
    expect((await api(first.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const room = first.tables.get(t.code)!;
    for (let i = 0; i < 200 && (room.engine?.seq ?? 0) < 6; i += 1) await new Promise((r) => setTimeout(r, 50));
    await room.settled();
    await first.close();
    // A hole in the log (never one the server writes).
    await inner.prisma.$executeRawUnsafe('DELETE FROM "Action" WHERE "matchId" = $1 AND "seq" = 3', t.table.matchId);

    const second = await server();
    const health = await api<Health>(second.url, 'GET', '/healthz');
    expect(health.body.restoreFailures).toMatchObject([{ code: t.code, seq: 4 }]);
    const detail = await api<MatchDetail>(second.url, 'GET', `/api/matches/${t.table.matchId}`);
    expect([detail.status, detail.body.status]).toEqual([200, 'ended']);
    const replay = await api<{ frames: unknown[] }>(second.url, 'GET', `/api/matches/${t.table.matchId}/replay`);
    expect([replay.status, replay.body.frames.length]).toEqual([200, 2]);
    await second.close();
  });
});
