/**
 * One process owns an embedded database: PGlite takes no lock on its folder, and two processes
 * writing one folder would corrupt it.
 *
 * On Linux the owner listens on an abstract socket named after the folder (its device and inode).
 * Binding is atomic and the kernel lets go of the name when the process ends, however it ends, so
 * there is no stale lock to judge and no window between judging and taking: any number of servers
 * started at once get one owner. (Abstract names live in a network namespace; so does a container.)
 *
 * The folder's lock file `pglite.lock` is kept too, under the socket: it names the owner in the
 * refusal, and it is the lock where there are no abstract sockets (not Linux). (Servers in
 * separate containers sharing a folder are not kept apart: neither their network nor their pid
 * namespaces are shared, so neither lock sees the other. Run one server per folder.) The file
 * holds the owner's pid and its start time (from
 * /proc/PID/stat). A lock file is stale when that process is gone, is a zombie (killed, not yet
 * reaped by its parent: a restart right after a SIGKILL sees this), or the pid now belongs to
 * another process (its start time differs). Without /proc (not Linux) only the pid is checked.
 */
import { existsSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { link, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
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
 * The folder's abstract socket name: one per folder (device and inode), whatever path names it.
 * Padded to the whole 108 bytes of an address: Node 20 binds an abstract name padded with NULs to
 * that length, later libuv binds its exact length, and two servers of different Node versions
 * must ask for the same name.
 */
async function socketName(dir: string): Promise<string> {
  const { dev, ino } = await stat(dir, { bigint: true });
  return `\0${`mahjong-table/pglite/${dev}/${ino}/`.padEnd(107, '.')}`;
}

/**
 * Listens on the folder's abstract socket. Resolves to the listening server while this process
 * holds it, 'taken' while another process does, and null where there are no abstract sockets (not
 * Linux, or a kernel that refuses them): the lock file alone decides there.
 */
async function holdSocket(dir: string): Promise<Server | 'taken' | null> {
  if (process.platform !== 'linux') return null;
  const name = await socketName(dir);
  // Nobody is meant to connect: the name is the lock. (`exclusive`: a cluster worker's own handle.)
  const server = createServer((socket) => socket.destroy());
  return new Promise((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'EADDRINUSE' ? 'taken' : null));
    server.listen({ path: name, exclusive: true }, () => {
      server.unref();
      // Anyone on the machine may connect to an abstract name: an accept error must not be unhandled.
      server.on('error', () => {});
      resolve(server);
    });
  });
}

/** Drafts and set-aside locks left by processes killed while locking (run while holding the socket). */
async function removeLitter(dir: string): Promise<void> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const m = /^pglite\.lock\.(?:stale\.)?(\d+)-[0-9a-f]+$/.exec(name);
    const pid = Number(m?.[1]);
    if (m && pid !== process.pid && !(await ownerRuns(pid, undefined))) await rm(path.join(dir, name), { force: true });
  }
}

/** The refusal naming who holds `dir`, from its lock file when it names a running process. */
async function inUse(dir: string, file: string): Promise<Error> {
  const owner = ownerOf((await readFile(file, 'utf8').catch(() => null)) ?? '');
  const who = owner.pid > 0 && (await ownerRuns(owner.pid, owner.start)) ? `process ${owner.pid}` : 'another process';
  return new Error(`${dir} is in use by ${who} (one process owns an embedded database)`);
}

/**
 * Takes the lock or throws naming the owner; resolves to a release function.
 *
 * First the folder's abstract socket (see above), where there is one. Then the lock file, which
 * must never tell two processes that they own the folder either (where it is the only lock, or
 * across namespaces). So the file appears whole: it is written to a file of this process's own
 * and linked into place, which fails when a lock is there (a lock created empty and written after
 * was read as "no owner" by the other, which removed it). A stale lock is moved aside in one step
 * and removed only if what was moved is the lock judged stale; if another process had taken the
 * lock in between, its lock is put back. (Among three processes on the file alone, a third could
 * link its lock into that moment; the socket leaves one process at a time on this path.) Release
 * removes the file only while it is this process's own, then lets go of the socket.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pglite.lock');
  const socket = await holdSocket(dir);
  if (socket === 'taken') throw await inUse(dir, file);
  const letGo = async () => {
    if (socket) await new Promise<void>((resolve) => socket.close(() => resolve()));
  };
  try {
    if (socket) await removeLitter(dir);
    const unlockFile = await lockFile(dir, file);
    return async () => {
      try {
        await unlockFile();
      } finally {
        await letGo();
      }
    };
  } catch (error) {
    await letGo();
    throw error;
  }
}

/** The lock file's part of `lockDataDir`. */
async function lockFile(dir: string, file: string): Promise<() => Promise<void>> {
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
