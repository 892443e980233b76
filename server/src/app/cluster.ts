/**
 * The parts of a process that exist for the others: Redis (the shared socket.io rooms and
 * limits), the tables restored at start, the owner's leases and the takeover rounds.
 */
import { createAdapter } from '@socket.io/redis-adapter';
import type { Logger } from 'pino';
import type { Server } from 'socket.io';
import type { Guards } from '../http.js';
import type { Limiter, Limits, Rate } from '../limits.js';
import type { Peers } from '../peers/peers.js';
import { connectRedis, type RedisLinks, redisReady } from '../redis.js';
import { ReplayCache } from '../replay-cache.js';
import { limiterFor } from '../shared-limits.js';
import { LEASE_MS } from '../store/prisma-store.js';
import type { Store } from '../store/types.js';
import type { Tables } from '../tables.js';

/** How long a starting process waits for Redis before serving without it (ms). */
const REDIS_START_WAIT_MS = 3000;

/**
 * Scale-out: rooms (and the limits) shared through Redis. The process starts and serves whether
 * Redis answers or not (`server/src/redis.ts`).
 */
export function connectCluster(
  io: Server,
  url: string | undefined,
  key: string | undefined,
  log: Logger,
): RedisLinks | null {
  if (!url) return null;
  const redis = connectRedis(url, log.child({ part: 'redis' }));
  io.adapter(createAdapter(redis.pub, redis.sub, { key: key ?? 'mahjong' }));
  log.info('socket.io rooms shared through Redis');
  return redis;
}

/** The request guards; one budget per address for the whole deployment when there is Redis (`server/src/shared-limits.ts`). */
export function createGuards(
  limits: Limits,
  redis: RedisLinks | null,
  redisKey: string | undefined,
): { guards: Guards; limiter: (name: string, rate: Rate) => Limiter } {
  const limiter = (name: string, rate: Rate) => limiterFor(name, rate, redis?.limits ?? null, redisKey);
  return {
    limiter,
    guards: {
      limits,
      createPerClient: limiter('create', limits.createPerClient),
      createTotal: limiter('create-total', limits.createTotal),
      lookupMisses: limiter('lookup-misses', limits.lookupMissesPerClient),
      matches: limiter('matches', limits.matchesPerClient),
      replays: new ReplayCache(),
    },
  };
}

/**
 * Unfinished tables come back (those another process of the cluster holds stay there). Without
 * Redis the others cannot say which they hold: none is restored now, and the takeover rounds
 * bring back those whose process is gone, the liveness lock telling which.
 */
export async function restoreTables(
  tables: Tables,
  peers: Peers | null,
  redis: RedisLinks | null,
  log: Logger,
  restoring: (on: boolean) => void,
): Promise<void> {
  const skip =
    peers && redis
      ? (await redisReady(redis.pub, REDIS_START_WAIT_MS))
        ? await peers.heldElsewhere()
        : null
      : new Set<string>();
  if (skip === null) {
    log.warn(
      'other servers did not say which tables they hold; restoring none now (the takeover rounds bring back those nobody holds)',
    );
    return;
  }
  restoring(true);
  const restored = await tables.restore(skip).finally(() => restoring(false));
  if (restored > 0) log.info({ restored }, 'restored unfinished tables');
}

/**
 * The owner's leases, renewed while this process lives (a later failover may take the tables
 * of a process whose leases ran out). Returns the stop.
 */
export function renewLeases(store: Store, log: Logger): () => void {
  const leases = setInterval(() => {
    store.renewLeases().catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
  }, LEASE_MS / 3);
  leases.unref();
  return () => clearInterval(leases);
}

/**
 * Failover (a cluster on PostgreSQL): the tables of a process that died are taken over by a
 * live one, rebuilt from the ledger. Pages reconnecting to this process take a table over at
 * once (socket/hello.ts); these rounds catch the rest (tables of bots, pages not back yet).
 * Returns the stop.
 */
export function startTakeoverRounds(tables: Tables, adoptMs: number, log: Logger): () => void {
  let adoption: NodeJS.Timeout | null = null;
  const round = () => {
    adoption = setTimeout(() => {
      tables
        .adoptOrphans()
        .catch((error: unknown) => log.warn({ err: error }, 'takeover round failed'))
        .finally(() => {
          if (adoption !== null) round();
        });
    }, adoptMs);
    adoption.unref();
  };
  round();
  return () => {
    if (adoption) clearTimeout(adoption);
    adoption = null;
  };
}
