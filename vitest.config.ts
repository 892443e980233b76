/**
 * One vitest run for every workspace. Suites that need a system part are their own projects,
 * chosen by file name, so that `scripts/test.mjs` can leave out (and say so) what this machine
 * lacks:
 *   *.test.ts        unit      pure logic, real sockets on localhost, embedded PGlite
 *   *.pg.test.ts     postgres  the PostgreSQL server (127.0.0.1:5432 or PG_URL)
 *   *.redis.test.ts  redis     the Redis server (127.0.0.1:6379 or REDIS_URL)
 *   *.e2e.test.ts    browser   real Chromium (/usr/bin/chromium or CHROMIUM_PATH)
 */
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

const special = ['**/*.pg.test.ts', '**/*.redis.test.ts', '**/*.e2e.test.ts'];
// One seed for every property test (FC_SEED=random explores): see the file.
const setupFiles = ['scripts/fast-check-seed.ts'];
const roots = ['shared', 'server', 'client', 'scripts'].map((w) => `${w}/**/*`);
// Unit files at least two at a time: most of their time is spent waiting on sockets, timers and
// child processes, so vitest's default of one file per core but one runs a 2-core machine's files
// one after another. The suites that share a system part (one PostgreSQL, one Redis) keep the
// default in a group of their own after them; the browser files run one at a time, last.
const unitWorkers = Math.max(2, availableParallelism() - 1);

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    projects: [
      {
        test: {
          name: 'unit',
          setupFiles,
          include: roots.map((r) => `${r}.test.ts`),
          exclude: ['**/node_modules/**', '**/dist/**', ...special],
          testTimeout: 30_000,
          maxWorkers: unitWorkers,
        },
      },
      {
        test: {
          name: 'postgres',
          setupFiles,
          sequence: { groupOrder: 1 },
          include: roots.map((r) => `${r}.pg.test.ts`),
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'redis',
          setupFiles,
          sequence: { groupOrder: 1 },
          include: roots.map((r) => `${r}.redis.test.ts`),
          exclude: ['**/node_modules/**'],
          testTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'browser',
          setupFiles,
          // The client is built once for every browser suite (client/test/e2e/build-client.ts).
          globalSetup: ['client/test/e2e/build-client.ts'],
          include: roots.map((r) => `${r}.e2e.test.ts`),
          exclude: ['**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
