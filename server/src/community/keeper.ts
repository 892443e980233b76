/**
 * Keeps the SeatResult rows: when a match is over (committed), its rows are derived from the
 * ledger and written; a match whose rows are missing (the process died at its end, or it ended
 * before rows existed) gets them on the next catch-up, which runs at start and before every
 * league or statistics page. Writing the same rows twice changes nothing, so processes of a
 * cluster may catch up at once.
 */
import type { Logger } from 'pino';
import type { LogEntry, TableEvent } from '../table/index.js';
import type { Store } from '../store/types.js';
import { seatResults } from './seat-results.js';
import type { CommunityStore } from './store.js';

/** Matches filled per catch-up (a page waits for at most this many replays). */
const CATCH_UP_BATCH = 25;

export class SeatResultKeeper {
  private running: Promise<void> | null = null;

  constructor(
    private readonly ledger: Store,
    private readonly store: CommunityStore,
    private readonly log: Logger,
  ) {}

  /** Derives and writes one match's rows (nothing for a match not played to its end). */
  async record(matchId: string): Promise<boolean> {
    const m = await this.ledger.loadMatch(matchId);
    if (m?.status !== 'over') return false;
    const rows = await this.ledger.loadLog(matchId);
    const log: LogEntry[] = rows.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
    const results = seatResults(m, log);
    if (!results) {
      this.log.warn({ matchId }, 'a finished match did not replay to its end: no league figures for it');
      return false;
    }
    await this.store.writeSeatResults(results);
    return true;
  }

  /** Fills the rows of matches that lack them, a batch at a time (one run at once). */
  catchUp(): Promise<void> {
    this.running ??= (async () => {
      try {
        const ids = await this.store.missingResults(CATCH_UP_BATCH);
        for (const id of ids) await this.record(id);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
