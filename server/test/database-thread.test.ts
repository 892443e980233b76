/**
 * The embedded database's thread lost in play (as a crash of its WebAssembly would end it), on a
 * real server with its database in a folder: the table's writes fail meanwhile, so it pauses; the
 * database is opened again on a new thread, the table resumes from the ledger and plays to the end,
 * and every view the clients saw is checked against the ledger.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerMessage } from '@mahjong/shared';
import { afterAll, beforeAll, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import { PGliteThread } from '../src/store/pglite-thread.js';
import { type TestClient, testServer } from './helpers.js';
import { finishMatchAndCheck, playingMatch } from './ledger-match.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 180_000 });

const notices = (c: TestClient, code: string) =>
  c.messages.filter((m: ServerMessage) => m.type === 'notice' && m.code === code).length;

let dir: string;
let thread: PGliteThread;
let server: RunningServer;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mj-db-thread-'));
  thread = new PGliteThread(dir);
  server = await testServer({
    store: await openStore({ kind: 'pglite', dataDir: dir, thread }),
    rateLimit: { perSecond: 1000, burst: 1000 },
  });
});
afterAll(async () => {
  await server?.close();
  await rm(dir, { recursive: true, force: true });
});

it('a lost database thread pauses the table, and a new one lets it resume and finish with nothing lost', async () => {
  const match = await playingMatch(server.url);
  const { ann } = match;

  await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await ann.waitFor(() => notices(ann, 'ledger/paused') >= 1, 20_000);
  await ann.waitFor(() => notices(ann, 'ledger/resumed') >= 1, 60_000);

  await finishMatchAndCheck(server.url, match);
});
