/**
 * Structured logs with the table on every line: a room logs through a child of the server's
 * logger bound to `{ table: code }`, so its lines carry the code without each call passing it.
 * A real server on an embedded ledger that the test makes refuse one write of one table
 * (FlakyStore): that table's pause and resume lines name it; the other table's name nothing
 * of the sort.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import { FlakyStore } from './flaky-store.js';
import { api, createTable, testServer } from './helpers.js';
import { logSink } from './log-sink.js';

const log = logSink();
const logged = log.lines;
let flaky: FlakyStore;
let server: RunningServer;

beforeAll(async () => {
  flaky = new FlakyStore(await openStore({ kind: 'pglite', dataDir: null }));
  server = await testServer({ store: flaky, logger: log.logger });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A table of four bots, not started yet (bots with no delay play a match in moments). */
async function botTable(): Promise<{ code: string; matchId: string; start: () => Promise<void> }> {
  const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3] });
  const start = async () => {
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, {}, t.hostToken)).status).toBe(200);
  };
  return { code: t.code, matchId: t.table.matchId, start };
}

async function until(what: string, ok: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`no ${what} in ${ms} ms: ${JSON.stringify(logged.slice(-10))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('room logs', () => {
  it("a room's lines carry its table code without each call passing it", async () => {
    const a = await botTable();
    const b = await botTable();
    // One action of table a (after the deal) cannot be stored: a pauses; once it can, a is
    // rebuilt from the ledger and resumes.
    let bad: number | null = null;
    flaky.refuse = (w) => {
      if (w.kind !== 'action' || w.matchId !== a.matchId || w.row.seq < 5) return false;
      bad ??= w.row.seq;
      return w.row.seq === bad;
    };
    await Promise.all([a.start(), b.start()]);
    await until('pause', () => logged.some((l) => String(l.msg).startsWith('ledger write failed')));
    flaky.refuse = null;
    await until('resume', () => logged.some((l) => l.msg === 'table resumed from the ledger'));

    const paused = logged.filter((l) => String(l.msg).startsWith('ledger write failed: table paused'));
    expect(paused.length).toBe(1);
    const back = logged.filter((l) => l.msg === 'table resumed from the ledger');
    for (const line of [...paused, ...back]) expect(line.table, JSON.stringify(line)).toBe(a.code);
    expect(logged.some((l) => l.table === b.code)).toBe(false);
    // The binding is the room's logger's, not each call's.
    expect(server.tables.get(a.code)?.log.bindings()).toEqual({ table: a.code });
    expect(server.tables.get(b.code)?.log.bindings()).toEqual({ table: b.code });
  }, 60_000);
});
