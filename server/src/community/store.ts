/**
 * Players, devices, transfer codes, circles and the SeatResult rows, over the same Prisma client
 * as the ledger. The figures of the league and the statistics are summed by the database (one
 * grouped query per page), so a page does not read a circle's matches one by one (no
 * benchmark measures it yet).
 */
import { randomUUID } from 'node:crypto';
import type { Family, PlayerColour, PlayerView } from '@mahjong/shared';
import type { PrismaClient } from '../generated/prisma/client.js';
import { LedgerError } from '../store/types.js';
import type { SeatResultRow, Tally } from './seat-results.js';

export interface DeviceRecord {
  readonly id: string;
  readonly playerId: string;
  readonly label: string;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
}

export interface CircleRecord {
  readonly id: string;
  readonly name: string;
  readonly ownerId: string;
  readonly invite: string | null;
  readonly stakePerPoint: number | null;
  readonly currency: string | null;
}

/** Sums of a player's SeatResult rows (what the rates are computed from). */
export interface Totals extends Tally {
  readonly playerId: string;
  readonly matches: number;
  readonly total: number;
  readonly placeSum: number;
  readonly places: readonly [number, number, number, number];
}

/** A range of end dates, inclusive, as days (UTC). */
export interface Season {
  readonly from: string | null;
  readonly to: string | null;
}

export type TransferUse =
  | { readonly ok: true; readonly playerId: string }
  | { readonly ok: false; readonly code: 'transfer/not_found' | 'transfer/used' | 'transfer/expired' };

async function guard<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new LedgerError(`${what}: ${reason.slice(0, 300)}`, error);
  }
}

const toPlayer = (p: { id: string; name: string; colour: string }): PlayerView => ({
  id: p.id,
  name: p.name,
  colour: p.colour as PlayerColour,
});

/** The SQL that sums a set of SeatResult rows per player (`where` names the set). */
const TOTALS = (where: string) => `
  SELECT "playerId",
    count(*)::int AS matches, sum("hands")::int AS hands, sum("wins")::int AS wins,
    sum("selfDraws")::int AS "selfDraws", sum("dealIns")::int AS "dealIns", sum("riichi")::int AS riichi,
    sum("calls")::int AS calls, sum("winValue")::bigint AS "winValue", sum("dealInValue")::bigint AS "dealInValue",
    sum("exhaustiveDraws")::int AS "exhaustiveDraws", sum("readyAtDraw")::int AS "readyAtDraw",
    sum("faanSum")::int AS "faanSum", max("maxFaan")::int AS "maxFaan", sum("result")::float8 AS total,
    sum("place")::int AS "placeSum",
    count(*) FILTER (WHERE "place" = 1)::int AS p1, count(*) FILTER (WHERE "place" = 2)::int AS p2,
    count(*) FILTER (WHERE "place" = 3)::int AS p3, count(*) FILTER (WHERE "place" = 4)::int AS p4
  FROM "SeatResult" WHERE ${where} GROUP BY "playerId"`;

type TotalsRow = Omit<Totals, 'places' | 'winValue' | 'dealInValue'> & {
  winValue: bigint | number;
  dealInValue: bigint | number;
  p1: number;
  p2: number;
  p3: number;
  p4: number;
};

const toTotals = (r: TotalsRow): Totals => ({
  playerId: r.playerId,
  matches: r.matches,
  hands: r.hands,
  wins: r.wins,
  selfDraws: r.selfDraws,
  dealIns: r.dealIns,
  riichi: r.riichi,
  calls: r.calls,
  winValue: Number(r.winValue),
  dealInValue: Number(r.dealInValue),
  exhaustiveDraws: r.exhaustiveDraws,
  readyAtDraw: r.readyAtDraw,
  faanSum: r.faanSum,
  maxFaan: r.maxFaan,
  total: r.total,
  placeSum: r.placeSum,
  places: [r.p1, r.p2, r.p3, r.p4],
});

/** `from`/`to` days as an end-date condition with numbered parameters after `first`. */
function seasonSql(season: Season, first: number): { sql: string; params: Date[] } {
  const parts: string[] = [];
  const params: Date[] = [];
  if (season.from) {
    params.push(new Date(`${season.from}T00:00:00Z`));
    parts.push(`"endedAt" >= $${first + params.length}`);
  }
  if (season.to) {
    params.push(new Date(new Date(`${season.to}T00:00:00Z`).getTime() + 86_400_000));
    parts.push(`"endedAt" < $${first + params.length}`);
  }
  return { sql: parts.map((p) => ` AND ${p}`).join(''), params };
}

export class CommunityStore {
  constructor(private readonly prisma: PrismaClient) {}

  // -- players and devices

  createPlayer(
    name: string,
    colour: PlayerColour,
    deviceLabel: string,
  ): Promise<{ player: PlayerView; device: DeviceRecord }> {
    return guard('create player', async () => {
      const id = randomUUID();
      const deviceId = randomUUID();
      const [player, device] = await this.prisma.$transaction([
        this.prisma.player.create({ data: { id, name, colour } }),
        this.prisma.playerDevice.create({ data: { id: deviceId, playerId: id, label: deviceLabel } }),
      ]);
      return { player: toPlayer(player), device };
    });
  }

  /** The device and its player (null: forgotten, or never was). */
  device(deviceId: string): Promise<{ device: DeviceRecord; player: PlayerView } | null> {
    return guard('load device', async () => {
      const d = await this.prisma.playerDevice.findUnique({ where: { id: deviceId }, include: { player: true } });
      return d ? { device: d, player: toPlayer(d.player) } : null;
    });
  }

  touchDevice(deviceId: string, at: Date): Promise<void> {
    return guard('touch device', async () => {
      await this.prisma.playerDevice.updateMany({ where: { id: deviceId }, data: { lastSeenAt: at } });
    });
  }

  devices(playerId: string): Promise<DeviceRecord[]> {
    return guard('list devices', () =>
      this.prisma.playerDevice.findMany({ where: { playerId }, orderBy: { createdAt: 'asc' } }),
    );
  }

  /** Deletes one of the player's devices; false when they have no such device. */
  forgetDevice(playerId: string, deviceId: string): Promise<boolean> {
    return guard('forget device', async () => {
      const r = await this.prisma.playerDevice.deleteMany({ where: { id: deviceId, playerId } });
      return r.count > 0;
    });
  }

  updatePlayer(playerId: string, patch: { name?: string; colour?: PlayerColour }): Promise<PlayerView> {
    return guard('update player', async () =>
      toPlayer(await this.prisma.player.update({ where: { id: playerId }, data: patch })),
    );
  }

  /** Names and colours of these players (unknown ids left out). */
  players(ids: readonly string[]): Promise<Map<string, PlayerView>> {
    return guard('load players', async () => {
      const rows = await this.prisma.player.findMany({ where: { id: { in: [...new Set(ids)] } } });
      return new Map(rows.map((p) => [p.id, toPlayer(p)]));
    });
  }

  // -- transfer codes

  createTransfer(playerId: string, codeHash: string, expiresAt: Date): Promise<void> {
    return guard('create transfer code', async () => {
      await this.prisma.transferCode.create({ data: { codeHash, playerId, expiresAt } });
    });
  }

  /** Uses a code once (of two devices using it at once, one gets it) and adds the device. */
  useTransfer(codeHash: string, now: Date, deviceId: string, deviceLabel: string): Promise<TransferUse> {
    return guard('use transfer code', () =>
      this.prisma.$transaction(async (tx) => {
        const code = await tx.transferCode.findUnique({ where: { codeHash } });
        if (!code) return { ok: false, code: 'transfer/not_found' } as const;
        if (code.usedAt !== null) return { ok: false, code: 'transfer/used' } as const;
        if (code.expiresAt.getTime() <= now.getTime()) return { ok: false, code: 'transfer/expired' } as const;
        const taken = await tx.transferCode.updateMany({ where: { codeHash, usedAt: null }, data: { usedAt: now } });
        if (taken.count !== 1) return { ok: false, code: 'transfer/used' } as const;
        await tx.playerDevice.create({ data: { id: deviceId, playerId: code.playerId, label: deviceLabel } });
        return { ok: true, playerId: code.playerId } as const;
      }),
    );
  }

  // -- circles

  createCircle(ownerId: string, name: string, invite: string): Promise<CircleRecord> {
    return guard('create circle', async () => {
      const id = randomUUID();
      const [circle] = await this.prisma.$transaction([
        this.prisma.circle.create({ data: { id, name, ownerId, invite: invite } }),
        this.prisma.circleMember.create({ data: { circleId: id, playerId: ownerId } }),
      ]);
      return this.toCircle(circle);
    });
  }

  private toCircle(c: {
    id: string;
    name: string;
    ownerId: string;
    invite: string | null;
    stakePerPoint: number | null;
    currency: string | null;
  }): CircleRecord {
    return {
      id: c.id,
      name: c.name,
      ownerId: c.ownerId,
      invite: c.invite,
      stakePerPoint: c.stakePerPoint,
      currency: c.currency,
    };
  }

  /** The circle if `playerId` is a member (null otherwise: not told apart from no circle). */
  circleFor(circleId: string, playerId: string): Promise<CircleRecord | null> {
    return guard('load circle', async () => {
      const m = await this.prisma.circleMember.findUnique({
        where: { circleId_playerId: { circleId, playerId } },
        include: { circle: true },
      });
      return m ? this.toCircle(m.circle) : null;
    });
  }

  members(circleId: string): Promise<PlayerView[]> {
    return guard('list members', async () => {
      const rows = await this.prisma.circleMember.findMany({
        where: { circleId },
        include: { player: true },
        orderBy: { joinedAt: 'asc' },
      });
      return rows.map((r) => toPlayer(r.player));
    });
  }

  circlesOf(playerId: string): Promise<{ circle: CircleRecord; members: number }[]> {
    return guard('list circles', async () => {
      const rows = await this.prisma.circleMember.findMany({
        where: { playerId },
        include: { circle: { include: { _count: { select: { members: true } } } } },
        orderBy: { joinedAt: 'asc' },
      });
      return rows.map((r) => ({ circle: this.toCircle(r.circle), members: r.circle._count.members }));
    });
  }

  setInvite(circleId: string, invite: string | null): Promise<void> {
    return guard('set invite', async () => {
      await this.prisma.circle.update({ where: { id: circleId }, data: { invite: invite } });
    });
  }

  updateCircle(
    circleId: string,
    patch: { name?: string; stakePerPoint?: number | null; currency?: string | null },
  ): Promise<void> {
    return guard('update circle', async () => {
      await this.prisma.circle.update({ where: { id: circleId }, data: patch });
    });
  }

  /** Joins the circle whose invite this is; null when no circle has it. */
  joinByInvite(invite: string, playerId: string): Promise<CircleRecord | null> {
    return guard('join circle', async () => {
      const circle = await this.prisma.circle.findUnique({ where: { invite: invite } });
      if (!circle) return null;
      await this.prisma.circleMember.upsert({
        where: { circleId_playerId: { circleId: circle.id, playerId } },
        create: { circleId: circle.id, playerId },
        update: {},
      });
      return this.toCircle(circle);
    });
  }

  /** Ids of matches of the circle that have not finished (its page lists them). */
  openTables(circleId: string): Promise<string[]> {
    return guard('circle tables', async () => {
      const rows = await this.prisma.match.findMany({
        where: { circleId, status: { in: ['lobby', 'playing'] } },
        select: { code: true },
        orderBy: { createdAt: 'desc' },
        take: 20,
      });
      return rows.map((r) => r.code);
    });
  }

  /** The join code of the rematch of `matchId`, if one was opened. */
  rematchCode(matchId: string): Promise<string | null> {
    return guard('find rematch', async () => {
      const m = await this.prisma.match.findUnique({ where: { rematchOf: matchId }, select: { code: true } });
      return m?.code ?? null;
    });
  }

  // -- seat results

  /** Writes a match's rows (again: the same rows, nothing added). */
  writeSeatResults(rows: readonly SeatResultRow[]): Promise<void> {
    return guard('write seat results', async () => {
      await this.prisma.seatResult.createMany({ data: rows.map((r) => ({ ...r })), skipDuplicates: true });
    });
  }

  /** Matches played to their end that have no SeatResult rows yet (a kill at the end, older matches). */
  missingResults(limit: number): Promise<string[]> {
    return guard('missing seat results', async () => {
      const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT m."id" FROM "Match" m WHERE m."status" = 'over'
           AND NOT EXISTS (SELECT 1 FROM "SeatResult" r WHERE r."matchId" = m."id")
         ORDER BY m."endedAt" LIMIT $1`,
        limit,
      );
      return rows.map((r) => r.id);
    });
  }

  /** Sums per member of the circle over a season (members only: guests and bots are left out). */
  circleTotals(circleId: string, family: Family, season: Season): Promise<Totals[]> {
    const range = seasonSql(season, 2);
    return guard('league totals', async () => {
      const rows = await this.prisma.$queryRawUnsafe<TotalsRow[]>(
        TOTALS(
          `"circleId" = $1 AND "family" = $2${range.sql} AND "playerId" IN (SELECT "playerId" FROM "CircleMember" WHERE "circleId" = $1)`,
        ),
        circleId,
        family,
        ...range.params,
      );
      return rows.map(toTotals);
    });
  }

  /** Sums of one player over every match they played (circle or not). */
  async playerTotals(playerId: string, family: Family): Promise<Totals | null> {
    return guard('player totals', async () => {
      const rows = await this.prisma.$queryRawUnsafe<TotalsRow[]>(
        TOTALS(`"playerId" = $1 AND "family" = $2`),
        playerId,
        family,
      );
      return rows[0] ? toTotals(rows[0]) : null;
    });
  }

  /**
   * The circle's matches of a season, oldest first, each as its four seats' players, results and
   * places (for the chart and the match list). At most `limit`, the most recent ones.
   */
  circleMatches(
    circleId: string,
    family: Family,
    season: Season,
    limit: number,
  ): Promise<
    {
      matchId: string;
      ruleset: string;
      endedAt: Date;
      seats: { playerId: string | null; result: number; place: number }[];
    }[]
  > {
    const range = seasonSql(season, 3);
    return guard('league matches', async () => {
      const rows = await this.prisma.$queryRawUnsafe<
        {
          matchId: string;
          ruleset: string;
          endedAt: Date;
          seat: number;
          playerId: string | null;
          result: number;
          place: number;
        }[]
      >(
        `WITH recent AS (
           SELECT DISTINCT "matchId", "endedAt" FROM "SeatResult"
           WHERE "circleId" = $1 AND "family" = $2${range.sql}
           ORDER BY "endedAt" DESC, "matchId" DESC LIMIT ${Math.max(1, Math.floor(limit))})
         SELECT r."matchId", r."ruleset", r."endedAt", r."seat", r."playerId", r."result", r."place"
         FROM "SeatResult" r JOIN recent USING ("matchId")
         ORDER BY r."endedAt", r."matchId", r."seat"`,
        circleId,
        family,
        ...range.params,
      );
      const out: {
        matchId: string;
        ruleset: string;
        endedAt: Date;
        seats: { playerId: string | null; result: number; place: number }[];
      }[] = [];
      for (const r of rows) {
        let last = out[out.length - 1];
        if (!last || last.matchId !== r.matchId) {
          last = { matchId: r.matchId, ruleset: r.ruleset, endedAt: r.endedAt, seats: [] };
          out.push(last);
        }
        last.seats[r.seat] = { playerId: r.playerId, result: Number(r.result), place: r.place };
      }
      return out;
    });
  }

  /**
   * Each member's running total after each of the season's matches, sampled to at most `points`
   * points per player (always their last): the league chart.
   */
  circleSeries(
    circleId: string,
    family: Family,
    season: Season,
    points: number,
  ): Promise<Map<string, { n: number; total: number }[]>> {
    const range = seasonSql(season, 3);
    return guard('league series', async () => {
      const rows = await this.prisma.$queryRawUnsafe<{ playerId: string; n: number; total: number; count: number }[]>(
        `SELECT "playerId", n::int, total::float8, count::int FROM (
           SELECT "playerId",
             row_number() OVER w AS n,
             sum("result") OVER w AS total,
             count(*) OVER (PARTITION BY "playerId") AS count
           FROM "SeatResult"
           WHERE "circleId" = $1 AND "family" = $2${range.sql}
             AND "playerId" IN (SELECT "playerId" FROM "CircleMember" WHERE "circleId" = $1)
           WINDOW w AS (PARTITION BY "playerId" ORDER BY "endedAt", "matchId", "seat")
         ) s
         WHERE n = count OR n % GREATEST(1, CEIL(count::float8 / ${Math.max(2, Math.floor(points))}))::int = 0
         ORDER BY "playerId", n`,
        circleId,
        family,
        ...range.params,
      );
      const out = new Map<string, { n: number; total: number }[]>();
      for (const r of rows) {
        const list = out.get(r.playerId) ?? [];
        list.push({ n: r.n, total: Math.round(r.total * 10) / 10 });
        out.set(r.playerId, list);
      }
      return out;
    });
  }

  /** A player's matches, newest first, with their seat's place and result. */
  playerMatches(
    playerId: string,
    family: Family,
    limit: number,
  ): Promise<{ matchId: string; seat: number; result: number; place: number }[]> {
    return guard('player matches', async () => {
      const rows = await this.prisma.seatResult.findMany({
        where: { playerId, family },
        orderBy: [{ endedAt: 'desc' }, { matchId: 'desc' }],
        take: limit,
        select: { matchId: true, seat: true, result: true, place: true },
      });
      return rows;
    });
  }
}
