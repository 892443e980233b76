/**
 * One owner per table on PostgreSQL: a live process's tables cannot be claimed by another, a
 * dead one's can (its owner lock went with its connection), two processes claiming at once get
 * each table once, and a write from a process that does not own the table is refused (fencing).
 */
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase } from '../../test/pg.js';
import { openStore } from './open.js';
import type { PrismaStore } from './prisma-store.js';
import { sampleMatch } from './store-contract.js';

vi.setConfig({ hookTimeout: 60_000 });

const db = await createTestDatabase(`mj_owner_${randomBytes(4).toString('hex')}`);
const open: PrismaStore[] = [];
const store = async () => {
  const s = await openStore({ kind: 'postgres', url: db.url });
  open.push(s);
  return s;
};
afterAll(async () => {
  await Promise.allSettled(open.map((s) => s.close()));
  await db.drop();
});

const action = (matchId: string, seq: number) => ({
  kind: 'action' as const,
  matchId,
  row: { seq, at: seq, event: { type: 'timeout' } },
});

describe('table ownership (PostgreSQL)', () => {
  it('claims only tables of dead owners, once each when two claim at once, and fences the others', async () => {
    const a = await store();
    const matches = Array.from({ length: 30 }, () => sampleMatch({ status: 'playing' }));
    await a.writeBatch(matches.map((match) => ({ kind: 'createMatch', match })));
    await a.writeBatch(matches.map((m) => action(m.id, 1)));
    const ids = matches.map((m) => m.id);

    const b = await store();
    const c = await store();
    // A lives: its tables stay its own, and nobody else may write to them.
    expect(await b.claim(ids)).toEqual([]);
    await expect(b.writeBatch([action(ids[0]!, 2)])).rejects.toThrow(/not_owner/);
    await expect(b.writeBatch([{ kind: 'updateMatch', matchId: ids[0]!, patch: { status: 'ended' } }])).rejects.toThrow(
      /not_owner/,
    );
    expect((await a.loadMatch(ids[0]!))?.status).toBe('playing');

    // A dies (its connections close): B and C claim at once; each table goes to one of them.
    await a.close();
    const [byB, byC] = await Promise.all([b.claim(ids), c.claim(ids)]);
    expect([...byB, ...byC].sort()).toEqual([...ids].sort());
    expect(byB.filter((id) => byC.includes(id))).toEqual([]);
    // The owner writes; the other is fenced off, also inside a batch with its own tables.
    const [mine, theirs] = byB.length > 0 ? [b, c] : [c, b];
    const owned = (mine === b ? byB : byC)[0]!;
    await mine.writeBatch([action(owned, 2)]);
    await expect(theirs.writeBatch([action(owned, 3)])).rejects.toThrow(/not_owner/);
    expect((await mine.loadLog(owned)).map((r) => r.seq)).toEqual([1, 2]);
    // Leases renew for the owner's unfinished tables.
    expect((await mine.renewLeases()) + (await theirs.renewLeases())).toBe(ids.length);
  });
});
