/**
 * The embedded database's folder lock: one owner at a time, and a lock whose process is gone is
 * taken over, also when that process is a zombie (SIGKILLed, not reaped yet) or its pid now names
 * another process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lockDataDir, procState } from './lock.js';

describe('data folder lock', () => {
  let dir = '';
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mj-lock-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const lockFile = () => path.join(dir, 'pglite.lock');

  it('lets one owner in, names it to a second, and takes over a stale lock', async () => {
    // A live other process holds it.
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    const start = (await procState(other.pid!))!.start;
    await writeFile(lockFile(), `${other.pid} ${start}`);
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid}`);
    // An old lock file with the pid alone counts too.
    await writeFile(lockFile(), String(other.pid));
    await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${other.pid}`);
    other.kill();
    await new Promise((r) => other.once('exit', r));
    // Its process is gone: the lock is stale and taken over.
    const release = await lockDataDir(dir);
    const [pid, own] = (await readFile(lockFile(), 'utf8')).split(' ');
    expect(Number(pid)).toBe(process.pid);
    expect(own).toBe((await procState(process.pid))!.start);
    await release();
    const again = await lockDataDir(dir);
    await again();
  });

  it('takes over the lock of a killed process that is not reaped yet (a zombie)', async () => {
    // The shell starts a short child and becomes `sleep 30`, which never reaps it: a zombie.
    const parent = spawn('sh', ['-c', 'sleep 0.05 & echo $!; exec sleep 30']);
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout.once('data', (d) => resolve(Number(String(d)))),
    );
    const start = (await procState(zombie))!.start;
    for (let i = 0; i < 100 && (await procState(zombie))?.state !== 'Z'; i += 1)
      await new Promise((r) => setTimeout(r, 20));
    expect((await procState(zombie))?.state).toBe('Z');
    await writeFile(lockFile(), `${zombie} ${start}`);
    const release = await lockDataDir(dir);
    await release();
    parent.kill();
  });

  it('takes over a lock whose pid now names another process (another start time)', async () => {
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
    await new Promise((r) => setTimeout(r, 50));
    await writeFile(lockFile(), `${other.pid} 1`);
    const release = await lockDataDir(dir);
    await release();
    other.kill();
  });
});
