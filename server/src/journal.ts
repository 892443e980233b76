/**
 * A room's writes to the ledger: one stream (named after the match) whose writes commit in order,
 * grouped with the other tables' writes. When one of them fails, every later one fails with it
 * (the ledger refuses the stream until `reopen`), so the log of a table never has a hole; the
 * room reopens it once it has been rebuilt from what the ledger holds.
 */
import type { Ledger } from './store/ledger.js';
import type { LedgerWrite } from './store/types.js';

export class Journal {
  private outstanding = 0;

  constructor(
    private readonly ledger: Ledger,
    private readonly stream: string,
  ) {}

  /** Resolves once `writes` are committed, after everything appended before them; rejects if they are not. */
  append(writes: readonly LedgerWrite[]): Promise<void> {
    this.outstanding += 1;
    const done = () => {
      this.outstanding -= 1;
    };
    return this.ledger.write(writes, this.stream).then(done, (error: unknown) => {
      done();
      throw error;
    });
  }

  /** Nothing of this stream in flight or queued. */
  get idle(): boolean {
    return this.outstanding === 0;
  }

  /** Accepts writes again after a failure (the room has been rebuilt from the ledger). */
  reopen(): void {
    this.ledger.reopen(this.stream);
  }
}
