/**
 * One process owns an embedded database: PGlite takes no lock on its folder, and two processes
 * writing one folder would corrupt it. `DATA_DIR/pglite.lock` holds the owner's pid and its start
 * time (from /proc/PID/stat). A lock is stale when that process is gone, is a zombie (killed, not
 * yet reaped by its parent: a restart right after a SIGKILL sees this), or the pid now belongs to
 * another process (its start time differs). Without /proc (not Linux) only the pid is checked.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readFile, rename, rm, writeFile } from 'node:fs/promises';
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

/** The owner a lock file names: its pid (0 when unreadable) and start time, if written. */
function ownerOf(text: string): { readonly pid: number; readonly start: string | undefined } {
  const [pidText, start] = text.trim().split(/\s+/);
  const pid = Number(pidText);
  return { pid: Number.isInteger(pid) && pid > 0 ? pid : 0, start };
}

/**
 * Puts the written lock `draft` in place as `file`, failing with EEXIST when a lock is there. A
 * folder without hard links (FAT, exFAT, some network and FUSE mounts) gets the lock created and
 * written in two steps, as before: the window in which another process reads it empty is back
 * there, but the folder still opens.
 */
async function place(draft: string, file: string, mine: string): Promise<void> {
  try {
    await link(draft, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
    const handle = await open(file, 'wx');
    try {
      await handle.writeFile(mine);
    } finally {
      await handle.close();
    }
  }
}

/**
 * Takes the lock or throws naming the owner; resolves to a release function.
 *
 * Two servers started together on one folder must never both be told they own it. So the lock
 * appears whole: it is written to a file of this process's own and linked into place, which fails
 * when a lock is there (a lock created empty and written after was read as "no owner" by the
 * other, which removed it). A stale lock is moved aside in one step and removed only if what was
 * moved is the lock judged stale; if another process had taken the lock in between, its lock is
 * put back. Release removes the lock only while it is this process's own.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pglite.lock');
  const self = (await procState(process.pid))?.start;
  const mine = self === undefined ? String(process.pid) : `${process.pid} ${self}`;
  const tag = `${process.pid}-${randomBytes(6).toString('hex')}`;
  const draft = path.join(dir, `pglite.lock.${tag}`);
  await writeFile(draft, mine);
  try {
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        await place(draft, file, mine);
        return async () => {
          if ((await readFile(file, 'utf8').catch(() => null)) === mine) await rm(file, { force: true });
        };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const seen = await readFile(file, 'utf8').catch(() => null);
      if (seen === null) continue; // released or taken over meanwhile: try again
      const owner = ownerOf(seen);
      if (owner.pid > 0 && owner.pid !== process.pid && (await ownerRuns(owner.pid, owner.start))) {
        throw new Error(`${dir} is in use by process ${owner.pid} (one process owns an embedded database)`);
      }
      // Stale: its process is gone.
      const aside = path.join(dir, `pglite.lock.stale.${tag}`);
      try {
        await rename(file, aside);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue; // another process moved it
        throw error;
      }
      const moved = await readFile(aside, 'utf8').catch(() => null);
      if (moved !== seen) await link(aside, file).catch(() => {}); // a new owner's lock: put back
      await rm(aside, { force: true });
    }
    throw new Error(`could not lock ${dir}`);
  } finally {
    await rm(draft, { force: true });
  }
}
