/**
 * `npm start`: builds the client if client/dist is missing (and the client has a build
 * script), then serves the client and the API on PORT (default 3000). DATA_DIR (default ./data)
 * holds the embedded database and the token secret; DATABASE_URL switches to PostgreSQL.
 * SIGINT/SIGTERM shut down gracefully, flushing the ledger.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { CLIENT_DIST, startServer } from './app.js';

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

buildClientIfNeeded();
const server = await startServer({
  port: Number(process.env.PORT ?? 3000),
  host: process.env.HOST ?? '0.0.0.0',
  dataDir: process.env.DATA_DIR ?? './data',
  ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
  ...(process.env.BOT_DELAY_MS ? { botDelayMs: Number(process.env.BOT_DELAY_MS) } : {}),
  ...(process.env.REDIS_URL ? { redisUrl: process.env.REDIS_URL } : {}),
  logger: log,
});
// Told to the parent process (tests, the load tool) on one line.
if (process.send) process.send({ type: 'listening', port: server.port });

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
