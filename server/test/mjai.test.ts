/**
 * Outside AI seats through a real server: riichi matches where seats are given to mjai commands
 * run as separate processes (`server/src/mjai/README.md`). Each match starts at East 4 of an
 * east-only match, so that it lasts a hand or a few.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CreateTableResponse, Seat, TableInfo } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { type MjaiEvent, toMjai } from '../src/logs/mjai.js';
import { recordMatch } from '../src/logs/record.js';
import type { EngineInternals } from '../src/table/engine.js';
import type { MatchConfig, TableEvent } from '../src/table/index.js';
import { MJAI_DEFAULTS, type MjaiBotSpec } from '../src/mjai/config.js';
import { maskFor } from '../src/mjai/table.js';
import { api, createTable, FAST_OPTIONS, TestClient, testServer } from './helpers.js';
import { logSink } from './log-sink.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');
const FIXTURE = path.join(ROOT, 'server/test/fixtures/mjai-misbehave.ts');
const dir = mkdtempSync(path.join(tmpdir(), 'mjai-'));
const RECORD = path.join(dir, 'seat2.jsonl');
const HOG = path.join(ROOT, 'server/test/fixtures/mjai-memory-hog.mjs');
const HOG_PID = path.join(dir, 'hog.pid');
/** The hog's limit: Node alone is resident in about 40-50 MB; the hog passes this within a second. */
const HOG_LIMIT_MB = 128;

const spec = (name: string, command: string, args: string[], timeoutMs = 10_000): MjaiBotSpec => ({
  ...MJAI_DEFAULTS,
  name,
  command,
  args,
  cwd: ROOT,
  timeoutMs,
  // The processes start beside a busy suite: tsx may take seconds.
  startupMs: 30_000,
});

const MODES = ['garbage', 'wrong-seat', 'flood', 'silent', 'exits', 'illegal'] as const;
const BOTS: MjaiBotSpec[] = [
  spec('project', 'npm', ['run', '--silent', 'mjai-bot', '--']),
  spec('recorder', TSX, [FIXTURE, 'record', RECORD]),
  ...MODES.map((m) => spec(m, TSX, [FIXTURE, m], 600)),
  // The timeouts of a real bot: the seat must not wait them out once its process is killed.
  { ...spec('hog', process.execPath, [HOG, HOG_PID]), memoryMb: HOG_LIMIT_MB },
];

const INTERNALS: EngineInternals = {
  firstHand: { round: 0, dealer: 3, scores: [25000, 25000, 25000, 25000], honba: 0, sticks: 0 },
};

/** What the log lines said (pino's JSON lines). */
const log = logSink();
const logged = log.lines;
let server: RunningServer;

beforeAll(async () => {
  server = await testServer({
    mjaiBots: BOTS,
    logger: log.logger,
    // East 4 of an east-only match: the last hand (more only when the dealer keeps the deal).
    engineInternals: INTERNALS,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A riichi table with `ai` seats given to outside AIs and the rest to the built-in bot, started. */
async function playWith(
  ai: Partial<Record<Seat, string>>,
  beforeStart?: (code: string) => Promise<void>,
): Promise<CreateTableResponse> {
  const t = await createTable(server.url, {
    ruleset: 'riichi-modern',
    rounds: 1,
    options: { ...FAST_OPTIONS, turnSeconds: 60, claimSeconds: 30 },
    bots: [0, 1, 2, 3].filter((s) => ai[s as Seat] === undefined) as Seat[],
  });
  for (const [seat, name] of Object.entries(ai)) {
    const r = await api(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: Number(seat), ai: name }, t.hostToken);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  }
  await beforeStart?.(t.code);
  const s = await api(server.url, 'POST', `/api/tables/${t.code}/start`, {}, t.hostToken);
  expect(s.status).toBe(200);
  return t;
}

async function over(code: string, timeoutMs = 50_000): Promise<TableInfo> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await api<TableInfo>(server.url, 'GET', `/api/tables/${code}`);
    if (r.body.status === 'over') return r.body;
    if (Date.now() > until) throw new Error(`table ${code} still ${r.body.status}`);
    await new Promise((f) => setTimeout(f, 200));
  }
}

const linesOf = (code: string, seat: number) =>
  logged.filter((l) => l.table === code && l.seat === seat && String(l.msg).startsWith('mjai:'));

describe('outside AI seats (mjai)', () => {
  it('the host gives a seat only to an AI of the server list, at a riichi table', async () => {
    expect((await api<{ ai: string[] }>(server.url, 'GET', '/api/ai')).body.ai).toContain('project');
    const t = await createTable(server.url, { ruleset: 'riichi-modern' });
    const bad = await api(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 1, ai: 'nobody' }, t.hostToken);
    expect(bad.status).toBe(400);
    const path_ = await api(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 1, ai: '../bin/sh' }, t.hostToken);
    expect(path_.status).toBe(400);
    const hk = await createTable(server.url, { ruleset: 'hk-new' });
    const r = await api(server.url, 'POST', `/api/tables/${hk.code}/bot`, { seat: 1, ai: 'project' }, hk.hostToken);
    expect(r.status).toBe(400);
    const info = await api<TableInfo>(server.url, 'GET', `/api/tables/${t.code}`);
    expect(info.body.seats[1]?.bot).toBe(false);
    // Given: the ledger keeps which AI plays the seat (a restart starts it again).
    const given = await api<TableInfo>(
      server.url,
      'POST',
      `/api/tables/${t.code}/bot`,
      { seat: 2, ai: 'project' },
      t.hostToken,
    );
    expect(given.body.seats[2]).toMatchObject({ bot: true, ai: 'project' });
    expect((await server.store.loadMatchByCode(t.code))?.seats[2]?.ai).toBe('project');
  });

  it("a match with a seat played by npm run mjai-bot (and one by a recorder) plays to the end; each AI sees only its seat's tiles", async () => {
    const t = await playWith({ 0: 'project', 2: 'recorder' });
    const info = await over(t.code);
    for (const seat of [0, 2]) {
      expect(info.seats[seat]?.ai).toBeDefined();
      expect(info.seats[seat]?.aiFallbacks, JSON.stringify(linesOf(t.code, seat))).toBeUndefined();
    }
    // The recorder's stream is the match's mjai export as seat 2 may see it, event for event.
    const room = server.tables.get(t.code);
    const config = room?.config();
    const log = await server.store.loadLog(info.matchId);
    const entries = log.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
    const all = toMjai(recordMatch(config as MatchConfig, entries, INTERNALS));
    // The match is over for the server once its ledger says so; the recorder is another process
    // and writes the last events (hora, end_kyoku, end_game) when it gets to them.
    const read = () =>
      readFileSync(RECORD, 'utf8')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as MjaiEvent);
    const until = Date.now() + 15_000;
    while (read().at(-1)?.type !== 'end_game' && Date.now() < until) await new Promise((f) => setTimeout(f, 50));
    const seen = read();
    const start = seen[0] as MjaiEvent;
    expect(start.type).toBe('start_game');
    const expected = all.slice(1).map((e) => maskFor(e, 2));
    expect(seen.slice(1)).toEqual(expected);
    let hidden = 0;
    for (const e of seen) {
      if (e.type === 'tsumo' && e.actor !== 2) expect(e.pai).toBe('?');
      if (e.type === 'start_kyoku') {
        const tehais = e.tehais as string[][];
        for (const s of [0, 1, 3]) expect(new Set(tehais[s])).toEqual(new Set(['?']));
        expect(tehais[2]?.includes('?')).toBe(false);
      }
      if (e.type === 'tsumo' && e.pai === '?') hidden += 1;
    }
    expect(hidden).toBeGreaterThan(10);
  }, 90_000);

  it('AIs that misbehave in every way: the matches end, each fallback is logged and shown', async () => {
    const a = await playWith({ 0: 'garbage', 1: 'wrong-seat', 2: 'flood', 3: 'silent' });
    const b = await playWith({ 0: 'exits', 1: 'illegal' });
    const [ia, ib] = await Promise.all([over(a.code), over(b.code)]);
    const expectations: [string, Seat, TableInfo, RegExp][] = [
      [a.code, 0, ia, /garbage: not JSON/],
      [a.code, 1, ia, /an answer for seat 2, not 1/],
      [a.code, 2, ia, /flood: a line over the limit/],
      [a.code, 3, ia, /no answer in 600 ms/],
      [b.code, 0, ib, /exited \(status 3\)/],
      [b.code, 1, ib, /not offered now/],
    ];
    for (const [code, seat, info, why] of expectations) {
      const lines = linesOf(code, seat);
      expect(
        lines.some((l) => why.test(String(l.reason))),
        `${code} seat ${seat}: ${JSON.stringify(lines)}`,
      ).toBe(true);
      expect(info.seats[seat]?.aiFallbacks).toBeGreaterThan(0);
    }
    // A process that never answers is stopped after three decisions in a row.
    expect(linesOf(a.code, 3).some((l) => /never answers/.test(String(l.reason)))).toBe(true);
  }, 90_000);

  it("an AI's fallbacks are shown between hands only (one shown in a claim window would tell it could claim)", async () => {
    let watcher: TestClient | undefined;
    const t = await playWith({ 0: 'illegal', 2: 'garbage' }, async (code) => {
      watcher = await TestClient.open(server.url, code);
    });
    await over(t.code);
    await watcher!.roundTrip();
    // The phase of the view the spectator held whenever a table message changed the marks.
    let phase: string | undefined;
    let marks = '[]';
    const changedIn: (string | undefined)[] = [];
    for (const m of watcher!.messages) {
      if (m.type === 'view') phase = m.view.phase;
      if (m.type !== 'table') continue;
      const now = JSON.stringify(m.table.seats.map((x) => x.aiFallbacks ?? 0));
      if (now !== marks && now !== '[0,0,0,0]') changedIn.push(phase);
      marks = now;
    }
    expect(changedIn.length).toBeGreaterThan(0);
    expect(changedIn.filter((p) => p === 'playing')).toEqual([]);
    const info = (await api<TableInfo>(server.url, 'GET', `/api/tables/${t.code}`)).body;
    expect(info.seats[0]?.aiFallbacks).toBeGreaterThan(0);
    expect(info.seats[2]?.aiFallbacks).toBeGreaterThan(0);
    watcher!.close();
  }, 60_000);

  it('an AI over its memory limit is killed, and the built-in bot plays its seat to the end', async () => {
    const t = await playWith({ 1: 'hog' });
    // Well under the hog's decision timeout plus startup (40 s): the seat waits for no dead process.
    const info = await over(t.code, 20_000);
    const pid = Number(readFileSync(HOG_PID, 'utf8'));
    expect(pid).toBeGreaterThan(0);
    expect(existsSync(`/proc/${pid}`), `process ${pid} is still there`).toBe(false);
    const gone = linesOf(t.code, 1).filter((l) => String(l.msg).startsWith('mjai: the AI process is gone'));
    expect(gone.map((l) => l.reason)).toEqual([expect.stringMatching(/^over its memory limit \(\d+ MB\)$/)]);
    expect(Number(/\((\d+) MB\)/.exec(String(gone[0]?.reason))?.[1])).toBeGreaterThan(HOG_LIMIT_MB);
    expect(gone[0]?.level).toBe(40);
    expect(info.seats[1]).toMatchObject({ ai: 'hog', aiFallbacks: expect.any(Number) });
    expect(info.seats[1]?.aiFallbacks).toBeGreaterThan(0);
  }, 60_000);
});
