/**
 * The embedded database on a thread of its own (`pglite-worker.mjs`), behind the part of PGlite's
 * interface the server uses: `waitReady`, `query`, `exec`, `transaction` and `close`, which is what
 * the Prisma adapter (`pglite-prisma-adapter`) and the ledger's hot path call.
 *
 * Why: PGlite runs PostgreSQL as WebAssembly on the thread that calls it, and a query runs to its
 * end without yielding. On the server's thread, the ledger's writes took about a third of its
 * CPU at a few hundred tables and stopped every table's event loop while they ran. On a thread of
 * its own the database works while the tables go on; the order of what is committed is unchanged
 * (one request at a time, in the order sent, as PGlite itself runs them).
 *
 * Values cross the threads by structured cloning. Parser functions cannot: a query's `parsers` go
 * as their type ids, the worker sends those columns back as text, and they are parsed here. Errors
 * go as plain fields and come back as the same kinds (PGlite's `DatabaseError`, with its code, so
 * that the adapter and `db-errors.ts` read them as before).
 */
import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite';

type Parsers = NonNullable<QueryOptions['parsers']>;

interface ErrorData {
  readonly name?: string;
  readonly message: string;
  readonly stack?: string;
  readonly props: Record<string, unknown>;
  readonly database?: boolean;
  readonly cause?: ErrorData;
}

type Reply =
  | { readonly id: number; readonly ok: true; readonly value: unknown }
  | {
      readonly id: number;
      readonly ok: false;
      readonly error: ErrorData;
    };

interface Waiting {
  readonly resolve: (value: unknown) => void;
  readonly reject: (error: unknown) => void;
}

/** An error of the worker, put back together as the kind it was. */
function putTogether(data: ErrorData): Error {
  const error = (
    data.database ? new messages.DatabaseError(data.message, 0, 'error') : new Error(data.message)
  ) as Error & Record<string, unknown>;
  for (const [key, value] of Object.entries(data.props)) error[key] = value;
  if (data.name && !data.database) error.name = data.name;
  if (data.stack) error.stack = data.stack;
  if (data.cause) error.cause = putTogether(data.cause);
  return error;
}

/** Parses, in place, the columns the worker sent back as text (their type has a parser here). */
function parseRaw<T>(result: Results<T>, parsers: Parsers | undefined): Results<T> {
  if (!parsers) return result;
  const fields = result.fields;
  for (let col = 0; col < fields.length; col++) {
    const { name, dataTypeID } = fields[col]!;
    const parse = parsers[dataTypeID];
    if (!parse) continue;
    for (const row of result.rows as unknown as Record<string | number, unknown>[]) {
      // (Rows are arrays with `rowMode: 'array'`, objects by column name otherwise.)
      const key = Array.isArray(row) ? col : name;
      const text = row[key];
      if (text !== null && text !== undefined)
        row[key] = (parse as (v: string, t: number) => unknown)(text as string, dataTypeID);
    }
  }
  return result;
}

const WORKER_FILE = new URL('./pglite-worker.mjs', import.meta.url);

export class PGliteThread {
  /** Resolves when the database is open (rejects if it cannot be). */
  readonly waitReady: Promise<void>;
  private worker!: Worker;
  private readonly waiting = new Map<number, Waiting>();
  private nextId = 1;
  /** Set once the database is gone for good (closed, or in memory and its thread lost). */
  private gone: Error | null = null;
  /** Set from a thread's loss until its replacement starts: requests meanwhile fail with it. */
  private down: Error | null = null;
  private closing = false;
  /** Threads lost in a row (the wait before the next start doubles with each). */
  private losses = 0;
  private restartTimer: NodeJS.Timeout | null = null;

  /**
   * `dataDir: null` keeps the database in memory: lost with its thread. A database in a folder is
   * opened again on a new thread when its thread is lost, as after a crash of the process.
   * `workerFile` is the worker's file (the build puts a copy beside the bundle). A new database
   * (in memory, or a folder without one) starts from the tarball `PGLITE_TEMPLATE` names when it
   * is set, instead of running initdb (the test runner sets it: scripts/pglite-template.ts).
   */
  constructor(
    private readonly dataDir: string | null,
    private readonly workerFile: URL = WORKER_FILE,
  ) {
    this.waitReady = this.start().then(() => undefined);
  }

  private start(): Promise<unknown> {
    const worker = new Worker(this.workerFile);
    // The thread keeps the process alive only while a request waits on it.
    worker.unref();
    worker.on('message', (reply: Reply) => this.settle(reply));
    worker.on('error', (error) => this.lose(worker, error));
    worker.on('exit', (code) => this.lose(worker, new Error(`the embedded database's thread exited (code ${code})`)));
    this.worker = worker;
    this.down = null;
    return this.request({ op: 'open', dataDir: this.dataDir, template: process.env.PGLITE_TEMPLATE || undefined });
  }

  async query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    return this.queryOn<T>(undefined, sql, params, options);
  }

  async exec(sql: string): Promise<Results[]> {
    return (await this.request({ op: 'exec', sql })) as Results[];
  }

  /** Runs `fn` in a transaction: committed when it returns, rolled back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = (await this.request({ op: 'begin' })) as number;
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.queryOn<R>(id, sql, params, options),
      exec: async (sql: string) => (await this.request({ op: 'exec', sql, tx: id })) as Results[],
      rollback: async () => {
        closed = true;
        await this.request({ op: 'rollback', tx: id });
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let value: T;
    try {
      value = await fn(tx);
    } catch (error) {
      await this.request({ op: 'end', tx: id, failed: true }).catch(() => {});
      throw error;
    }
    await this.request({ op: 'end', tx: id, failed: false });
    return value;
  }

  /** Closes the database, then ends the thread. */
  async close(): Promise<void> {
    this.closing = true;
    if (this.restartTimer) clearTimeout(this.restartTimer);
    this.restartTimer = null;
    if (this.down) this.gone = this.down;
    if (this.gone) return;
    try {
      await this.request({ op: 'close' });
    } finally {
      this.gone = new Error('the embedded database is closed');
      await this.worker.terminate();
    }
  }

  private async queryOn<T>(
    tx: number | undefined,
    sql: string,
    params: unknown[] | undefined,
    options: QueryOptions | undefined,
  ): Promise<Results<T>> {
    const parsers = options?.parsers;
    const result = (await this.request({
      op: 'query',
      sql,
      params: params ?? [],
      ...(tx === undefined ? {} : { tx }),
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(parsers ? { raw: Object.keys(parsers).map(Number) } : {}),
    })) as Results<T>;
    return parseRaw(result, parsers);
  }

  private request(msg: Record<string, unknown>): Promise<unknown> {
    if (this.gone) return Promise.reject(this.gone);
    if (this.down) {
      return Promise.reject(new Error(`the embedded database's thread is starting again (${this.down.message})`));
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.waiting.size === 0) this.worker.ref();
      this.waiting.set(id, { resolve, reject });
      this.worker.postMessage({ ...msg, id });
    });
  }

  private settle(reply: Reply): void {
    const w = this.waiting.get(reply.id);
    if (!w) return;
    this.waiting.delete(reply.id);
    if (this.waiting.size === 0) this.worker.unref();
    if (reply.ok) {
      this.losses = 0;
      w.resolve(reply.value);
    } else w.reject(putTogether(reply.error));
  }

  /**
   * A thread failed or ended: whatever waits on it fails. A database in a folder is then opened
   * again on a new thread (PostgreSQL recovers it from its write-ahead log, as after a crash), after
   * a wait that doubles with each loss in a row; the tables, whose writes failed meanwhile, resume
   * from the ledger as after any failed write.
   */
  private lose(worker: Worker, error: Error): void {
    // (A thread already replaced, or the second of its 'error' and 'exit'.)
    if (worker !== this.worker || this.gone || this.down) return;
    for (const w of this.waiting.values()) w.reject(error);
    this.waiting.clear();
    if (this.closing || this.dataDir === null) {
      this.gone = error;
      return;
    }
    this.down = error;
    const wait = Math.min(30_000, 250 * 2 ** this.losses);
    this.losses += 1;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = null;
      // A thread that cannot open the database is ended: its exit is a loss like any other.
      this.start().catch(() => void this.worker.terminate());
    }, wait);
    this.restartTimer.unref();
  }
}
