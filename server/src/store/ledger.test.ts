/**
 * Group commit over a real (in-memory PGlite) store: writes of many tables arriving together go
 * into one transaction, each caller learns when its own writes are durable, and a failing
 * writer does not take the others down.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Ledger } from './ledger.js';
import { openStore } from './open.js';
import type { PrismaStore } from './prisma-store.js';
import { sampleMatch } from './store-contract.js';
import type { LedgerWrite } from './types.js';

vi.setConfig({ hookTimeout: 60_000 });

describe('Ledger (group commit)', () => {
  let store: PrismaStore;
  beforeAll(async () => {
    store = await openStore({ kind: 'pglite', dataDir: null });
  });
  afterAll(async () => {
    await store.close();
  });

  it('puts the writes of many tables that arrive together into few transactions', async () => {
    const ledger = new Ledger(store);
    const matches = Array.from({ length: 20 }, () => sampleMatch({ status: 'playing' }));
    await Promise.all(matches.map((match) => ledger.write([{ kind: 'createMatch', match }])));
    const batchesBefore = ledger.stats.batches;
    const writes: Promise<void>[] = [];
    for (let seq = 1; seq <= 10; seq += 1) {
      for (const m of matches) {
        writes.push(
          ledger.write([{ kind: 'action', matchId: m.id, row: { seq, at: seq, event: { type: 'timeout' } } }]),
        );
      }
    }
    await Promise.all(writes);
    // 200 writes in at most a handful of transactions (the first goes alone, the rest pile up behind it).
    expect(ledger.stats.batches - batchesBefore).toBeLessThanOrEqual(3);
    expect(ledger.stats.largestBatch).toBeGreaterThanOrEqual(100);
    for (const m of matches)
      expect((await store.loadLog(m.id)).map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('fails only the writer whose writes cannot be committed', async () => {
    const ledger = new Ledger(store, { retries: 0 });
    const good = sampleMatch();
    const bad: LedgerWrite[] = [{ kind: 'action', matchId: 'no-such-match', row: { seq: 1, at: 1, event: {} } }];
    const results = await Promise.allSettled([ledger.write([{ kind: 'createMatch', match: good }]), ledger.write(bad)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected']);
    expect(await store.loadMatch(good.id)).not.toBeNull();
    expect(ledger.stats.failures).toBeGreaterThan(0);
  });

  it('refuses the writes of a stream behind one given up, until it is reopened (no holes)', async () => {
    const ledger = new Ledger(store, { retries: 0 });
    const m = sampleMatch({ status: 'playing' });
    const other = sampleMatch({ status: 'playing' });
    await ledger.write([
      { kind: 'createMatch', match: m },
      { kind: 'createMatch', match: other },
    ]);
    const entry = (matchId: string, seq: number): LedgerWrite[] => [
      { kind: 'action', matchId, row: { seq, at: seq, event: { type: 'timeout' } } },
    ];
    // Stream "a": its first write cannot be stored (a table nobody created), its second could.
    const results = await Promise.allSettled([
      ledger.write(entry('no-such-match', 1), 'a'),
      ledger.write(entry(m.id, 1), 'a'),
      ledger.write(entry(other.id, 1), 'b'),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
    await expect(ledger.write(entry(m.id, 1), 'a')).rejects.toThrow();
    expect(await store.loadLog(m.id)).toEqual([]);
    ledger.reopen('a');
    await ledger.write(entry(m.id, 1), 'a');
    expect((await store.loadLog(m.id)).map((r) => r.seq)).toEqual([1]);
    expect((await store.loadLog(other.id)).map((r) => r.seq)).toEqual([1]);
  });

  it('flush waits for everything queued', async () => {
    const ledger = new Ledger(store);
    const m = sampleMatch();
    void ledger.write([{ kind: 'createMatch', match: m }]);
    expect(ledger.pending).toBe(1);
    await ledger.flush();
    expect(ledger.pending).toBe(0);
    expect(await store.loadMatch(m.id)).not.toBeNull();
  });
});
