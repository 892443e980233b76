/** What `/healthz` says about this process (besides `ok`). */
import type { IntervalHistogram } from 'node:perf_hooks';
import type { Server } from 'socket.io';
import type { RedisLinks } from '../redis.js';
import type { Ledger } from '../store/ledger.js';
import type { Store } from '../store/types.js';
import type { Tables } from '../tables.js';

export interface HealthSources {
  readonly started: number;
  readonly store: Store;
  readonly tables: Tables;
  readonly io: Server;
  readonly redis: RedisLinks | null;
  readonly ledger: Ledger;
  readonly loopDelay: IntervalHistogram;
}

/**
 * The report. Public by default, it says how the process is (tables, sockets, tables waiting for
 * the database, failures) and nothing that moves with play: the ledger's write counts step with
 * every answer in a claim window, which only a seat that could claim sends, and the paused tables'
 * codes would let anyone follow them. With `detail` (HEALTH_DETAIL=1, for a /healthz only
 * operators reach, and the load tools and tests) it holds those too.
 */
export function healthReport(s: HealthSources, detail = false): () => Record<string, unknown> {
  return () => {
    const paused = s.tables.paused();
    const { failures, rejected } = s.ledger.stats;
    return {
      uptimeSeconds: Math.round((Date.now() - s.started) / 1000),
      owner: s.store.owner,
      tables: s.tables.size,
      sockets: s.io.engine.clientsCount,
      // Tables waiting for the database (a write failed): they resume on their own.
      pausedTables: paused.length,
      restoreFailures: s.tables.restoreFailures,
      // With REDIS_URL: the adapter's connection ('ready', or 'reconnecting' while Redis is away).
      ...(s.redis ? { redis: s.redis.pub.status } : {}),
      ledger: detail ? { pending: s.ledger.pending, ...s.ledger.stats } : { failures, rejected },
      ...(detail
        ? { paused: paused.map((r) => ({ code: r.code, since: new Date(r.paused!.since).toISOString() })) }
        : {}),
      eventLoopDelayMs: {
        p50: Math.round(s.loopDelay.percentile(50) / 1e4) / 100,
        p99: Math.round(s.loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(s.loopDelay.max / 1e4) / 100,
      },
    };
  };
}
