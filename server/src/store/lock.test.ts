import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './lock.js';

describe('data folder lock', () => {
  it('lets one owner in, names it to a second, and takes over a stale lock', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-lock-'));
    try {
      // A live other process holds it.
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
      await writeFile(path.join(dir, 'pglite.lock'), String(other.pid));
      await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid}`);
      other.kill();
      await new Promise((r) => other.once('exit', r));
      // Its process is gone: the lock is stale and taken over.
      const release = await lockDataDir(dir);
      expect(await readFile(path.join(dir, 'pglite.lock'), 'utf8')).toBe(String(process.pid));
      await release();
      const again = await lockDataDir(dir);
      await again();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
