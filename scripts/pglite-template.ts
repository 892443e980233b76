/**
 * Global setup of the test run: one empty embedded database with the ledger's migrations applied,
 * dumped to a tarball that every embedded database the suites open then starts from
 * (`PGLITE_TEMPLATE`, read by server/src/store/pglite-worker.mjs). PGlite otherwise runs initdb
 * for each new database, 3-4 s of CPU, and the suites open hundreds (every test server has its
 * own); a database unpacked from the tarball is open in about a second. It is the same database
 * initdb and the migrations make, made by them once per run, so the tests still run every
 * migration on the schema they test. A caller that sets `PGLITE_TEMPLATE` itself keeps its own.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../server/src/generated/prisma/client.js';
import { migrate } from '../server/src/store/migrate.js';

export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.PGLITE_TEMPLATE) return undefined;
  const db = await PGlite.create();
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db as never) as never });
  await migrate(prisma, { lock: false });
  await prisma.$disconnect();
  const tarball = await db.dumpDataDir('none');
  await db.close();
  const dir = mkdtempSync(join(tmpdir(), 'mj-pglite-template-'));
  const file = join(dir, 'empty-ledger.tar');
  writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
  // Read by the test files' processes, which start after this.
  process.env.PGLITE_TEMPLATE = file;
  return () => {
    delete process.env.PGLITE_TEMPLATE;
    rmSync(dir, { recursive: true, force: true });
  };
}
