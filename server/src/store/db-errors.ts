/**
 * What went wrong with the database, in words an operator can act on. Prisma reports an error of
 * its driver adapter on a raw query as "Raw query failed. Code: N/A. Message: undefined" when the
 * adapter (PGlite's) does not fill the fields it reads; the real code and message are further down,
 * in the adapter's error (`meta.driverAdapterError.cause`), PostgreSQL's own error, or a file
 * system error (`ENOSPC`, `EROFS`). A full disk and a read-only disk are named as such.
 */

/** Trouble with the disk under the database, which no retry of the same write fixes. */
export type DiskTrouble = 'disk full' | 'read-only disk';

interface Found {
  readonly codes: string[];
  readonly messages: string[];
}

/** Codes and messages of `error` and every error inside it (causes, Prisma's meta, the adapter's). */
function dig(error: unknown, found: Found = { codes: [], messages: [] }, depth = 0): Found {
  if (depth > 6 || error === null || typeof error !== 'object') {
    if (typeof error === 'string') found.messages.push(error);
    return found;
  }
  const e = error as Record<string, unknown>;
  for (const key of ['code', 'originalCode']) if (typeof e[key] === 'string') found.codes.push(e[key] as string);
  // Emscripten's file system (PGlite) throws errors with a numeric errno and a code name.
  if (typeof e.errno === 'number' && typeof e.code !== 'string' && e.name === 'ErrnoError') {
    found.codes.push(`errno ${e.errno}`);
  }
  for (const key of ['message', 'originalMessage', 'detail']) {
    const m = e[key];
    if (typeof m === 'string' && m !== '' && m !== 'undefined') found.messages.push(m);
  }
  const meta = e.meta as Record<string, unknown> | undefined;
  for (const inner of [e.cause, meta?.driverAdapterError]) if (inner !== undefined) dig(inner, found, depth + 1);
  return found;
}

const DISK_FULL_CODES = new Set(['53100', 'ENOSPC', 'EDQUOT']);
const READ_ONLY_CODES = new Set(['EROFS']);

/** A full or read-only disk, when `error` says so anywhere inside it. */
export function diskTrouble(error: unknown): DiskTrouble | null {
  const { codes, messages } = dig(error);
  const text = messages.join(' | ');
  if (
    codes.some((c) => DISK_FULL_CODES.has(c)) ||
    /no space left on device|disk quota exceeded|disk full/i.test(text)
  ) {
    return 'disk full';
  }
  if (codes.some((c) => READ_ONLY_CODES.has(c)) || /read-only file system/i.test(text)) return 'read-only disk';
  return null;
}

/**
 * One line for a database error: "disk full (...)" or "read-only disk (...)" first when it is
 * one, then the most precise message found (the driver's over Prisma's empty one) and its code.
 */
export function describeDatabaseError(error: unknown): string {
  const { codes, messages } = dig(error);
  const useful = messages.filter((m) => !/^Raw query failed\. Code: `?N\/A`?\. Message: `?undefined`?$/.test(m));
  // The innermost message is the driver's or the file system's own.
  const message = useful[useful.length - 1] ?? messages[0] ?? String(error);
  const code = codes.find((c) => c !== 'P2010' && c !== 'N/A');
  const detail = code && !message.includes(code) ? `${message} [${code}]` : message;
  const trouble = diskTrouble(error);
  return trouble ? `${trouble}: ${detail}` : detail;
}
