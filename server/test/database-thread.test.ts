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
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import { PGliteThread } from '../src/store/pglite-thread.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';
import { checkAgainstLedger, viewsIn } from './ledger-check.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 180_000 });

const notices = (c: TestClient, code: string) =>
  c.messages.filter((m: ServerMessage) => m.type === 'notice' && m.code === code).length;
const discards = (c: TestClient) => c.view?.seats.reduce((n, s) => n + s.discards.length, 0) ?? 0;

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
  const t = await createTable(server.url, { rounds: 1, bots: [1, 2, 3] });
  const j = await join(server.url, t.code, 'Ann', 0);
  const ann = await TestClient.open(server.url, t.code, j.token, { autoplay: true });
  const spectator = await TestClient.open(server.url, t.code);
  expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
  await spectator.waitFor(() => discards(spectator) >= 6, 60_000);

  await (thread as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
  await ann.waitFor(() => notices(ann, 'ledger/paused') >= 1, 20_000);
  await ann.waitFor(() => notices(ann, 'ledger/resumed') >= 1, 60_000);

  await spectator.waitFor(() => spectator.view?.phase === 'matchOver', 150_000);
  await ann.waitFor(() => ann.view?.phase === 'matchOver', 20_000);
  const check = await checkAgainstLedger(server.url, t.table.matchId, [
    ...viewsIn(ann.messages),
    ...viewsIn(spectator.messages),
  ]);
  expect(check.mismatches).toEqual([]);
  expect(check.checked).toBeGreaterThan(20);
  ann.close();
  spectator.close();
});
