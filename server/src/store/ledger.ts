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
}

export class Ledger {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;
  private scheduled = false;
  readonly stats: LedgerStats = { batches: 0, writes: 0, failures: 0, largestBatch: 0 };

  constructor(
    readonly store: Store,
    private readonly options: { readonly log?: Logger; readonly retries?: number; readonly maxBatch?: number } = {},
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

  private kick(): void {
    if (this.running || this.scheduled || this.queue.length === 0) return;
    this.scheduled = true;
    // Let the writes of the current tick (several tables, several events) join the batch.
    setImmediate(() => {
      this.scheduled = false;
      if (this.running) return;
      this.running = this.commitNext().finally(() => {
        this.running = null;
        this.kick();
      });
    });
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
    const retries = this.options.retries ?? 3;
    for (let attempt = 0; ; attempt += 1) {
      try {
        await this.store.writeBatch(writes);
        this.stats.batches += 1;
        this.stats.writes += writes.length;
        this.stats.largestBatch = Math.max(this.stats.largestBatch, writes.length);
        for (const p of batch) p.resolve();
        return;
      } catch (error) {
        this.stats.failures += 1;
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
