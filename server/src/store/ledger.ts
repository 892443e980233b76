/**
 * Group commit: every room hands its writes to one Ledger, which puts everything that arrived
 * while the previous transaction ran into the next one. A room broadcasts an action only after
 * its write has committed, so a crash loses nothing any player saw. A write that cannot be
 * committed fails alone: after a failed transaction, if the database answers, each caller's
 * writes are tried on their own; when none goes in or the database does not answer, the whole
 * batch is retried, then given up.
 *
 * Writes may name a stream (a table): its writes commit in the order they were handed in, and
 * once one of them is given up every later one is refused too, until the stream is reopened (after
 * the table was rebuilt from the ledger), so that a table's log never has a hole.
 */
import type { Logger } from 'pino';
import type { LedgerWrite, Store } from './types.js';

interface Pending {
  readonly writes: readonly LedgerWrite[];
  readonly stream: string | undefined;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export interface LedgerStats {
  batches: number;
  writes: number;
  /** Transactions that failed (each attempt counts). */
  failures: number;
  /** Writes given up after the retries: their tables paused (or their request answered 503). */
  rejected: number;
  /** The last write given up, if any. */
  lastFailure: { at: string; message: string } | null;
  /** Largest number of writes in one transaction. */
  largestBatch: number;
  /** Commit durations of the recent batches (ms), for the health figures. */
  commitMs: { p50: number; p99: number; max: number };
}

const RECENT = 1000;

export class Ledger {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private scheduled = false;
  private readonly recent: number[] = [];
  private readonly statsBase = { batches: 0, writes: 0, failures: 0, rejected: 0, largestBatch: 0 };
  private lastFailure: { at: string; message: string } | null = null;
  /** Streams with a write given up: later writes are refused until `reopen`. */
  private readonly broken = new Map<string, unknown>();

  get stats(): LedgerStats {
    const sorted = [...this.recent].sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;
    return {
      ...this.statsBase,
      lastFailure: this.lastFailure,
      commitMs: { p50: at(0.5), p99: at(0.99), max: Math.round((sorted[sorted.length - 1] ?? 0) * 10) / 10 },
    };
  }

  constructor(
    readonly store: Store,
    private readonly options: {
      readonly log?: Logger;
      readonly retries?: number;
      readonly maxBatch?: number;
      /**
       * Transactions start at least this far apart (ms): idle tables commit at once, busy
       * servers put more writes into each transaction instead of burning CPU on many small ones.
       */
      readonly minIntervalMs?: number;
    } = {},
  ) {}

  /**
   * Resolves once `writes` are committed (all in the same transaction); rejects when they are
   * given up, or when an earlier write of the same `stream` was.
   */
  write(writes: readonly LedgerWrite[], stream?: string): Promise<void> {
    return new Promise((resolve, reject) => {
      if (stream !== undefined && this.broken.has(stream)) {
        reject(this.broken.get(stream));
        return;
      }
      this.queue.push({ writes, stream, resolve, reject });
      this.kick();
    });
  }

  /** Accepts writes of `stream` again (its table was rebuilt from what the ledger holds). */
  reopen(stream: string): void {
    this.broken.delete(stream);
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Waits until everything queued so far is committed (or failed). */
  async flush(): Promise<void> {
    while (this.queue.length > 0 || this.running) {
      if (this.running) await this.running.catch(() => {});
      else this.kick();
      await new Promise((r) => setImmediate(r));
    }
  }

  private lastStart = Number.NEGATIVE_INFINITY;
  /** Writes committed per recent batch start, for the write rate of the last second. */
  private readonly rate: { at: number; writes: number }[] = [];

  /**
   * Spacing of transactions: `minIntervalMs` (3) when quiet, growing with the write rate (1 ms per
   * 100 writes/s, at most 10 ms), so that a busy server spends its CPU on play rather than on many
   * small transactions, at a few milliseconds of latency.
   */
  private interval(): number {
    const now = performance.now();
    while (this.rate.length > 0 && this.rate[0]!.at < now - 1000) this.rate.shift();
    const perSecond = this.rate.reduce((n, r) => n + r.writes, 0);
    return Math.min(10, (this.options.minIntervalMs ?? 3) + perSecond / 100);
  }

  private kick(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    const go = () => {
      this.scheduled = false;
      if (this.running) return;
      this.lastStart = performance.now();
      this.running = this.commitNext().finally(() => {
        this.running = null;
        this.kick();
      });
    };
    const wait = this.lastStart + this.interval() - performance.now();
    // Let the writes of the current tick (several tables, several events) join the batch.
    if (wait <= 0) setImmediate(go);
    else setTimeout(go, wait);
  }

  private async commitNext(): Promise<void> {
    const maxBatch = this.options.maxBatch ?? 5000;
    let batch: Pending[] = [];
    let count = 0;
    while (this.queue.length > 0 && (batch.length === 0 || count + this.queue[0]!.writes.length <= maxBatch)) {
      const p = this.queue.shift()!;
      batch.push(p);
      count += p.writes.length;
    }
    if (batch.length === 0) return;
    this.rate.push({ at: performance.now(), writes: count });
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      const error = await this.commit(batch);
      if (error === null) return;
      // One bad write must not fail every table's writes: each caller's writes on their own,
      // but only when the database answers (when it is down, each would wait for it in turn).
      if (batch.length > 1 && (await this.reachable())) {
        const failed: { p: Pending; error: unknown }[] = [];
        const failedStreams = new Set<string>();
        for (const p of batch) {
          // Behind a failed write of its stream, a write waits with it (order within a stream).
          const own = p.stream !== undefined && failedStreams.has(p.stream) ? error : await this.commit([p]);
          if (own === null) continue;
          failed.push({ p, error: own });
          if (p.stream !== undefined) failedStreams.add(p.stream);
        }
        if (failed.length === 0) return;
        if (failed.length < batch.length) {
          // The others went in: these writes are bad in themselves, retrying will not help.
          for (const f of failed) this.reject(f.p, f.error);
          return;
        }
        // Nothing went in: the database itself is in trouble; wait and try again.
        batch = failed.map((f) => f.p);
      }
      if (attempt >= retries) {
        for (const p of batch) this.reject(p, error);
        return;
      }
      await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
    }
  }

  private async reachable(): Promise<boolean> {
    try {
      await this.store.ping();
      return true;
    } catch {
      return false;
    }
  }

  /** One transaction for `batch`; null when committed (and its callers told), else the error. */
  private async commit(batch: readonly Pending[]): Promise<unknown> {
    const writes = batch.flatMap((p) => p.writes);
    try {
      const t0 = performance.now();
      await this.store.writeBatch(writes);
      this.recent.push(performance.now() - t0);
      if (this.recent.length > RECENT) this.recent.shift();
      const st = this.statsBase;
      st.batches += 1;
      st.writes += writes.length;
      st.largestBatch = Math.max(st.largestBatch, writes.length);
      for (const p of batch) p.resolve();
      return null;
    } catch (error) {
      this.statsBase.failures += 1;
      return error ?? new Error('write failed');
    }
  }

  private reject(p: Pending, error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.statsBase.rejected += 1;
    this.lastFailure = { at: new Date().toISOString(), message: message.slice(0, 300) };
    this.options.log?.error({ err: error, writes: p.writes.length, stream: p.stream }, 'ledger write failed');
    p.reject(error);
    const stream = p.stream;
    if (stream === undefined || this.broken.has(stream)) return;
    // Every later write of the stream follows one that is not in the ledger: refused with it.
    this.broken.set(stream, error);
    const behind = this.queue.filter((q) => q.stream === stream);
    this.queue = this.queue.filter((q) => q.stream !== stream);
    for (const q of behind) q.reject(error);
  }
}
