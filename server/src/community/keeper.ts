/**
 * Keeps the SeatResult rows: when a match is over (committed), its rows are derived from the
 * ledger and written; a match whose rows are missing (the process died at its end, another
 * process of a cluster did, or it ended before rows existed) gets them on a catch-up: at start,
 * every few minutes, and before the next league or statistics page after a write failed.
 * Writing the same rows twice changes nothing, so processes of a cluster may catch up at once.
 */
import type { Logger } from 'pino';
import type { LogEntry, TableEvent } from '../table/index.js';
import type { Store } from '../store/types.js';
import { seatResults } from './seat-results.js';
import type { CommunityStore } from './store.js';

/** Matches filled per catch-up (a page waits for at most this many replays). */
const CATCH_UP_BATCH = 25;

/** How often a catch-up looks for matches without rows (a process of a cluster that died at a match's end). */
export const CATCH_UP_MS = 5 * 60_000;

export class SeatResultKeeper {
  private running: Promise<void> | null = null;
  /**
   * Matches over that this process found cannot have rows: their log does not replay to the end,
   * they could not be made (options no longer valid), or the database refused them while it answered. A catch-up passes them by (until the
   * process starts again): looking for them again and again would never end.
   */
  private readonly unrecordable = new Set<string>();
  /** Rows may be missing: the next catch-up looks (the query is a scan of finished matches). */
  private stale = true;
  private timer: NodeJS.Timeout | null = null;

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
    try {
      await this.store.writeSeatResults(results);
    } catch (error) {
      this.stale = true;
      throw error;
    }
    return true;
  }

  /**
   * `record`, false when the match cannot have rows: it does not replay to its end, they cannot be
   * made (its options are no longer valid), or the database, answering, refused them. A database that does
   * not answer fails the catch-up (it is tried again later).
   */
  private async recordOrRefused(matchId: string): Promise<boolean> {
    try {
      return await this.record(matchId);
    } catch (error) {
      await this.ledger.ping();
      this.log.warn(
        { matchId, err: error },
        'the league rows of a finished match could not be made or stored: none for it',
      );
      return false;
    }
  }

  /** Catches up now and every `CATCH_UP_MS` until `stop`. */
  start(): void {
    const round = () => {
      this.stale = true;
      this.catchUp().catch((error: unknown) => this.log.warn({ err: error }, 'league catch-up failed'));
    };
    round();
    this.timer = setInterval(round, CATCH_UP_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /**
   * Fills the rows of matches that lack them, when some may (one run at once). Every match of a
   * batch is either given its rows or passed by from then on, so each batch looks at new matches.
   */
  catchUp(): Promise<void> {
    if (!this.stale) return this.running ?? Promise.resolve();
    this.running ??= (async () => {
      try {
        this.stale = false;
        for (;;) {
          const ids = await this.store.missingResults(CATCH_UP_BATCH, [...this.unrecordable]);
          for (const id of ids) if (!(await this.recordOrRefused(id))) this.unrecordable.add(id);
          if (ids.length < CATCH_UP_BATCH) break;
        }
      } catch (error) {
        this.stale = true;
        throw error;
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
