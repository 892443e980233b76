/**
 * Storage trouble said as such: a full disk as "disk full" whatever reports it (PostgreSQL's
 * disk_full through Prisma and PGlite's adapter, which Prisma renders as "Raw query failed. Code:
 * N/A. Message: undefined"; a file system's ENOSPC), and a data folder that cannot be written
 * at start as one line and exit code 3, not a stack trace.
 */
import { writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeDatabaseError, diskTrouble } from '../src/store/db-errors.js';
import { openStore } from '../src/store/open.js';
import { spawnServer } from './child.js';

const caught = async (run: () => unknown): Promise<unknown> => {
  try {
    await run();
  } catch (error) {
    return error;
  }
  throw new Error('no error');
};

describe('storage errors', () => {
  it('a disk_full error of the embedded database reads "disk full" with the database\'s own message', async () => {
    const store = await openStore({ kind: 'pglite', dataDir: null });
    try {
      // (Raised by PostgreSQL itself: the error travels the real PGlite adapter and Prisma.)
      const error = await caught(() =>
        store.prisma.$executeRawUnsafe(
          `DO $$ BEGIN RAISE EXCEPTION 'could not extend file "base/1/2": No space left on device' USING ERRCODE = 'disk_full'; END $$`,
        ),
      );
      expect((error as Error).message).toContain('Code: `N/A`. Message: `undefined`');
      expect(diskTrouble(error)).toBe('disk full');
      expect(describeDatabaseError(error)).toBe(
        'disk full: could not extend file "base/1/2": No space left on device [53100]',
      );
      // Any other error keeps its own words.
      const other = await caught(() => store.prisma.$executeRawUnsafe('SELECT * FROM no_such_table'));
      expect(diskTrouble(other)).toBeNull();
      expect(describeDatabaseError(other)).toMatch(/no_such_table/);
    } finally {
      await store.close();
    }
  });

  it("a file system's ENOSPC is a full disk", async () => {
    const error = await caught(() => writeFileSync('/dev/full', 'x'));
    expect(describeDatabaseError(error)).toMatch(/^disk full: ENOSPC/);
  });

  it('a data folder that cannot be made: one line saying so and exit code 3', { timeout: 120_000 }, async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-storage-'));
    try {
      // A path through a file: no folder can be made there (a read-only disk fails alike, EROFS).
      writeFileSync(path.join(dir, 'file'), '');
      const lines: string[] = [];
      const server = spawnServer({ DATA_DIR: path.join(dir, 'file', 'data') }, [], (l) => lines.push(l));
      expect(await server.exited).toBe(3);
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as { level: number; msg: string };
      expect(line.level).toBe(60);
      expect(line.msg).toMatch(/^cannot start: the data folder DATA_DIR=.*file\/data cannot be written: .*ENOTDIR/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
