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

export function healthReport(s: HealthSources): () => Record<string, unknown> {
  return () => ({
    uptimeSeconds: Math.round((Date.now() - s.started) / 1000),
    owner: s.store.owner,
    tables: s.tables.size,
    sockets: s.io.engine.clientsCount,
    // Tables waiting for the database (a write failed): they resume on their own.
    paused: s.tables.paused().map((r) => ({ code: r.code, since: new Date(r.paused!.since).toISOString() })),
    restoreFailures: s.tables.restoreFailures,
    // With REDIS_URL: the adapter's connection ('ready', or 'reconnecting' while Redis is away).
    ...(s.redis ? { redis: s.redis.pub.status } : {}),
    ledger: { pending: s.ledger.pending, ...s.ledger.stats },
    eventLoopDelayMs: {
      p50: Math.round(s.loopDelay.percentile(50) / 1e4) / 100,
      p99: Math.round(s.loopDelay.percentile(99) / 1e4) / 100,
      max: Math.round(s.loopDelay.max / 1e4) / 100,
    },
  });
}
