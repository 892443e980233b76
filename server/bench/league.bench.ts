/**
 * The league and statistics pages of a circle with 10,000 stored matches (and as many of another
 * circle beside it), through the real HTTP server on a file-backed PGlite (PostgreSQL when
 * DATABASE_URL is set): the time from request to answer of each page, measured over repeated
 * requests after one warm-up each. Matches and their SeatResult rows are written straight into
 * the database (playing 20,000 matches would take hours); their figures are random but
 * consistent (places 1-4, results summing to zero).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Family, type Seat, seededRandom } from '@mahjong/shared';
import pino from 'pino';
import { startServer } from '../src/app.js';
import { signPlayerKey } from '../src/community/player-key.js';
import type { SeatResultRow } from '../src/community/seat-results.js';
import { CommunityStore } from '../src/community/store.js';
import { openStore, type StoreTarget } from '../src/store/open.js';
import type { PrismaStore } from '../src/store/prisma-store.js';

const MATCHES = 10_000;
const MEMBERS = 6;
const REPEAT = 30;
const SECRET = Buffer.from('bench-secret-bench-secret-bench!');

async function fill(
  store: PrismaStore,
  community: CommunityStore,
  circleId: string,
  players: readonly string[],
  seed: number,
): Promise<void> {
  const random = seededRandom(seed);
  const start = Date.UTC(2025, 0, 1);
  for (let done = 0; done < MATCHES; done += 1000) {
    const matches = [];
    const seats = [];
    const results: SeatResultRow[] = [];
    for (let i = done; i < Math.min(MATCHES, done + 1000); i += 1) {
      const id = randomUUID();
      const family = i % 3 === 0 ? 'riichi' : 'hk';
      const endedAt = new Date(start + i * 3_600_000);
      const at = [...players].sort(() => random() - 0.5).slice(0, 4);
      const raw = [0, 1, 2, 3].map(() => Math.round((random() - 0.5) * 200));
      const mean = raw.reduce((a, b) => a + b, 0) / 4;
      const scores = raw.map((r) => Math.round(r - mean));
      matches.push({
        id,
        code: `L${seed}${i}`.slice(0, 12),
        ruleset: family === 'hk' ? 'hk-new' : 'riichi-modern',
        options: {},
        rounds: 1,
        seed: 'ab'.repeat(32),
        seedHash: 'cd'.repeat(32),
        status: 'over',
        spectatorsAllowed: true,
        spectatorDelay: false,
        fillWithBots: true,
        hostNonce: 'n',
        rulesetVersion: 'bench',
        logFormatVersion: 1,
        createdAt: endedAt,
        startedAt: endedAt,
        endedAt,
        finalScores: scores,
        circleId,
      });
      const order = [0, 1, 2, 3].sort((a, b) => (scores[b] as number) - (scores[a] as number));
      for (let seat = 0; seat < 4; seat += 1) {
        seats.push({ matchId: id, seat, name: `P${seat}`, bot: false, nonce: null, playerId: at[seat] ?? null });
        const hands = 4 + Math.floor(random() * 6);
        const wins = Math.floor(random() * 3);
        results.push({
          matchId: id,
          seat: seat as Seat,
          playerId: at[seat] ?? null,
          circleId,
          family: family as Family,
          ruleset: family === 'hk' ? 'hk-new' : 'riichi-modern',
          endedAt,
          place: order.indexOf(seat) + 1,
          finalScore: scores[seat] as number,
          result: scores[seat] as number,
          hands,
          wins,
          selfDraws: Math.min(wins, Math.floor(random() * 2)),
          dealIns: Math.floor(random() * 2),
          riichi: family === 'riichi' ? Math.floor(random() * 2) : 0,
          calls: Math.floor(random() * 3),
          winValue: wins * 4000,
          dealInValue: 3900,
          exhaustiveDraws: Math.floor(random() * 2),
          readyAtDraw: 0,
          faanSum: wins * 4,
          maxFaan: wins > 0 ? 5 : 0,
        });
      }
    }
    await store.prisma.match.createMany({ data: matches });
    await store.prisma.seat.createMany({ data: seats });
    // As the server writes them: the rows and their monthly sums together.
    for (let i = 0; i < results.length; i += 400) await community.writeSeatResults(results.slice(i, i + 400));
  }
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

async function run(label: string, target: StoreTarget): Promise<void> {
  const store = (await openStore(target)) as PrismaStore;
  const community = new CommunityStore(store.prisma);
  const members: string[] = [];
  let device = '';
  for (let i = 0; i < MEMBERS; i += 1) {
    const { player, device: d } = await community.createPlayer(`Member ${i}`, '#3b6fd6', 'bench');
    members.push(player.id);
    if (i === 0) device = d.id;
  }
  const circle = await community.createCircle(members[0] as string, 'Bench circle', randomUUID().replaceAll('-', ''));
  for (const id of members.slice(1))
    await store.prisma.circleMember.create({ data: { circleId: circle.id, playerId: id } });
  const other = await community.createCircle(members[1] as string, 'Next door', randomUUID().replaceAll('-', ''));
  const t0 = performance.now();
  await fill(store, community, circle.id, members, 1);
  await fill(store, community, other.id, members, 2);
  const fillSeconds = (performance.now() - t0) / 1000;

  const server = await startServer({
    port: 0,
    host: '127.0.0.1',
    store,
    secret: SECRET,
    clientDir: null,
    logger: pino({ level: 'warn' }),
    limits: { matchesPerClient: { perSecond: 1e6, burst: 1e6 } },
  });
  const cookie = `mj_player=${signPlayerKey(SECRET, { playerId: members[0] as string, deviceId: device, issuedAt: Date.now() })}`;
  const pages = {
    'league, Hong Kong, all time': `/api/circles/${circle.id}/league?family=hk`,
    'league, riichi, all time': `/api/circles/${circle.id}/league?family=riichi`,
    'league, Hong Kong, one season (3 months)': `/api/circles/${circle.id}/league?family=hk&from=2025-04-01&to=2025-06-30`,
    'statistics of a player, Hong Kong': '/api/me/stats?family=hk',
    'circle page': `/api/circles/${circle.id}`,
  };
  console.log(
    `${label}: ${MATCHES} matches in the circle (+${MATCHES} in another), ${MATCHES * 8} SeatResult rows written in ${fillSeconds.toFixed(1)} s`,
  );
  for (const [name, url] of Object.entries(pages)) {
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i <= REPEAT; i += 1) {
      const t = performance.now();
      const res = await fetch(server.url + url, { headers: { cookie } });
      const body = await res.text();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${body.slice(0, 200)}`);
      if (i > 0) times.push(performance.now() - t);
      bytes = body.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${name}: p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms (${REPEAT} requests, ${(bytes / 1024).toFixed(0)} KB)`,
    );
  }
  await server.close();
}

const dir = await mkdtemp(path.join(tmpdir(), 'mj-league-bench-'));
try {
  await run('PGlite', { kind: 'pglite', dataDir: path.join(dir, 'pglite') });
  if (process.env.DATABASE_URL) {
    console.log('(PostgreSQL: the database named in DATABASE_URL gets the bench rows; use a scratch one)');
    await run('PostgreSQL', { kind: 'postgres', url: process.env.DATABASE_URL });
  }
} finally {
  await rm(dir, { recursive: true, force: true });
}
