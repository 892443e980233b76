/**
 * Adversarial: floods from outside against a real server with low limits. Creation per address
 * and in total, open lobbies (which expire while the server runs), join-code probing over HTTP
 * and sockets, history and replay requests (the replay built once, gzipped, paged by hand), and
 * spectator churn coalesced into one table message per period. Other addresses are real: the
 * requests leave from 127.0.0.2 and 127.0.0.3 (all of 127/8 is loopback).
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { PROTOCOL_VERSION, type ReplayResponse, type ServerMessage, type TableInfo } from '@mahjong/shared';
import { io as connect } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { UNLIMITED } from '../src/limits.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 120_000 });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** One HTTP request from a chosen local address, with any headers. */
function request(
  base: string,
  method: string,
  path: string,
  opts: { body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Answer> {
  const url = new URL(path, base);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname + url.search,
        method,
        localAddress: opts.from ?? '127.0.0.1',
        headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
const json = <T>(a: Answer): T => JSON.parse(a.body.toString()) as T;

describe('abuse: limits', () => {
  it('table creation: per address, in total, and open lobbies; 429 with Retry-After', async () => {
    const server = await testServer({
      limits: {
        createPerClient: { perSecond: 1 / 60, burst: 5 },
        createTotal: { perSecond: 1 / 60, burst: 8 },
        maxLobbies: 1000,
      },
    });
    try {
      const create = (from: string) => request(server.url, 'POST', '/api/tables', { body: {}, from });
      // A creator's name the join would refuse is refused with the create request, before the
      // table exists: no table without its host's seat, nothing taken from the budget.
      for (const hostName of ['\u202Eevil', 'Ann\u2066', 'x'.repeat(25)]) {
        const bad = await request(server.url, 'POST', '/api/tables', { body: { hostName }, from: '127.0.0.1' });
        expect(bad.status).toBe(400);
        expect(json<{ error: { message: string } }>(bad).error.message).toMatch(/name: the name/);
      }
      expect(server.tables.size).toBe(0);
      const a = [];
      for (let i = 0; i < 7; i += 1) a.push((await create('127.0.0.1')).status);
      expect(a).toEqual([201, 201, 201, 201, 201, 429, 429]);
      const refused = await create('127.0.0.1');
      expect(refused.status).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      expect(json<{ error: { code: string; message: string } }>(refused).error).toMatchObject({
        code: 'http/rate_limited',
        message: expect.stringContaining('this address'),
      });
      // Another address has its own budget, until the total runs out.
      const b = [];
      for (let i = 0; i < 4; i += 1) b.push((await create('127.0.0.2')).status);
      expect(b).toEqual([201, 201, 201, 429]);
      const total = await create('127.0.0.3');
      expect(total.status).toBe(429);
      expect(json<{ error: { message: string } }>(total).error.message).toContain('too many tables are being created');
      expect(server.tables.size).toBe(8);

      // An imported log is a match created (and a costly one to check): it spends the same
      // budgets, before its file is read, and a refused one stores nothing.
      const log = readFileSync(path.join(import.meta.dirname, '../src/logs/testdata/double_ron.json'), 'utf8');
      const upload = (from: string) =>
        request(server.url, 'POST', '/api/matches/import', { body: JSON.parse(log), from });
      const before = (await server.store.listFinished(1, 100)).total;
      expect((await upload('127.0.0.1')).status).toBe(429);
      expect((await upload('127.0.0.2')).status).toBe(429);
      expect((await server.store.listFinished(1, 100)).total).toBe(before);
    } finally {
      await server.close();
    }
  });

  it("imports spend the address's table creations", async () => {
    const server = await testServer({ limits: { createPerClient: { perSecond: 1 / 60, burst: 3 } } });
    try {
      const log = readFileSync(path.join(import.meta.dirname, '../src/logs/testdata/double_ron.json'), 'utf8');
      const upload = () => request(server.url, 'POST', '/api/matches/import', { body: JSON.parse(log) });
      const bad = await request(server.url, 'POST', '/api/matches/import', { body: { log: 'nope' } });
      expect(bad.status).toBe(422);
      const statuses = [];
      for (let i = 0; i < 3; i += 1) statuses.push((await upload()).status);
      expect(statuses).toEqual([201, 201, 429]);
      expect((await request(server.url, 'POST', '/api/tables', { body: {} })).status).toBe(429);
    } finally {
      await server.close();
    }
  });

  it('behind a trusted proxy the budget is per X-Forwarded-For client; otherwise the header is ignored', async () => {
    const limits = { createPerClient: { perSecond: 1 / 60, burst: 2 }, createTotal: { perSecond: 1, burst: 100 } };
    const proxied = await testServer({ limits, trustProxy: true });
    const direct = await testServer({ limits });
    try {
      // Every request comes from the proxy's address; the proxy names the client.
      const via = (server: { url: string }, client: string) =>
        request(server.url, 'POST', '/api/tables', { body: {}, headers: { 'x-forwarded-for': `${client}, 10.0.0.1` } });
      const statuses = async (server: { url: string }) => [
        (await via(server, '203.0.113.1')).status,
        (await via(server, '203.0.113.1')).status,
        (await via(server, '203.0.113.1')).status,
        (await via(server, '203.0.113.2')).status,
      ];
      expect(await statuses(proxied)).toEqual([201, 201, 429, 201]);
      // Not behind a proxy: a client cannot buy a fresh budget with a made-up header.
      expect(await statuses(direct)).toEqual([201, 201, 429, 429]);
    } finally {
      await proxied.close();
      await direct.close();
    }
  });

  it('open lobbies are capped, and expire while the server runs', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock, limits: { ...UNLIMITED, maxLobbies: 3, lobbyTtlMs: 10 * 60_000 } });
    try {
      const tables = [];
      for (let i = 0; i < 3; i += 1) tables.push(await createTable(server.url));
      const fourth = await api<{ error: { code: string } }>(server.url, 'POST', '/api/tables', {});
      expect(fourth.status).toBe(429);
      // Starting one frees a place.
      expect(
        (await api(server.url, 'POST', `/api/tables/${tables[0]!.code}/start`, undefined, tables[0]!.hostToken)).status,
      ).toBe(200);
      clock.advance(5 * 60_000);
      const late = await createTable(server.url);
      // Ten minutes on, the unstarted ones are closed (in the ledger too) and creation is open again.
      clock.advance(4 * 60_000);
      expect(server.tables.lobbies).toBe(3);
      clock.advance(2 * 60_000);
      await new Promise((r) => setTimeout(r, 200));
      await server.ledger.flush();
      expect(server.tables.lobbies).toBe(1); // `late`, created after the others
      for (const t of tables.slice(1)) {
        const info = await api<TableInfo>(server.url, 'GET', `/api/tables/${t.code}`);
        expect(info.body.status).toBe('ended');
        expect((await server.store.loadMatch(t.table.matchId))!.status).toBe('ended');
        const joined = await api<{ error: { code: string } }>(server.url, 'POST', `/api/tables/${t.code}/join`, {
          name: 'Ann',
        });
        expect(joined.body.error.code).toBe('table/over');
      }
      expect(server.tables.get(late.code)!.record.status).toBe('lobby');
    } finally {
      await server.close();
    }
  });

  it("one address's share of the lobbies; a lobby nobody sits at closes in minutes", async () => {
    const clock = new ManualClock();
    const server = await testServer({
      clock,
      limits: {
        ...UNLIMITED,
        maxLobbies: 10,
        maxLobbiesPerClient: 2,
        lobbyTtlMs: 6 * 60 * 60_000,
        emptyLobbyTtlMs: 15 * 60_000,
      },
    });
    try {
      const create = (from: string) => request(server.url, 'POST', '/api/tables', { body: {}, from });
      const mine = [await create('127.0.0.5'), await create('127.0.0.5'), await create('127.0.0.5')];
      expect(mine.map((a) => a.status)).toEqual([201, 201, 429]);
      expect(json<{ error: { code: string } }>(mine[2]!).error.code).toBe('http/rate_limited');
      // Another address still has its share.
      expect((await create('127.0.0.6')).status).toBe(201);

      // Somebody sits at one; the other stays empty.
      const [seated, empty] = mine.map((a) => json<{ code: string; table: TableInfo }>(a));
      await request(server.url, 'POST', `/api/tables/${seated!.code}/join`, { body: { name: 'Ann' } });
      clock.advance(16 * 60_000);
      await new Promise((r) => setTimeout(r, 200));
      await server.ledger.flush();
      expect(json<TableInfo>(await request(server.url, 'GET', `/api/tables/${empty!.code}`)).status).toBe('ended');
      expect(json<TableInfo>(await request(server.url, 'GET', `/api/tables/${seated!.code}`)).status).toBe('lobby');
      // The address has a place again.
      expect((await create('127.0.0.5')).status).toBe(201);

      // Creations sent together: a creation counts as a lobby from its check on, so they cannot
      // all pass the cap while the first ones are still being written.
      const together = await Promise.all(Array.from({ length: 6 }, () => create('127.0.0.10')));
      expect(together.map((a) => a.status).sort()).toEqual([201, 201, 429, 429, 429, 429]);
    } finally {
      await server.close();
    }
  });

  it('tables of bots only: capped per creating address and on the server; a table with a player is not', async () => {
    // (Bots that think for a minute: the tables stay in play while the test counts them.)
    const server = await testServer({
      botDelayMs: 60_000,
      limits: { ...UNLIMITED, maxBotTables: 2, maxBotTablesPerClient: 1 },
    });
    try {
      const start = async (from: string, human = false) => {
        const created = json<{ code: string; hostToken: string }>(
          await request(server.url, 'POST', '/api/tables', {
            body: { bots: human ? [1, 2, 3] : [0, 1, 2, 3], options: { turnSeconds: 600 } },
            from,
          }),
        );
        if (human)
          await request(server.url, 'POST', `/api/tables/${created.code}/join`, { body: { name: 'Ann' }, from });
        return (
          await request(server.url, 'POST', `/api/tables/${created.code}/start`, {
            headers: { authorization: `Bearer ${created.hostToken}` },
            from,
          })
        ).status;
      };
      expect(await start('127.0.0.7')).toBe(200);
      expect(await start('127.0.0.7')).toBe(429);
      expect(await start('127.0.0.8')).toBe(200);
      // The server's cap: two are playing.
      expect(await start('127.0.0.9')).toBe(429);
      // A table with a player at it is no bot table.
      expect(await start('127.0.0.7', true)).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('tables of bots only started together: the caps count the starts being written', async () => {
    const server = await testServer({
      botDelayMs: 60_000,
      limits: { ...UNLIMITED, maxBotTables: 3, maxBotTablesPerClient: 2 },
    });
    try {
      const made = await Promise.all(
        Array.from({ length: 5 }, async () =>
          json<{ code: string; hostToken: string }>(
            await request(server.url, 'POST', '/api/tables', {
              body: { bots: [0, 1, 2, 3], options: { turnSeconds: 600 } },
              from: '127.0.0.11',
            }),
          ),
        ),
      );
      const started = await Promise.all(
        made.map((t) =>
          request(server.url, 'POST', `/api/tables/${t.code}/start`, {
            headers: { authorization: `Bearer ${t.hostToken}` },
            from: '127.0.0.11',
          }),
        ),
      );
      expect(started.map((a) => a.status).sort()).toEqual([200, 200, 429, 429, 429]);
      const playing = await Promise.all(
        made.map(async (t) => json<TableInfo>(await request(server.url, 'GET', `/api/tables/${t.code}`)).status),
      );
      expect(playing.filter((st) => st === 'playing')).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('join-code probing: misses per address over HTTP and sockets, hits never counted', async () => {
    const server = await testServer({
      limits: { ...UNLIMITED, lookupMissesPerClient: { perSecond: 1 / 60, burst: 5 } },
    });
    try {
      const t = await createTable(server.url);
      // Honest lookups of a real code cost nothing.
      for (let i = 0; i < 20; i += 1)
        expect((await request(server.url, 'GET', `/api/tables/${t.code}`)).status).toBe(200);
      const probes: number[] = [];
      for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC', 'DDDDDD', 'EEEEEE', 'FFFFFF', 'GGGGGG']) {
        probes.push((await request(server.url, 'GET', `/api/tables/${code}`)).status);
      }
      expect(probes).toEqual([404, 404, 404, 404, 404, 429, 429]);
      // Now even a real code is refused to this address, for a while; others are not held up.
      const blocked = await request(server.url, 'POST', `/api/tables/${t.code}/join`, { body: { name: 'Ann' } });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect((await request(server.url, 'GET', `/api/tables/${t.code}`, { from: '127.0.0.2' })).status).toBe(200);
      // The host's token is signed for its code: the host at that address is not held up.
      const hosted = await request(server.url, 'POST', `/api/tables/${t.code}/bot`, {
        body: { seat: 2 },
        headers: { authorization: `Bearer ${t.hostToken}` },
      });
      expect(hosted.status).toBe(200);
      // A token for another code vouches for nothing.
      const someoneElses = await createTable(server.url);
      const foreign = await request(server.url, 'POST', `/api/tables/${t.code}/bot`, {
        body: { seat: 3 },
        headers: { authorization: `Bearer ${someoneElses.hostToken}` },
      });
      expect(foreign.status).toBe(429);

      // Sockets: hellos for unknown codes count on the same budget (here from 127.0.0.3's own).
      const socket = connect(server.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        localAddress: '127.0.0.3',
      } as Parameters<typeof connect>[1]);
      const got: ServerMessage[] = [];
      socket.on('s2c', (m: ServerMessage) => got.push(m));
      await new Promise<void>((r) => socket.once('connect', () => r()));
      for (let i = 0; i < 7; i += 1) {
        socket.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: `HHHHH${'JKMNPQR'[i]}` });
        await vi.waitFor(() => expect(got.length).toBe(i + 1));
      }
      expect(got.map((m) => (m.type === 'refused' ? m.code : m.type))).toEqual([
        ...Array(5).fill('table/not_found'),
        'msg/rate_limited',
        'msg/rate_limited',
      ]);
      socket.close();

      // Following a code (`lobby`) is a lookup too: a real code costs nothing, unknown ones count,
      // and past the budget no code is answered, a real one included (from 127.0.0.5's own).
      const follower = connect(server.url, {
        transports: ['websocket'],
        forceNew: true,
        reconnection: false,
        localAddress: '127.0.0.5',
      } as Parameters<typeof connect>[1]);
      const heard: ServerMessage[] = [];
      follower.on('s2c', (m: ServerMessage) => heard.push(m));
      await new Promise<void>((r) => follower.once('connect', () => r()));
      for (let i = 0; i < 8; i += 1) {
        follower.emit('c2s', { type: 'lobby', code: t.code });
        await vi.waitFor(() => expect(heard.length).toBe(i + 1));
      }
      expect(heard.every((m) => m.type === 'table')).toBe(true);
      for (const code of ['JJJJJJ', 'KKKKKK', 'MMMMMM', 'NNNNNN', 'PPPPPP'])
        follower.emit('c2s', { type: 'lobby', code });
      follower.emit('c2s', { type: 'lobby', code: t.code });
      await vi.waitFor(() => expect(heard.length).toBe(9));
      const last = heard[8]!;
      expect(last.type === 'refused' ? last.code : last.type).toBe('msg/rate_limited');
      follower.close();

      // A player at that address (a household, a school, a carrier's NAT) whose page reloads is
      // welcomed back with the seat token the table gave them; a hello without one waits.
      const seat = await request(server.url, 'POST', `/api/tables/${t.code}/join`, {
        body: { name: 'Bo' },
        from: '127.0.0.4',
      });
      const { token } = json<{ token: string }>(seat);
      const hello = async (code: string, withToken: boolean): Promise<ServerMessage> => {
        const page = connect(server.url, {
          transports: ['websocket'],
          forceNew: true,
          reconnection: false,
          localAddress: '127.0.0.3',
        } as Parameters<typeof connect>[1]);
        const first = new Promise<ServerMessage>((r) => page.once('s2c', r));
        await new Promise<void>((r) => page.once('connect', () => r()));
        page.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code, ...(withToken ? { token } : {}) });
        const m = await first;
        page.close();
        return m;
      };
      expect((await hello(t.code, true)).type).toBe('welcome');
      const spectator = await hello(t.code, false);
      expect(spectator.type === 'refused' ? spectator.code : spectator.type).toBe('msg/rate_limited');
      // A token of another table does not vouch for a code it was not given for.
      const other = await createTable(server.url);
      const elsewhere = await hello(other.code, true);
      expect(elsewhere.type === 'refused' ? elsewhere.code : elsewhere.type).toBe('msg/rate_limited');

      // Lookups that arrive together: the budget holds however many are in flight (a miss is
      // paid for before the ledger is asked), and hits together still cost nothing.
      const statuses = async (n: number, path: (i: number) => string, from: string, method = 'GET', body?: unknown) =>
        (await Promise.all(Array.from({ length: n }, (_, i) => request(server.url, method, path(i), { from, body }))))
          .map((a) => a.status)
          .sort();
      const burst = await statuses(16, (i) => `/api/tables/QQQQ${'JKMNPQRSTUVWXYZ2'[i]}Q`, '127.0.0.6');
      expect(burst).toEqual([...Array(5).fill(404), ...Array(11).fill(429)]);
      expect(await statuses(16, () => `/api/tables/${t.code}`, '127.0.0.7')).toEqual(Array(16).fill(200));
      // Transfer codes (a player's identity) and circle invites are paid for ahead the same way.
      const transfers = await statuses(12, (i) => `/api/players/transfer?i=${i}`, '127.0.0.8', 'POST', {
        code: 'ABCDEFGH',
      });
      expect(transfers).toEqual([...Array(5).fill(404), ...Array(7).fill(429)]);
    } finally {
      await server.close();
    }
  });

  it('replays: built once, gzipped, paged by hand; history requests per address', async () => {
    const server = await testServer({ limits: { ...UNLIMITED, matchesPerClient: { perSecond: 1 / 60, burst: 6 } } });
    try {
      const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3] });
      expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      const room = server.tables.get(t.code)!;
      await vi.waitFor(() => expect(room.record.status).toBe('over'), { timeout: 60_000, interval: 100 });
      await room.settled();
      await server.ledger.flush();
      const id = t.table.matchId;
      const plain = await request(server.url, 'GET', `/api/matches/${id}/replay`);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      const whole = json<ReplayResponse>(plain);
      const zipped = await request(server.url, 'GET', `/api/matches/${id}/replay`, {
        headers: { 'accept-encoding': 'gzip, deflate' },
      });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.body.length).toBeLessThan(plain.body.length / 5);
      expect(JSON.parse(gunzipSync(zipped.body).toString())).toEqual(whole);
      const hand1 = json<ReplayResponse>(await request(server.url, 'GET', `/api/matches/${id}/replay?hand=1`));
      expect(hand1.frames).toEqual(whole.frames.slice(whole.handStarts[1], whole.handStarts[2] ?? whole.frames.length));
      expect((await request(server.url, 'GET', `/api/matches/${id}/replay?hand=99`)).status).toBe(400);
      // Four replay requests, one build.
      expect(server.replays.builds).toBe(1);
      // Six history requests per address: the four above and two more.
      const more = [];
      for (let i = 0; i < 3; i += 1) more.push((await request(server.url, 'GET', '/api/matches')).status);
      expect(more).toEqual([200, 200, 429]);
      // The same route spelled with percent-escapes spends the same budget.
      expect((await request(server.url, 'GET', '/%61pi/matches')).status).toBe(429);
      expect((await request(server.url, 'GET', `/%61pi/matches/${id}/replay`)).status).toBe(429);
      expect((await request(server.url, 'GET', '/api/matches', { from: '127.0.0.2' })).status).toBe(200);
    } finally {
      await server.close();
    }
  });

  it('spectators coming and going: at most one table message per period to the players', async () => {
    const clock = new ManualClock();
    const server = await testServer({ clock, limits: { ...UNLIMITED, spectatorInfoMs: 1000 } });
    try {
      const t = await createTable(server.url);
      const j = await join(server.url, t.code, 'Ann', 0);
      const player = await TestClient.open(server.url, t.code, j.token);
      await player.roundTrip();
      const tableMessages = () =>
        player.messages.filter((m) => m.type === 'table') as Extract<ServerMessage, { type: 'table' }>[];
      const before = tableMessages().length;
      clock.advance(5000);
      const churn: TestClient[] = [];
      for (let i = 0; i < 20; i += 1) churn.push(await TestClient.open(server.url, t.code));
      for (const c of churn) c.close();
      await new Promise((r) => setTimeout(r, 200));
      await player.roundTrip();
      // The first arrival is told at once; the rest wait for the period.
      expect(tableMessages().length - before).toBe(1);
      clock.advance(1000);
      await player.roundTrip();
      expect(tableMessages().length - before).toBe(2);
      expect(tableMessages().at(-1)!.table.spectators).toBe(0);
      // A seat's own news is never held back.
      await join(server.url, t.code, 'Bo', 1);
      await player.waitFor(() => tableMessages().length - before === 3);
      player.close();
    } finally {
      await server.close();
    }
  });
});
