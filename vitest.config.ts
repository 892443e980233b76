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
import { LongestFirst } from './scripts/test-order.js';

const special = ['**/*.pg.test.ts', '**/*.redis.test.ts', '**/*.e2e.test.ts'];
// One seed for every property test (FC_SEED=random explores): see the file.
const setupFiles = ['scripts/fast-check-seed.ts'];
const roots = ['shared', 'server', 'client', 'scripts'].map((w) => `${w}/**/*`);
// Three groups, one after another (vitest's sequence.groupOrder):
// 0. the unit files, at least two at a time: most of their time is spent waiting on sockets,
//    timers and child processes, and vitest's default of one file per core but one would run a
//    2-core machine's files one after another;
// 1. the suites of the shared system parts (one PostgreSQL, one Redis), two at a time: they mostly
//    wait (kills, outages, restarts; a third of the machine's CPU one at a time), and each keeps to
//    a database and Redis keys of its own;
// 2. the browser files, one at a time: Chromium's software WebGL keeps both cores busy, and two
//    files at once took longer than the same two one after the other.
const unitWorkers = Math.max(2, availableParallelism() - 1);
// The files of a worker share one module graph (`isolate: false`): each file importing the server
// afresh (fastify, socket.io, the Prisma client, PGlite) was about a third of the unit group's
// time. No test stubs globals, fakes timers or writes to process.env, and every server a file
// starts it closes, so what one file leaves in the shared modules is what the next would build.
// The browser files keep a process each: their one worker also runs every file's servers, and
// shared across the 14 files it grew to 1.3 GB while the files ran slower than in the last run.
const isolate = false;

export default defineConfig({
  test: {
    exclude: ['**/node_modules/**', '**/dist/**'],
    // Within each group the longest files first, so that its workers end together (scripts/test-order.ts).
    sequence: { sequencer: LongestFirst },
    // Every embedded database starts from one made once per run (scripts/pglite-template.ts).
    globalSetup: ['scripts/pglite-template.ts'],
    projects: [
      {
        test: {
          name: 'unit',
          setupFiles,
          include: roots.map((r) => `${r}.test.ts`),
          exclude: ['**/node_modules/**', '**/dist/**', ...special],
          testTimeout: 30_000,
          maxWorkers: unitWorkers,
          isolate,
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
          maxWorkers: 2,
          isolate,
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
          maxWorkers: 2,
          isolate,
        },
      },
      {
        test: {
          name: 'browser',
          setupFiles,
          sequence: { groupOrder: 2 },
          // The client is built once for every browser suite (client/test/e2e/build-client.ts).
          globalSetup: ['client/test/e2e/build-client.ts'],
          include: roots.map((r) => `${r}.e2e.test.ts`),
          exclude: ['**/node_modules/**'],
          testTimeout: 180_000,
          hookTimeout: 180_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});
