/**
 * The Store over Prisma (6.19, JS query compiler + a driver adapter): PGlite embedded or
 * PostgreSQL through `pg`. Each batch is one Prisma batch transaction; actions and hands of all
 * tables go in as one `createMany` each. A batch of log entries only (most batches) is one
 * INSERT, sent through the driver itself when the store is given it (`execute`).
 */
import { randomUUID } from 'node:crypto';
import type { HandResultView, RulesetId, Seat, TableStatus } from '@mahjong/shared';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import { describeDatabaseError } from './db-errors.js';
import {
  type ActionRow,
  type HandRow,
  LedgerError,
  type LedgerWrite,
  type MatchPage,
  type MatchPatch,
  type MatchRecord,
  type SeatRecord,
  type Store,
} from './types.js';

/** Namespace of the advisory lock that says an owner is alive (PostgreSQL; see owner.ts). */
export const OWNER_LOCK_SPACE = 727275;

/** How long a lease lasts without renewal (ms); the server renews every third of it. */
export const LEASE_MS = 30_000;

export interface PrismaStoreOptions {
  /** This process's owner id (default: a new random one). */
  readonly owner?: string;
  /**
   * One process owns the whole database (embedded PGlite behind its folder lock): claims take
   * every match whoever held it before.
   */
  readonly exclusive: boolean;
  readonly leaseMs?: number;
  readonly onClose?: () => Promise<void>;
  /**
   * The database's driver itself (the `pg` pool, or PGlite), for the hot path: a batch of log
   * entries is one statement, and going through Prisma's client (its query compiler, its
   * parameter handling) cost more CPU than the statement. Without it, Prisma runs the statement.
   */
  readonly execute?: (sql: string, params: unknown[]) => Promise<unknown>;
}

type MatchRow = Prisma.MatchGetPayload<{ include: { seats: true } }>;

const json = (v: unknown): Prisma.InputJsonValue => v as Prisma.InputJsonValue;

function toRecord(row: MatchRow): MatchRecord {
  return {
    id: row.id,
    code: row.code,
    ruleset: row.ruleset as RulesetId,
    options: (row.options ?? {}) as Record<string, unknown>,
    rounds: row.rounds,
    seed: row.seed,
    seedHash: row.seedHash,
    status: row.status as TableStatus,
    spectatorsAllowed: row.spectatorsAllowed,
    spectatorDelay: row.spectatorDelay,
    fillWithBots: row.fillWithBots,
    hostNonce: row.hostNonce,
    rulesetVersion: row.rulesetVersion,
    logFormatVersion: row.logFormatVersion,
    createdAt: row.createdAt,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    startClock: row.startClock === null ? null : Number(row.startClock),
    finalScores: (row.finalScores ?? null) as number[] | null,
    circleId: row.circleId,
    rematchOf: row.rematchOf,
    seats: [...row.seats]
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({
        seat: s.seat as Seat,
        name: s.name,
        bot: s.bot,
        nonce: s.nonce,
        playerId: s.playerId,
        ...(s.ai === null ? {} : { ai: s.ai }),
      })),
    ...(row.imported === null ? {} : { imported: row.imported }),
  };
}

function patchData(patch: MatchPatch): Prisma.MatchUpdateInput {
  const data: Prisma.MatchUpdateInput = {};
  if (patch.status !== undefined) data.status = patch.status;
  if (patch.startedAt !== undefined) data.startedAt = patch.startedAt;
  if (patch.endedAt !== undefined) data.endedAt = patch.endedAt;
  if (patch.startClock !== undefined) data.startClock = patch.startClock === null ? null : BigInt(patch.startClock);
  if (patch.finalScores !== undefined)
    data.finalScores = patch.finalScores === null ? undefined : json(patch.finalScores);
  return data;
}

/** Runs a database call; whatever goes wrong comes out as a LedgerError. */
async function guard<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof LedgerError) throw error;
    // (Prisma's own message may say nothing: "Raw query failed. Code: N/A. Message: undefined".)
    throw new LedgerError(`${what}: ${describeDatabaseError(error).slice(0, 500)}`, error);
  }
}

export class PrismaStore implements Store {
  readonly owner: string;
  private readonly exclusive: boolean;
  private readonly leaseMs: number;
  private readonly onClose: () => Promise<void>;
  private readonly execute: (sql: string, params: unknown[]) => Promise<unknown>;

  constructor(
    readonly prisma: PrismaClient,
    options: PrismaStoreOptions,
  ) {
    this.owner = options.owner ?? randomUUID();
    this.exclusive = options.exclusive;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
    this.onClose = options.onClose ?? (async () => {});
    this.execute = options.execute ?? ((sql, params) => this.prisma.$executeRawUnsafe(sql, ...params));
  }

  writeBatch(writes: readonly LedgerWrite[]): Promise<void> {
    return guard('ledger write', () => this.write(writes));
  }

  /**
   * Matches a batch writes to that it does not create: each must be this owner's. None when the
   * database is exclusive: no other process can hold a table of it (its folder is locked), and
   * the check was half the cost of the embedded database's batch.
   */
  private fenced(writes: readonly LedgerWrite[]): string[] {
    if (this.exclusive) return [];
    const created = new Set(writes.flatMap((w) => (w.kind === 'createMatch' ? [w.match.id] : [])));
    const ids = new Set<string>();
    for (const w of writes) if (w.kind !== 'createMatch' && !created.has(w.matchId)) ids.add(w.matchId);
    return [...ids];
  }

  private async write(writes: readonly LedgerWrite[]): Promise<void> {
    if (writes.length === 0) return;
    // The hot path (only log entries, most batches): one multi-row INSERT, atomic on its own,
    // without the cost of a Prisma batch transaction.
    if (writes.every((w) => w.kind === 'action')) return this.appendActions(writes);
    const ops: Prisma.PrismaPromise<unknown>[] = [];
    const fence = this.fenced(writes);
    if (fence.length > 0) ops.push(this.prisma.$queryRawUnsafe('SELECT mj_owns($1::text[], $2)', fence, this.owner));
    const created: string[] = [];
    const actions: Prisma.ActionCreateManyInput[] = [];
    const hands: Prisma.HandCreateManyInput[] = [];
    const seats = new Map<string, { matchId: string; seat: SeatRecord }>();
    const patches = new Map<string, MatchPatch>();
    for (const w of writes) {
      switch (w.kind) {
        case 'createMatch': {
          const m = w.match;
          ops.push(
            this.prisma.match.create({
              data: {
                id: m.id,
                code: m.code,
                ruleset: m.ruleset,
                options: json(m.options),
                rounds: m.rounds,
                seed: m.seed,
                seedHash: m.seedHash,
                status: m.status,
                spectatorsAllowed: m.spectatorsAllowed,
                spectatorDelay: m.spectatorDelay,
                fillWithBots: m.fillWithBots,
                hostNonce: m.hostNonce,
                rulesetVersion: m.rulesetVersion,
                logFormatVersion: m.logFormatVersion,
                createdAt: m.createdAt,
                startedAt: m.startedAt,
                endedAt: m.endedAt,
                startClock: m.startClock === null ? null : BigInt(m.startClock),
                ...(m.finalScores ? { finalScores: json(m.finalScores) } : {}),
                circleId: m.circleId,
                rematchOf: m.rematchOf,
                ...(m.imported === undefined || m.imported === null ? {} : { imported: json(m.imported) }),
                owner: this.owner,
                seats: {
                  create: m.seats.map((s) => ({
                    seat: s.seat,
                    name: s.name,
                    bot: s.bot,
                    nonce: s.nonce,
                    playerId: s.playerId,
                    ai: s.ai ?? null,
                  })),
                },
              },
            }),
          );
          created.push(m.id);
          break;
        }
        case 'seat':
          seats.set(`${w.matchId}:${w.seat.seat}`, { matchId: w.matchId, seat: w.seat });
          break;
        case 'action':
          actions.push({ matchId: w.matchId, seq: w.row.seq, at: BigInt(w.row.at), event: json(w.row.event) });
          break;
        case 'hand': {
          const r = w.hand.result;
          hands.push({
            matchId: w.matchId,
            handNumber: w.hand.handNumber,
            dealer: w.hand.dealer,
            prevailingWind: w.hand.prevailingWind,
            kind: r.kind,
            winner: r.winner ?? null,
            discarder: r.discarder ?? null,
            selfDrawn: r.selfDrawn ?? null,
            faan: r.faan ?? null,
            patterns: json(r.patterns ?? []),
            payments: json(r.payments),
            deltas: json(r.deltas),
            result: json(r),
          });
          break;
        }
        case 'updateMatch':
          patches.set(w.matchId, { ...patches.get(w.matchId), ...w.patch });
          break;
      }
    }
    for (const { matchId, seat } of seats.values()) {
      ops.push(
        this.prisma.seat.update({
          where: { matchId_seat: { matchId, seat: seat.seat } },
          data: { name: seat.name, bot: seat.bot, nonce: seat.nonce, playerId: seat.playerId, ai: seat.ai ?? null },
        }),
      );
    }
    if (actions.length > 0) ops.push(this.prisma.action.createMany({ data: actions }));
    if (hands.length > 0) ops.push(this.prisma.hand.createMany({ data: hands }));
    for (const [id, patch] of patches) ops.push(this.prisma.match.update({ where: { id }, data: patchData(patch) }));
    // The lease is on the database's clock (as every lease check is).
    if (created.length > 0) ops.push(this.leaseStatement(created));
    await this.prisma.$transaction(ops);
  }

  private leaseStatement(ids: readonly string[]): Prisma.PrismaPromise<number> {
    return this.prisma.$executeRawUnsafe(
      `UPDATE "Match" SET "leaseUntil" = now() + make_interval(secs => $2::double precision / 1000) WHERE "id" = ANY($1::text[]) AND "owner" = $3`,
      ids,
      this.leaseMs,
      this.owner,
    );
  }

  ping(): Promise<void> {
    return guard('ping', async () => {
      await this.prisma.$queryRawUnsafe('SELECT 1');
    });
  }

  claim(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return guard('claim', async () => {
      // Compare-and-set per row: a second process claiming at once waits for the first one's
      // row locks, then sees a live owner and leaves the row alone. An owner is alive while its
      // advisory lock is held (PostgreSQL drops it with the dead process's connection).
      const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
        `UPDATE "Match" AS m SET "owner" = $1, "leaseUntil" = now() + make_interval(secs => $3::double precision / 1000)
         WHERE m."id" = ANY($2::text[]) AND (
           $4::boolean OR m."owner" IS NULL OR m."owner" = $1 OR m."leaseUntil" < now()
           OR NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
             AND l.classid = ${OWNER_LOCK_SPACE} AND l.objid = hashtext(m."owner")::oid AND l.objsubid = 2))
         RETURNING m."id"`,
        this.owner,
        [...ids],
        this.leaseMs,
        this.exclusive,
      );
      return rows.map((r) => r.id);
    });
  }

  renewLeases(): Promise<number> {
    // An exclusive database has no other process to take a table over: no lease to keep, and
    // the update of every live table (40 ms at 1,000 tables) would hold up the ledger's writes.
    if (this.exclusive) return Promise.resolve(0);
    return guard('lease renewal', () =>
      this.prisma.$executeRawUnsafe(
        `UPDATE "Match" SET "leaseUntil" = now() + make_interval(secs => $2::double precision / 1000) WHERE "owner" = $1 AND "status" IN ('lobby', 'playing')`,
        this.owner,
        this.leaseMs,
      ),
    );
  }

  loadFinishedSince(since: Date): Promise<MatchRecord[]> {
    return guard('load', async () => {
      const rows = await this.prisma.match.findMany({
        where: { status: { in: ['over', 'ended'] }, endedAt: { gt: since } },
        include: { seats: true },
        orderBy: { endedAt: 'asc' },
      });
      return rows.map(toRecord);
    });
  }

  private async appendActions(writes: readonly Extract<LedgerWrite, { kind: 'action' }>[]): Promise<void> {
    const fence = this.fenced(writes);
    const params: unknown[] = fence.length > 0 ? [fence, this.owner] : [];
    const rows: string[] = [];
    for (const w of writes) {
      const n = params.length;
      rows.push(`($${n + 1}::text, $${n + 2}::int, $${n + 3}::bigint, $${n + 4}::jsonb)`);
      params.push(w.matchId, w.row.seq, String(w.row.at), JSON.stringify(w.row.event));
    }
    const insert = `INSERT INTO "Action" ("matchId", "seq", "at", "event")`;
    // mj_owns is a one-time check of the statement: it fails the whole INSERT if this process
    // does not own every table written to.
    await this.execute(
      fence.length > 0
        ? `${insert} SELECT * FROM (VALUES ${rows.join(', ')}) AS v WHERE mj_owns($1::text[], $2)`
        : `${insert} VALUES ${rows.join(', ')}`,
      params,
    );
  }

  loadMatch(id: string): Promise<MatchRecord | null> {
    return guard('load', async () => {
      const row = await this.prisma.match.findUnique({ where: { id }, include: { seats: true } });
      return row ? toRecord(row) : null;
    });
  }

  loadMatchByCode(code: string): Promise<MatchRecord | null> {
    return guard('load', async () => {
      const row = await this.prisma.match.findUnique({ where: { code }, include: { seats: true } });
      return row ? toRecord(row) : null;
    });
  }

  loadActive(): Promise<MatchRecord[]> {
    return guard('load', async () => {
      const rows = await this.prisma.match.findMany({
        where: { status: { in: ['lobby', 'playing'] } },
        include: { seats: true },
        orderBy: { createdAt: 'asc' },
      });
      return rows.map(toRecord);
    });
  }

  loadOrphans(): Promise<MatchRecord[]> {
    if (this.exclusive) return Promise.resolve([]);
    return guard('load', async () => {
      // The same liveness test as `claim`, read-only: the claim that follows decides.
      const ids = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT m."id" FROM "Match" AS m
         WHERE m."status" IN ('lobby', 'playing') AND m."owner" IS DISTINCT FROM $1 AND (
           m."owner" IS NULL OR m."leaseUntil" < now()
           OR NOT EXISTS (SELECT 1 FROM pg_locks l WHERE l.locktype = 'advisory' AND l.granted
             AND l.classid = ${OWNER_LOCK_SPACE} AND l.objid = hashtext(m."owner")::oid AND l.objsubid = 2))`,
        this.owner,
      );
      if (ids.length === 0) return [];
      const rows = await this.prisma.match.findMany({
        where: { id: { in: ids.map((r) => r.id) } },
        include: { seats: true },
        orderBy: { createdAt: 'asc' },
      });
      return rows.map(toRecord);
    });
  }

  loadLog(matchId: string): Promise<ActionRow[]> {
    return guard('load', async () => {
      const rows = await this.prisma.action.findMany({ where: { matchId }, orderBy: { seq: 'asc' } });
      return rows.map((r) => ({ seq: r.seq, at: Number(r.at), event: r.event }));
    });
  }

  loadHands(matchId: string): Promise<HandRow[]> {
    return guard('load', async () => {
      const rows = await this.prisma.hand.findMany({ where: { matchId }, orderBy: { handNumber: 'asc' } });
      return rows.map((r) => ({
        handNumber: r.handNumber,
        dealer: r.dealer as Seat,
        prevailingWind: r.prevailingWind,
        result: r.result as unknown as HandResultView,
      }));
    });
  }

  listFinished(page: number, limit: number): Promise<MatchPage> {
    return guard('load', async () => {
      // Played matches only: a table ended in its lobby is no match.
      const where = { status: { in: ['over', 'ended'] }, startedAt: { not: null } };
      const [rows, total] = await this.prisma.$transaction([
        // Without an imported match's file (up to 1 MB each): a page of the list read every file
        // it named (8 large imports made the page take 1 s, and held the event loop). Which rows
        // are imports is asked apart.
        this.prisma.match.findMany({
          where,
          omit: { imported: true },
          include: { seats: true },
          orderBy: [{ endedAt: 'desc' }, { id: 'desc' }],
          skip: (page - 1) * limit,
          take: limit,
        }),
        this.prisma.match.count({ where }),
      ]);
      const ids = rows.map((r) => r.id);
      const [counts, imports] =
        ids.length === 0
          ? [[], []]
          : await Promise.all([
              this.prisma.hand.groupBy({
                by: ['matchId'],
                where: { matchId: { in: ids } },
                _count: { _all: true },
              }),
              this.prisma.$queryRawUnsafe<{ id: string }[]>(
                'SELECT id FROM "Match" WHERE id = ANY($1::text[]) AND imported IS NOT NULL',
                ids,
              ),
            ]);
      const imported = new Set(imports.map((r) => r.id));
      return {
        // (The record says that it is an import, not what was imported.)
        rows: rows.map((r) => toRecord({ ...r, imported: imported.has(r.id) ? true : null })),
        total,
        handCounts: new Map(counts.map((c) => [c.matchId, c._count._all])),
      };
    });
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
    await this.onClose();
  }
}
