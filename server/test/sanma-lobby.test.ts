/**
 * A three-player riichi table in the lobby: three seats to take (East, South, West), the fourth
 * marked vacant and refused with `table/seat_vacant` (nothing changed), bots filling the three,
 * the match starting once they are filled, and every view marking the vacant seat.
 */
import type { ReplayResponse, ServerMessage, TableInfo, TableView } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { rotatedSeats } from '../src/community/routes.js';
import type { MatchRecord } from '../src/store/types.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

type Refusal = { error: { code: string; message: string } };

/** Keys a spectator may never receive (as in play.test.ts): a seat's own hand, its tiles, the wall, the seed. */
const SECRET_KEYS = new Set(['hand', 'concealed', 'drawn', 'waits', 'missedWin', 'wall', 'live', 'dead', 'tiles']);
const PUBLIC_KEYS = new Set(['melds', 'discards', 'bonus', 'lastDiscard']);

/** What of a spectator's view (results aside) is not public: paths of the keys found. */
function secretPaths(view: TableView): string[] {
  const found: string[] = [];
  const walk = (value: unknown, path: string): void => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`);
    } else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        if (SECRET_KEYS.has(k)) found.push(`${path}.${k}`);
        if (!PUBLIC_KEYS.has(k)) walk(v, `${path}.${k}`);
      }
    }
  };
  const { results: _r, lastResult: _l, ...rest } = view;
  walk(rest, '');
  if (view.legalActions.length > 0) found.push('legalActions');
  if (view.seed !== undefined && view.phase !== 'matchOver') found.push('seed');
  return found;
}

const viewsOf = (messages: readonly ServerMessage[]): TableView[] =>
  messages.flatMap((m) => (m.type === 'view' ? [m.view] : m.type === 'welcome' && m.view ? [m.view] : []));

/** A view without what the replay cannot know: connections, and the recipient's own view counter. */
const stripConnected = (view: TableView) => ({
  ...view,
  seq: 0,
  seats: view.seats.map((s) => ({ ...s, connected: true })),
});

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

  it('a whole match with bots: the spectator sees nothing concealed, every view has the seat vacant, the replay is what was played', {
    timeout: 120_000,
  }, async () => {
    const t = await createTable(server.url, { ruleset: 'riichi-sanma', rounds: 1, bots: [1] });
    const ann = await join(server.url, t.code, 'Ann');
    const human = await TestClient.open(server.url, t.code, ann.token, { autoplay: true });
    const spectator = await TestClient.open(server.url, t.code);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await spectator.waitFor(() => spectator.view?.phase === 'matchOver', 100_000);
    await human.waitFor(() => human.view?.phase === 'matchOver');

    const watched = viewsOf(spectator.messages);
    expect(watched.length).toBeGreaterThan(50);
    expect(watched.flatMap(secretPaths)).toEqual([]);
    for (const v of [...watched, ...viewsOf(human.messages)]) {
      expect(v.seats.map((x) => x.vacant === true)).toEqual([false, false, false, true]);
      expect(v.seats[3]).toMatchObject({ concealedCount: 0, discards: [], melds: [], bonus: [], score: 0 });
    }
    // The seat's own views: its hand, and nothing else hidden.
    for (const v of viewsOf(human.messages)) {
      const { hand: _own, legalActions: _legal, ...rest } = v;
      expect(secretPaths({ ...rest, viewer: 'spectator', legalActions: [] })).toEqual([]);
    }
    const final = spectator.view!;
    expect(final.riichi?.ranking?.map((r) => r.seat).sort()).toEqual([0, 1, 2]);

    const list = await api<{ matches: { id: string; code: string }[] }>(server.url, 'GET', '/api/matches');
    const id = list.body.matches.find((m) => m.code === t.code)!.id;
    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${id}/replay`);
    const frames = replay.body.frames;
    expect(stripConnected(frames[frames.length - 1]!.view)).toEqual(stripConnected(final));
    expect(frames.every((f) => f.view.seats[3].vacant === true && (f.hands[3] ?? []).length === 0)).toBe(true);
    human.close();
    spectator.close();
  });

  it('a rematch moves the three players on among the three seats; the fourth stays vacant', () => {
    const seat = (n: number, name: string | null, bot = false) => ({
      seat: n as 0 | 1 | 2 | 3,
      name,
      bot,
      nonce: null,
      playerId: name === null || bot ? null : `id-${name}`,
    });
    const m = {
      ruleset: 'riichi-sanma',
      seats: [seat(0, 'Ann'), seat(1, 'Bot South', true), seat(2, 'Cy'), seat(3, null)],
    } as unknown as MatchRecord;
    expect(rotatedSeats(m)).toEqual([
      { kind: 'reserved', playerId: 'id-Cy', name: 'Cy' },
      { kind: 'reserved', playerId: 'id-Ann', name: 'Ann' },
      { kind: 'bot' },
      { kind: 'free' },
    ]);
  });
});
