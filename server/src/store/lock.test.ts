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

  /**
   * Two processes asking at the same instant, many times: after a crash (a stale lock) and on a
   * fresh folder. The lock was once created empty and written after, and a stale one removed
   * after a separate check: half the rounds after a crash told both processes they owned it.
   */
  it('two processes asking at once: never both owners', { timeout: 60_000 }, async () => {
    const rounds = 40;
    const gap = 150;
    const child = (role: 'a' | 'b') => {
      const code = `
        import { rmSync, writeFileSync } from 'node:fs';
        import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'lock.ts'))};
        const dir = ${JSON.stringify(dir)};
        const spin = (t) => { while (Date.now() < t) {} };
        process.stdout.write('ready\\n');
        process.stdin.once('data', async (d) => {
          const t0 = Number(String(d));
          for (let k = 0; k < ${rounds}; k++) {
            const at = t0 + k * ${gap};
            if (${JSON.stringify(role)} === 'a') {
              spin(at - 60);
              rmSync(dir + '/pglite.lock', { force: true });
              // Odd rounds: the lock of a process that is gone, as after a kill.
              if (k % 2 === 1) writeFileSync(dir + '/pglite.lock', '999999 12345');
            }
            spin(at);
            const got = await lockDataDir(dir).then(() => true, () => false);
            process.stdout.write(k + ' ' + (got ? 'GOT' : 'refused') + '\\n');
            await new Promise((r) => setTimeout(r, 20));
          }
          process.exit(0);
        });`;
      const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      let out = '';
      p.stdout.on('data', (d) => {
        out += String(d);
      });
      const done = new Promise<string>((resolve) => p.once('exit', () => resolve(out)));
      const ready = new Promise<void>((resolve, reject) => {
        const look = () => (out.includes('ready') ? resolve() : setTimeout(look, 20));
        look();
        void done.then(() => reject(new Error(`child ${role} exited before it was ready`)));
      });
      return { p, ready, done };
    };
    const a = child('a');
    const b = child('b');
    await Promise.all([a.ready, b.ready]);
    const t0 = Date.now() + 300;
    a.p.stdin.write(String(t0));
    b.p.stdin.write(String(t0));
    const outs = await Promise.all([a.done, b.done]);
    const owners = new Map<number, number>();
    let lines = 0;
    for (const out of outs)
      for (const m of out.matchAll(/^(\d+) (GOT|refused)$/gm)) {
        lines += 1;
        if (m[2] === 'GOT') owners.set(Number(m[1]), (owners.get(Number(m[1])) ?? 0) + 1);
      }
    expect(lines).toBe(2 * rounds);
    expect([...owners.values()].filter((n) => n > 1)).toEqual([]);
    // Someone owns it in (nearly) every round: the lock is not simply refused to both.
    expect(owners.size).toBeGreaterThanOrEqual(rounds - 2);
  });
});
