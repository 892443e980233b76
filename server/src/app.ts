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
import { Redis } from 'ioredis';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type Logger } from 'pino';
import { Server } from 'socket.io';
import { type Clock, systemClock } from './clock.js';
import { registerRoutes } from './http.js';
import { attachSockets, type RateLimit, type SocketStats, socketBroadcaster } from './socket.js';
import { Ledger } from './store/ledger.js';
import { openStore, type StoreTarget } from './store/open.js';
import type { Store } from './store/types.js';
import { Tables } from './tables.js';
import { loadSecret } from './tokens.js';

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
  readonly rateLimit?: RateLimit;
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
  readonly log: Logger;
  close(): Promise<void>;
}

export function storeTarget(options: Pick<ServerOptions, 'dataDir' | 'databaseUrl'>): StoreTarget {
  if (options.databaseUrl) return { kind: 'postgres', url: options.databaseUrl };
  return { kind: 'pglite', dataDir: path.join(options.dataDir ?? './data', 'pglite') };
}

export async function startServer(options: ServerOptions = {}): Promise<RunningServer> {
  const log = options.logger ?? pino({ level: process.env.LOG_LEVEL ?? 'info' });
  const dataDir = options.dataDir ?? './data';
  const store = options.store ?? (await openStore(storeTarget(options)));
  const secret = options.secret ?? (await loadSecret(dataDir));
  const clock = options.clock ?? systemClock;
  const ledger = new Ledger(store, { log });

  const app = Fastify({
    // Requests are logged at warn and above only (errors); play goes over sockets.
    loggerInstance: log.child({ part: 'http' }, { level: 'warn' }) as unknown as FastifyBaseLogger,
  }) as unknown as FastifyInstance;
  const io = new Server(app.server, {
    serveClient: false,
    // Client messages are small; anything bigger is not a message of the protocol.
    maxHttpBufferSize: 16 * 1024,
    connectionStateRecovery: { maxDisconnectionDuration: options.recoveryMs ?? 10_000, skipMiddlewares: true },
    cors: { origin: true },
  });
  let redis: { pub: Redis; sub: Redis } | null = null;
  if (options.redisUrl) {
    const pub = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 3 });
    const sub = pub.duplicate();
    await Promise.all([pub.connect(), sub.connect()]);
    redis = { pub, sub };
    io.adapter(createAdapter(pub, sub, { key: options.redisKey ?? 'mahjong' }));
    log.info('socket.io rooms shared through Redis');
  }
  const tables = new Tables({
    ledger,
    clock,
    broadcaster: socketBroadcaster(io),
    log,
    secret,
    botDelayMs: options.botDelayMs ?? 900,
  });
  const { stats: sockets, peers } = attachSockets(io, tables, secret, {
    ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
    cluster: redis !== null,
  });
  // Unfinished tables come back (those another process of the cluster holds stay there).
  const skip = peers ? await peers.heldElsewhere() : new Set<string>();
  if (skip === null) log.error('other servers did not say which tables they hold; restoring none');
  else {
    const restored = await tables.restore(skip);
    if (restored > 0) log.info({ restored }, 'restored unfinished tables');
  }

  const started = Date.now();
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  registerRoutes(app, {
    tables,
    store,
    secret,
    health: () => ({
      uptimeSeconds: Math.round((Date.now() - started) / 1000),
      tables: tables.size,
      sockets: io.engine.clientsCount,
      ledger: { pending: ledger.pending, ...ledger.stats },
      eventLoopDelayMs: {
        p50: Math.round(loopDelay.percentile(50) / 1e4) / 100,
        p99: Math.round(loopDelay.percentile(99) / 1e4) / 100,
        max: Math.round(loopDelay.max / 1e4) / 100,
      },
    }),
  });

  const clientDir =
    options.clientDir === undefined ? (existsSync(CLIENT_DIST) ? CLIENT_DIST : null) : options.clientDir;
  if (clientDir) await app.register(fastifyStatic, { root: clientDir, wildcard: false });
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
    log,
    close: () => {
      closing ??= (async () => {
        tables.close();
        loopDelay.disable();
        io.close();
        await app.close();
        if (redis) await Promise.allSettled([redis.pub.quit(), redis.sub.quit()]);
        await ledger.flush();
        await store.close();
        log.info({ ledger: ledger.stats }, 'server stopped');
      })();
      return closing;
    },
  };
}
