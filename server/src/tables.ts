/**
 * All rooms of this process by join code: creating tables, finding them, restoring the
 * unfinished ones after a restart (each claimed first: one owner per table), bringing back the
 * recently finished ones read-only (their final view for late sockets), and stopping them at
 * shutdown.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateTableRequest,
  fail,
  isVacantSeat,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  ok,
  type ReplayFrame,
  RULESETS,
  type Result,
  type Seat,
  seedHash,
  type TableInfo,
  TIMING_OPTIONS,
} from '@mahjong/shared';
import { replayFrames, replayUpTo } from './replay.js';
import { type HeldTables, NOTHING_HELD } from './shared-caps.js';
import { BOT_NAMES, LOG_FORMAT_VERSION, Room, type RoomContext, rulesetVersion } from './room.js';
import type { MatchRecord, SeatRecord } from './store/types.js';
import { checkConfig, type LogEntry, type TableEvent } from './table/index.js';
import { splitOptions } from './table/options.js';
import { holdsLobby, holdsMatch } from './room/stage.js';
import { newNonce } from './tokens.js';

/** A table of bots only that plays, or whose start is being committed (the caps count both). */
const playsBotsOnly = (room: Room): boolean => (holdsMatch(room.currentStage) || room.starting) && room.botsOnly;

export function randomCode(): string {
  const bytes = randomBytes(JOIN_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += JOIN_CODE_ALPHABET[b % JOIN_CODE_ALPHABET.length];
  return code;
}

/** The caps of `Limits` that the tables keep (see server/src/limits.ts). */
export interface TableCaps {
  readonly emptyLobbyTtlMs: number;
  readonly maxBotTables: number;
  readonly maxBotTablesPerClient: number;
}
const NO_CAPS: TableCaps = {
  emptyLobbyTtlMs: Number.POSITIVE_INFINITY,
  maxBotTables: Number.POSITIVE_INFINITY,
  maxBotTablesPerClient: Number.POSITIVE_INFINITY,
};

/** How a seat of a new table starts: free, a bot, or kept for a player (a rematch). */
export type PlannedSeat =
  | { readonly kind: 'free' }
  | { readonly kind: 'bot' }
  | { readonly kind: 'reserved'; readonly playerId: string; readonly name: string };

/** Lobbies older than this are closed (while running, and at restart instead of restored). */
export const LOBBY_TTL_MS = 6 * 60 * 60_000;

/** How often unstarted tables are looked at for expiry. */
const LOBBY_SWEEP_MS = 60_000;

/** How long a finished table stays in memory for late sockets (its record stays in the ledger). */
export const RETAIN_FINISHED_MS = 10 * 60_000;

/**
 * The least `claimMinMs` a host may give a table (ms): longer than a player's quickest answer,
 * however automatic, so that every claim window lasts as long whoever could claim. The default
 * (800) is above it; the tests' servers set 0 to play fast.
 */
export const CLAIM_MIN_MS_FLOOR = 500;

/** A match that did not replay from its log at a restart: closed as ended, readable, reported. */
export interface RestoreFailure {
  readonly code: string;
  readonly matchId: string;
  /** The first log entry that did not replay. */
  readonly seq: number | null;
  readonly error: string;
  readonly at: string;
}

export class Tables {
  private readonly rooms = new Map<string, Room>();
  /**
   * Tables being claimed and rebuilt here (a restart, a takeover), each with the room it becomes:
   * a reconnecting page, a peer's question and the takeover round may all meet on one table.
   */
  private readonly arriving = new Map<string, Promise<Room | undefined>>();
  readonly ctx: RoomContext;
  readonly restoreFailures: RestoreFailure[] = [];
  private sweepTimer: unknown = null;
  /**
   * What the deployment's other processes hold (`src/shared-caps.ts`): the caps count their
   * tables too. Nothing without Redis.
   */
  elsewhere: () => HeldTables = () => NOTHING_HELD;

  constructor(
    ctx: RoomContext,
    private readonly retainFinishedMs = RETAIN_FINISHED_MS,
    private readonly lobbyTtlMs = LOBBY_TTL_MS,
    private readonly caps: TableCaps = NO_CAPS,
  ) {
    this.ctx = {
      ...ctx,
      botTableRefusal: (room) => this.botTableRefusal(room),
      onFinished: (room) => {
        ctx.onFinished?.(room);
        this.dropLater(room, retainFinishedMs);
      },
      onLost: (room) => {
        ctx.onLost?.(room);
        if (this.rooms.get(room.code) === room) this.rooms.delete(room.code);
      },
    };
    this.scheduleSweep();
  }

  /** This process's waiting lobbies and running bot-only tables, in all and by creating address. */
  heldCounts(): HeldTables {
    let lobbies = 0;
    let botTables = 0;
    const lobbiesBy: Record<string, number> = {};
    const botTablesBy: Record<string, number> = {};
    for (const room of this.rooms.values()) {
      if (holdsLobby(room.currentStage)) {
        lobbies += 1;
        if (room.creator !== null) lobbiesBy[room.creator] = (lobbiesBy[room.creator] ?? 0) + 1;
      } else if (playsBotsOnly(room)) {
        botTables += 1;
        if (room.creator !== null) botTablesBy[room.creator] = (botTablesBy[room.creator] ?? 0) + 1;
      }
    }
    return { lobbies, lobbiesBy, botTables, botTablesBy };
  }

  /**
   * Creations under way (checked against the lobby caps, not yet in `rooms`), in all and by
   * address: they count as lobbies, so that creations sent together cannot all pass the caps.
   */
  private readonly creating = new Map<string, number>();
  private creatingAll = 0;

  /** Counts a creation as a lobby until `release` (call it once the table exists or failed). */
  holdLobby(address: string): () => void {
    this.creating.set(address, (this.creating.get(address) ?? 0) + 1);
    this.creatingAll += 1;
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.creatingAll -= 1;
      const n = (this.creating.get(address) ?? 1) - 1;
      if (n > 0) this.creating.set(address, n);
      else this.creating.delete(address);
    };
  }

  /** Tables in the lobby created from `address`, on every process of the deployment. */
  lobbiesOf(address: string): number {
    let n = (this.elsewhere().lobbiesBy[address] ?? 0) + (this.creating.get(address) ?? 0);
    for (const room of this.rooms.values()) if (holdsLobby(room.currentStage) && room.creator === address) n += 1;
    return n;
  }

  /**
   * Bot-only tables cost a core for half an hour each with nobody watching for it: a start that
   * would make one more than the deployment's cap, or than the creating address's share, is refused.
   */
  private botTableRefusal(room: Room): string | null {
    const elsewhere = this.elsewhere();
    let all = elsewhere.botTables;
    let mine = room.creator === null ? 0 : (elsewhere.botTablesBy[room.creator] ?? 0);
    for (const r of this.rooms.values()) {
      if (r === room || !playsBotsOnly(r)) continue;
      all += 1;
      if (room.creator !== null && r.creator === room.creator) mine += 1;
    }
    if (all >= this.caps.maxBotTables) return `too many tables of bots only are playing on this server (${all})`;
    if (mine >= this.caps.maxBotTablesPerClient) {
      return `this address already has ${mine} tables of bots only playing; wait for one to end`;
    }
    return null;
  }

  /** Tables in the lobby (created, not started) on every process: what a creation flood fills. */
  get lobbies(): number {
    let n = this.elsewhere().lobbies + this.creatingAll;
    for (const room of this.rooms.values()) if (holdsLobby(room.currentStage)) n += 1;
    return n;
  }

  private scheduleSweep(): void {
    this.sweepTimer = this.ctx.clock.setTimer(
      () => {
        if (this.sweepTimer === null) return;
        this.scheduleSweep();
        void this.expireLobbies();
      },
      Math.min(LOBBY_SWEEP_MS, this.lobbyTtlMs, this.caps.emptyLobbyTtlMs),
    );
  }

  /**
   * Closes the tables nobody started within the lobby TTL, and those nobody sat at within the
   * (much shorter) empty-lobby TTL (kept in the ledger as ended).
   */
  async expireLobbies(): Promise<number> {
    const now = this.ctx.clock.now();
    const stale = [...this.rooms.values()].filter((room) => {
      if (room.currentStage.kind !== 'lobby') return false;
      const age = now - room.record.createdAt.getTime();
      return age > this.lobbyTtlMs || (room.botsOnly && age > this.caps.emptyLobbyTtlMs);
    });
    for (const room of stale) {
      try {
        await room.end();
      } catch (error) {
        room.log.error({ err: error }, 'could not close an expired lobby');
      }
    }
    if (stale.length > 0) this.ctx.log.info({ expired: stale.length }, 'closed unstarted tables');
    return stale.length;
  }

  private dropLater(room: Room, ms: number): void {
    this.ctx.clock.setTimer(
      () => {
        if (this.rooms.get(room.code) === room) this.drop(room.code);
      },
      Math.max(0, ms),
    );
  }

  /** Rooms waiting for the ledger (a write failed). */
  paused(): Room[] {
    return [...this.rooms.values()].filter((r) => r.paused !== null);
  }

  /** The lobby view of a table, live or (once forgotten) from the ledger. */
  async info(code: string): Promise<TableInfo | null> {
    const room = this.get(code);
    if (room) return room.info();
    const record = await this.ctx.ledger.store.loadMatchByCode(code.toUpperCase());
    return record ? new Room(record, this.ctx).info() : null;
  }

  get(code: string): Room | undefined {
    return this.rooms.get(code.toUpperCase());
  }

  all(): IterableIterator<Room> {
    return this.rooms.values();
  }

  get size(): number {
    return this.rooms.size;
  }

  /** The least `claimMinMs` a new table may have here (`CLAIM_MIN_MS_FLOOR`, or the server's own). */
  claimFloor(): number {
    return this.ctx.claimMinMsFloor ?? CLAIM_MIN_MS_FLOOR;
  }

  /** A stored match's options for a new table: a shortest claim window under the floor raised to it. */
  raiseToClaimFloor(options: Record<string, unknown>): Record<string, unknown> {
    const asked = options.claimMinMs;
    return typeof asked === 'number' && asked < this.claimFloor()
      ? { ...options, claimMinMs: this.claimFloor() }
      : options;
  }

  /**
   * A new table in the lobby. `circleId` opens it for a circle; `seats` (a rematch) gives each
   * seat ahead of time: a bot, a seat reserved for a player, or free.
   */
  async create(
    req: Omit<Required<CreateTableRequest>, 'circleId' | 'hostName'>,
    extra: {
      circleId?: string | null;
      rematchOf?: string | null;
      seats?: readonly PlannedSeat[];
      /** The creating client's address (its share of the lobbies and of bot tables). */
      creator?: string;
      /** Lets go of the lobby place held for this creation (`holdLobby`): the room counts itself now. */
      held?: () => void;
    } = {},
  ): Promise<Result<Room, 'http/invalid' | 'server/unavailable'>> {
    const seed = randomBytes(32).toString('hex');
    const players = [0, 1, 2, 3].map((s) => ({ name: BOT_NAMES[s as Seat], bot: false }));
    const check = checkConfig({
      seed,
      ruleset: req.ruleset,
      options: req.options,
      players: players as never,
      rounds: req.rounds,
    });
    if (!check.ok) return fail('http/invalid', `${check.error.code}: ${check.error.message}`);
    const floor = this.claimFloor();
    // The shortest window the table will play (the host's, or the default; a shorter claim time's own).
    const timing = splitOptions(req.options);
    const shortest = timing.ok ? timing.value.timing.claimMinMs : TIMING_OPTIONS.claimMinMs.default;
    if (shortest < floor) {
      return fail(
        'http/invalid',
        `claimMinMs: at least ${floor} ms on this server, and so the claim time (a shorter claim window closes at once when nobody may claim, which tells who could)`,
      );
    }
    const vacantBot = req.bots.find((seat) => isVacantSeat(req.ruleset, seat));
    if (vacantBot !== undefined) {
      return fail(
        'http/invalid',
        `seat ${vacantBot + 1} is not played at a ${RULESETS[req.ruleset].seats}-player table`,
      );
    }
    let code = randomCode();
    for (let i = 0; this.rooms.has(code) || (await this.ctx.ledger.store.loadMatchByCode(code)); i += 1) {
      if (i > 20) throw new Error('no free join code');
      code = randomCode();
    }
    const record: MatchRecord = {
      id: randomUUID(),
      code,
      ruleset: req.ruleset,
      options: req.options,
      rounds: req.rounds,
      seed,
      seedHash: seedHash(seed),
      status: 'lobby',
      spectatorsAllowed: req.spectatorsAllowed,
      spectatorDelay: req.spectatorDelay,
      fillWithBots: req.fillWithBots,
      hostNonce: newNonce(),
      rulesetVersion: rulesetVersion(req.ruleset),
      logFormatVersion: LOG_FORMAT_VERSION,
      createdAt: new Date(this.ctx.clock.now()),
      startedAt: null,
      endedAt: null,
      startClock: null,
      finalScores: null,
      circleId: extra.circleId ?? null,
      rematchOf: extra.rematchOf ?? null,
      seats: ([0, 1, 2, 3] as const).map((seat): SeatRecord => {
        const planned = extra.seats?.[seat] ?? (req.bots.includes(seat) ? { kind: 'bot' } : { kind: 'free' });
        if (planned.kind === 'bot') return { seat, name: BOT_NAMES[seat], bot: true, nonce: null, playerId: null };
        if (planned.kind === 'reserved') {
          return { seat, name: planned.name, bot: false, nonce: null, playerId: planned.playerId };
        }
        return { seat, name: null, bot: false, nonce: null, playerId: null };
      }),
    };
    const room = new Room(record, this.ctx);
    room.creator = extra.creator ?? null;
    this.rooms.set(code, room);
    extra.held?.();
    try {
      await this.ctx.ledger.write([{ kind: 'createMatch', match: record }]);
    } catch {
      // Not in the ledger, so not a table: nobody has its code yet.
      this.rooms.delete(code);
      return fail('server/unavailable', 'the server cannot reach its database; try again shortly');
    }
    return ok(room);
  }

  /**
   * After a restart: every table still in the lobby or playing that this process can claim
   * (nobody live holds it) comes back, timers restart; tables finished in the last
   * `retainFinishedMs` come back read-only, so that late sockets get their final view.
   */
  async restore(skip: ReadonlySet<string> = new Set()): Promise<number> {
    const store = this.ctx.ledger.store;
    const candidates = (await store.loadActive()).filter((r) => !skip.has(r.code) && !this.rooms.has(r.code));
    const active = await this.bringBack(candidates);
    if (active.length < candidates.length) {
      this.ctx.log.info(
        { held: candidates.length - active.length },
        'tables held by other server processes left alone',
      );
    }
    await this.restoreFinished(skip);
    return active.length;
  }

  /**
   * Failover: the unfinished tables of server processes that are gone (see `Store.loadOrphans`)
   * are claimed and rebuilt here from their seed and log, timers running again. Returns the codes
   * taken; `onAdopted` is told of each (the pages of those tables reconnect to be seated again).
   */
  async adoptOrphans(): Promise<string[]> {
    const orphans = (await this.ctx.ledger.store.loadOrphans()).filter((r) => !this.rooms.has(r.code));
    if (orphans.length === 0) return [];
    const adopted = await this.bringBack(orphans);
    if (adopted.length > 0) {
      this.ctx.log.warn({ adopted: adopted.length }, 'took over the tables of a server process that is gone');
    }
    return adopted.map((r) => r.code);
  }

  /**
   * The table `code`, if no live process holds it and this one can take it over (a page of a
   * table whose process died reconnects here before the next `adoptOrphans` round).
   */
  async adopt(code: string): Promise<Room | undefined> {
    const here = this.rooms.get(code) ?? (await this.arriving.get(code));
    if (here) return here;
    const record = await this.ctx.ledger.store.loadMatchByCode(code);
    if (!record || (record.status !== 'lobby' && record.status !== 'playing')) return undefined;
    await this.bringBack([record]);
    return this.rooms.get(code) ?? (await this.arriving.get(code));
  }

  /**
   * The table `code` if this process holds it, waiting for it when it is being brought back here
   * right now (a peer asking for it then gets an answer, not "no such table").
   */
  async held(code: string): Promise<Room | undefined> {
    return this.rooms.get(code) ?? (await this.arriving.get(code));
  }

  /** Whether the ledger has `code` in the lobby or playing (someone should hold it). */
  async isActive(code: string): Promise<boolean> {
    const record = await this.ctx.ledger.store.loadMatchByCode(code);
    return record !== null && (record.status === 'lobby' || record.status === 'playing');
  }

  /** Claims these unfinished matches (those nobody live holds) and rebuilds each as a room. */
  private async bringBack(candidates: readonly MatchRecord[]): Promise<MatchRecord[]> {
    // A table claimed here is rebuilt once: a second claim of it (this process may re-claim its
    // own tables) while the first is rebuilding waits for that one.
    const fresh = candidates.filter((r) => !this.rooms.has(r.code) && !this.arriving.has(r.code));
    if (fresh.length === 0) return [];
    const store = this.ctx.ledger.store;
    const ready = new Map<string, (room: Room | undefined) => void>();
    for (const r of fresh) this.arriving.set(r.code, new Promise((done) => ready.set(r.code, done)));
    const back: MatchRecord[] = [];
    try {
      const claimed = new Set(await store.claim(fresh.map((r) => r.id)));
      const now = this.ctx.clock.now();
      for (const record of fresh) {
        if (!claimed.has(record.id)) continue;
        if (record.status === 'lobby' && now - record.createdAt.getTime() > this.lobbyTtlMs) {
          // A lobby nobody started in a day is closed rather than brought back.
          await this.ctx.ledger.write([
            { kind: 'updateMatch', matchId: record.id, patch: { status: 'ended', endedAt: new Date(now) } },
          ]);
          continue;
        }
        const room = new Room(record, this.ctx);
        if (record.status === 'playing') {
          const [log, hands] = await Promise.all([store.loadLog(record.id), store.loadHands(record.id)]);
          try {
            room.restore(log, hands.length);
          } catch (error) {
            await this.restoreFailed(room, log, error);
            continue;
          }
        }
        this.rooms.set(record.code, room);
        this.arriving.delete(record.code);
        ready.get(record.code)!(room);
        back.push(record);
        this.ctx.onAdopted?.(room);
        room.startIfFullRematch();
      }
    } finally {
      for (const r of fresh) {
        if (this.arriving.get(r.code) === undefined) continue;
        this.arriving.delete(r.code);
        ready.get(r.code)!(this.rooms.get(r.code));
      }
    }
    return back;
  }

  private async restoreFinished(skip: ReadonlySet<string>): Promise<void> {
    const store = this.ctx.ledger.store;
    const now = this.ctx.clock.now();
    const recent = await store.loadFinishedSince(new Date(now - this.retainFinishedMs));
    for (const record of recent) {
      if (skip.has(record.code) || this.rooms.has(record.code)) continue;
      const room = new Room(record, this.ctx);
      if (record.startedAt !== null) {
        const log = entries(await store.loadLog(record.id));
        const engine = log.length > 0 ? replayUpTo(room.config(), log, this.ctx.engineInternals).engine : null;
        room.restoreFinished(engine, engine && record.spectatorDelay ? this.lastHandFrames(record, log) : []);
      } else room.restoreFinished(null);
      this.rooms.set(record.code, room);
      this.dropLater(room, (record.endedAt?.getTime() ?? now) + this.retainFinishedMs - now);
    }
  }

  /** The replay frames of a match's last hand (what its delayed spectators play back last). */
  private lastHandFrames(record: MatchRecord, log: readonly LogEntry[]): ReplayFrame[] {
    const { frames, handStarts } = replayFrames(record, log, { internals: this.ctx.engineInternals });
    return frames.slice(handStarts[handStarts.length - 1] ?? frames.length);
  }

  /**
   * A log that does not replay (never one this server wrote): the match is closed as ended with
   * the scores of what does replay, so that its detail and replay stay readable, and the failure
   * is logged and listed in /healthz.
   */
  private async restoreFailed(room: Room, rows: Parameters<Room['restore']>[0], error: unknown): Promise<void> {
    const record = room.record;
    const log = entries(rows);
    const { engine, broken } =
      log.length > 0 ? replayUpTo(room.config(), log, this.ctx.engineInternals) : { engine: null, broken: null };
    const message = error instanceof Error ? error.message : String(error);
    room.log.error({ err: error, matchId: record.id }, 'could not restore a match; closed as ended');
    this.restoreFailures.push({
      code: record.code,
      matchId: record.id,
      seq: broken?.seq ?? null,
      error: message.slice(0, 300),
      at: new Date(this.ctx.clock.now()).toISOString(),
    });
    const patch = {
      status: 'ended' as const,
      endedAt: new Date(this.ctx.clock.now()),
      finalScores: engine ? [...engine.scores()] : null,
    };
    try {
      await this.ctx.ledger.write([{ kind: 'updateMatch', matchId: record.id, patch }]);
    } catch (writeError) {
      room.log.error({ err: writeError }, 'could not close a match that does not restore');
    }
  }

  /** Forgets finished rooms (their sockets got the last view); the ledger keeps them. */
  drop(code: string): void {
    this.rooms.get(code)?.close();
    this.rooms.delete(code);
  }

  close(): void {
    if (this.sweepTimer !== null) this.ctx.clock.clearTimer(this.sweepTimer);
    this.sweepTimer = null;
    for (const room of this.rooms.values()) room.close();
  }
}

const entries = (rows: readonly { seq: number; at: number; event: unknown }[]): LogEntry[] =>
  rows.map((r) => ({ seq: r.seq, at: r.at, event: r.event as TableEvent }));
