/**
 * Puts the server together: ledger, rooms, HTTP routes, sockets, static client. `startServer`
 * is what `npm start` and the tests call; `close()` is the graceful shutdown (stop accepting,
 * flush the ledger, close the database).
 */
import { statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { type IntervalHistogram, monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Server } from 'socket.io';
import { registerApi } from './app/api.js';
import { connectCluster, createGuards, renewLeases, restoreTables, startTakeoverRounds } from './app/cluster.js';
import { healthReport } from './app/health.js';
import { serveClient } from './app/pages.js';
import { createTables } from './app/rooms.js';
import { createWeb, RECOVERY_MS } from './app/web.js';
import { type Clock, systemClock } from './clock.js';
import { DEFAULT_LIMITS, type Limits } from './limits.js';
import { scrapeOf, ServerMetrics, serveMetrics } from './metrics.js';
import { originPolicy } from './origins.js';
import type { ReplayCache } from './replay-cache.js';
import {
  attachSockets,
  type RateLimit,
  RemoteAudience,
  type SocketStats,
  type SyncLimit,
  TableChanges,
} from './socket.js';
import { Ledger } from './store/ledger.js';
import { openStore, type StoreTarget } from './store/open.js';
import type { Store } from './store/types.js';
import { SeatResultKeeper } from './community/keeper.js';
import { CommunityStore } from './community/store.js';
import type { PrismaClient } from './generated/prisma/client.js';
import type { EngineInternals } from './table/index.js';
import { SharedCaps } from './shared-caps.js';
import type { Tables } from './tables.js';
import { loadSecret } from './tokens.js';
import type { MjaiBotSpec } from './mjai/config.js';

export const CLIENT_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../client/dist');

export interface ServerOptions {
  /** 0 picks a free port. */
  readonly port?: number;
  readonly host?: string;
  /** Where PGlite and the secret live (default ./data). */
  readonly dataDir?: string;
  /** PostgreSQL instead of PGlite. */
  readonly databaseUrl?: string;
  /** An already open store (tests); the server closes it on close(). */
  readonly store?: Store;
  readonly secret?: Buffer;
  readonly clock?: Clock;
  readonly logger?: Logger;
  readonly botDelayMs?: number;
  /** The outside AIs (mjai) a riichi seat may be given to (`MJAI_BOTS`, `server/src/mjai/README.md`). */
  readonly mjaiBots?: readonly MjaiBotSpec[];
  /** How long a started match waits for its human seats' pages before dealing (ms, default 10 s). */
  readonly startWaitMs?: number;
  /** How long a finished table stays held before only the ledger has it (ms, default 10 min). */
  readonly retainFinishedMs?: number;
  /** The least `claimMinMs` a host may give a table (ms, default 500; `RoomContext.claimMinMsFloor`). */
  readonly claimMinMsFloor?: number;
  readonly rateLimit?: RateLimit;
  /** Full views asked again (sync, repeated hello), per socket and per address. */
  readonly syncLimit?: SyncLimit;
  /** Serve client/dist (default: when it exists). */
  readonly clientDir?: string | null;
  /**
   * How long a disconnected socket may come back with its state (ms, default 10 s). socket.io
   * keeps every broadcast for this long (plus up to a minute) to replay it, which costs memory
   * in proportion to the traffic; longer absences come back with `hello` and the seat token.
   */
  readonly recoveryMs?: number;
  /** Scale-out: share socket.io rooms with other server processes through Redis. */
  readonly redisUrl?: string;
  /** Channel prefix of the Redis adapter (tests keep runs apart with it). */
  readonly redisKey?: string;
  /** Behind a reverse proxy: client addresses come from X-Forwarded-For (TRUST_PROXY=1). */
  readonly trustProxy?: boolean;
  /** Only the websocket transport (processes sharing a port without sticky sessions). */
  readonly websocketOnly?: boolean;
  /** In a cluster: how often a live process looks for tables of dead processes to take over (ms). */
  readonly adoptMs?: number;
  /** Abuse limits (`DEFAULT_LIMITS` for what is not given). */
  readonly limits?: Partial<Limits>;
  /**
   * `/healthz` with the ledger's write counts and the paused tables' codes (HEALTH_DETAIL=1): for a
   * server whose `/healthz` only operators reach. Public, those tell when a seat answered a claim
   * window (`app/health.ts`).
   */
  readonly healthDetail?: boolean;
  /**
   * Web origins whose pages may use the API and the socket (`https://mj.example,http://localhost:5173`,
   * or `*`); by default only the server's own origin. Requests without an Origin are accepted.
   */
  readonly origins?: string | readonly string[];
  /**
   * The origin players open (`https://mj.example`, `PUBLIC_ORIGIN`): pages of it may use the API
   * and the socket, and requests naming another domain in `Host` are refused (DNS rebinding).
   * Without it only IP addresses and dotless names (localhost) are served as the own origin.
   */
  readonly publicOrigin?: string;
  /** Test hook (fixed walls for every table's hands, browser tests), never set by the server. */
  readonly engineInternals?: EngineInternals;
  /** Prometheus metrics on their own listener, `GET /metrics` on this port (0 picks one; METRICS_PORT). */
  readonly metricsPort?: number;
  /** The interface of the metrics listener (default `host`). */
  readonly metricsHost?: string;
  /** Metrics into this registry without serving them (a cluster worker: the primary serves the sum). */
  readonly metricsRegistry?: Registry;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly app: FastifyInstance;
  readonly io: Server;
  readonly tables: Tables;
  readonly ledger: Ledger;
  readonly store: Store;
  readonly sockets: SocketStats;
  readonly replays: ReplayCache;
  readonly log: Logger;
  /** The metrics listener's port, when `metricsPort` was given. */
  readonly metricsPort: number | null;
  close(): Promise<void>;
}

/** Takeover rounds in a cluster: a dead process's tables move within about this long (ms). */
export const ADOPT_MS = 1000;

export function storeTarget(options: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>): StoreTarget {
  if (options.databaseUrl) return { kind: 'postgres', url: options.databaseUrl };
  return { kind: 'pglite', dataDir: path.join(options.dataDir ?? './data', 'pglite') };
}

/** The Prisma client under a store (a test's wrapper around one included); null for another store. */
function prismaOf(store: Store): PrismaClient | null {
  const s = store as Partial<{ prisma: PrismaClient; inner: Store }>;
  if (s.prisma) return s.prisma;
  return s.inner ? prismaOf(s.inner) : null;
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const store = options.store ?? (await openStore(storeTarget(options)));
  const secret = options.secret ?? (await loadSecret(options.dataDir ?? './data'));
  const clock = options.clock ?? systemClock;
  // (Read when scraped, once the tables and the sockets exist.)
  let tablesRef: Tables | null = null;
  let ioRef: Server | null = null;
  let socketStatsRef: SocketStats | null = null;
  const metrics: ServerMetrics | null =
    options.metricsPort !== undefined || options.metricsRegistry
      ? new ServerMetrics(
          {
            tables: () => tablesRef?.all() ?? [],
            sockets: () => ioRef?.engine.clientsCount ?? 0,
            socketRefusals: () => socketStatsRef?.byCode ?? new Map(),
            ledger: () => ledger.stats,
          },
          options.metricsRegistry,
        )
      : null;
  const ledger = new Ledger(metrics ? metrics.observeStore(store) : store, { log });
  const origins = originPolicy(options.origins, options.publicOrigin);
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };
  const { app, io, connections } = await createWeb(options, log, origins);
  const redis = connectCluster(io, options.redisUrl, options.redisKey, log);
  const { guards, limiter } = createGuards(limits, redis, options.redisKey);
  const changes = new TableChanges();
  // (The tables are made below; the audience asks them only once peers ask about a table.)
  const audience = new RemoteAudience((code) => tables.get(code) !== undefined);
  // Players, circles and the league live beside the ledger, in the same database.
  const prisma = prismaOf(store);
  const community = prisma ? new CommunityStore(prisma) : null;
  const keeper = community ? new SeatResultKeeper(store, community, log.child({ part: 'league' })) : null;
  // Tables brought back at start are restored, not taken over (the takeovers metric).
  let restoring = false;
  const tables = createTables({
    ledger,
    clock,
    io,
    log,
    secret,
    limits,
    changes,
    audience,
    metrics,
    keeper,
    evict: (code, seat, reason) => evict(code, seat, reason),
    restoring: () => restoring,
    recoveryMs: options.recoveryMs ?? RECOVERY_MS,
    ...pick(options, [
      'botDelayMs',
      'mjaiBots',
      'startWaitMs',
      'engineInternals',
      'retainFinishedMs',
      'claimMinMsFloor',
    ]),
  });
  // The caps on tables held count every process's tables when there is Redis (`src/shared-caps.ts`).
  const caps = redis
    ? new SharedCaps(
        redis.limits,
        store.owner,
        () => tables.heldCounts(),
        log.child({ part: 'caps' }),
        options.redisKey,
      )
    : null;
  if (caps) {
    tables.elsewhere = () => caps.elsewhere();
    caps.start();
  }
  const {
    stats: sockets,
    peers,
    evict,
  } = attachSockets(io, tables, secret, {
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    ...(options.syncLimit ? { syncLimit: options.syncLimit } : {}),
    cluster: redis !== null,
    trustProxy: options.trustProxy ?? false,
    lookupMisses: guards.lookupMisses,
    ...(metrics ? { onAccepted: (code: string, receivedAt: number) => metrics.accepted(code, receivedAt) } : {}),
    changes,
    audience,
    maxSocketsPerClient: limits.maxSocketsPerClient,
  });
  tablesRef = tables;
  ioRef = io;
  socketStatsRef = sockets;
  await restoreTables(tables, peers, redis, log, (on) => {
    restoring = on;
  });
  const stopLeases = renewLeases(store, log);
  const stopTakeovers = peers ? startTakeoverRounds(tables, options.adoptMs ?? ADOPT_MS, log) : () => {};

  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  registerApi(app, {
    tables,
    store,
    secret,
    guards,
    peers,
    clock,
    health: healthReport({ started: Date.now(), store, tables, io, redis, ledger, loopDelay }, options.healthDetail),
    ...pick(options, ['engineInternals']),
    community:
      community && keeper
        ? {
            store: community,
            keeper,
            creations: limiter('community-create', limits.createPerClient),
            misses: limiter('community-misses', limits.lookupMissesPerClient),
          }
        : null,
  });
  keeper?.start();
  // (stat, not existsSync: see MIGRATIONS_DIR in store/migrate.ts)
  const built = statSync(CLIENT_DIST, { throwIfNoEntry: false }) !== undefined;
  const clientDir = options.clientDir === undefined ? (built ? CLIENT_DIST : null) : options.clientDir;
  await serveClient(app, clientDir);

  await app.listen({ port: options.port ?? 3000, host: options.host ?? '0.0.0.0' });
  const port = (app.server.address() as AddressInfo).port;
  log.info({ port, clientDir, store: options.databaseUrl ? 'postgres' : 'pglite' }, 'server listening');
  const metricsServer =
    metrics && options.metricsPort !== undefined
      ? await serveMetrics(
          scrapeOf(metrics.registry),
          options.metricsPort,
          options.metricsHost ?? options.host ?? '0.0.0.0',
        )
      : null;
  if (metricsServer) log.info({ port: metricsServer.port }, 'metrics listening');

  let closing: Promise<void> | null = null;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    app,
    io,
    tables,
    ledger,
    store,
    sockets,
    replays: guards.replays,
    log,
    metricsPort: metricsServer?.port ?? null,
    close: () => {
      closing ??= stopServer({
        tables,
        metricsServer,
        keeper,
        stopLeases,
        stopTakeovers,
        loopDelay,
        io,
        connections,
        app,
        ledger,
        caps,
        redis,
        store,
        log,
      });
      return closing;
    },
  };
}

/**
 * The graceful stop: no new work (tables' timers, listeners, rounds), requests in flight finish,
 * the ledger's last commits land and broadcast, then Redis and the database close.
 */
async function stopServer(p: {
  tables: Tables;
  metricsServer: { close(): Promise<void> } | null;
  keeper: SeatResultKeeper | null;
  stopLeases: () => void;
  stopTakeovers: () => void;
  loopDelay: IntervalHistogram;
  io: Server;
  connections: { closeIdle(): void };
  app: FastifyInstance;
  ledger: Ledger;
  caps: { stop(): Promise<void> } | null;
  redis: { close(): Promise<void> } | null;
  store: Store;
  log: Logger;
}): Promise<void> {
  p.tables.close();
  await p.metricsServer?.close();
  p.keeper?.stop();
  p.stopLeases();
  p.stopTakeovers();
  p.loopDelay.disable();
  p.io.close();
  // Requests in flight finish; every other connection is closed, and those answering one as
  // they fall idle (closed only once, at the start, they would hold the stop for the
  // keep-alive timeout).
  p.connections.closeIdle();
  const sweep = setInterval(() => p.connections.closeIdle(), 50);
  try {
    await p.app.close();
  } finally {
    clearInterval(sweep);
  }
  // The last commits broadcast as they land: Redis stays open until they have (a publish
  // on a closed connection rejects inside the adapter, where nothing catches it).
  await p.ledger.flush();
  // This process's tables stop counting against the deployment's caps at once.
  await p.caps?.stop();
  await p.redis?.close();
  await p.store.close();
  p.log.info({ ledger: p.ledger.stats }, 'server stopped');
}

/** The options among `keys` that are set (absent ones stay absent: exact optional properties). */
function pick<T extends object, K extends keyof T>(o: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k];
  return out;
}
