/**
 * `npm start`: builds the client if client/dist is missing (and the client has a build
 * script), then serves the client and the API on PORT (default 3000). DATA_DIR (default ./data)
 * holds the embedded database and the token secret; DATABASE_URL switches to PostgreSQL.
 * SIGINT/SIGTERM shut down gracefully, flushing the ledger.
 *
 * WORKERS=N (default 1) runs N server processes on the one port (node:cluster hands each
 * connection to one of them; websocket transport only, as there are no sticky sessions). They
 * share the tables through PostgreSQL (DATABASE_URL) and Redis (REDIS_URL), both required: the
 * embedded database has a single writer. A worker that dies is replaced; its tables move to the
 * live workers meanwhile (failover). A start that fails says why on one line and exits: 3 when the
 * data folder or the database's disk cannot be written (then the primary stops the other workers
 * too rather than start new ones that fail the same way), 2 for a bad setting, 1 otherwise.
 *
 * METRICS_PORT=N (unset: none) serves Prometheus metrics at `GET /metrics` on that port only,
 * never on PORT (server/src/metrics.ts); under WORKERS the primary answers for every worker.
 * METRICS_HOST (default HOST) is the interface it listens on.
 */
import { spawnSync } from 'node:child_process';
import cluster from 'node:cluster';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { register } from 'prom-client';
import { CLIENT_DIST, startServer } from './app.js';
import { limitsFromEnv } from './limits.js';
import { answerClusterScrapes, clusterScrape, serveMetrics } from './metrics.js';
import { mjaiBotsFromEnv } from './mjai/config.js';
import { EXIT_STORAGE, startFailure } from './start-failure.js';

const log = pino({ level: process.env.LOG_LEVEL ?? 'info' });
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function buildClientIfNeeded(): void {
  if (existsSync(path.join(CLIENT_DIST, 'index.html')) || process.env.SKIP_CLIENT_BUILD === '1') return;
  const pkg = JSON.parse(readFileSync(path.join(root, 'client/package.json'), 'utf8')) as {
    scripts?: Record<string, string>;
  };
  if (!pkg.scripts?.build) {
    log.warn('client/dist is missing and the client has no build script; serving the API only');
    return;
  }
  log.info('building the client (client/dist is missing)');
  const r = spawnSync('npm', ['run', 'build', '-w', 'client'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) log.error({ status: r.status }, 'client build failed; serving the API only');
}

const workers = Number(process.env.WORKERS ?? 1);
if (!Number.isInteger(workers) || workers < 1 || workers > 64) {
  log.fatal({ WORKERS: process.env.WORKERS }, 'WORKERS must be a whole number from 1 to 64');
  process.exit(2);
}
const metricsPort =
  process.env.METRICS_PORT === undefined || process.env.METRICS_PORT === '' ? null : Number(process.env.METRICS_PORT);
if (metricsPort !== null && (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535)) {
  log.fatal({ METRICS_PORT: process.env.METRICS_PORT }, 'METRICS_PORT must be a port number');
  process.exit(2);
}
const host = process.env.HOST ?? '0.0.0.0';
const metricsHost = process.env.METRICS_HOST ?? host;
if (workers > 1 && cluster.isPrimary) await runPrimary(workers);
else await runServer(workers > 1);

/** WORKERS > 1: starts the workers, replaces those that die, stops them all on a signal. */
async function runPrimary(n: number): Promise<void> {
  if (!process.env.DATABASE_URL || !process.env.REDIS_URL) {
    log.fatal(
      'WORKERS > 1 needs PostgreSQL (DATABASE_URL) and Redis (REDIS_URL): the embedded database has one writer and one process',
    );
    process.exit(2);
  }
  buildClientIfNeeded();
  let stopping = false;
  let listening = 0;
  // (Before the workers: the parent is told its port with theirs.)
  const metrics = metricsPort === null ? null : await serveMetrics(clusterScrape(), metricsPort, metricsHost);
  if (metrics) log.info({ port: metrics.port }, 'metrics listening');
  const fork = () => {
    const worker = cluster.fork();
    worker.on('message', (m: { type?: string; port?: number }) => {
      // The parent (tests, the load tool) hears once, when every first worker serves the port
      // (told at the first one, a burst of requests would all land on it).
      if (m.type !== 'listening') return;
      listening += 1;
      if (listening === n && process.send) process.send({ ...m, ...(metrics ? { metricsPort: metrics.port } : {}) });
    });
  };
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (code === EXIT_STORAGE) {
      // Its storage cannot be written (it said why): a new worker would fail the same way.
      log.fatal({ pid: worker.process.pid, code }, 'a worker cannot use its storage; stopping the server');
      stopAll(EXIT_STORAGE);
      return;
    }
    log.error({ pid: worker.process.pid, code, signal }, 'a worker died; starting another');
    fork();
  });
  for (let i = 0; i < n; i += 1) fork();
  log.info({ workers: n }, 'server workers started');
  const stopAll = (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    let left = alive.length;
    if (left === 0) process.exit(exitCode);
    for (const w of alive) {
      w!.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(exitCode);
      });
      w!.process.kill('SIGTERM');
    }
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stopAll(0));
}

/** The outside AIs of `MJAI_BOTS` / `MJAI_BOTS_FILE`; a bad list stops the server at once. */
function mjaiBots() {
  const r = mjaiBotsFromEnv(process.env);
  if (!r.ok) {
    log.fatal(r.error.message);
    process.exit(1);
  }
  if (r.value.length > 0) log.info({ ai: r.value.map((b) => b.name) }, 'outside AIs (mjai) offered');
  return r.value;
}

/** CLAIM_MIN_MS_FLOOR when it is a number of milliseconds (0 or more); the default otherwise, as the LIMITS_* are. */
function claimFloorFromEnv(raw: string | undefined): { claimMinMsFloor?: number } {
  const n = raw === undefined || raw.trim() === '' ? Number.NaN : Number(raw);
  if (Number.isFinite(n) && n >= 0) return { claimMinMsFloor: n };
  if (raw !== undefined) log.warn({ CLAIM_MIN_MS_FLOOR: raw }, 'not a number of milliseconds: the default floor holds');
  return {};
}

async function runServer(worker: boolean): Promise<void> {
  if (!worker) buildClientIfNeeded();
  if (worker && metricsPort !== null) answerClusterScrapes(register);
  const dataDir = process.env.DATA_DIR ?? './data';
  const server = await startServer({
    port: Number(process.env.PORT ?? 3000),
    host,
    dataDir,
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.BOT_DELAY_MS ? { botDelayMs: Number(process.env.BOT_DELAY_MS) } : {}),
    ...claimFloorFromEnv(process.env.CLAIM_MIN_MS_FLOOR),
    ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
    // Servers sharing a Redis with other deployments keep to their own channels.
    ...(process.env.REDIS_KEY ? { redisKey: process.env.REDIS_KEY } : {}),
    // Replicas behind a proxy without sticky sessions (docker-compose.yml) say WEBSOCKET_ONLY=1.
    ...(worker || process.env.WEBSOCKET_ONLY === '1' ? { websocketOnly: true } : {}),
    ...(process.env.TRUST_PROXY === '1' ? { trustProxy: true } : {}),
    ...(process.env.HEALTH_DETAIL === '1' ? { healthDetail: true } : {}),
    limits: limitsFromEnv(process.env),
    mjaiBots: mjaiBots(),
    ...(process.env.ORIGINS ? { origins: process.env.ORIGINS } : {}),
    ...(process.env.PUBLIC_ORIGIN ? { publicOrigin: process.env.PUBLIC_ORIGIN } : {}),
    logger: worker ? log.child({ worker: cluster.worker?.id }) : log,
    // A worker fills the global registry, summed by the primary's listener.
    ...(metricsPort === null ? {} : worker ? { metricsRegistry: register } : { metricsPort, metricsHost }),
  }).catch((error: unknown) => {
    // One line saying why, not a stack trace; a storage problem with its own exit code.
    const failure = startFailure(error, dataDir);
    log.fatal(failure.line);
    process.exit(failure.exitCode);
  });
  // Told to the parent process (tests, the load tool; the primary under WORKERS) on one line.
  if (process.send) {
    process.send({
      type: 'listening',
      port: server.port,
      ...(server.metricsPort === null ? {} : { metricsPort: server.metricsPort }),
    });
  }

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      log.info({ signal }, 'shutting down');
      server.close().then(
        () => process.exit(0),
        (error: unknown) => {
          log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
