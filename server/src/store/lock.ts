/**
 * One process owns an embedded database: PGlite takes no lock on its folder, and two processes
 * writing one folder would corrupt it. `DATA_DIR/pglite.lock` holds the owner's pid; a lock whose
 * process is gone is taken over.
 */
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock or throws naming the owner; resolves to a release function. */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, 'pglite.lock');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const handle = await open(file, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      return async () => {
        await rm(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number((await readFile(file, 'utf8').catch(() => '')).trim());
      if (Number.isInteger(owner) && owner > 0 && owner !== process.pid && alive(owner)) {
        throw new Error(`${dir} is in use by process ${owner} (one process owns an embedded database)`);
      }
      await rm(file, { force: true }); // stale: its process is gone
    }
  }
  throw new Error(`could not lock ${dir}`);
}
