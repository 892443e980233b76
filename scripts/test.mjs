#!/usr/bin/env node
/**
 * The README's test command. Runs every vitest project this machine can run and says plainly
 * which it left out and how to enable it. Under REQUIRE_ALL_SUITES=1 (set by .ci/run) a missing
 * system part is a failure, so CI never passes with a suite silently left out.
 * Extra arguments go to vitest (`npm test -- shared/`).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

const strict = process.env.REQUIRE_ALL_SUITES === '1';

function reachable(host, port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port, timeout: 1500 });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

function hostPort(url, fallbackPort) {
  try {
    const u = new URL(url);
    return [u.hostname, Number(u.port || fallbackPort)];
  } catch {
    return ['127.0.0.1', fallbackPort];
  }
}

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const [pgHost, pgPort] = hostPort(process.env.PG_URL ?? 'postgresql://root@127.0.0.1:5432/test', 5432);
const [redisHost, redisPort] = hostPort(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', 6379);

const suites = [
  { project: 'unit', available: true },
  {
    project: 'postgres',
    available: await reachable(pgHost, pgPort),
    how: `PostgreSQL is not reachable at ${pgHost}:${pgPort}. Start it (pg_ctlcluster <version> main start) or set PG_URL.`,
  },
  {
    project: 'redis',
    available: await reachable(redisHost, redisPort),
    how: `Redis is not reachable at ${redisHost}:${redisPort}. Start it (redis-server --daemonize yes) or set REDIS_URL.`,
  },
  {
    project: 'browser',
    available: existsSync(chromium),
    how: `Chromium is not at ${chromium}. Install it (apt-get install -y chromium) or set CHROMIUM_PATH.`,
  },
];

const skipped = suites.filter((s) => !s.available);
for (const s of skipped) console.log(`SKIPPED suite "${s.project}": ${s.how}`);
if (strict && skipped.length > 0) {
  console.error(`REQUIRE_ALL_SUITES=1: ${skipped.length} suite(s) cannot run; failing.`);
  process.exit(1);
}

const args = ['vitest', 'run', ...suites.filter((s) => s.available).flatMap((s) => ['--project', s.project])];
const result = spawnSync('npx', [...args, ...process.argv.slice(2)], { stdio: 'inherit' });
if (skipped.length > 0) {
  console.log(`\nLeft out: ${skipped.map((s) => s.project).join(', ')} (see the SKIPPED lines above).`);
}
process.exit(result.status ?? 1);
