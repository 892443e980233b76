/**
 * A three-player riichi table in the lobby: three seats to take (East, South, West), the fourth
 * marked vacant and refused with `table/seat_vacant` (nothing changed), bots filling the three,
 * the match starting once they are filled, and every view marking the vacant seat.
 */
import type { TableInfo } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

type Refusal = { error: { code: string; message: string } };

describe('a three-player table in the lobby', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  const info = async (code: string) => (await api<TableInfo>(server.url, 'GET', `/api/tables/${code}`)).body;

  it('has three seats to take; the fourth is vacant and refused, with nothing changed', async () => {
    const t = await createTable(server.url, { ruleset: 'riichi-sanma', fillWithBots: false });
    expect(t.table.ruleset).toBe('riichi-sanma');
    expect(t.table.seats.map((s) => s.vacant === true)).toEqual([false, false, false, true]);

    const before = await info(t.code);
    const taken = await api<Refusal>(server.url, 'POST', `/api/tables/${t.code}/join`, { name: 'Di', seat: 3 });
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe('table/seat_vacant');
    const bot = await api<Refusal>(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 3 }, t.hostToken);
    expect(bot.body.error.code).toBe('table/seat_vacant');
    expect(await info(t.code)).toEqual(before);

    // Seats are handed out East, South, West; a fourth player finds the table full.
    const seats = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => join(server.url, t.code, n)));
    expect(seats.map((s) => s.seat).sort()).toEqual([0, 1, 2]);
    const full = await api<Refusal>(server.url, 'POST', `/api/tables/${t.code}/join`, { name: 'Di' });
    expect(full.body.error.code).toBe('table/full');

    // Three seats filled: the match starts, without a bot in the fourth.
    const started = await api<TableInfo>(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('playing');
    expect(started.body.seats.map((s) => [s.bot, s.vacant === true])).toEqual([
      [false, false],
      [false, false],
      [false, false],
      [false, true],
    ]);
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('refuses a bot asked for the fourth seat at creation', async () => {
    const r = await api<Refusal>(server.url, 'POST', '/api/tables', { ruleset: 'riichi-sanma', bots: [3] });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('http/invalid');
  });

  it('fills the empty seats with bots, not the vacant one; each view marks the vacant seat', async () => {
    const t = await createTable(server.url, { ruleset: 'riichi-sanma', rounds: 1 });
    const ann = await join(server.url, t.code, 'Ann');
    const c = await TestClient.open(server.url, t.code, ann.token);
    const started = await api<TableInfo>(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken);
    expect(started.body.seats.map((s) => s.bot)).toEqual([false, true, true, false]);
    await c.waitFor(() => c.view !== null);
    const view = c.view!;
    expect(view.ruleset).toBe('riichi-sanma');
    expect(view.seats.map((s) => s.vacant === true)).toEqual([false, false, false, true]);
    expect(view.seats.map((s) => s.wind)).toEqual([1, 2, 3, 4]);
    const north = view.seats[3];
    expect(north).toMatchObject({ name: null, concealedCount: 0, score: 0, melds: [], discards: [], bonus: [] });
    expect(view.hand!.concealed.length).toBe(14);
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
    c.close();
  });
});
