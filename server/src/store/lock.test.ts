/**
 * The embedded database's folder lock: one owner at a time, and a lock whose process is gone is
 * taken over, also when that process is a zombie (SIGKILLed, not reaped yet) or its pid now names
 * another process.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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

  /** A child process that takes the lock of `dir` on a line "lock" and says what it got. */
  const holder = (lockDir: string) => {
    const code = `
      import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'lock.ts'))};
      process.stdout.write('ready\\n');
      process.stdin.once('data', () =>
        lockDataDir(${JSON.stringify(lockDir)}).then(() => process.stdout.write('locked\\n'), (e) => process.stdout.write(String(e) + '\\n')));
      setInterval(() => {}, 1000);`;
    const p = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let out = '';
    p.stdout.on('data', (d) => {
      out += String(d);
    });
    const saw = async (text: string) => {
      for (let i = 0; i < 500 && !out.includes(text); i += 1) await new Promise((r) => setTimeout(r, 20));
      expect(out).toContain(text);
    };
    return { p, saw };
  };

  it.runIf(process.platform === 'linux')(
    'a live owner keeps the folder without its lock file; killed, it lets go at once',
    { timeout: 30_000 },
    async () => {
      const child = holder(dir);
      const exited = new Promise((r) => child.p.once('exit', r));
      try {
        await child.saw('ready');
        child.p.stdin.write('lock\n');
        await child.saw('locked');
        await expect(lockDataDir(dir)).rejects.toThrow(`in use by process ${child.p.pid}`);
        // Its lock file removed by hand (or by a process that judged it wrongly): still refused.
        await rm(lockFile());
        await expect(lockDataDir(dir)).rejects.toThrow('in use by another process');
      } finally {
        // SIGKILL: nothing of it runs to let go, the kernel does.
        child.p.kill('SIGKILL');
        await exited;
      }
      // What processes killed while locking leave (their drafts, a lock set aside) goes; a
      // running process's stays.
      const litter = [
        'pglite.lock.999999-0a1b2c',
        'pglite.lock.stale.999999-0a1b2c',
        `pglite.lock.${process.ppid}-0a1b2c`,
      ];
      for (const name of litter) await writeFile(path.join(dir, name), '999999 1');
      const release = await lockDataDir(dir);
      expect((await readdir(dir)).sort()).toEqual(['pglite.lock', litter[2]]);
      await release();
    },
  );

  /**
   * Three processes asking at the same instant, many times: after a crash (a stale lock) and on a
   * fresh folder. The lock was once created empty and written after, and a stale one removed
   * after a separate check: half the rounds after a crash told two processes they owned it. With
   * the lock file alone, a stale lock taken over by one process while a second put back a lock it
   * had moved by mistake let a third in.
   */
  it('three processes asking at once: never two owners', { timeout: 60_000 }, async () => {
    const rounds = 30;
    const gap = 150;
    // A pid no process can have: the lock of a process that is gone.
    const gone = Number(await readFile('/proc/sys/kernel/pid_max', 'utf8').catch(() => '4194304')) + 1;
    const child = (role: 'a' | 'b' | 'c') => {
      const code = `
        import { readFileSync, writeFileSync } from 'node:fs';
        import { lockDataDir } from ${JSON.stringify(path.resolve(import.meta.dirname, 'lock.ts'))};
        const dir = ${JSON.stringify(dir)};
        const spin = (t) => { while (Date.now() < t) {} };
        process.stdout.write('ready\\n');
        process.stdin.once('data', async (d) => {
          const t0 = Number(String(d));
          for (let k = 0; k < ${rounds}; k++) {
            const at = t0 + k * ${gap};
            // Odd rounds: the lock of a process that is gone, as after a kill (not over a live one).
            if (${JSON.stringify(role)} === 'a' && k % 2 === 1) {
              spin(at - 40);
              try { writeFileSync(dir + '/pglite.lock', '${gone} 12345', { flag: 'wx' }); } catch {}
            }
            spin(at);
            const release = await lockDataDir(dir).catch(() => null);
            if (!release) {
              process.stdout.write(k + ' refused\\n');
              continue;
            }
            // Held while the others ask, to near the round's end; its file names it all along.
            const got = Date.now();
            while (Date.now() < at + ${gap} - 70) await new Promise((r) => setTimeout(r, 5));
            const named = readFileSync(dir + '/pglite.lock', 'utf8').startsWith(process.pid + ' ');
            const until = Date.now();
            await release();
            process.stdout.write(k + ' GOT ' + got + ' ' + until + ' ' + named + '\\n');
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
    const children = [child('a'), child('b'), child('c')];
    await Promise.all(children.map((c) => c.ready));
    const t0 = Date.now() + 300;
    for (const c of children) c.p.stdin.write(String(t0));
    const outs = await Promise.all(children.map((c) => c.done));
    // Each time a process held the lock: from taking it to just before letting go. A process that
    // started late may take it after the round's owner let go: only a time both held it counts.
    const held: { who: number; round: number; from: number; to: number; named: boolean }[] = [];
    let lines = 0;
    for (const [who, out] of outs.entries())
      for (const m of out.matchAll(/^(\d+) (?:refused|GOT (\d+) (\d+) (true|false))$/gm)) {
        lines += 1;
        if (m[2] !== undefined)
          held.push({ who, round: Number(m[1]), from: Number(m[2]), to: Number(m[3]), named: m[4] === 'true' });
      }
    expect(lines).toBe(children.length * rounds);
    const both = held.flatMap((a) =>
      held.filter((b) => a.who < b.who && a.from < b.to && b.from < a.to).map((b) => [a.round, b.round]),
    );
    expect(both).toEqual([]);
    expect(held.filter((h) => !h.named)).toEqual([]);
    // Someone owns it in (nearly) every round: the lock is not simply refused to all.
    expect(new Set(held.map((h) => h.round)).size).toBeGreaterThanOrEqual(rounds - 2);
  });
});
