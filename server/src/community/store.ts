/**
 * Players, devices, transfer codes, circles and the SeatResult rows with their monthly sums, over
 * the same Prisma client as the ledger. A league page reads one monthly row per member and month
 * of its season (plus the rows of the season's partial months), not a circle's every match
 * (`server/bench/league.bench.ts` times it with 10,000 matches).
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

/** The columns of a SeatResult row, in the order they are written. */
const ROW_COLUMNS = [
  'matchId',
  'seat',
  'playerId',
  'circleId',
  'family',
  'ruleset',
  'endedAt',
  'place',
  'finalScore',
  'result',
  'hands',
  'wins',
  'selfDraws',
  'dealIns',
  'riichi',
  'calls',
  'winValue',
  'dealInValue',
  'exhaustiveDraws',
  'readyAtDraw',
  'faanSum',
  'maxFaan',
] as const satisfies readonly (keyof SeatResultRow)[];
/** Parameter casts (a raw statement's parameters arrive untyped). */
const ROW_CASTS = ROW_COLUMNS.map((c) =>
  c === 'endedAt'
    ? '::timestamp'
    : c === 'result' || c === 'finalScore' || c === 'winValue' || c === 'dealInValue'
      ? '::float8'
      : ['matchId', 'playerId', 'circleId', 'family', 'ruleset'].includes(c)
        ? '::text'
        : '::int',
);

/** The figures summed month by month (`max` for the largest hand). */
const TALLY_SUMS: readonly (readonly [keyof Tally, 'sum' | 'max'])[] = [
  ['hands', 'sum'],
  ['wins', 'sum'],
  ['selfDraws', 'sum'],
  ['dealIns', 'sum'],
  ['riichi', 'sum'],
  ['calls', 'sum'],
  ['winValue', 'sum'],
  ['dealInValue', 'sum'],
  ['exhaustiveDraws', 'sum'],
  ['readyAtDraw', 'sum'],
  ['faanSum', 'sum'],
  ['maxFaan', 'max'],
];

/** Sums of monthly rows (`LeagueMonth` or the same shape) per player. */
const SUMS = `SELECT "playerId", sum("matches")::int AS matches, sum("hands")::int AS hands, sum("wins")::int AS wins,
    sum("selfDraws")::int AS "selfDraws", sum("dealIns")::int AS "dealIns", sum("riichi")::int AS riichi,
    sum("calls")::int AS calls, sum("winValue")::float8 AS "winValue", sum("dealInValue")::float8 AS "dealInValue",
    sum("exhaustiveDraws")::int AS "exhaustiveDraws", sum("readyAtDraw")::int AS "readyAtDraw",
    sum("faanSum")::int AS "faanSum", max("maxFaan")::int AS "maxFaan", sum("total")::float8 AS total,
    sum("placeSum")::int AS "placeSum", sum("p1")::int AS p1, sum("p2")::int AS p2, sum("p3")::int AS p3, sum("p4")::int AS p4`;

/** SeatResult rows in the shape of monthly rows (one match each). */
const ROWS_AS_MONTHS = `SELECT "playerId", to_char("endedAt", 'YYYY-MM') AS "month", 1 AS "matches",
    "hands", "wins", "selfDraws", "dealIns", "riichi", "calls", "winValue"::float8 AS "winValue",
    "dealInValue"::float8 AS "dealInValue", "exhaustiveDraws", "readyAtDraw", "faanSum", "maxFaan",
    "result" AS "total", "place" AS "placeSum", ("place" = 1)::int AS p1, ("place" = 2)::int AS p2,
    ("place" = 3)::int AS p3, ("place" = 4)::int AS p4
  FROM "SeatResult"`;

const MONTH_COLUMNS = `"playerId", "month", "matches", "hands", "wins", "selfDraws", "dealIns", "riichi", "calls",
    "winValue", "dealInValue", "exhaustiveDraws", "readyAtDraw", "faanSum", "maxFaan", "total", "placeSum",
    "p1", "p2", "p3", "p4"`;

const monthOf = (d: Date): string => d.toISOString().slice(0, 7);
const monthStart = (month: string): Date => new Date(`${month}-01T00:00:00Z`);
const nextMonth = (month: string): string => {
  const d = monthStart(month);
  return monthOf(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
};

/**
 * A season as monthly rows of a circle: the whole months inside it from `LeagueMonth`, the days
 * of its partial first and last months from the SeatResult rows. Parameters are numbered after
 * $1 (the circle, as the scope), $2 (the family) and $3 (the circle again); `first` is 3.
 */
function seasonParts(season: Season, first: number): { union: string; params: Date[] } {
  const from = season.from ? new Date(`${season.from}T00:00:00Z`) : null;
  const end = season.to ? new Date(new Date(`${season.to}T00:00:00Z`).getTime() + 86_400_000) : null;
  // Whole months: [fullFrom, fullEnd) in month starts.
  const fullFrom = from === null ? null : from.getUTCDate() === 1 ? monthOf(from) : nextMonth(monthOf(from));
  const fullEnd = end === null ? null : monthOf(end);
  const params: Date[] = [];
  const p = (d: Date) => {
    params.push(d);
    return `$${first + params.length}`;
  };
  const months: string[] = [];
  if (fullFrom !== null) months.push(`"month" >= '${fullFrom}'`);
  if (fullEnd !== null) months.push(`"month" < '${fullEnd}'`);
  const parts = [
    // ($3 is named here too: a statement must use every parameter it is given.)
    `SELECT ${MONTH_COLUMNS} FROM "LeagueMonth" WHERE "scope" = $1 AND "family" = $2 AND $3::text IS NOT NULL${months.map((m) => ` AND ${m}`).join('')}`,
  ];
  const raw = (lo: Date | null, hi: Date | null) => {
    const conds = [...(lo === null ? [] : [`"endedAt" >= ${p(lo)}`]), ...(hi === null ? [] : [`"endedAt" < ${p(hi)}`])];
    parts.push(
      `${ROWS_AS_MONTHS} WHERE "circleId" = $3 AND "family" = $2 AND "playerId" IS NOT NULL AND ${conds.join(' AND ')}`,
    );
  };
  const wholeFrom = fullFrom === null ? null : monthStart(fullFrom);
  const wholeEnd = fullEnd === null ? null : monthStart(fullEnd);
  if (wholeFrom !== null && wholeEnd !== null && wholeFrom >= wholeEnd) {
    // No whole month inside: the season is days of one or two months, read from the rows.
    parts.length = 0;
    raw(from, end);
    parts[0] = parts[0]!.replace('WHERE "circleId" = $3', 'WHERE "circleId" = $3 AND "circleId" = $1');
  } else {
    if (from !== null && wholeFrom !== null && from < wholeFrom) raw(from, wholeFrom);
    if (end !== null && wholeEnd !== null && wholeEnd < end) raw(wholeEnd, end);
  }
  return { union: parts.join(' UNION ALL '), params };
}

type TotalsRow = Omit<Totals, 'places'> & {
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
  winValue: r.winValue,
  dealInValue: r.dealInValue,
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
      // One query: the membership with its circle included was two, and a circle ended between
      // them (its last member's own "leave" sent at the same moment) failed as an error.
      const circle = await this.prisma.circle.findFirst({ where: { id: circleId, members: { some: { playerId } } } });
      return circle ? this.toCircle(circle) : null;
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
      // (updateMany: a circle its last member left meanwhile is no error here; the answer says 404.)
      await this.prisma.circle.updateMany({ where: { id: circleId }, data: { invite: invite } });
    });
  }

  updateCircle(
    circleId: string,
    patch: { name?: string; stakePerPoint?: number | null; currency?: string | null },
  ): Promise<void> {
    return guard('update circle', async () => {
      await this.prisma.circle.updateMany({ where: { id: circleId }, data: patch });
    });
  }

  /**
   * A member leaves. An owner who leaves hands the circle to the member who joined first after
   * it; the last member's leaving ends the circle (its matches keep their rows: the league of an
   * ended circle is nobody's). Says what became of the circle.
   */
  leaveCircle(circleId: string, playerId: string): Promise<'left' | 'handed' | 'ended' | null> {
    return guard('leave circle', () =>
      this.prisma.$transaction(async (tx) => {
        // Null when not a member (any more): a second "leave" sent at once with the first.
        const gone = await tx.circleMember.deleteMany({ where: { circleId, playerId } });
        if (gone.count === 0) return null;
        const circle = await tx.circle.findUnique({ where: { id: circleId } });
        if (!circle || circle.ownerId !== playerId) return 'left';
        const next = await tx.circleMember.findFirst({ where: { circleId }, orderBy: { joinedAt: 'asc' } });
        if (next) {
          await tx.circle.update({ where: { id: circleId }, data: { ownerId: next.playerId } });
          return 'handed';
        }
        await tx.circle.delete({ where: { id: circleId } });
        return 'ended';
      }),
    );
  }

  /**
   * The owner removes a member; the invite, when there is one, is replaced by `invite` in the
   * same write (the removed member has the old link). False when the player is no member.
   */
  removeMember(circleId: string, playerId: string, invite: string): Promise<boolean> {
    return guard('remove member', () =>
      this.prisma.$transaction(async (tx) => {
        const gone = await tx.circleMember.deleteMany({ where: { circleId, playerId } });
        if (gone.count === 0) return false;
        await tx.circle.updateMany({ where: { id: circleId, invite: { not: null } }, data: { invite } });
        return true;
      }),
    );
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

  /**
   * Writes a match's rows and adds them to the monthly sums, in one statement: rows already there
   * (a second catch-up, another process) are skipped and add nothing.
   */
  writeSeatResults(rows: readonly SeatResultRow[]): Promise<void> {
    if (rows.length === 0) return Promise.resolve();
    const params: unknown[] = [];
    const values = rows.map((r) => {
      const row = ROW_COLUMNS.map((c) => r[c]);
      const first = params.length;
      params.push(...row);
      return `(${row.map((_, i) => `$${first + i + 1}${ROW_CASTS[i]}`).join(', ')})`;
    });
    const sums = TALLY_SUMS.map(([c, f]) => `${f}(${f === 'max' ? `"${c}"` : `"${c}"`})`).join(', ');
    return guard('write seat results', async () => {
      await this.prisma.$executeRawUnsafe(
        `WITH ins AS (
           INSERT INTO "SeatResult" (${ROW_COLUMNS.map((c) => `"${c}"`).join(', ')}) VALUES ${values.join(', ')}
           ON CONFLICT DO NOTHING RETURNING *),
         scoped AS (
           SELECT ins.*, scope FROM ins, unnest(ARRAY[ins."circleId", '']) AS scope
           WHERE ins."playerId" IS NOT NULL AND scope IS NOT NULL)
         INSERT INTO "LeagueMonth" ("scope", "family", "playerId", "month", "matches", ${TALLY_SUMS.map(([c]) => `"${c}"`).join(', ')},
           "total", "placeSum", "p1", "p2", "p3", "p4")
         SELECT scope, "family", "playerId", to_char("endedAt", 'YYYY-MM'), count(*), ${sums},
           sum("result"), sum("place"), count(*) FILTER (WHERE "place" = 1), count(*) FILTER (WHERE "place" = 2),
           count(*) FILTER (WHERE "place" = 3), count(*) FILTER (WHERE "place" = 4)
         FROM scoped GROUP BY scope, "family", "playerId", to_char("endedAt", 'YYYY-MM')
         ON CONFLICT ("scope", "family", "playerId", "month") DO UPDATE SET
           "matches" = "LeagueMonth"."matches" + EXCLUDED."matches",
           ${TALLY_SUMS.map(([c, f]) => (f === 'max' ? `"${c}" = GREATEST("LeagueMonth"."${c}", EXCLUDED."${c}")` : `"${c}" = "LeagueMonth"."${c}" + EXCLUDED."${c}"`)).join(',\n           ')},
           "total" = "LeagueMonth"."total" + EXCLUDED."total",
           "placeSum" = "LeagueMonth"."placeSum" + EXCLUDED."placeSum",
           "p1" = "LeagueMonth"."p1" + EXCLUDED."p1", "p2" = "LeagueMonth"."p2" + EXCLUDED."p2",
           "p3" = "LeagueMonth"."p3" + EXCLUDED."p3", "p4" = "LeagueMonth"."p4" + EXCLUDED."p4"`,
        ...params,
      );
    });
  }

  /**
   * Matches played to their end that have no SeatResult rows yet (a kill at the end, older
   * matches), but those in `passed`. Imported matches never have rows: they have no action log.
   */
  missingResults(limit: number, passed: readonly string[] = []): Promise<string[]> {
    return guard('missing seat results', async () => {
      const rows = await this.prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT m."id" FROM "Match" m WHERE m."status" = 'over' AND m."imported" IS NULL
           AND NOT (m."id" = ANY($2::text[]))
           AND NOT EXISTS (SELECT 1 FROM "SeatResult" r WHERE r."matchId" = m."id")
         ORDER BY m."endedAt" LIMIT $1`,
        limit,
        passed,
      );
      return rows.map((r) => r.id);
    });
  }

  /** Sums per member of the circle over a season (members only: guests and bots are left out). */
  circleTotals(circleId: string, family: Family, season: Season): Promise<Totals[]> {
    const part = seasonParts(season, 3);
    return guard('league totals', async () => {
      const rows = await this.prisma.$queryRawUnsafe<TotalsRow[]>(
        `${SUMS} FROM (${part.union}) u
         WHERE "playerId" IN (SELECT "playerId" FROM "CircleMember" WHERE "circleId" = $1)
         GROUP BY "playerId"`,
        circleId,
        family,
        circleId,
        ...part.params,
      );
      return rows.map(toTotals);
    });
  }

  /** Sums of one player over every match they played (circle or not). */
  async playerTotals(playerId: string, family: Family): Promise<Totals | null> {
    return guard('player totals', async () => {
      const rows = await this.prisma.$queryRawUnsafe<TotalsRow[]>(
        `${SUMS} FROM "LeagueMonth" WHERE "scope" = '' AND "family" = $1 AND "playerId" = $2 GROUP BY "playerId"`,
        family,
        playerId,
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
      seats: { playerId: string | null; name: string | null; result: number; place: number }[];
    }[]
  > {
    const range = seasonSql(season, 2);
    return guard('league matches', async () => {
      const rows = await this.prisma.$queryRawUnsafe<
        {
          matchId: string;
          ruleset: string;
          endedAt: Date;
          seat: number;
          playerId: string | null;
          name: string | null;
          result: number;
          place: number;
        }[]
      >(
        `WITH recent AS (
           SELECT DISTINCT "matchId", "endedAt" FROM "SeatResult"
           WHERE "circleId" = $1 AND "family" = $2${range.sql}
           ORDER BY "endedAt" DESC, "matchId" DESC LIMIT ${Math.max(1, Math.floor(limit))})
         SELECT r."matchId", r."ruleset", r."endedAt", r."seat", r."playerId", s."name", r."result", r."place"
         FROM "SeatResult" r JOIN recent USING ("matchId")
         JOIN "Seat" s ON s."matchId" = r."matchId" AND s."seat" = r."seat"
         ORDER BY r."endedAt", r."matchId", r."seat"`,
        circleId,
        family,
        ...range.params,
      );
      const out: {
        matchId: string;
        ruleset: string;
        endedAt: Date;
        seats: { playerId: string | null; name: string | null; result: number; place: number }[];
      }[] = [];
      for (const r of rows) {
        let last = out[out.length - 1];
        if (!last || last.matchId !== r.matchId) {
          last = { matchId: r.matchId, ruleset: r.ruleset, endedAt: r.endedAt, seats: [] };
          out.push(last);
        }
        last.seats[r.seat] = { playerId: r.playerId, name: r.name, result: Number(r.result), place: r.place };
      }
      return out;
    });
  }

  /**
   * Each member's running total over the season, for the league chart: after each match when no
   * member has more than `points` matches in it, else at the end of each month (a long history
   * reads as months). `n` is the member's matches so far.
   */
  circleSeries(
    circleId: string,
    family: Family,
    season: Season,
    points: number,
    most: number,
  ): Promise<Map<string, { n: number; total: number }[]>> {
    const members = `"playerId" IN (SELECT "playerId" FROM "CircleMember" WHERE "circleId" = $1)`;
    return guard('league series', async () => {
      const out = new Map<string, { n: number; total: number }[]>();
      const add = (playerId: string, matches: number, total: number) => {
        const list = out.get(playerId) ?? [];
        const last = list[list.length - 1] ?? { n: 0, total: 0 };
        list.push({ n: last.n + matches, total: Math.round((last.total + total) * 10) / 10 });
        out.set(playerId, list);
      };
      if (most <= points) {
        const range = seasonSql(season, 2);
        const rows = await this.prisma.$queryRawUnsafe<{ playerId: string; result: number }[]>(
          `SELECT "playerId", "result"::float8 AS result FROM "SeatResult"
           WHERE "circleId" = $1 AND "family" = $2${range.sql} AND ${members}
           ORDER BY "endedAt", "matchId", "seat"`,
          circleId,
          family,
          ...range.params,
        );
        for (const r of rows) add(r.playerId, 1, r.result);
        return out;
      }
      const part = seasonParts(season, 3);
      const rows = await this.prisma.$queryRawUnsafe<
        { playerId: string; month: string; matches: number; total: number }[]
      >(
        `SELECT "playerId", "month", sum("matches")::int AS matches, sum("total")::float8 AS total
         FROM (${part.union}) u WHERE ${members}
         GROUP BY "playerId", "month" ORDER BY "playerId", "month"`,
        circleId,
        family,
        circleId,
        ...part.params,
      );
      for (const r of rows) add(r.playerId, r.matches, r.total);
      return out;
    });
  }

  /** The finished matches `ids` with their seats, in one query (a page's list). */
  matchesById(ids: readonly string[]) {
    return guard('load matches', () =>
      this.prisma.match.findMany({
        where: { id: { in: [...ids] } },
        include: { seats: { orderBy: { seat: 'asc' } }, _count: { select: { hands: true } } },
      }),
    );
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
