/**
 * The adversarial runs, from outside the server: real server processes (server/src/main.ts),
 * real databases, the project's own clients. Each returns figures and the problems it found
 * (an empty list when all is well). Used by the test suite (short runs) and by
 * `npm run adversarial` (long runs; scripts/adversarial.ts).
 *
 * - killLoop: SIGKILL the server again and again during play (some right at a match's end),
 *   restart it at once on the same database; every client comes back, every finished table
 *   answers its final view, every view any client saw is in the ledger, every match restores.
 * - outage: PostgreSQL behind a TCP proxy that is cut for some seconds during live play; every
 *   table pauses and resumes, finishes its match, and every view seen is in the ledger.
 * - restoreRace: the owner of the tables is killed and two processes start at once: each table
 *   is restored by exactly one of them, and nothing collides in the ledger.
 * - redisOutage: a private Redis stopped for some seconds under two live processes: nothing dies,
 *   every match finishes, the other process's sockets get views again.
 * - failover: three live processes share PostgreSQL and Redis; one is SIGKILLed mid-hand and the
 *   two others take its tables over (no restart): every table finishes on the survivors, each
 *   held by exactly one of them, and every view any client saw is in the ledger.
 * - redisAway: `WORKERS=2 npm start` with Redis not there at start, then there, then killed with
 *   a worker: no worker dies of it (deaths counted), both serve without it and with it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TableView } from '@mahjong/shared';
import { type ChildServer, spawnServer, startChildServer } from './child.js';
import { api, createTable, FAST_OPTIONS, join, TestClient } from './helpers.js';
import { checkAgainstLedger, viewsIn } from './ledger-check.js';
import { createTestDatabase, PG_URL } from './pg.js';
import { RedisServer } from './redis-server.js';
import { TcpProxy } from './tcp-proxy.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const SECRET = 'adversarial-secret';
/**
 * Bots at machine speed; the servers' logs only when asked (ADVERSARIAL_LOG=warn): the runs
 * provoke failures on purpose, and every one is logged. Every client comes from this one
 * address, so the per-address limits (tested on their own) are lifted.
 */
const FAST_CLIENTS_ENV = { BOT_DELAY_MS: '0', LOG_LEVEL: process.env.ADVERSARIAL_LOG ?? 'fatal', LIMITS: 'off' };

export type Database = 'pglite' | 'postgres';

interface Health {
  owner?: string;
  tables: number;
  paused: { code: string }[];
  restoreFailures: { code: string }[];
  ledger: { rejected: number; failures: number };
}

/** A place for the ledger: a fresh PGlite folder or a fresh PostgreSQL database. */
async function database(
  db: Database,
): Promise<{ env: Record<string, string>; url: string | null; drop: () => Promise<void> }> {
  if (db === 'pglite') {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-adv-'));
    return { env: { DATA_DIR: dir }, url: null, drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const dir = await mkdtemp(path.join(tmpdir(), 'mj-adv-'));
  const pg = await createTestDatabase(`mj_adv_${randomBytes(4).toString('hex')}`);
  return {
    env: { DATA_DIR: dir, DATABASE_URL: pg.url },
    url: pg.url,
    drop: async () => {
      await pg.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

interface Table {
  readonly code: string;
  readonly matchId: string;
  readonly token: string;
  /** The host's token (ends the match when a run stops early). */
  readonly hostToken: string;
  /** Views every client of this table received, over all the server's lives. */
  readonly views: TableView[];
  over: boolean;
}

async function newTable(url: string, options: Record<string, unknown> = {}): Promise<Table> {
  const t = await createTable(url, { rounds: 1, bots: [1, 2, 3], options: { ...FAST_OPTIONS, ...options } });
  const j = await join(url, t.code, 'Ann', 0);
  const started = await api(url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken);
  if (started.status !== 200) throw new Error(`start: ${started.status}`);
  return { code: t.code, matchId: t.table.matchId, token: j.token, hostToken: t.hostToken, views: [], over: false };
}

/** A seat client (playing) and a spectator for a table; problems when the table is not there. */
async function attach(url: string, table: Table, problems: string[]): Promise<TestClient[]> {
  const clients = [
    await TestClient.open(url, table.code, table.token, { autoplay: true }),
    await TestClient.open(url, table.code),
  ];
  for (const c of clients) {
    // (A playing client's early move may rightly be refused as stale; the hello may not be.)
    const refused = c.refusals().find((r) => !r.code.startsWith('act/'));
    if (refused) problems.push(`${table.code}: hello refused (${refused.code}) after a restart`);
  }
  return clients;
}

function detach(table: Table, clients: readonly TestClient[]): void {
  for (const c of clients) {
    table.views.push(...viewsIn(c.messages));
    if (c.view?.phase === 'matchOver') table.over = true;
    c.close();
  }
}

export interface KillLoopReport {
  readonly db: Database;
  readonly kills: number;
  readonly killsAtMatchEnd: number;
  /** Tables that had just finished when the server was killed and answered their final view after. */
  readonly finalViewsAfterKill: number;
  readonly matches: number;
  readonly viewsChecked: number;
  readonly logEntries: number;
  /** From SIGKILL to the new process listening (ms). */
  readonly restartMs: { median: number; max: number };
  readonly problems: string[];
}

/**
 * `kills` SIGKILLs during play of `tables` tables (one in three right after a match ended), each
 * followed at once by a restart on the same database.
 */
export async function killLoop(options: {
  db: Database;
  kills: number;
  tables?: number;
  log?: (s: string) => void;
}): Promise<KillLoopReport> {
  const log = options.log ?? (() => {});
  const store = await database(options.db);
  const env = { ...store.env, SECRET, ...FAST_CLIENTS_ENV };
  const problems: string[] = [];
  const all: Table[] = [];
  const restarts: number[] = [];
  let killsAtEnd = 0;
  let finalViews = 0;
  let child: ChildServer = await startChildServer(env);
  try {
    for (let k = 1; k <= options.kills; k += 1) {
      // Keep `tables` matches going.
      while (all.filter((t) => !t.over).length < (options.tables ?? 3)) all.push(await newTable(child.url));
      const live = new Map<Table, TestClient[]>();
      for (const t of all.filter((x) => !x.over)) live.set(t, await attach(child.url, t, problems));
      const atEnd = k % 3 === 0;
      if (atEnd) {
        // Right after a match ends: the moment its last view was sent.
        const spectators = [...live.values()].map((c) => c[1]!);
        await Promise.race(
          spectators.map((s) => s.waitFor(() => s.view?.phase === 'matchOver', 120_000).catch(() => {})),
        );
        killsAtEnd += 1;
      } else await sleep(300 + Math.floor(Math.random() * 1700));
      child.proc.kill('SIGKILL');
      const killedAt = performance.now();
      for (const [t, clients] of live) detach(t, clients);
      // At once, without waiting for the old process to be reaped.
      child = await startChildServer(env);
      restarts.push(performance.now() - killedAt);
      const health = await api<Health>(child.url, 'GET', '/healthz');
      for (const f of health.body.restoreFailures) problems.push(`restore failed: ${f.code}`);
      // Tables that ended before the kill answer their final view.
      for (const t of live.keys()) {
        if (!t.over) continue;
        const c = await TestClient.open(child.url, t.code, t.token);
        if (c.view?.phase === 'matchOver') finalViews += 1;
        else problems.push(`${t.code}: finished before the kill, then ${c.refusals()[0]?.code ?? c.view?.phase}`);
        c.close();
      }
      log(
        `kill ${k}/${options.kills} (${options.db}${atEnd ? ', at a match end' : ''}): restarted in ${Math.round(restarts[restarts.length - 1]!)} ms`,
      );
    }
    // The last life: every match plays to its end.
    const live = new Map<Table, TestClient[]>();
    for (const t of all.filter((x) => !x.over)) live.set(t, await attach(child.url, t, problems));
    await Promise.all(
      [...live.values()].map(([, s]) => s!.waitFor(() => s!.view?.phase === 'matchOver', 240_000).catch(() => {})),
    );
    for (const [t, clients] of live) detach(t, clients);
    let viewsChecked = 0;
    let logEntries = 0;
    for (const t of all) {
      if (!t.over) problems.push(`${t.code}: did not finish`);
      const check = await checkAgainstLedger(child.url, t.matchId, t.views);
      viewsChecked += check.checked;
      logEntries += check.frames;
      problems.push(...check.mismatches.slice(0, 5).map((m) => `${t.code}: ${m}`));
    }
    const sorted = [...restarts].sort((a, b) => a - b);
    return {
      db: options.db,
      kills: options.kills,
      killsAtMatchEnd: killsAtEnd,
      finalViewsAfterKill: finalViews,
      matches: all.length,
      viewsChecked,
      logEntries,
      restartMs: {
        median: Math.round(sorted[Math.floor(sorted.length / 2)] ?? 0),
        max: Math.round(sorted[sorted.length - 1] ?? 0),
      },
      problems,
    };
  } finally {
    child.proc.kill('SIGKILL');
    await child.exited;
    await store.drop();
  }
}

export interface OutageReport {
  readonly tables: number;
  readonly cutSeconds: number;
  /** Tables paused during the cut (from /healthz). */
  readonly pausedDuringCut: number;
  /** Answer to a table created during the cut. */
  readonly createDuringCut: number;
  readonly viewsChecked: number;
  readonly logEntries: number;
  readonly rejectedWrites: number;
  readonly problems: string[];
}

/** PostgreSQL behind a proxy cut for `cutSeconds` while `tables` tables play. */
export async function outage(options: {
  tables: number;
  cutSeconds: number;
  log?: (s: string) => void;
}): Promise<OutageReport> {
  const log = options.log ?? (() => {});
  const store = await database('postgres');
  const target = new URL(PG_URL);
  const proxy = await TcpProxy.start({ host: target.hostname, port: Number(target.port || 5432) });
  const viaProxy = new URL(store.url!);
  viaProxy.host = `127.0.0.1:${proxy.port}`;
  const problems: string[] = [];
  const child = await startChildServer({
    ...store.env,
    DATABASE_URL: viaProxy.toString(),
    SECRET,
    ...FAST_CLIENTS_ENV,
  });
  try {
    const tables: Table[] = [];
    // Longer turns, so that a match is still being played after the cut.
    for (let i = 0; i < options.tables; i += 1) tables.push(await newTable(child.url));
    const live = new Map<Table, TestClient[]>();
    for (const t of tables) live.set(t, await attach(child.url, t, problems));
    await Promise.all(
      [...live.values()].map(([, s]) =>
        s!.waitFor(() => (s!.view?.seats.reduce((n, x) => n + x.discards.length, 0) ?? 0) >= 4, 120_000),
      ),
    );
    const playing = [...live.values()].filter(([, s]) => s!.view?.phase !== 'matchOver').length;
    proxy.cut();
    log(`cut (${options.tables} tables playing)`);
    // Every table that writes during the cut pauses (each has a timer, so each writes soon).
    const cutAt = Date.now();
    const pausedCodes = new Set<string>();
    let created: { status: number } | null = null;
    while (Date.now() - cutAt < options.cutSeconds * 1000) {
      const health = await api<Health>(child.url, 'GET', '/healthz');
      for (const p of health.body.paused) pausedCodes.add(p.code);
      if (created === null && Date.now() - cutAt > 1000) created = await api(child.url, 'POST', '/api/tables', {});
      await sleep(500);
    }
    proxy.heal();
    log(`healed after ${options.cutSeconds} s; ${pausedCodes.size} tables paused meanwhile`);
    const progress = setInterval(() => {
      const seqs = [...live.values()].map(([, s]) => `${s!.view?.phase ?? '?'}@${s!.view?.seq ?? 0}`);
      log(`after the cut: ${seqs.join(' ')}`);
    }, 15_000);
    await Promise.all(
      [...live.values()].map(([, s]) => s!.waitFor(() => s!.view?.phase === 'matchOver', 300_000).catch(() => {})),
    );
    clearInterval(progress);
    for (const [t, clients] of live) detach(t, clients);
    let viewsChecked = 0;
    let logEntries = 0;
    for (const t of tables) {
      if (!t.over) problems.push(`${t.code}: did not finish`);
      const check = await checkAgainstLedger(child.url, t.matchId, t.views);
      viewsChecked += check.checked;
      logEntries += check.frames;
      problems.push(...check.mismatches.slice(0, 5).map((m) => `${t.code}: ${m}`));
    }
    const after = await api<Health>(child.url, 'GET', '/healthz');
    if (after.body.paused.length > 0) problems.push(`${after.body.paused.length} tables still paused`);
    if (created?.status !== 503) problems.push(`a table created during the cut got ${created?.status}`);
    if (pausedCodes.size < playing)
      problems.push(`${pausedCodes.size} of ${playing} playing tables paused during the cut`);
    return {
      tables: options.tables,
      cutSeconds: options.cutSeconds,
      pausedDuringCut: pausedCodes.size,
      createDuringCut: created?.status ?? 0,
      viewsChecked,
      logEntries,
      rejectedWrites: after.body.ledger.rejected,
      problems,
    };
  } finally {
    child.proc.kill('SIGTERM');
    await child.exited;
    await proxy.close();
    await store.drop();
  }
}

export interface RestoreRaceReport {
  readonly tables: number;
  /** Tables restored by each of the two processes. */
  readonly restored: [number, number];
  readonly problems: string[];
}

/** Kill the owner of `tables` bot tables, start two processes at once on the same PostgreSQL (and Redis). */
export async function restoreRace(options: { tables: number; redisUrl?: string }): Promise<RestoreRaceReport> {
  const store = await database('postgres');
  const env: Record<string, string> = {
    ...store.env,
    SECRET,
    BOT_DELAY_MS: '100',
    LOG_LEVEL: process.env.ADVERSARIAL_LOG ?? 'fatal',
    LIMITS: 'off',
    // Its own key: processes of another suite on the same Redis are not its peers.
    ...(options.redisUrl
      ? { REDIS_URL: options.redisUrl, REDIS_KEY: `mj-restore-${randomBytes(4).toString('hex')}` }
      : {}),
  };
  const problems: string[] = [];
  const children: ChildServer[] = [];
  try {
    const a = await startChildServer(env);
    children.push(a);
    const codes: { code: string; matchId: string }[] = [];
    for (let i = 0; i < options.tables; i += 1) {
      const t = await createTable(a.url, { rounds: 1, bots: [0, 1, 2, 3], options: FAST_OPTIONS });
      await api(a.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken);
      codes.push({ code: t.code, matchId: t.table.matchId });
    }
    await sleep(1500);
    a.proc.kill('SIGKILL');
    await a.exited;
    const [b, c] = await Promise.all([startChildServer(env), startChildServer(env)]);
    children.push(b!, c!);
    const [hb, hc] = await Promise.all([b, c].map((s) => api<Health>(s!.url, 'GET', '/healthz')));
    const restored: [number, number] = [hb!.body.tables, hc!.body.tables];
    if (restored[0] + restored[1] !== options.tables) {
      problems.push(`${restored[0]} + ${restored[1]} tables restored, not ${options.tables}`);
    }
    // Every match plays to its end, each in one process, with a whole log.
    const deadline = Date.now() + 300_000;
    for (const { code, matchId } of codes) {
      for (;;) {
        const info = await api<{ status: string }>(b!.url, 'GET', `/api/tables/${code}`);
        if (info.body.status === 'over') break;
        if (Date.now() > deadline) {
          problems.push(`${code}: still ${info.body.status}`);
          break;
        }
        await sleep(500);
      }
      const check = await checkAgainstLedger(b!.url, matchId, []);
      problems.push(...check.mismatches.map((m) => `${code}: ${m}`));
    }
    for (const s of [b!, c!]) {
      const h = await api<Health>(s.url, 'GET', '/healthz');
      if (h.body.ledger.rejected > 0) problems.push(`${h.body.ledger.rejected} ledger writes refused`);
    }
    return { tables: options.tables, restored, problems };
  } finally {
    for (const s of children) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGTERM');
    await Promise.all(children.map((s) => s.exited));
    await store.drop();
  }
}

export interface FailoverReport {
  readonly processes: number;
  readonly tables: number;
  /** Tables the killed process held when it died. */
  readonly orphaned: number;
  /** From SIGKILL until the survivors hold every table between them (ms). */
  readonly takeoverMs: number;
  readonly viewsChecked: number;
  readonly logEntries: number;
  readonly problems: string[];
}

/**
 * `processes` servers on one PostgreSQL and one Redis (a key of their own), `tables` tables
 * created round-robin on them (each with a playing client and a spectator on another process);
 * after `playMs` the first process is SIGKILLed. The clients come back on the survivors (as
 * pages do, to whichever process the proxy picks) and every match plays to its end.
 */
export async function failover(options: {
  processes?: number;
  tables: number;
  playMs?: number;
  redisUrl: string;
  log?: (s: string) => void;
}): Promise<FailoverReport> {
  const log = options.log ?? (() => {});
  const n = options.processes ?? 3;
  const store = await database('postgres');
  const env: Record<string, string> = {
    ...store.env,
    SECRET,
    BOT_DELAY_MS: '50',
    LOG_LEVEL: process.env.ADVERSARIAL_LOG ?? 'fatal',
    LIMITS: 'off',
    REDIS_URL: options.redisUrl,
    REDIS_KEY: `mj-failover-${randomBytes(4).toString('hex')}`,
  };
  const problems: string[] = [];
  const servers = await Promise.all(Array.from({ length: n }, () => startChildServer(env)));
  try {
    const all: { table: Table; home: number }[] = [];
    for (let i = 0; i < options.tables; i += 1) {
      // Slower turns than FAST_OPTIONS: a match must outlive the kill.
      all.push({ table: await newTable(servers[i % n]!.url, { turnSeconds: 3 }), home: i % n });
    }
    const live = new Map<Table, TestClient[]>();
    for (const { table, home } of all) live.set(table, await attach(servers[(home + 1) % n]!.url, table, problems));
    await sleep(options.playMs ?? 2000);
    const victim = servers[0]!;
    const survivors = servers.slice(1);
    victim.proc.kill('SIGKILL');
    const killedAt = performance.now();
    const orphaned = all.filter((t) => t.home === 0 && !t.table.over).length;
    for (const [t, clients] of live) detach(t, clients);
    // The pages come back at once, spread over the survivors.
    const back = new Map<Table, TestClient[]>();
    let i = 0;
    for (const { table } of all.filter((t) => !t.table.over)) {
      back.set(table, await attach(survivors[i++ % survivors.length]!.url, table, problems));
    }
    // Every table held by exactly one survivor.
    let takeoverMs = -1;
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const held = await Promise.all(survivors.map((s) => api<Health>(s.url, 'GET', '/healthz')));
      const total = held.reduce((sum, h) => sum + h.body.tables, 0);
      if (total === all.length) {
        takeoverMs = Math.round(performance.now() - killedAt);
        break;
      }
      if (total > all.length) problems.push(`${total} tables held by the survivors, more than ${all.length}`);
      await sleep(100);
    }
    if (takeoverMs < 0) problems.push('the survivors did not take every table over within 30 s');
    log(`killed 1 of ${n} processes holding ${orphaned} live tables; taken over in ${takeoverMs} ms`);
    await Promise.all(
      [...back.values()].map(([, s]) => s!.waitFor(() => s!.view?.phase === 'matchOver', 240_000).catch(() => {})),
    );
    for (const [t, clients] of back) detach(t, clients);
    let viewsChecked = 0;
    let logEntries = 0;
    for (const { table } of all) {
      if (!table.over) problems.push(`${table.code}: did not finish`);
      const check = await checkAgainstLedger(survivors[0]!.url, table.matchId, table.views);
      viewsChecked += check.checked;
      logEntries += check.frames;
      problems.push(...check.mismatches.slice(0, 5).map((m) => `${table.code}: ${m}`));
    }
    const held = await Promise.all(survivors.map((s) => api<Health>(s.url, 'GET', '/healthz')));
    const total = held.reduce((sum, h) => sum + h.body.tables, 0);
    if (total !== all.length) problems.push(`at the end the survivors hold ${total} tables, not ${all.length}`);
    for (const h of held)
      if (h.body.ledger.rejected > 0) problems.push(`${h.body.ledger.rejected} ledger writes refused`);
    return { processes: n, tables: all.length, orphaned, takeoverMs, viewsChecked, logEntries, problems };
  } finally {
    for (const s of servers) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => s.exited));
    await store.drop();
  }
}

export interface RedisOutageReport {
  readonly tables: number;
  readonly cutSeconds: number;
  /** Views the clients connected to the other process received after Redis came back. */
  readonly remoteViewsAfter: number;
  readonly viewsChecked: number;
  readonly problems: string[];
}

/**
 * Two server processes on one PostgreSQL and a private Redis (started here on a port of its own),
 * `tables` tables on process A, each with a playing client on A and a spectator on B (whose views
 * come through Redis). Redis is stopped for `cutSeconds` during play and started again: neither
 * process dies, every match finishes, B's spectators get views again, and every view seen is in
 * the ledger.
 */
export async function redisOutage(options: {
  tables: number;
  cutSeconds: number;
  log?: (s: string) => void;
}): Promise<RedisOutageReport> {
  const log = options.log ?? (() => {});
  const redis = await (await RedisServer.on()).start();
  const store = await database('postgres');
  const env: Record<string, string> = {
    ...store.env,
    SECRET,
    BOT_DELAY_MS: '150',
    LOG_LEVEL: process.env.ADVERSARIAL_LOG ?? 'fatal',
    LIMITS: 'off',
    REDIS_URL: redis.url,
  };
  const problems: string[] = [];
  const [a, b] = await Promise.all([startChildServer(env), startChildServer(env)]);
  try {
    const tables: { table: Table; player: TestClient; spectator: TestClient }[] = [];
    for (let i = 0; i < options.tables; i += 1) {
      const table = await newTable(a!.url, { turnSeconds: 3 });
      const player = await TestClient.open(a!.url, table.code, table.token, { autoplay: true });
      const spectator = await TestClient.open(b!.url, table.code);
      if (spectator.role !== 'spectator') problems.push(`${table.code}: spectator on B refused`);
      tables.push({ table, player, spectator });
    }
    await sleep(1500);
    await redis.stop();
    log(`redis stopped for ${options.cutSeconds} s`);
    await sleep(options.cutSeconds * 1000);
    await redis.start();
    const cutEndedAt = tables.map((t) => t.spectator.messages.length);
    await Promise.all(
      tables.map(({ player }) => player.waitFor(() => player.view?.phase === 'matchOver', 240_000).catch(() => {})),
    );
    let remoteViewsAfter = 0;
    let viewsChecked = 0;
    for (const [i, { table, player, spectator }] of tables.entries()) {
      if (player.view?.phase !== 'matchOver') problems.push(`${table.code}: did not finish`);
      // B's spectator: views arrive again once Redis is back, and a sync gives the final table.
      remoteViewsAfter += viewsIn(spectator.messages.slice(cutEndedAt[i])).length;
      spectator.send({ type: 'sync' });
      await spectator
        .waitFor(() => spectator.view?.phase === 'matchOver', 20_000)
        .catch(() => problems.push(`${table.code}: the spectator on B did not get the final view`));
      const views = [...viewsIn(player.messages), ...viewsIn(spectator.messages)];
      const check = await checkAgainstLedger(a!.url, table.matchId, views);
      viewsChecked += check.checked;
      problems.push(...check.mismatches.slice(0, 5).map((m) => `${table.code}: ${m}`));
      player.close();
      spectator.close();
    }
    if (remoteViewsAfter === 0) problems.push('no view reached process B after Redis came back');
    for (const s of [a!, b!]) {
      if (s.proc.exitCode !== null || s.proc.signalCode !== null)
        problems.push(`a server process died (${s.proc.exitCode ?? s.proc.signalCode})`);
    }
    return { tables: tables.length, cutSeconds: options.cutSeconds, remoteViewsAfter, viewsChecked, problems };
  } finally {
    for (const s of [a!, b!]) if (s.proc.exitCode === null && s.proc.signalCode === null) s.proc.kill('SIGTERM');
    await Promise.all([a!.exited, b!.exited]);
    await redis.stop();
    await store.drop();
  }
}

export interface RedisAwayReport {
  /** Worker deaths while the server ran `seconds` with nothing listening at REDIS_URL. */
  readonly deathsWithoutRedis: number;
  readonly seconds: number;
  /** Worker deaths during a Redis kill of `cutSeconds` (besides the worker killed on purpose). */
  readonly deathsDuringOutage: number;
  readonly cutSeconds: number;
  /** The match played across both workers after Redis came back finished. */
  readonly matchFinished: boolean;
  readonly problems: string[];
}

/** The processes whose parent is `pid` (the workers of a primary). */
async function childrenOf(pid: number): Promise<number[]> {
  const out: number[] = [];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    // (The command name, in parentheses, may hold spaces: the fields after it are counted from its end.)
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (ppid === pid) out.push(Number(entry));
  }
  return out;
}

/**
 * `WORKERS=2` on PostgreSQL with REDIS_URL naming a port nothing listens on, for `seconds`: the
 * primary's "a worker died" lines are counted (each replacement that dies too counts). Then a
 * private redis-server comes up on that port: both workers answer and a match plays across
 * them. Then Redis is SIGKILLed together with one worker for `cutSeconds`: the replacement, which
 * starts without Redis, must live.
 */
export async function redisAway(options: {
  seconds: number;
  cutSeconds: number;
  log?: (s: string) => void;
}): Promise<RedisAwayReport> {
  const log = options.log ?? (() => {});
  const redis = await RedisServer.on();
  const store = await database('postgres');
  const problems: string[] = [];
  let deaths = 0;
  const server = spawnServer(
    {
      ...store.env,
      WORKERS: '2',
      SECRET,
      BOT_DELAY_MS: '50',
      LIMITS: 'off',
      LOG_LEVEL: 'error',
      REDIS_URL: redis.url,
      REDIS_KEY: `mj-away-${randomBytes(4).toString('hex')}`,
    },
    [],
    (line) => {
      if (line.includes('a worker died')) deaths += 1;
      if (process.env.ADVERSARIAL_LOG) log(line);
    },
  );
  let port = 0;
  server.proc.on('message', (m: { type?: string; port?: number }) => {
    if (m.type === 'listening' && typeof m.port === 'number') port = m.port;
  });
  let deathsDuringOutage = 0;
  let matchFinished = false;
  try {
    await sleep(options.seconds * 1000);
    const deathsWithoutRedis = deaths;
    log(`${deathsWithoutRedis} worker deaths in ${options.seconds} s without Redis`);
    // (Starting two workers under tsx on a loaded machine may take longer than a short run.)
    for (let waited = 0; port === 0 && waited < 120_000 && server.proc.exitCode === null; waited += 500) {
      await sleep(500);
    }
    if (port === 0) problems.push('the workers did not serve without Redis');
    if (server.proc.exitCode !== null) problems.push(`the primary exited (${server.proc.exitCode})`);
    await redis.start();
    if (port !== 0 && server.proc.exitCode === null) {
      const url = `http://127.0.0.1:${port}`;
      const table = await newTable(url, { turnSeconds: 3 });
      const player = await TestClient.open(url, table.code, table.token, { autoplay: true });
      const spectators: TestClient[] = [];
      // Sockets land on either worker; some spectators are on the other one (views through Redis).
      for (let i = 0; i < 4; i += 1) spectators.push(await TestClient.open(url, table.code));
      await sleep(1000);
      const before = deaths;
      const workers = await childrenOf(server.proc.pid!);
      await redis.stop('SIGKILL');
      if (workers[0]) process.kill(workers[0], 'SIGKILL');
      await sleep(options.cutSeconds * 1000);
      // (The worker killed here is counted once by the primary; it is not a death of the outage.)
      deathsDuringOutage = Math.max(0, deaths - before - (workers[0] ? 1 : 0));
      log(`${deathsDuringOutage} more worker deaths during a ${options.cutSeconds} s Redis kill`);
      await redis.start();
      // The pages come back (those of the killed worker lost their connection), as pages do.
      detach(table, [player, ...spectators]);
      const back = await TestClient.open(url, table.code, table.token, { autoplay: true });
      await back.waitFor(() => back.view?.phase === 'matchOver', 240_000).catch(() => {});
      detach(table, [back]);
      matchFinished = table.over;
      if (!matchFinished) problems.push(`${table.code}: the match did not finish`);
      const check = await checkAgainstLedger(url, table.matchId, table.views);
      problems.push(...check.mismatches.slice(0, 5).map((m) => `${table.code}: ${m}`));
    }
    if (deathsWithoutRedis > 0) problems.push(`${deathsWithoutRedis} worker deaths without Redis`);
    if (deathsDuringOutage > 0) problems.push(`${deathsDuringOutage} worker deaths during the Redis kill`);
    return {
      deathsWithoutRedis,
      seconds: options.seconds,
      deathsDuringOutage,
      cutSeconds: options.cutSeconds,
      matchFinished,
      problems,
    };
  } finally {
    if (server.proc.exitCode === null) server.proc.kill('SIGTERM');
    const code = await server.exited;
    if (code !== 0 && code !== 'SIGTERM') problems.push(`the primary's exit: ${code}`);
    await redis.stop();
    await store.drop();
  }
}

export interface SoakReport {
  readonly db: Database;
  readonly tables: number;
  readonly minutes: number;
  readonly kills: number;
  readonly matchesFinished: number;
  readonly viewsChecked: number;
  readonly logEntries: number;
  /** The server's resident memory (MB) by minute of the run, at the start, its peak and the end. */
  readonly rssMb: { readonly start: number; readonly peak: number; readonly end: number; readonly byMinute: number[] };
  readonly problems: string[];
}

/** The resident memory of a process in MB (Linux), or 0 when it cannot be read. */
async function rssMbOf(pid: number | undefined): Promise<number> {
  if (pid === undefined) return 0;
  const { readFile } = await import('node:fs/promises');
  const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return Math.round(kb / 1024);
}

/**
 * `tables` matches kept going for `minutes` at about a human table's pace (the server's bots wait
 * `botDelayMs` before each move), the server SIGKILLed every `killEveryMinutes` and restarted at
 * once on the same database. Every finished match's views (its seat and its spectator, over all
 * the server's lives) are checked against its ledger; the server's memory is sampled every minute.
 * Clients drop their message history as they go so that the run's own memory stays flat.
 */
export async function soak(options: {
  db: Database;
  tables: number;
  minutes: number;
  killEveryMinutes: number;
  botDelayMs?: number;
  log?: (s: string) => void;
}): Promise<SoakReport> {
  const log = options.log ?? (() => {});
  const store = await database(options.db);
  const env = { ...store.env, SECRET, ...FAST_CLIENTS_ENV, BOT_DELAY_MS: String(options.botDelayMs ?? 1000) };
  const problems: string[] = [];
  const live = new Map<Table, TestClient[]>();
  const byMinute: number[] = [];
  let matchesFinished = 0;
  let viewsChecked = 0;
  let logEntries = 0;
  let kills = 0;
  let child: ChildServer = await startChildServer(env);
  const t0 = Date.now();
  const end = t0 + options.minutes * 60_000;
  let nextKill = t0 + options.killEveryMinutes * 60_000;
  /** Moves the views the clients received into their table's list and forgets the rest. */
  const drain = (table: Table, clients: readonly TestClient[]) => {
    for (const c of clients) {
      table.views.push(...viewsIn(c.messages));
      c.messages.length = 0;
      c.raw.length = 0;
    }
  };
  const finish = async (table: Table) => {
    const check = await checkAgainstLedger(child.url, table.matchId, table.views);
    matchesFinished += 1;
    viewsChecked += check.checked;
    logEntries += check.frames;
    problems.push(...check.mismatches.slice(0, 5).map((m) => `${table.code}: ${m}`));
    table.views.length = 0;
  };
  /** Finished matches are checked and replaced, until `creating` stops. */
  const tend = async (creating: boolean) => {
    for (const [t, clients] of live) {
      const over = clients.some((c) => c.view?.phase === 'matchOver');
      drain(t, clients);
      if (!over) continue;
      for (const c of clients) c.close();
      live.delete(t);
      t.over = true;
      await finish(t);
    }
    while (creating && live.size < options.tables) {
      const t = await newTable(child.url);
      live.set(t, await attach(child.url, t, problems));
    }
  };
  try {
    byMinute.push(await rssMbOf(child.proc.pid));
    while (Date.now() < end) {
      await tend(true);
      if (Date.now() >= nextKill) {
        child.proc.kill('SIGKILL');
        kills += 1;
        nextKill += options.killEveryMinutes * 60_000;
        for (const [t, clients] of live) {
          drain(t, clients);
          for (const c of clients) c.close();
        }
        child = await startChildServer(env);
        const health = await api<Health>(child.url, 'GET', '/healthz');
        for (const f of health.body.restoreFailures) problems.push(`restore failed: ${f.code}`);
        for (const t of live.keys()) live.set(t, await attach(child.url, t, problems));
        log(`kill ${kills}: ${live.size} tables back`);
      }
      const minute = Math.floor((Date.now() - t0) / 60_000);
      if (minute >= byMinute.length) {
        byMinute.push(await rssMbOf(child.proc.pid));
        log(`minute ${minute}: ${live.size} tables, ${matchesFinished} matches done, RSS ${byMinute.at(-1)} MB`);
      }
      await sleep(2000);
    }
    // The end: no new tables; the host ends each live match (as a host may at any time; one that
    // has just finished answers 409), and each is checked once the table says it is closed.
    for (const t of live.keys()) {
      const ended = await api(child.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
      if (ended.status !== 200 && ended.status !== 409) problems.push(`${t.code}: ending it answered ${ended.status}`);
    }
    const until = Date.now() + 3 * 60_000;
    while (live.size > 0 && Date.now() < until) {
      for (const [t, clients] of live) {
        const info = await api<{ status: string }>(child.url, 'GET', `/api/tables/${t.code}`);
        if (info.body.status !== 'over' && info.body.status !== 'ended') continue;
        await sleep(500);
        drain(t, clients);
        for (const c of clients) c.close();
        live.delete(t);
        t.over = true;
        await finish(t);
      }
      if (live.size > 0) await sleep(2000);
    }
    for (const t of live.keys()) problems.push(`${t.code}: did not finish`);
    const endRss = await rssMbOf(child.proc.pid);
    return {
      db: options.db,
      tables: options.tables,
      minutes: options.minutes,
      kills,
      matchesFinished,
      viewsChecked,
      logEntries,
      rssMb: { start: byMinute[0] ?? 0, peak: Math.max(endRss, ...byMinute), end: endRss, byMinute },
      problems,
    };
  } finally {
    for (const clients of live.values()) for (const c of clients) c.close();
    child.proc.kill('SIGKILL');
    await child.exited;
    await store.drop();
  }
}
