import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { messages, PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PGliteThread } from './pglite-thread.js';

const open: PGliteThread[] = [];
async function thread(dataDir: string | null = null): Promise<PGliteThread> {
  const db = new PGliteThread(dataDir);
  open.push(db);
  await db.waitReady;
  return db;
}

afterEach(async () => {
  for (const db of open.splice(0)) await db.close().catch(() => {});
});

/** How many times a 5 ms interval fires while `work` runs. */
async function ticksDuring(work: () => Promise<unknown>): Promise<number> {
  let ticks = 0;
  const timer = setInterval(() => {
    ticks += 1;
  }, 5);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return ticks;
}

// Long enough to span many intervals on a slow machine, short enough for the suite.
const LONG_QUERY = 'SELECT count(*) FROM generate_series(1, 2500000) AS g(n) WHERE n % 7 = 3';

describe('the embedded database on its own thread', () => {
  it("answers queries as PGlite does, with a query's parsers run on this side on the columns' text", async () => {
    const db = await thread();
    const here = new PGlite();
    try {
      for (const c of [db, here]) {
        await c.exec('CREATE TABLE t (id int8 PRIMARY KEY, doc jsonb, note text, at timestamptz, raw bytea)');
        await c.query('INSERT INTO t VALUES ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10)', [
          1,
          '{"a":1}',
          'x',
          new Date(Date.UTC(2026, 10, 26, 12)),
          new Uint8Array([1, 2, 255]),
          2,
          null,
          null,
          null,
          null,
        ]);
      }
      const sql = 'SELECT * FROM t ORDER BY id';
      const [a, b] = [await db.query(sql), await here.query(sql)];
      expect(a.rows).toEqual(b.rows);
      expect(a.fields).toEqual(b.fields);
      expect(a.rows[0]).toMatchObject({ doc: { a: 1 }, note: 'x' });
    } finally {
      await here.close();
    }
    // The parsers are functions: they cannot cross, so they must run here, on the text.
    const seen: string[] = [];
    const tagged = await db.query('SELECT id, doc FROM t ORDER BY id', [], {
      rowMode: 'array',
      parsers: {
        20: (text: string) => `int8 ${text}`,
        3802: (text: string) => {
          seen.push(text);
          return `jsonb ${text}`;
        },
      },
    });
    expect(tagged.rows).toEqual([
      ['int8 1', 'jsonb {"a": 1}'],
      ['int8 2', null],
    ]);
    expect(seen).toEqual(['{"a": 1}']);
    expect(tagged.fields.map((f) => f.name)).toEqual(['id', 'doc']);
  });

  it("gives back the database's errors as PGlite's own, with their codes", async () => {
    const db = await thread();
    await db.exec('CREATE TABLE u (id int PRIMARY KEY)');
    await db.query('INSERT INTO u VALUES (1)');
    const duplicate = await db.query('INSERT INTO u VALUES (1)').catch((e: unknown) => e);
    expect(duplicate).toBeInstanceOf(messages.DatabaseError);
    expect(duplicate).toMatchObject({ code: '23505', severity: 'ERROR', table: 'u' });
    const syntax = await db.query('SELEC 1').catch((e: unknown) => e);
    expect(syntax).toMatchObject({ code: '42601' });
    // The connection is still good after an error.
    expect((await db.query('SELECT count(*)::int AS n FROM u')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction that returns, and rolls back one that throws or asks to', async () => {
    const db = await thread();
    await db.exec('CREATE TABLE v (id int)');
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO v VALUES (1)');
      await tx.exec('INSERT INTO v VALUES (2)');
    });
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO v VALUES (3)');
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    // As the Prisma adapter does it: rollback not awaited, then the transaction's function returns.
    await db.transaction(async (tx) => {
      await tx.query('INSERT INTO v VALUES (4)');
      void tx.rollback();
    });
    // A statement failing inside: the whole transaction fails and nothing of it stays.
    await expect(
      db.transaction(async (tx) => {
        await tx.query('INSERT INTO v VALUES (5)');
        await tx.query('INSERT INTO nowhere VALUES (6)');
      }),
    ).rejects.toMatchObject({ code: '42P01' });
    expect((await db.query('SELECT id FROM v ORDER BY id', [], { rowMode: 'array' })).rows).toEqual([[1], [2]]);
  });

  it('runs requests in the order they were sent, whether awaited or not', async () => {
    const db = await thread();
    await db.exec('CREATE TABLE w (n serial, v int)');
    await Promise.all(Array.from({ length: 40 }, (_, i) => db.query('INSERT INTO w (v) VALUES ($1)', [i])));
    const rows = (await db.query<{ v: number }>('SELECT v FROM w ORDER BY n')).rows.map((r) => r.v);
    expect(rows).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('keeps what was written in its data folder once closed and opened again', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-pglite-thread-'));
    try {
      const first = await thread(dir);
      await first.exec('CREATE TABLE kept (v text)');
      await first.query('INSERT INTO kept VALUES ($1)', ['still here']);
      await first.close();
      const second = await thread(dir);
      expect((await second.query('SELECT v FROM kept')).rows).toEqual([{ v: 'still here' }]);
      await second.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("leaves the event loop free while a query runs, where PGlite on the caller's thread holds it", async () => {
    const beside = await thread();
    const here = new PGlite();
    try {
      await here.waitReady;
      const onThread = await ticksDuring(() => beside.query(LONG_QUERY));
      const onCaller = await ticksDuring(() => here.query(LONG_QUERY));
      expect(onCaller).toBeLessThanOrEqual(2);
      expect(onThread).toBeGreaterThan(onCaller + 5);
    } finally {
      await here.close();
    }
  });

  it('in memory: fails every waiting and later request when its thread is gone, and still closes', async () => {
    const db = await thread();
    const waiting = db.query(LONG_QUERY);
    // (The thread ended from outside, as a crash of the WebAssembly would end it.)
    await (db as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
    await expect(waiting).rejects.toThrow(/thread exited/);
    await expect(db.query('SELECT 1')).rejects.toThrow(/thread exited/);
    await expect(db.close()).resolves.toBeUndefined();
  });

  it('in a folder: opens the database again on a new thread, with what was committed and nothing else', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-pglite-thread-'));
    try {
      const db = await thread(dir);
      await db.exec('CREATE TABLE kept (v text)');
      await db.query('INSERT INTO kept VALUES ($1)', ['committed']);
      const end = (db as unknown as { worker: { terminate(): Promise<number> } }).worker;
      let cut: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        cut = resolve;
      });
      // A transaction under way when the thread is lost: its row must not come back.
      const open = db.transaction(async (tx) => {
        await tx.query('INSERT INTO kept VALUES ($1)', ['not committed']);
        const long = tx.query(LONG_QUERY);
        cut();
        await long;
      });
      await held;
      await end.terminate();
      await expect(open).rejects.toThrow(/thread exited/);
      await expect(db.query('SELECT 1')).rejects.toThrow(/starting again/);
      await vi.waitFor(async () => expect((await db.query('SELECT v FROM kept')).rows).toEqual([{ v: 'committed' }]), {
        timeout: 30_000,
        interval: 200,
      });
      await db.query('INSERT INTO kept VALUES ($1)', ['after']);
      expect((await db.query('SELECT count(*)::int AS n FROM kept')).rows).toEqual([{ n: 2 }]);
      await db.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
