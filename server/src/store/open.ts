/**
 * Opens the ledger: PostgreSQL when a URL is given (DATABASE_URL), otherwise an embedded PGlite
 * database in `dataDir` on a thread of its own (one process owns it: PGlite takes no lock on its
 * folder). Runs the migrations first. On PostgreSQL the process holds its owner lock (owner.ts) for as long as it
 * runs, so that other processes can tell its tables from those of a dead process.
 */
import { randomUUID } from 'node:crypto';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../generated/prisma/client.js';
import { lockDataDir } from './lock.js';
import { migrate } from './migrate.js';
import { OwnerPresence } from './owner.js';
import { PGliteThread } from './pglite-thread.js';
import { PrismaStore } from './prisma-store.js';

export type StoreTarget =
  | {
      readonly kind: 'pglite';
      readonly dataDir: string | null;
      /** The database's thread when the caller keeps a hand on it (a test that ends it); made here otherwise. */
      readonly thread?: PGliteThread;
    }
  | { readonly kind: 'postgres'; readonly url: string };

/** `dataDir: null` keeps the PGlite database in memory (tests). */
export async function openStore(target: StoreTarget): Promise<PrismaStore> {
  if (target.kind === 'pglite') {
    const unlock = target.dataDir ? await lockDataDir(target.dataDir) : async () => {};
    // On a thread of its own: a query does not stop the tables' event loop (pglite-thread.ts).
    const db = target.thread ?? new PGliteThread(target.dataDir);
    try {
      await db.waitReady;
      // pglite-prisma-adapter is typed against an older @prisma/driver-adapter-utils, and for PGlite
      // itself: the thread has the part of PGlite's interface it calls.
      const prisma = new PrismaClient({ adapter: new PrismaPGlite(db as never) as never });
      await migrate(prisma, { lock: false });
      return new PrismaStore(prisma, {
        exclusive: true,
        // (PGlite runs one query or transaction at a time: this waits for Prisma's transactions.)
        execute: (sql, params) => db.query(sql, params),
        onClose: async () => {
          await db.close();
          await unlock();
        },
      });
    } catch (error) {
      await db.close().catch(() => {});
      await unlock();
      throw error;
    }
  }
  // A database that does not answer fails the write (the table pauses) instead of holding the
  // ledger forever: connections and queries have time limits.
  const pool = new pg.Pool({
    connectionString: target.url,
    max: 8,
    connectionTimeoutMillis: 5000,
    query_timeout: 15_000,
  });
  // One pool for Prisma and for the ledger's hot path (`PrismaStore`'s `execute`); Prisma ends it.
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool, { disposeExternalPool: true }) });
  await migrate(prisma, { lock: true });
  const owner = randomUUID();
  const presence = new OwnerPresence(target.url, owner);
  await presence.start();
  return new PrismaStore(prisma, {
    exclusive: false,
    owner,
    onClose: () => presence.stop(),
    execute: (sql, params) => pool.query(sql, params),
  });
}
