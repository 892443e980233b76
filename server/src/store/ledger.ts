/**
 * Group commit: every room hands its writes to one Ledger, which puts everything that arrived
 * while the previous transaction ran into the next one. A room broadcasts an action only after
 * its write has committed, so a crash loses nothing any player saw.
 */
import type { Logger } from 'pino';
import type { LedgerWrite, Store } from './types.js';

interface Pending {
  readonly writes: readonly LedgerWrite[];
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

export interface LedgerStats {
  batches: number;
  writes: number;
  failures: number;
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
  private readonly statsBase = { batches: 0, writes: 0, failures: 0, largestBatch: 0 };

  get stats(): LedgerStats {
    const sorted = [...this.recent].sort((a, b) => a - b);
    const at = (p: number) =>
      Math.round((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0) * 10) / 10;
    return {
      ...this.statsBase,
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

  /** Resolves once `writes` are committed (all in the same transaction). */
  write(writes: readonly LedgerWrite[]): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ writes, resolve, reject });
      this.kick();
    });
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
    const batch: Pending[] = [];
    let count = 0;
    while (this.queue.length > 0 && (batch.length === 0 || count + this.queue[0]!.writes.length <= maxBatch)) {
      const p = this.queue.shift()!;
      batch.push(p);
      count += p.writes.length;
    }
    const writes = batch.flatMap((p) => p.writes);
    this.rate.push({ at: performance.now(), writes: writes.length });
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
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
        return;
      } catch (error) {
        this.statsBase.failures += 1;
        if (attempt >= retries) {
          this.options.log?.error({ err: error, writes: writes.length }, 'ledger batch failed');
          // Commit what can be committed: each caller's writes on their own.
          for (const p of batch) {
            try {
              await this.store.writeBatch(p.writes);
              p.resolve();
            } catch (own) {
              p.reject(own);
            }
          }
          return;
        }
        await new Promise((r) => setTimeout(r, 20 * (attempt + 1)));
      }
    }
  }
}
