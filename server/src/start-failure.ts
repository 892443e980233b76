/**
 * Why a server could not start, as one line for the operator and an exit code for whatever runs
 * it: a data folder or database disk that cannot be written (read-only, full, not a folder, no
 * permission) exits with `EXIT_STORAGE`, which no restart fixes, so a supervisor (the primary of
 * `WORKERS=N`) stops instead of starting the process again and again.
 */
import { diskTrouble } from './store/db-errors.js';

/** Exit code of a start that failed on its storage (the data folder, the database's disk). */
export const EXIT_STORAGE = 3;

const STORAGE_CODES: Record<string, string> = {
  EROFS: 'read-only file system',
  ENOSPC: 'disk full',
  EDQUOT: 'disk quota exceeded',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  ENOENT: 'a folder cannot be made',
  ENOTDIR: 'a part of the path is not a folder',
};

export function startFailure(error: unknown, dataDir: string): { line: string; exitCode: number } {
  const e = (error ?? {}) as { code?: unknown; syscall?: unknown; path?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : null;
  const where = typeof e.path === 'string' ? ` ${e.syscall ?? 'on'} ${e.path}` : '';
  // (A recursive mkdir on a read-only file system may answer ENOENT.)
  const storage = code !== null && STORAGE_CODES[code] !== undefined && (code !== 'ENOENT' || e.syscall === 'mkdir');
  if (storage) {
    return {
      line: `cannot start: the data folder DATA_DIR=${dataDir} cannot be written: ${STORAGE_CODES[code]} (${code}${where})`,
      exitCode: EXIT_STORAGE,
    };
  }
  const message = error instanceof Error ? error.message : String(error);
  const trouble = diskTrouble(error);
  if (trouble) {
    return {
      line: `cannot start: the database's disk: ${trouble} (${message.split('\n').join(' ')})`,
      exitCode: EXIT_STORAGE,
    };
  }
  return { line: `cannot start: ${message.split('\n').join(' ').slice(0, 500)}`, exitCode: 1 };
}
