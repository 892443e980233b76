/**
 * The league's sums as the database keeps them (monthly rows, the partial months of a season from
 * the SeatResult rows) equal the plain sum of the rows of the season, for seasons that start and
 * end mid-month, on month edges, inside one month, or are open at either end; writing a match's
 * rows twice adds nothing.
 */
import { randomUUID } from 'node:crypto';
import { seededRandom } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../store/open.js';
import type { PrismaStore } from '../store/prisma-store.js';
import type { SeatResultRow } from './seat-results.js';
import { totalsOf } from './stats.js';
import { CommunityStore, type Season } from './store.js';

let store: PrismaStore;
let community: CommunityStore;
let circleId: string;
const players: string[] = [];
const rows: SeatResultRow[] = [];

beforeAll(async () => {
  store = (await openStore({ kind: 'pglite', dataDir: null })) as PrismaStore;
  community = new CommunityStore(store.prisma);
  for (const name of ['Ann', 'Bo', 'Cy', 'Di']) {
    players.push((await community.createPlayer(name, '#d64545', 'test')).player.id);
  }
  const circle = await community.createCircle(players[0]!, 'Test', 'invite-invite-invite');
  circleId = circle.id;
  for (const p of players.slice(1)) await community.joinByInvite('invite-invite-invite', p);
  const random = seededRandom(7);
  // 60 matches over about five months, some on the first and last days of months.
  for (let i = 0; i < 60; i += 1) {
    const matchId = randomUUID();
    const day = [1, 2, 14, 15, 28, 30, 31][i % 7]!;
    const month = 1 + (i % 5);
    const endedAt = new Date(Date.UTC(2026, month - 1, Math.min(day, month === 2 ? 28 : 30), 12 + (i % 10)));
    await store.prisma.match.create({
      data: {
        id: matchId,
        code: `S${i}`,
        ruleset: 'hk-new',
        options: {},
        rounds: 1,
        seed: 's',
        seedHash: 'h',
        status: 'over',
        spectatorsAllowed: true,
        spectatorDelay: false,
        fillWithBots: true,
        hostNonce: 'n',
        rulesetVersion: 'x',
        logFormatVersion: 1,
        endedAt,
        circleId,
      },
    });
    const scores = [0, 1, 2, 3].map(() => Math.round((random() - 0.5) * 100));
    const match: SeatResultRow[] = [0, 1, 2, 3].map((seat) => ({
      matchId,
      seat: seat as 0,
      // Seat 3 of every fifth match is a guest without a player.
      playerId: seat === 3 && i % 5 === 0 ? null : players[(seat + i) % 4]!,
      circleId,
      family: 'hk',
      ruleset: 'hk-new',
      endedAt,
      place: 1 + scores.filter((x) => x > scores[seat]!).length,
      finalScore: scores[seat]!,
      result: scores[seat]!,
      hands: 4 + Math.floor(random() * 4),
      wins: Math.floor(random() * 3),
      selfDraws: Math.floor(random() * 2),
      dealIns: Math.floor(random() * 2),
      riichi: 0,
      calls: Math.floor(random() * 3),
      winValue: Math.floor(random() * 500),
      dealInValue: Math.floor(random() * 300),
      exhaustiveDraws: Math.floor(random() * 2),
      readyAtDraw: 0,
      faanSum: Math.floor(random() * 20),
      maxFaan: Math.floor(random() * 10),
    }));
    rows.push(...match);
    await community.writeSeatResults(match);
    if (i % 10 === 0) await community.writeSeatResults(match);
  }
}, 120_000);

afterAll(async () => {
  await store.close();
});

const day = (s: string | null, end = false): number =>
  s === null
    ? end
      ? Number.POSITIVE_INFINITY
      : Number.NEGATIVE_INFINITY
    : Date.parse(`${s}T00:00:00Z`) + (end ? 86_400_000 : 0);

function expected(season: Season) {
  const inSeason = rows.filter(
    (r) => r.endedAt.getTime() >= day(season.from) && r.endedAt.getTime() < day(season.to, true) && r.playerId !== null,
  );
  return players
    .map((p) =>
      totalsOf(
        p,
        inSeason.filter((r) => r.playerId === p),
      ),
    )
    .filter((t) => t.matches > 0)
    .sort((a, b) => a.playerId.localeCompare(b.playerId));
}

describe('league sums', () => {
  const seasons: Season[] = [
    { from: null, to: null },
    { from: '2026-02-14', to: '2026-04-15' },
    { from: '2026-02-01', to: '2026-03-31' },
    { from: '2026-02-02', to: '2026-02-28' },
    { from: '2026-03-15', to: '2026-03-15' },
    { from: '2026-03-02', to: null },
    { from: null, to: '2026-02-14' },
    { from: '2026-01-31', to: '2026-02-01' },
    { from: '2027-01-01', to: null },
  ];
  for (const season of seasons) {
    it(`equal the rows' sums for ${season.from ?? '…'} to ${season.to ?? '…'}`, async () => {
      const got = (await community.circleTotals(circleId, 'hk', season)).sort((a, b) =>
        a.playerId.localeCompare(b.playerId),
      );
      expect(got).toEqual(expected(season));
    });
  }

  it('per player over every match, and the running totals of the chart end at the totals', async () => {
    for (const p of players) {
      const all = expected({ from: null, to: null }).find((t) => t.playerId === p)!;
      expect(await community.playerTotals(p, 'hk')).toEqual(all);
    }
    for (const most of [1000, 3]) {
      const series = await community.circleSeries(circleId, 'hk', { from: null, to: null }, 200, most);
      for (const t of expected({ from: null, to: null })) {
        const last = series.get(t.playerId)!.at(-1)!;
        expect(last.n).toBe(t.matches);
        expect(last.total).toBeCloseTo(t.total, 6);
      }
    }
  });
});
