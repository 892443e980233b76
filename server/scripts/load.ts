/**
 * Load benchmark: `npm run load -- --tables N --seconds S [--postgres | --database-url URL]
 * [--processes P [--spread]] [--json] [--profile DIR] [--server-node-args="..."]`.
 *
 * Starts the real server (`server/src/main.ts`) in child processes (this process only runs the
 * load clients), opens N tables of four seat sockets plus one spectator each (every table created
 * and every socket welcomed first, then every table started and dealt, then the measurement), and has every seat
 * play like the bot from its own view at human pace (about one action per second per table).
 * Prints action-to-broadcast latency (the time from sending an action to the first view after
 * it), the servers' CPU and memory, and errors: refusals, disconnects and lost messages (each
 * recipient's views carry its own counter, stepped by one per view sent, so a gap is a loss).
 *
 * Several processes (`--processes 2`) share a fresh PostgreSQL database and a Redis (REDIS_URL,
 * default 127.0.0.1:6379, on a key of their own). Table i is created on process i mod P; its
 * sockets connect to that process (as a proxy routing by table would), or with `--spread` to
 * processes in turn (as a proxy without affinity would: views cross Redis).
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import {
  applyViewPatch,
  CLIENT_EVENT,
  type CreateTableResponse,
  type JoinResponse,
  PROTOCOL_VERSION,
  SERVER_EVENT,
  type Seat,
  type ServerMessage,
  type TableView,
} from '@mahjong/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { chooseBotAction } from '../src/table/index.js';
import { type ChildServer, startChildServer } from '../test/child.js';
import { createTestDatabase } from '../test/pg.js';

const { values } = parseArgs({
  options: {
    tables: { type: 'string', default: '10' },
    seconds: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
    /** A fresh database on the local PostgreSQL (PG_URL), dropped after. */
    postgres: { type: 'boolean', default: false },
    processes: { type: 'string', default: '1' },
    spread: { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    'think-ms': { type: 'string', default: '700' },
    /** Write a V8 CPU profile of the server into this folder. */
    profile: { type: 'string' },
    /** Node options for the servers, e.g. "--max-semi-space-size=32 --trace-gc". */
    'server-node-args': { type: 'string', default: '' },
  },
});
const TABLES = Number(values.tables);
const SECONDS = Number(values.seconds);
const THINK = Number(values['think-ms']);
const PROCESSES = Number(values.processes);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1) throw new Error('--processes takes a whole number from 1');
const SETUP_TIMEOUT_MS = Math.max(60_000, TABLES * 200);
const OPTIONS = { turnSeconds: 20, claimSeconds: 8, resultsSeconds: 3 };

/** The monotonic clock in microseconds: the clock of V8's profile timestamps. */
const monotonicUs = (): number => Number(process.hrtime.bigint() / 1000n);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Stats {
  latencies: number[];
  /** When each latency was measured (performance.now()), for the figures by window. */
  latencyAt: number[];
  actions: number;
  views: number;
  gaps: number;
  refusals: Map<string, number>;
  disconnects: number;
  connectErrors: number;
  /** Patches that did not fit the view held (each answered with a `sync`). */
  unfitPatches: number;
  /** Characters of every websocket message the load clients received (JSON: one byte each). */
  bytesReceived: number;
}
const stats: Stats = {
  latencies: [],
  latencyAt: [],
  actions: 0,
  views: 0,
  gaps: 0,
  refusals: new Map(),
  disconnects: 0,
  connectErrors: 0,
  unfitPatches: 0,
  bytesReceived: 0,
};
let measuring = false;

class LoadClient {
  socket: Socket;
  lastSeq = -1;
  view: TableView | null = null;
  pending: { seq: number; at: number } | null = null;
  timer: NodeJS.Timeout | null = null;
  welcomed = false;

  constructor(
    url: string,
    readonly code: string,
    readonly seat: Seat | null,
    readonly token: string | null,
  ) {
    // Reconnects (with a fresh hello) if the server drops or refuses the connection under load.
    this.socket = connect(url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 500,
      reconnectionDelayMax: 2000,
      timeout: 20_000,
    });
    this.socket.on('connect', () => {
      this.socket.emit(CLIENT_EVENT, {
        type: 'hello',
        v: PROTOCOL_VERSION,
        code: this.code,
        ...(this.token ? { token: this.token } : {}),
      });
    });
    this.socket.on('connect_error', () => {
      if (measuring) stats.connectErrors += 1;
    });
    this.socket.on('disconnect', () => {
      if (measuring && !stopping) stats.disconnects += 1;
    });
    this.socket.on(SERVER_EVENT, (msg: ServerMessage) => this.onMessage(msg));
    // Each (re)connection has a transport of its own: count what arrives on every one.
    this.socket.io.on('open', () => {
      this.socket.io.engine.on('data', (data: unknown) => {
        if (measuring) stats.bytesReceived += typeof data === 'string' ? data.length : (data as ArrayBuffer).byteLength;
      });
    });
  }

  onMessage(msg: ServerMessage): void {
    const now = performance.now();
    if (msg.type === 'welcome') {
      this.welcomed = true;
      if (msg.view) this.accept(msg.view, now, false);
    } else if (msg.type === 'view' || msg.type === 'patch') {
      if (measuring) stats.views += 1;
      if (this.lastSeq >= 0 && msg.seq !== this.lastSeq + 1 && measuring) stats.gaps += 1;
      const view = msg.type === 'view' ? msg.view : applyViewPatch(this.view, msg);
      if (view === null) {
        // Made for a view this client does not hold: the full view is asked for.
        if (measuring) stats.unfitPatches += 1;
        this.socket.emit(CLIENT_EVENT, { type: 'sync' });
        return;
      }
      this.accept(view, now, true);
    } else if (msg.type === 'refused') {
      if (measuring) stats.refusals.set(msg.code, (stats.refusals.get(msg.code) ?? 0) + 1);
      this.pending = null;
      this.plan();
    }
  }

  accept(view: TableView, now: number, counted: boolean): void {
    if (view.seq <= this.lastSeq) return;
    this.lastSeq = view.seq;
    this.view = view;
    if (this.pending && view.seq > this.pending.seq) {
      if (measuring && counted) {
        stats.latencies.push(now - this.pending.at);
        stats.latencyAt.push(now);
      }
      this.pending = null;
    }
    this.plan();
  }

  /** Acts after a human-like pause when the view offers something to do. */
  plan(): void {
    if (this.seat === null || !this.view || this.pending) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const view = this.view;
    if (view.legalActions.length === 0) return;
    const claims = view.stage === 'claims' || view.stage === 'robbing';
    const pause = claims ? THINK * (0.3 + Math.random() * 0.4) : THINK * (0.8 + Math.random() * 0.4);
    this.timer = setTimeout(() => {
      this.timer = null;
      if (this.view !== view || this.pending || stopping) return;
      const action = chooseBotAction(view);
      if (!action) return;
      this.pending = { seq: view.seq, at: performance.now() };
      if (measuring) stats.actions += 1;
      this.socket.emit(CLIENT_EVENT, { type: 'act', seat: this.seat, seq: view.seq, action });
    }, pause);
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer);
    this.socket.close();
  }
}

let stopping = false;

async function post<T>(url: string, body: unknown, token?: string): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body ?? {}),
      });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as T;
    } catch (error) {
      if (attempt >= 6) throw error;
      await sleep(500 * (attempt + 1));
    }
  }
}

/**
 * utime and stime of a process (all its threads), in clock ticks (100/s); with `thread`, of that
 * thread only (its task id: the main thread's is the pid).
 */
async function cpuTimes(pid: number, thread?: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]), system: Number(fields[12]) };
}

async function cpuTicks(pid: number): Promise<number> {
  const t = await cpuTimes(pid);
  return t.user + t.system;
}

const systemTicks = async (pid: number) => (await cpuTimes(pid)).system;

/** The thread that runs the tables (the event loop's): the rest is the database's thread, the garbage collector's helpers, libuv's pool. */
async function mainThreadTicks(pid: number): Promise<number> {
  const t = await cpuTimes(pid, pid);
  return t.user + t.system;
}

async function rssMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

async function pool<T>(items: readonly T[], size: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(size, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        await fn(item);
      }
    }),
  );
}

/** Waits (up to SETUP_TIMEOUT_MS) until `done`; a setup that never gets there is no measurement. */
async function waitFor(done: () => boolean, what: string): Promise<void> {
  const deadline = performance.now() + SETUP_TIMEOUT_MS;
  while (!done()) {
    if (performance.now() > deadline) throw new Error(`load setup: not ${what} within ${SETUP_TIMEOUT_MS / 1000} s`);
    await sleep(100);
  }
}

async function sumOver(pids: readonly number[], read: (pid: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (const pid of pids) total += await read(pid);
  return total;
}

const pct = (xs: number[], p: number) => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};

/** `values` split by the window of `width` ms (from `start`) their time `at` falls in; `count` windows at least. */
function byWindow(
  values: readonly number[],
  at: readonly number[],
  start: number,
  width: number,
  count: number,
): number[][] {
  const windows: number[][] = Array.from({ length: count }, () => []);
  values.forEach((v, i) => {
    const w = Math.max(0, Math.floor((at[i]! - start) / width));
    while (windows.length <= w) windows.push([]);
    windows[w]!.push(v);
  });
  return windows;
}

async function main(): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'mj-load-'));
  // Several processes need a shared ledger (PostgreSQL) and Redis; one may use either ledger.
  const pg =
    values.postgres || (PROCESSES > 1 && !values['database-url'])
      ? await createTestDatabase(`mj_load_${process.pid}_${Date.now()}`)
      : null;
  const databaseUrl = pg?.url ?? values['database-url'];
  const env: Record<string, string> = {
    LOG_LEVEL: 'error',
    // Every table and socket comes from this one address.
    LIMITS: 'off',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(PROCESSES > 1
      ? { REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379', REDIS_KEY: `mj-load-${process.pid}` }
      : {}),
  };
  if (values.profile) await mkdir(values.profile, { recursive: true });
  const servers: ChildServer[] = [];
  for (let i = 0; i < PROCESSES; i += 1) {
    const profile = [
      ...(values.profile ? ['--cpu-prof', `--cpu-prof-dir=${values.profile}`] : []),
      ...values['server-node-args'].split(' ').filter((a) => a !== ''),
    ];
    servers.push(await startChildServer({ ...env, DATA_DIR: path.join(dir, String(i)) }, 120_000, profile));
  }
  const pids = servers.map((s) => s.proc.pid!);
  const clients: LoadClient[] = [];
  const starts: { home: string; code: string; hostToken: string }[] = [];
  const setupStart = performance.now();
  try {
    await pool([...Array(TABLES).keys()], 20, async (i) => {
      const home = servers[i % PROCESSES]!.url;
      const t = await post<CreateTableResponse>(`${home}/api/tables`, { options: OPTIONS, fillWithBots: false });
      const seats: JoinResponse[] = [];
      for (const name of ['A', 'B', 'C', 'D'])
        seats.push(await post<JoinResponse>(`${home}/api/tables/${t.code}/join`, { name }));
      const urlFor = (k: number) => (values.spread ? servers[(i + k) % PROCESSES]!.url : home);
      for (const [k, s] of seats.entries()) clients.push(new LoadClient(urlFor(k), t.code, s.seat, s.token));
      clients.push(new LoadClient(urlFor(4), t.code, null, null));
      starts.push({ home, code: t.code, hostToken: t.hostToken });
    });
    // Every table is created and every socket welcomed before any table starts, so that the
    // setup's work (creation, joins, hellos) is not measured as play, nor play slowed by it.
    await waitFor(() => clients.every((c) => c.welcomed), 'every socket welcomed');
    await pool(starts, 20, async (s) => {
      await post(`${s.home}/api/tables/${s.code}/start`, {}, s.hostToken);
    });
    await waitFor(() => clients.every((c) => c.view !== null), 'every table dealt');
    const setupSeconds = (performance.now() - setupStart) / 1000;

    // Measure.
    measuring = true;
    const windowStartUs = monotonicUs();
    const cpu0 = await sumOver(pids, cpuTicks);
    const system0 = await sumOver(pids, systemTicks);
    const main0 = await sumOver(pids, mainThreadTicks);
    const clientCpu0 = process.cpuUsage();
    // The load client's own stalls count in every latency it measures (it sends and receives).
    const clientLoop = monitorEventLoopDelay({ resolution: 10 });
    clientLoop.enable();
    const t0 = performance.now();
    let rssMax = await sumOver(pids, rssMb);
    while (performance.now() - t0 < SECONDS * 1000) {
      await sleep(1000);
      rssMax = Math.max(rssMax, await sumOver(pids, rssMb));
    }
    measuring = false;
    clientLoop.disable();
    // The profiles cover the whole run (start-up, setup); profile-summary counts this window only.
    if (values.profile)
      await writeFile(
        path.join(values.profile, 'window.json'),
        JSON.stringify({ startUs: windowStartUs, endUs: monotonicUs() }),
      );
    const wall = (performance.now() - t0) / 1000;
    const cpu = (await sumOver(pids, cpuTicks)) - cpu0;
    const system = (await sumOver(pids, systemTicks)) - system0;
    const main = (await sumOver(pids, mainThreadTicks)) - main0;
    const clientCpu = process.cpuUsage(clientCpu0);
    // Let in-flight answers land before counting what is lost.
    await sleep(500);

    const refusals = Object.fromEntries(stats.refusals);
    const staleRaces = stats.refusals.get('act/stale_seq') ?? 0;
    const otherRefusals = [...stats.refusals.entries()]
      .filter(([c]) => c !== 'act/stale_seq')
      .reduce((n, [, v]) => n + v, 0);
    const health = (await fetch(`${servers[0]!.url}/healthz`, { signal: AbortSignal.timeout(60_000) })
      .then((r) => r.json())
      .catch(() => ({}))) as {
      ledger?: Record<string, unknown>;
      eventLoopDelayMs?: Record<string, number>;
    };
    const result = {
      tables: TABLES,
      processes: PROCESSES,
      ledgerDb: databaseUrl ? 'postgres' : 'pglite',
      socketsTo: PROCESSES > 1 ? (values.spread ? 'spread' : 'table holder') : 'one process',
      sockets: clients.length,
      seconds: Math.round(wall),
      setupSeconds: Math.round(setupSeconds * 10) / 10,
      actions: stats.actions,
      actionsPerSecondPerTable: Math.round((stats.actions / wall / TABLES) * 100) / 100,
      viewsDelivered: stats.views,
      latencyMs: {
        p50: Math.round(pct(stats.latencies, 50) * 10) / 10,
        p99: Math.round(pct(stats.latencies, 99) * 10) / 10,
        max: Math.round(Math.max(0, ...stats.latencies) * 10) / 10,
        samples: stats.latencies.length,
        /** p99 of each 5 s of the measured window, in order: a burst shows where it happened. */
        // (null for a window where no action was answered: a stall, not a fast window.)
        p99By5s: byWindow(stats.latencies, stats.latencyAt, t0, 5000, Math.ceil((SECONDS * 1000) / 5000)).map((xs) =>
          xs.length === 0 ? null : Math.round(pct(xs, 99) * 10) / 10,
        ),
        samplesBy5s: byWindow(stats.latencies, stats.latencyAt, t0, 5000, Math.ceil((SECONDS * 1000) / 5000)).map(
          (xs) => xs.length,
        ),
      },
      serverCpuPercentOfOneCore: Math.round((cpu / 100 / wall) * 1000) / 10,
      /** Server CPU (all processes, user + system) per action sent while measuring. */
      serverCpuMsPerAction: stats.actions === 0 ? null : Math.round(((cpu * 10) / stats.actions) * 1000) / 1000,
      /**
       * The part of it spent in the kernel. On loopback the kernel's work for a message includes
       * the receiving side's TCP (run in the sender's context), which a real network moves to the
       * clients' machines.
       */
      serverSystemMsPerAction: stats.actions === 0 ? null : Math.round(((system * 10) / stats.actions) * 1000) / 1000,
      /**
       * The part of it on the thread that runs the tables and the sockets; the rest is on the
       * embedded database's thread, the garbage collector's helpers and libuv's pool.
       */
      serverMainThreadMsPerAction: stats.actions === 0 ? null : Math.round(((main * 10) / stats.actions) * 1000) / 1000,
      serverRssMbMax: Math.round(rssMax),
      loadClientCpuPercentOfOneCore: Math.round(((clientCpu.user + clientCpu.system) / 1e6 / wall) * 1000) / 10,
      /** Characters (bytes of JSON) the load clients received while measuring, in all and per action. */
      bytesToClients: stats.bytesReceived,
      bytesToClientsPerAction: stats.actions === 0 ? null : Math.round(stats.bytesReceived / stats.actions),
      lostMessages: stats.gaps,
      unfitPatches: stats.unfitPatches,
      disconnects: stats.disconnects,
      connectErrors: stats.connectErrors,
      refusals,
      staleRaces,
      errors: otherRefusals + stats.gaps + stats.unfitPatches + stats.disconnects + stats.connectErrors,
      ledger: health.ledger ?? null,
      serverEventLoopDelayMs: health.eventLoopDelayMs ?? null,
      loadClientEventLoopDelayMs: {
        p50: Math.round(clientLoop.percentile(50) / 1e4) / 100,
        p99: Math.round(clientLoop.percentile(99) / 1e4) / 100,
        max: Math.round(clientLoop.max / 1e4) / 100,
      },
    };
    if (values.json) console.log(JSON.stringify(result));
    else {
      console.log(
        `load: ${TABLES} tables, ${clients.length} sockets, ${PROCESSES} server process(es) on ${result.ledgerDb}` +
          `${PROCESSES > 1 ? ` (sockets to ${result.socketsTo})` : ''}, ${result.seconds} s measured (setup ${result.setupSeconds} s)`,
      );
      console.log(
        `  actions ${result.actions} (${result.actionsPerSecondPerTable}/s/table), views delivered ${result.viewsDelivered}, ${result.bytesToClientsPerAction} bytes to clients per action`,
      );
      console.log(
        `  action-to-broadcast latency ms: p50 ${result.latencyMs.p50}  p99 ${result.latencyMs.p99}  max ${result.latencyMs.max}  (n=${result.latencyMs.samples})`,
      );
      console.log(
        `  server${PROCESSES > 1 ? 's (sum)' : ''}: CPU ${result.serverCpuPercentOfOneCore}% of one core (${result.serverCpuMsPerAction} ms per action, ${result.serverSystemMsPerAction} of it in the kernel, ${result.serverMainThreadMsPerAction} on the main thread), RSS max ${result.serverRssMbMax} MB; load client CPU ${result.loadClientCpuPercentOfOneCore}%`,
      );
      console.log(
        `  errors: lost ${result.lostMessages}, patches not fitting ${result.unfitPatches}, disconnects ${result.disconnects}, connect errors ${result.connectErrors}, refusals ${JSON.stringify(refusals)} (stale-seq races are expected)`,
      );
      console.log(
        `  latency p99 by 5 s (answers): ${result.latencyMs.p99By5s.map((p, i) => `${p ?? '-'} (${result.latencyMs.samplesBy5s[i]})`).join(' ')}`,
      );
      console.log(`  ledger: ${JSON.stringify(result.ledger)}`);
      console.log(`  server event loop delay ms (first process): ${JSON.stringify(result.serverEventLoopDelayMs)}`);
      console.log(`  load client event loop delay ms: ${JSON.stringify(result.loadClientEventLoopDelayMs)}`);
      console.log(
        `  ${result.latencyMs.p99 < 50 && result.errors === 0 ? 'HOLDS' : 'DOES NOT HOLD'}: p99 < 50 ms and nothing lost`,
      );
    }
  } finally {
    stopping = true;
    for (const c of clients) c.close();
    for (const server of servers) server.proc.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await pg?.drop();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
