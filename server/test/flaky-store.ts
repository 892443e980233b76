/**
 * A real store (PGlite) that a test can make fail, for the ledger's failure paths without a
 * network: `down` fails every call as an unreachable database would; `lie` commits the next
 * write and then reports it failed (a connection lost after COMMIT); `refuse` fails the writes a
 * predicate picks, as a database refusing a value would; `slowMs` delays every write.
 */
import { LedgerError, type LedgerWrite, type Store } from '../src/store/types.js';

export class FlakyStore implements Store {
  down = false;
  /** Writes to commit and then report failed. */
  lie = 0;
  refuse: ((w: LedgerWrite) => boolean) | null = null;
  /** Each write waits this long first (a database under load: commits still in flight at a stop). */
  slowMs = 0;
  /** Calls answered with a failure. */
  failed = 0;

  /** keepOpen: close() leaves the inner store open (a second server on the same database). */
  constructor(
    readonly inner: Store,
    private readonly keepOpen = false,
  ) {}

  get owner(): string {
    return this.inner.owner;
  }

  private check(what: string): void {
    if (!this.down) return;
    this.failed += 1;
    throw new LedgerError(`${what}: connection refused (test)`, null);
  }

  async writeBatch(writes: readonly LedgerWrite[]): Promise<void> {
    if (this.slowMs > 0) await new Promise((r) => setTimeout(r, this.slowMs));
    this.check('ledger write');
    if (this.refuse && writes.some(this.refuse)) {
      this.failed += 1;
      throw new LedgerError('ledger write: value refused (test)', null);
    }
    await this.inner.writeBatch(writes);
    if (this.lie > 0 && writes.some((w) => w.kind === 'action')) {
      this.lie -= 1;
      this.failed += 1;
      throw new LedgerError('ledger write: connection lost after commit (test)', null);
    }
  }

  async ping(): Promise<void> {
    this.check('ping');
    return this.inner.ping();
  }
  async claim(ids: readonly string[]): Promise<string[]> {
    this.check('claim');
    return this.inner.claim(ids);
  }
  async renewLeases(): Promise<number> {
    this.check('lease renewal');
    return this.inner.renewLeases();
  }
  async loadFinishedSince(since: Date) {
    this.check('load');
    return this.inner.loadFinishedSince(since);
  }
  async loadMatch(id: string) {
    this.check('load');
    return this.inner.loadMatch(id);
  }
  async loadMatchByCode(code: string) {
    this.check('load');
    return this.inner.loadMatchByCode(code);
  }
  async loadActive() {
    this.check('load');
    return this.inner.loadActive();
  }
  async loadOrphans() {
    this.check('load');
    return this.inner.loadOrphans();
  }
  async loadLog(matchId: string) {
    this.check('load');
    return this.inner.loadLog(matchId);
  }
  async loadHands(matchId: string) {
    this.check('load');
    return this.inner.loadHands(matchId);
  }
  async listFinished(page: number, limit: number) {
    this.check('load');
    return this.inner.listFinished(page, limit);
  }
  async close(): Promise<void> {
    if (!this.keepOpen) await this.inner.close();
  }
}
