/**
 * All rooms of this process by join code: creating tables, finding them, restoring the
 * unfinished ones after a restart, and stopping them at shutdown.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  type CreateTableRequest,
  fail,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  ok,
  type Result,
  type Seat,
  seedHash,
  type TableInfo,
} from '@mahjong/shared';
import { BOT_NAMES, LOG_FORMAT_VERSION, Room, type RoomContext, rulesetVersion } from './room.js';
import type { MatchRecord } from './store/types.js';
import { checkConfig } from './table/index.js';
import { newNonce } from './tokens.js';

export function randomCode(): string {
  const bytes = randomBytes(JOIN_CODE_LENGTH);
  let code = '';
  for (const b of bytes) code += JOIN_CODE_ALPHABET[b % JOIN_CODE_ALPHABET.length];
  return code;
}

/** Lobbies older than this are closed at restart instead of restored. */
export const LOBBY_TTL_MS = 24 * 60 * 60_000;

/** How long a finished table stays in memory for late sockets (its record stays in the ledger). */
export const RETAIN_FINISHED_MS = 10 * 60_000;

export class Tables {
  private readonly rooms = new Map<string, Room>();
  readonly ctx: RoomContext;

  constructor(ctx: RoomContext, retainFinishedMs = RETAIN_FINISHED_MS) {
    this.ctx = {
      ...ctx,
      onFinished: (room) => {
        ctx.onFinished?.(room);
        ctx.clock.setTimer(() => {
          if (this.rooms.get(room.code) === room) this.drop(room.code);
        }, retainFinishedMs);
      },
    };
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

  async create(req: Required<CreateTableRequest>): Promise<Result<Room, 'http/invalid'>> {
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
      seats: ([0, 1, 2, 3] as const).map((seat) =>
        req.bots.includes(seat)
          ? { seat, name: BOT_NAMES[seat], bot: true, nonce: null }
          : { seat, name: null, bot: false, nonce: null },
      ),
    };
    const room = new Room(record, this.ctx);
    this.rooms.set(code, room);
    await this.ctx.ledger.write([{ kind: 'createMatch', match: record }]);
    return ok(room);
  }

  /** After a restart: every table still in the lobby or playing comes back, timers restart. */
  async restore(skip: ReadonlySet<string> = new Set()): Promise<number> {
    const store = this.ctx.ledger.store;
    const active = (await store.loadActive()).filter((r) => !skip.has(r.code) && !this.rooms.has(r.code));
    const now = this.ctx.clock.now();
    for (const record of active) {
      if (record.status === 'lobby' && now - record.createdAt.getTime() > LOBBY_TTL_MS) {
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
          this.ctx.log.error({ err: error, code: record.code }, 'could not restore a match; left as it is');
          continue;
        }
      }
      this.rooms.set(record.code, room);
    }
    return active.length;
  }

  /** Forgets finished rooms (their sockets got the last view); the ledger keeps them. */
  drop(code: string): void {
    this.rooms.get(code)?.close();
    this.rooms.delete(code);
  }

  close(): void {
    for (const room of this.rooms.values()) room.close();
  }
}
