/**
 * One process owns an embedded database: PGlite takes no lock on its folder, and two processes
 * writing one folder would corrupt it. `DATA_DIR/pglite.lock` holds the owner's pid and its start
 * time (from /proc/PID/stat). A lock is stale when that process is gone, is a zombie (killed, not
 * yet reaped by its parent: a restart right after a SIGKILL sees this), or the pid now belongs to
 * another process (its start time differs). Without /proc (not Linux) only the pid is checked.
 */
import { existsSync } from 'node:fs';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

interface ProcState {
  /** One letter: R, S, D, Z (zombie), X (dead)... */
  readonly state: string;
  /** Clock ticks since boot at which the process started. */
  readonly start: string;
}

/** The state and start time of `pid` from /proc; null when there is no such process. */
export async function procState(pid: number): Promise<ProcState | null> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so split after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '?', start: fields[19] ?? '' };
  } catch {
    return null;
  }
}

function signalable(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Does the lock's owner still run? */
async function ownerRuns(pid: number, start: string | undefined): Promise<boolean> {
  if (!existsSync('/proc/self/stat')) return signalable(pid);
  const proc = await procState(pid);
  if (proc === null || proc.state === 'Z' || proc.state === 'X') return false;
  return start === undefined || start === proc.start;
}

/** Takes the lock or throws naming the owner; resolves to a release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pglite.lock');
  const self = (await procState(process.pid))?.start;
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(self === undefined ? String(process.pid) : `${process.pid} ${self}`);
      await handle.close();
      return async () => {
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const [pidText, start] = (await readFile(file, 'utf8').catch(() => '')).trim().split(/\s+/);
      const owner = Number(pidText);
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && (await ownerRuns(owner, start))) {
        throw new Error(`${dir} is in use by process ${owner} (one process owns an embedded database)`);
      }
      await rm(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dir}`);
}
