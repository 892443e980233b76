/**
 * Puts the server together: ledger, rooms, HTTP routes, sockets, static client. `startServer`
 * is what `npm start` and the tests call; `close()` is the graceful shutdown (stop accepting,
 * flush the ledger, close the database).
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createAdapter } from '@socket.io/redis-adapter';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import type { Registry } from 'prom-client';
import { Server } from 'socket.io';
import { type Clock, systemClock } from './clock.js';
import { type Guards, registerRoutes } from './http.js';
import { trackConnections } from './http-connections.js';
import { DEFAULT_LIMITS, type Limits, type Rate } from './limits.js';
import { scrapeOf, ServerMetrics, serveMetrics } from './metrics.js';
import { crossOriginAllowed, hostAllowed, originAllowed, originPolicy, requestOrigin } from './origins.js';
import { connectRedis, redisReady } from './redis.js';
import { ReplayCache } from './replay-cache.js';
import { registerSecurityHeaders } from './security-headers.js';
import { limiterFor } from './shared-limits.js';
import {
  attachSockets,
  type RateLimit,
  roomName,
  type SocketStats,
  type SyncLimit,
  socketBroadcaster,
  TableChanges,
} from './socket.js';
import { staticOptions } from './static-files.js';
import { Ledger } from './store/ledger.js';
import { openStore, type StoreTarget } from './store/open.js';
import { LEASE_MS } from './store/prisma-store.js';
import type { Store } from './store/types.js';
import { SeatResultKeeper } from './community/keeper.js';
import { registerCommunityRoutes } from './community/routes.js';
import { CommunityStore } from './community/store.js';
import type { PrismaClient } from './generated/prisma/client.js';
import type { EngineInternals } from './table/index.js';
import { SharedCaps } from './shared-caps.js';
import { Tables } from './tables.js';
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
/** How long a starting process waits for Redis before serving without it (ms). */
const REDIS_START_WAIT_MS = 3000;

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
  const dataDir = options.dataDir ?? './data';
  const store = options.store ?? (await openStore(storeTarget(options)));
  const secret = options.secret ?? (await loadSecret(dataDir));
  const clock = options.clock ?? systemClock;
  // (Read when scraped, once the tables and the sockets exist.)
  let tablesRef: Tables | null = null;
  let ioRef: Server | null = null;
  const metrics: ServerMetrics | null =
    options.metricsPort !== undefined || options.metricsRegistry
      ? new ServerMetrics(
          {
            tables: () => tablesRef?.all() ?? [],
            sockets: () => ioRef?.engine.clientsCount ?? 0,
            ledger: () => ledger.stats,
          },
          options.metricsRegistry,
        )
      : null;
  const ledger = new Ledger(metrics ? metrics.observeStore(store) : store, { log });
  const origins = originPolicy(options.origins, options.publicOrigin);
  const limits: Limits = { ...DEFAULT_LIMITS, ...options.limits };

  const app = Fastify({
    // Requests are logged at warn and above only (errors); play goes over sockets.
    loggerInstance: log.child({ part: 'http' }, { level: 'warn' }) as unknown as FastifyBaseLogger,
    // Behind a reverse proxy every request comes from the proxy: the limits per address then
    // read the client's address from X-Forwarded-For, set by the proxy (only when told so).
    ...(options.trustProxy ? { trustProxy: true } : {}),
  }) as unknown as FastifyInstance;
  const connections = trackConnections(app.server);
  await registerSecurityHeaders(app, origins.any ? ['*'] : [...origins.list]);
  const io = new Server(app.server, {
    serveClient: false,
    // Processes sharing one port (WORKERS) take each connection wherever it lands: one upgrade
    // request per websocket is fine, polling's many requests are not (no sticky sessions).
    ...(options.websocketOnly ? { transports: ['websocket' as const] } : {}),
    // Client messages are small; anything bigger is not a message of the protocol.
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: options.recoveryMs ?? 10_000, skipMiddlewares: true },
    // Both transports: a page of another origin is refused at the handshake (a websocket is not
    // covered by CORS), and CORS headers name only the configured origins, never a reflected one.
    allowRequest: (req, cb) => {
      const { origin, host } = requestOrigin(req);
      cb(originAllowed(origins, origin, host) ? null : 'origin not allowed', originAllowed(origins, origin, host));
    },
    ...(origins.any
      ? { cors: { origin: true } }
      : origins.list.size > 0
        ? { cors: { origin: [...origins.list] } }
        : {}),
  });
  app.addHook('onRequest', async (req, res) => {
    if (!req.url.startsWith('/api/') && req.url !== '/healthz') return;
    const { origin, host } = requestOrigin(req.raw);
    if (!originAllowed(origins, origin, host)) {
      return res.status(403).send({
        error: {
          code: 'http/origin',
          message: hostAllowed(origins, host)
            ? `pages from ${origin} may not use this server`
            : `this server does not answer to ${host}; its operator sets PUBLIC_ORIGIN to the address players use`,
        },
      });
    }
    if (!crossOriginAllowed(origins, origin, host)) return;
    res.header('access-control-allow-origin', origin).header('vary', 'origin');
    if (req.method === 'OPTIONS') {
      return res
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, authorization')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    }
  });
  // Scale-out: rooms (and the limits, below) shared through Redis. The process starts and serves
  // whether Redis answers or not (`src/redis.ts`).
  const redis = options.redisUrl ? connectRedis(options.redisUrl, log.child({ part: 'redis' })) : null;
  if (redis) {
    io.adapter(createAdapter(redis.pub, redis.sub, { key: options.redisKey ?? 'mahjong' }));
    log.info('socket.io rooms shared through Redis');
  }
  // One budget per address for the whole deployment when there is Redis (`src/shared-limits.ts`).
  const limiter = (name: string, rate: Rate) => limiterFor(name, rate, redis?.limits ?? null, options.redisKey);
  const guards: Guards = {
    limits,
    createPerClient: limiter('create', limits.createPerClient),
    createTotal: limiter('create-total', limits.createTotal),
    lookupMisses: limiter('lookup-misses', limits.lookupMissesPerClient),
    matches: limiter('matches', limits.matchesPerClient),
    replays: new ReplayCache(),
  };
  const changes = new TableChanges();
  // Players, circles and the league live beside the ledger, in the same database.
  const prisma = prismaOf(store);
  const community = prisma ? new CommunityStore(prisma) : null;
  const keeper = community ? new SeatResultKeeper(store, community, log.child({ part: 'league' })) : null;
  // Tables brought back at start are restored, not taken over (the takeovers metric).
  let restoring = false;
  const tables = new Tables(
    {
      ledger,
      // A match played to its end: its players' figures for the league (derived from the ledger).
      ...(keeper
        ? {
            onFinished: (room) => {
              keeper.record(room.record.id).catch((error: unknown) => {
                log.warn({ err: error, code: room.code }, 'league figures not written; the next catch-up does it');
              });
            },
          }
        : {}),
      clock,
      broadcaster: ((b) => (metrics ? metrics.observeBroadcaster(b) : b))(
        socketBroadcaster(io, (code, seat) => evict(code, seat, 'replaced'), changes),
      ),
      log,
      secret,
      botDelayMs: options.botDelayMs ?? 900,
      mjaiBots: options.mjaiBots ?? [],
      spectatorInfoMs: limits.spectatorInfoMs,
      ...(options.startWaitMs === undefined ? {} : { startWaitMs: options.startWaitMs }),
      ...(options.engineInternals === undefined ? {} : { engineInternals: options.engineInternals }),
      // A table brought back here (a restart, a takeover): every page of it, on any process,
      // drops its connection and reconnects, to be seated again by whoever holds it now.
      onAdopted: (room) => {
        if (!restoring) metrics?.takenOver();
        io.in(roomName.table(room.code)).disconnectSockets(true);
      },
    },
    undefined,
    limits.lobbyTtlMs,
    limits,
  );
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
  });
  tablesRef = tables;
  ioRef = io;
  // Unfinished tables come back (those another process of the cluster holds stay there). Without
  // Redis the others cannot say which they hold: none is restored now, and the takeover rounds
  // (below) bring back those whose process is gone, the liveness lock telling which.
  const skip =
    peers && redis
      ? (await redisReady(redis.pub, REDIS_START_WAIT_MS))
        ? await peers.heldElsewhere()
        : null
      : new Set<string>();
  if (skip === null)
    log.warn(
      'other servers did not say which tables they hold; restoring none now (the takeover rounds bring back those nobody holds)',
    );
  else {
    restoring = true;
    const restored = await tables.restore(skip).finally(() => {
      restoring = false;
    });
    if (restored > 0) log.info({ restored }, 'restored unfinished tables');
  }

  // The owner's leases, renewed while this process lives (a later failover may take the tables
  // of a process whose leases ran out).
  const leases = setInterval(() => {
    store.renewLeases().catch((error: unknown) => log.warn({ err: error }, 'lease renewal failed'));
  }, LEASE_MS / 3);
  leases.unref();

  // Failover (a cluster on PostgreSQL): the tables of a process that died are taken over by a
  // live one, rebuilt from the ledger. Pages reconnecting to this process take a table over at
  // once (socket.ts); this round catches the rest (tables of bots, pages not back yet).
  let adoption: NodeJS.Timeout | null = null;
  if (peers) {
    const adoptMs = options.adoptMs ?? ADOPT_MS;
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
  }

  const started = Date.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  // (Registered after the table routes, under the same error handler; joins ask it who is joining.)
  let identity: ReturnType<typeof registerCommunityRoutes> | null = null;
  registerRoutes(app, {
    tables,
    store,
    secret,
    guards,
    peers,
    ...(options.engineInternals === undefined ? {} : { engineInternals: options.engineInternals }),
    community: community
      ? {
          playerOf: async (req) => {
            if (!identity) return null;
            const who = await identity.identify(req);
            return who.ok ? who.player.id : null;
          },
          isMember: async (playerId, circleId) => (await community.circleFor(circleId, playerId)) !== null,
        }
      : null,
    health: () => ({
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      owner: store.owner,
      tables: tables.size,
      sockets: io.engine.clientsCount,
      // Tables waiting for the database (a write failed): they resume on their own.
      paused: tables.paused().map((r) => ({ code: r.code, since: new Date(r.paused!.since).toISOString() })),
      restoreFailures: tables.restoreFailures,
      // With REDIS_URL: the adapter's connection ('ready', or 'reconnecting' while Redis is away).
      ...(redis ? { redis: redis.pub.status } : {}),
      ledger: { pending: ledger.pending, ...ledger.stats },
      eventLoopDelayMs: {
        p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
    }),
  });

  identity =
    community && keeper
      ? registerCommunityRoutes(app, {
          store: community,
          ledger: store,
          tables,
          keeper,
          secret,
          clock,
          creations: limiter('community-create', limits.createPerClient),
          misses: limiter('community-misses', limits.lookupMissesPerClient),
          peers,
        })
      : null;
  keeper?.start();
  const clientDir =
    options.clientDir === undefined ? (existsSync(CLIENT_DIST) ? CLIENT_DIST : null) : options.clientDir;
  if (clientDir) await app.register(fastifyStatic, staticOptions(clientDir));
  app.setNotFoundHandler((req, res) => {
    const page = req.method === 'GET' && !req.url.startsWith('/api/') && !req.url.startsWith('/socket.io');
    if (page && clientDir) return res.sendFile('index.html');
    if (page && req.url === '/') {
      return res
        .type('text/html')
        .send(
          '<!doctype html><title>Mahjong server</title><p>The API is up; the client is not built (npm run build -w client).</p>',
        );
    }
    return res.status(404).send({ error: { code: 'http/not_found', message: 'no such route' } });
  });

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
      closing ??= (async () => {
        tables.close();
        await metricsServer?.close();
        keeper?.stop();
        clearInterval(leases);
        if (adoption) clearTimeout(adoption);
        adoption = null;
        loopDelay.disable();
        io.close();
        // Requests in flight finish; every other connection is closed, and those answering one as
        // they fall idle (closed only once, at the start, they would hold the stop for the
        // keep-alive timeout).
        connections.closeIdle();
        const sweep = setInterval(() => connections.closeIdle(), 50);
        try {
          await app.close();
        } finally {
          clearInterval(sweep);
        }
        // The last commits broadcast as they land: Redis stays open until they have (a publish
        // on a closed connection rejects inside the adapter, where nothing catches it).
        await ledger.flush();
        await caps?.stop();
        await redis?.close();
        await store.close();
        log.info({ ledger: ledger.stats }, 'server stopped');
      })();
      return closing;
    },
  };
}
