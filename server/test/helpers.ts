/**
 * Test helpers: a real server on a free localhost port with an in-memory PGlite ledger (or a
 * given store), and real socket.io clients that record every message they get.
 */
import {
  applyViewPatch,
  CLIENT_EVENT,
  diffViews,
  type ClientMessage,
  type CreateTableRequest,
  type CreateTableResponse,
  type JoinResponse,
  PROTOCOL_VERSION,
  type PlayerAction,
  SERVER_EVENT,
  type Seat,
  type ServerMessage,
  type TableView,
} from '@mahjong/shared';
import pino from 'pino';
import { io as connect, type Socket } from 'socket.io-client';
import { type RunningServer, type ServerOptions, startServer } from '../src/app.js';
import { UNLIMITED } from '../src/limits.js';
import { openStore } from '../src/store/open.js';
import type { MatchRecord, Store } from '../src/store/types.js';
import { chooseBotAction, type MatchConfig } from '../src/table/index.js';
import { playBotMatch } from '../src/table/sim.js';

export const SECRET = Buffer.from('test-secret-test-secret-test-sec');

/** Short timers so that whole matches finish in seconds. */
export const FAST_OPTIONS = { claimSeconds: 0.5, claimMinMs: 0, turnSeconds: 2, resultsSeconds: 0 };

export async function testServer(options: ServerOptions = {}): Promise<RunningServer> {
  return startServer({
    port: 0,
    host: '127.0.0.1',
    store: options.store ?? (await openStore({ kind: 'pglite', dataDir: null })),
    secret: SECRET,
    logger: pino({ level: process.env.TEST_LOG ?? 'silent' }),
    botDelayMs: 0,
    clientDir: null,
    // The tests read the ledger's figures and the paused tables from /healthz.
    healthDetail: true,
    // Short claim windows (FAST_OPTIONS); the floor's own test sets it.
    claimMinMsFloor: 0,
    ...options,
    // Tests make many requests from one address; the tests of the limits set their own.
    limits: { ...UNLIMITED, ...options.limits },
  });
}

export async function api<T>(
  base: string,
  method: string,
  url: string,
  body?: unknown,
  token?: string,
): Promise<{ status: number; body: T }> {
  const res = await fetch(base + url, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

export async function createTable(base: string, req: CreateTableRequest = {}): Promise<CreateTableResponse> {
  const r = await api<CreateTableResponse>(base, 'POST', '/api/tables', { options: FAST_OPTIONS, ...req });
  if (r.status !== 201) throw new Error(`create table: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export async function join(base: string, code: string, name: string, seat?: Seat): Promise<JoinResponse> {
  const r = await api<JoinResponse>(base, 'POST', `/api/tables/${code}/join`, {
    name,
    ...(seat === undefined ? {} : { seat }),
  });
  if (r.status !== 200) throw new Error(`join: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body;
}

export class TestClient {
  /**
   * Every message as received, but each `patch` applied: as the `view` it makes of the view held
   * (a patch that does not fit the view held is kept as it came, and a full view is asked for).
   */
  readonly messages: ServerMessage[] = [];
  /** Every raw payload as received (for leak checks). */
  readonly raw: string[] = [];
  /** Patches that did not fit the view held (each answered with a `sync`). */
  unfitPatches = 0;
  role: Seat | 'spectator' | null = null;
  view: TableView | null = null;
  private waiters: { pred: () => boolean; resolve: () => void }[] = [];
  autoplay = false;
  /** Called on every message as it arrives. */
  onMessage: ((msg: ServerMessage) => void) | null = null;

  constructor(readonly socket: Socket) {
    socket.on(SERVER_EVENT, (received: ServerMessage) => {
      this.raw.push(JSON.stringify(received));
      const msg = this.applied(received);
      this.messages.push(msg);
      this.onMessage?.(msg);
      if (msg.type === 'welcome') {
        this.role = msg.role;
        if (msg.view) this.view = msg.view;
      }
      if (msg.type === 'view' && (!this.view || msg.seq > this.view.seq)) this.view = msg.view;
      if (this.autoplay && (msg.type === 'view' || msg.type === 'welcome')) this.play();
      this.waiters = this.waiters.filter((w) => {
        if (!w.pred()) return true;
        w.resolve();
        return false;
      });
    });
  }

  /** A patch as the view it makes of the view held; any other message as it is. */
  private applied(msg: ServerMessage): ServerMessage {
    if (msg.type !== 'patch') return msg;
    const view = applyViewPatch(this.view, msg);
    if (view) return { type: 'view', seq: msg.seq, view };
    // Older than the view held (a welcome overtook it): nothing to do. Otherwise a gap: ask.
    if (this.view === null || msg.seq > this.view.seq) {
      this.unfitPatches += 1;
      this.send({ type: 'sync' });
    }
    return msg;
  }

  static async open(
    base: string,
    code: string,
    token?: string,
    opts: { autoplay?: boolean } = {},
  ): Promise<TestClient> {
    const socket = connect(base, { transports: ['websocket'], reconnection: false, forceNew: true });
    const client = new TestClient(socket);
    client.autoplay = opts.autoplay ?? false;
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    client.send({ type: 'hello', v: PROTOCOL_VERSION, code, ...(token ? { token } : {}) });
    await client.waitFor(() => client.messages.some((m) => m.type === 'welcome' || m.type === 'refused'));
    return client;
  }

  send(msg: ClientMessage | Record<string, unknown>): void {
    this.socket.emit(CLIENT_EVENT, msg);
  }

  act(action: PlayerAction, seq = this.view?.seq ?? 0, id?: number): void {
    if (typeof this.role !== 'number') throw new Error('not a seat');
    this.send({ type: 'act', seat: this.role, seq, action, ...(id === undefined ? {} : { id }) });
  }

  /** Plays like the table's bot from its own view. */
  private play(): void {
    const view = this.view;
    if (!view || typeof this.role !== 'number' || view.legalActions.length === 0) return;
    const action = chooseBotAction(view);
    if (action) this.act(action, view.seq);
  }

  startAutoplay(): void {
    this.autoplay = true;
    this.play();
  }

  waitFor(pred: () => boolean, timeoutMs = 20_000): Promise<void> {
    if (pred()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`waitFor timed out after ${timeoutMs} ms`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /** Resolves once every message the server sent before this call has arrived (a ping's pong comes after them). */
  async roundTrip(): Promise<void> {
    const t = Math.random();
    this.send({ type: 'ping', t });
    await this.waitFor(() => this.messages.some((m) => m.type === 'pong' && m.t === t));
  }

  refusals(): Extract<ServerMessage, { type: 'refused' }>[] {
    return this.messages.filter((m): m is Extract<ServerMessage, { type: 'refused' }> => m.type === 'refused');
  }

  close(): void {
    this.socket.disconnect();
  }
}

/**
 * The client's patches that are not exactly the patch from its view before to its view after
 * (`diffViews`): each patch must be a function of that recipient's own two views, so that what it
 * carries and its size tell nothing its full views do not. Returns a line per misfit.
 */
export function patchesNotOwnDiffs(c: TestClient): string[] {
  const out: string[] = [];
  let held: TableView | null = null;
  for (const text of c.raw) {
    const msg = JSON.parse(text) as ServerMessage;
    if (msg.type === 'welcome') held = msg.view ?? held;
    else if (msg.type === 'view') held = msg.view;
    else if (msg.type === 'patch') {
      const next = applyViewPatch(held, msg);
      if (next === null || held === null) {
        out.push(`patch ${msg.seq} on ${msg.base}: not for the view held (${held?.seq ?? 'none'})`);
        continue;
      }
      if (JSON.stringify(msg.patch) !== JSON.stringify(diffViews(held, next))) {
        out.push(`patch ${msg.seq}: ${text.slice(0, 200)}`);
      }
      held = next;
    }
  }
  return out;
}

/** A bot match played by the engine and stored as the server stores a finished match; its id. */
export async function storeBotMatch(store: Store, config: MatchConfig, rounds: number): Promise<string> {
  const run = playBotMatch(config);
  const id = crypto.randomUUID();
  const record: MatchRecord = {
    id,
    code: `T${id.slice(0, 5)}`,
    ruleset: config.ruleset,
    options: {},
    rounds,
    seed: config.seed,
    seedHash: '',
    status: 'over',
    spectatorsAllowed: true,
    spectatorDelay: false,
    fillWithBots: true,
    hostNonce: 'x',
    rulesetVersion: `${config.ruleset}@1`,
    logFormatVersion: 1,
    createdAt: new Date(),
    startedAt: new Date(),
    endedAt: new Date(),
    startClock: 0,
    finalScores: [...run.engine.scores()],
    circleId: null,
    rematchOf: null,
    seats: config.players.map((p, seat) => ({ seat: seat as 0, name: p.name, bot: true, nonce: null, playerId: null })),
  };
  await store.writeBatch([
    { kind: 'createMatch', match: record },
    ...run.engine.log.map((e) => ({
      kind: 'action' as const,
      matchId: id,
      row: { seq: e.seq, at: e.at, event: e.event },
    })),
    ...run.engine.results().map((r) => ({
      kind: 'hand' as const,
      matchId: id,
      hand: { handNumber: r.handNumber, dealer: r.dealer ?? 0, prevailingWind: r.prevailingWind ?? 1, result: r },
    })),
  ]);
  return id;
}
