/**
 * The whole server on PostgreSQL: a bot match played over real sockets is stored, listed and
 * replayed from the PostgreSQL ledger, and a restart on the same database brings an unfinished
 * table back.
 */
import { randomBytes } from 'node:crypto';
import type { MatchListResponse, ReplayResponse } from '@mahjong/shared';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { openStore } from '../src/store/open.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';
import { createTestDatabase } from './pg.js';

vi.setConfig({ hookTimeout: 60_000 });

const db = await createTestDatabase(`mj_play_${randomBytes(4).toString('hex')}`);
afterAll(() => db.drop());

describe('server on PostgreSQL', () => {
  it('plays a bot match to the end, then lists and replays it; an unfinished table survives a restart', async () => {
    const server = await testServer({ store: await openStore({ kind: 'postgres', url: db.url }) });
    const t = await createTable(server.url, { rounds: 1, bots: [0, 2, 3] });
    const j = await join(server.url, t.code, 'Ann');
    const human = await TestClient.open(server.url, t.code, j.token, { autoplay: true });
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await human.waitFor(() => human.view?.phase === 'matchOver', 60_000);
    human.close();

    const list = await api<MatchListResponse>(server.url, 'GET', '/api/matches');
    const m = list.body.matches.find((x) => x.code === t.code)!;
    expect(m.players.map((p) => p.name)).toEqual(['Bot East', 'Ann', 'Bot West', 'Bot North']);
    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${m.id}/replay`);
    // The replay ends where the human's last view did (its seq is its own counter, not the log's).
    const last = replay.body.frames[replay.body.frames.length - 1]!;
    expect(last.view.seats.map((s) => s.score)).toEqual(human.view!.seats.map((s) => s.score));
    expect(last.seq).toBeGreaterThanOrEqual(human.view!.seq);
    expect(replay.body.match.handRecords.length).toBe(human.view!.results.length);

    const waiting = await createTable(server.url, { rounds: 1 });
    const seat = await join(server.url, waiting.code, 'Bo');
    await server.close();

    const again = await testServer({ store: await openStore({ kind: 'postgres', url: db.url }) });
    const info = await api<{ status: string; seats: { name: string | null }[] }>(
      again.url,
      'GET',
      `/api/tables/${waiting.code}`,
    );
    expect(info.body.status).toBe('lobby');
    const back = await TestClient.open(again.url, waiting.code, seat.token);
    expect(back.role).toBe(seat.seat);
    back.close();
    await again.close();

    // A day later the unstarted lobby is closed at restart instead of coming back.
    const later = await testServer({
      store: await openStore({ kind: 'postgres', url: db.url }),
      clock: new ManualClock(Date.now() + 25 * 60 * 60_000),
    });
    // (It may be held read-only for late sockets, as any just-finished table, but never as a lobby.)
    expect(later.tables.get(waiting.code)?.record.status ?? 'gone').not.toBe('lobby');
    const closed = await api<{ status: string }>(later.url, 'GET', `/api/tables/${waiting.code}`);
    expect(closed.body.status).toBe('ended');
    await later.close();
  });
});
