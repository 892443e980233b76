/**
 * The Store over Prisma (6.19, JS query compiler + a driver adapter): PGlite embedded or
 * PostgreSQL through `pg`. Each batch is one Prisma batch transaction; actions and hands of all
 * tables go in as one `createMany` each.
 */
import type { HandResultView, RulesetId, Seat, TableStatus } from '@mahjong/shared';
import type { Prisma, PrismaClient } from '../generated/prisma/client.js';
import type {
  ActionRow,
  HandRow,
  LedgerWrite,
  MatchPage,
  MatchPatch,
  MatchRecord,
  SeatRecord,
  Store,
} from './types.js';

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
    seats: [...row.seats]
      .sort((a, b) => a.seat - b.seat)
      .map((s) => ({ seat: s.seat as Seat, name: s.name, bot: s.bot, nonce: s.nonce })),
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

export class PrismaStore implements Store {
  constructor(
    readonly prisma: PrismaClient,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {}

  async writeBatch(writes: readonly LedgerWrite[]): Promise<void> {
    if (writes.length === 0) return;
    // The hot path (only log entries, most batches): one multi-row INSERT, atomic on its own,
    // without the cost of a Prisma batch transaction.
    if (writes.every((w) => w.kind === 'action')) return this.appendActions(writes);
    const ops: Prisma.PrismaPromise<unknown>[] = [];
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
                seats: { create: m.seats.map((s) => ({ seat: s.seat, name: s.name, bot: s.bot, nonce: s.nonce })) },
              },
            }),
          );
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
          data: { name: seat.name, bot: seat.bot, nonce: seat.nonce },
        }),
      );
    }
    if (actions.length > 0) ops.push(this.prisma.action.createMany({ data: actions }));
    if (hands.length > 0) ops.push(this.prisma.hand.createMany({ data: hands }));
    for (const [id, patch] of patches) ops.push(this.prisma.match.update({ where: { id }, data: patchData(patch) }));
    await this.prisma.$transaction(ops);
  }

  private async appendActions(writes: readonly Extract<LedgerWrite, { kind: 'action' }>[]): Promise<void> {
    const params: unknown[] = [];
    const rows: string[] = [];
    for (const w of writes) {
      const n = params.length;
      rows.push(`($${n + 1}, $${n + 2}, $${n + 3}::bigint, $${n + 4}::jsonb)`);
      params.push(w.matchId, w.row.seq, String(w.row.at), JSON.stringify(w.row.event));
    }
    await this.prisma.$executeRawUnsafe(
      `INSERT INTO "Action" ("matchId", "seq", "at", "event") VALUES ${rows.join(', ')}`,
      ...params,
    );
  }

  async loadMatch(id: string): Promise<MatchRecord | null> {
    const row = await this.prisma.match.findUnique({ where: { id }, include: { seats: true } });
    return row ? toRecord(row) : null;
  }

  async loadMatchByCode(code: string): Promise<MatchRecord | null> {
    const row = await this.prisma.match.findUnique({ where: { code }, include: { seats: true } });
    return row ? toRecord(row) : null;
  }

  async loadActive(): Promise<MatchRecord[]> {
    const rows = await this.prisma.match.findMany({
      where: { status: { in: ['lobby', 'playing'] } },
      include: { seats: true },
      orderBy: { createdAt: 'asc' },
    });
    return rows.map(toRecord);
  }

  async loadLog(matchId: string): Promise<ActionRow[]> {
    const rows = await this.prisma.action.findMany({ where: { matchId }, orderBy: { seq: 'asc' } });
    return rows.map((r) => ({ seq: r.seq, at: Number(r.at), event: r.event }));
  }

  async loadHands(matchId: string): Promise<HandRow[]> {
    const rows = await this.prisma.hand.findMany({ where: { matchId }, orderBy: { handNumber: 'asc' } });
    return rows.map((r) => ({
      handNumber: r.handNumber,
      dealer: r.dealer as Seat,
      prevailingWind: r.prevailingWind,
      result: r.result as unknown as HandResultView,
    }));
  }

  async listFinished(page: number, limit: number): Promise<MatchPage> {
    // Played matches only: a table ended in its lobby is no match.
    const where = { status: { in: ['over', 'ended'] }, startedAt: { not: null } };
    const [rows, total] = await this.prisma.$transaction([
      this.prisma.match.findMany({
        where,
        include: { seats: true },
        orderBy: [{ endedAt: 'desc' }, { id: 'desc' }],
        skip: (page - 1) * limit,
        take: limit,
      }),
      this.prisma.match.count({ where }),
    ]);
    const ids = rows.map((r) => r.id);
    const counts =
      ids.length === 0
        ? []
        : await this.prisma.hand.groupBy({ by: ['matchId'], where: { matchId: { in: ids } }, _count: { _all: true } });
    return {
      rows: rows.map(toRecord),
      total,
      handCounts: new Map(counts.map((c) => [c.matchId, c._count._all])),
    };
  }

  async close(): Promise<void> {
    await this.prisma.$disconnect();
    await this.onClose();
  }
}
