/**
 * Every refusal of the protocol, over real sockets: each answered with its reason code, and
 * nothing in the table or the ledger changes. Plus the HTTP API's refusals.
 */
import http from 'node:http';
import net from 'node:net';
import { type HttpError, PROTOCOL_VERSION, type RefusalCode, SEATS, type Seat, type TileKind } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import type { Room } from '../src/room.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

/** A GET with any headers or URL (fetch refuses some itself), answered as status, type and text. */
function rawRequest(
  port: string,
  options: { path: string; headers: Record<string, string> },
): Promise<{ status: number; type: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method: 'GET', ...options }, (res) => {
      let body = '';
      res.setEncoding('utf8').on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'] ?? '', body }));
    });
    req.on('error', reject).end();
  });
}

/** Bytes sent on a bare connection, and all the server wrote back before it closed. */
function rawBytes(port: string, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.setEncoding('utf8').on('data', (c: string) => (answer += c));
    socket.on('close', () => resolve(answer)).on('error', reject);
  });
}

// Starting PGlite on a busy 2-core machine can take a while.
vi.setConfig({ hookTimeout: 60_000 });

const SLOW = { claimSeconds: 120, turnSeconds: 600, resultsSeconds: 600 };

describe('refusals', () => {
  let server: RunningServer;
  let code: string;
  let hostToken: string;
  let tokens: string[];
  let room: Room;
  let seats: TestClient[];
  let spectator: TestClient;

  beforeAll(async () => {
    server = await testServer();
    const t = await createTable(server.url, { options: SLOW, fillWithBots: false });
    code = t.code;
    hostToken = t.hostToken;
    tokens = [];
    for (const name of ['Ann', 'Bo', 'Cy', 'Di']) tokens.push((await join(server.url, code, name)).token);
    room = server.tables.get(code)!;
    seats = await Promise.all(tokens.map((tk) => TestClient.open(server.url, code, tk)));
    spectator = await TestClient.open(server.url, code);
  });
  afterAll(async () => {
    for (const c of [...seats, spectator]) c.close();
    await server.close();
  });

  /** Sends, waits for the next refusal on that client and returns its code. */
  async function refusal(client: TestClient, send: () => void): Promise<RefusalCode> {
    const before = client.refusals().length;
    send();
    await client.waitFor(() => client.refusals().length > before, 5000);
    return client.refusals()[before]!.code;
  }

  async function snapshot() {
    await server.ledger.flush();
    await room.settled();
    const log = await server.store.loadLog(room.record.id);
    return {
      seq: room.engine?.seq ?? 0,
      status: room.record.status,
      views: room.engine ? [0, 1, 2, 3].map((s) => room.engine!.viewFor(s as Seat)) : null,
      log: log.length,
      match: await server.store.loadMatch(room.record.id),
    };
  }

  it('refuses acting before the start', async () => {
    expect(await refusal(seats[0]!, () => seats[0]!.act({ type: 'pass' }, 0))).toBe('table/not_started');
  });

  it('refuses every bad message once playing, and nothing changes', async () => {
    expect((await api(server.url, 'POST', `/api/tables/${code}/start`, undefined, hostToken)).status).toBe(200);
    await Promise.all(seats.map((c) => c.waitFor(() => c.view !== null)));
    const before = await snapshot();
    expect(before.status).toBe('playing');
    const view = seats[0]!.view!;
    const turn = view.turn as Seat;
    const mover = seats[turn]!;
    const idle = seats[(turn + 1) % 4]!;
    const moverView = mover.view!;
    const inHand = new Set(moverView.hand!.concealed);
    const notInHand = ([...Array(34).keys()] as TileKind[]).find((k) => !inHand.has(k))!;
    const seq = moverView.seq;

    const cases: [string, TestClient, () => void, RefusalCode][] = [
      ['an unknown event', mover, () => mover.socket.emit('cheat', { type: 'act' }), 'msg/unknown_type'],
      ['an unknown type', mover, () => mover.send({ type: 'steal' }), 'msg/unknown_type'],
      ['a payload that is not an object', mover, () => mover.socket.emit('c2s', 'discard 1m'), 'msg/unknown_type'],
      [
        'a malformed act',
        mover,
        () => mover.send({ type: 'act', seat: turn, seq, action: { type: 'discard', tile: 99 } }),
        'msg/invalid',
      ],
      [
        'an act with extra fields',
        mover,
        () => mover.send({ type: 'act', seat: turn, seq, action: { type: 'pass' }, x: 1 }),
        'msg/invalid',
      ],
      [
        'a second hello for another seat',
        mover,
        () => mover.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: tokens[(turn + 1) % 4] }),
        'auth/already_joined',
      ],
      [
        'a second hello as a spectator',
        mover,
        () => mover.send({ type: 'hello', v: PROTOCOL_VERSION, code }),
        'auth/already_joined',
      ],
      [
        'a stale (future) seq',
        mover,
        () => mover.act({ type: 'discard', tile: moverView.hand!.concealed[0]! }, seq + 1),
        'act/stale_seq',
      ],
      [
        'a stale (old) seq',
        mover,
        () => mover.act({ type: 'discard', tile: moverView.hand!.concealed[0]! }, seq - 1),
        'act/stale_seq',
      ],
      [
        'acting for another seat',
        idle,
        () =>
          idle.send({ type: 'act', seat: turn, seq, action: { type: 'discard', tile: moverView.hand!.concealed[0]! } }),
        'act/wrong_seat',
      ],
      [
        'acting out of turn',
        idle,
        () => idle.act({ type: 'discard', tile: idle.view!.hand!.concealed[0]! }, seq),
        'act/not_your_turn',
      ],
      ['an illegal action', mover, () => mover.act({ type: 'pung' }, seq), 'act/illegal'],
      ['a tile not in hand', mover, () => mover.act({ type: 'discard', tile: notInHand }, seq), 'act/no_such_tile'],
      [
        'a spectator acting',
        spectator,
        () => spectator.send({ type: 'act', seat: turn, seq, action: { type: 'pass' } }),
        'act/spectator',
      ],
    ];
    for (const [name, client, send, expected] of cases) {
      expect(await refusal(client, send), name).toBe(expected);
    }
    // The same hello again is answered with the full view (clients greet on every reconnect).
    const welcomes = mover.messages.filter((m) => m.type === 'welcome').length;
    mover.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: tokens[turn] });
    await mover.waitFor(() => mover.messages.filter((m) => m.type === 'welcome').length > welcomes);
    // The refused id is echoed.
    idle.act({ type: 'pass' }, seq, 77);
    await idle.waitFor(() => idle.refusals().some((r) => r.id === 77));

    expect(await snapshot()).toEqual(before);
  });

  it('refuses a second answer to a claim window, and an answer that leaves it open tells nobody else', async () => {
    // Its own server: the test's clients act at machine speed, far above the per-socket rate
    // limit (which has its own test above).
    // (And /healthz as anyone reads it: without the operators' detail.)
    const fast = await testServer({ rateLimit: { perSecond: 10_000, burst: 10_000 }, healthDetail: false });
    try {
      const t = await createTable(fast.url, { options: { ...SLOW, claimMinMs: 0 }, fillWithBots: false });
      const joined = await Promise.all(['A', 'B', 'C', 'D'].map((n) => join(fast.url, t.code, n)));
      const cs = await Promise.all(joined.map((j) => TestClient.open(fast.url, t.code, j.token)));
      const watcher = await TestClient.open(fast.url, t.code);
      expect((await api(fast.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      const room = fast.tables.get(t.code)!;
      const engine = room.engine!;
      const viewCount = (c: TestClient) => c.messages.filter((m) => m.type === 'view').length;
      // Every client has everything the server has decided so far (broadcasts follow the ledger).
      // (A timer may move the table on meanwhile: then catch up again.)
      const caughtUp = async () => {
        for (let seq = -1; seq !== engine.seq; ) {
          seq = engine.seq;
          await room.settled();
          await Promise.all([...cs, watcher].map((c) => c.roundTrip()));
        }
      };
      // The table moves on whether or not a given client is sent anything, so poll the engine.
      const until = async (pred: () => boolean) => {
        for (let waited = 0; !pred(); waited += 5) {
          if (waited > 10_000) {
            const v = engine.viewFor('spectator');
            const refused = cs.map((c) => c.refusals().map((r) => r.code));
            throw new Error(
              `the table did not move on within 10 s: ${JSON.stringify({ phase: v.phase, stage: v.stage, turn: v.turn, legal: SEATS.map((x) => engine.viewFor(x).legalActions.length), refused, next: engine.nextDeadline() })}`,
            );
          }
          await new Promise((r) => setTimeout(r, 5));
        }
      };
      // The server's own views decide what to do; clients act on the views they were sent.
      // (A random deal: a window two seats may answer usually comes within a hand or two, but a
      // fresh-clone run once played 600 steps without one.)
      for (let i = 0; i < 2000; i += 1) {
        await caughtUp();
        const seq = engine.seq;
        const views = SEATS.map((s) => engine.viewFor(s));
        const spectator = engine.viewFor('spectator');
        const eligible = SEATS.filter((s) => views[s]!.legalActions.length > 0);
        if (spectator.stage === 'claims' && eligible.length >= 2) {
          const [first] = eligible;
          const others = SEATS.filter((s) => !eligible.includes(s));
          const before = [...others.map((s) => viewCount(cs[s]!)), viewCount(watcher)];
          // What anyone may ask the server: its health (but its clocks) and the table's record.
          const public_ = async () => {
            const { uptimeSeconds, eventLoopDelayMs, ...health } = (
              await api<Record<string, unknown>>(fast.url, 'GET', '/healthz')
            ).body;
            return { health, table: (await api(fast.url, 'GET', `/api/tables/${t.code}`)).body };
          };
          const publicBefore = await public_();
          const c = cs[first!]!;
          c.act({ type: 'pass' });
          await until(() => engine.seq > seq);
          await caughtUp();
          expect(c.view!.legalActions).toEqual([]);
          expect(await refusal(c, () => c.act({ type: 'pass' }))).toBe('act/already_answered');
          await caughtUp();
          expect([...others.map((s) => viewCount(cs[s]!)), viewCount(watcher)]).toEqual(before);
          // The answer is in the ledger, and nothing public moved with it.
          expect(engine.log.some((e) => e.seq > seq && e.event.type === 'act' && e.event.action.type === 'pass')).toBe(
            true,
          );
          expect(await public_()).toEqual(publicBefore);
          for (const x of [...cs, watcher]) x.close();
          return;
        }
        if (spectator.stage === 'claims') {
          for (const s of eligible) cs[s]!.act({ type: 'pass' });
        } else if (spectator.phase === 'handOver') {
          for (const s of SEATS) if (views[s]!.legalActions.length > 0) cs[s]!.act({ type: 'pass' });
        } else if (spectator.turn !== null) {
          const discard = views[spectator.turn]!.legalActions.find((a) => a.type === 'discard');
          if (discard) cs[spectator.turn]!.act(discard);
        }
        await until(() => engine.seq > seq);
      }
      throw new Error('no claim window with two seats able to claim in 2000 steps');
    } finally {
      await fast.close();
    }
  });

  it('refuses sockets that have not joined, bad tokens, wrong versions and unknown tables', async () => {
    const other = await createTable(server.url, { options: SLOW });
    const otherSeat = await join(server.url, other.code, 'Eve');
    const fresh = async () => {
      const c = await TestClient.open(server.url, code, undefined);
      return c;
    };
    // A spectator socket that says nothing more has joined; open raw ones for the not-joined cases.
    const raw = await TestClient.open(server.url, 'ZZZZZZ');
    expect(raw.refusals()[0]?.code).toBe('table/not_found');
    // The code it named travels as a value, for pages that say it in their language.
    expect(raw.refusals()[0]?.values).toEqual({ name: 'ZZZZZZ' });
    expect(await refusal(raw, () => raw.send({ type: 'act', seat: 0, seq: 0, action: { type: 'pass' } }))).toBe(
      'auth/not_joined',
    );
    expect(await refusal(raw, () => raw.send({ type: 'sync' }))).toBe('auth/not_joined');
    expect(await refusal(raw, () => raw.send({ type: 'hello', v: PROTOCOL_VERSION + 1, code }))).toBe('msg/version');
    expect(await refusal(raw, () => raw.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: 'nope' }))).toBe(
      'auth/bad_token',
    );
    // A real token of another table, a host token, a forged mac.
    expect(
      await refusal(raw, () => raw.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: otherSeat.token })),
    ).toBe('auth/bad_token');
    expect(await refusal(raw, () => raw.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: hostToken }))).toBe(
      'auth/bad_token',
    );
    const forged = `${tokens[0]!.slice(0, -3)}AAA`;
    expect(await refusal(raw, () => raw.send({ type: 'hello', v: PROTOCOL_VERSION, code, token: forged }))).toBe(
      'auth/bad_token',
    );
    raw.close();

    const closed = await createTable(server.url, { spectatorsAllowed: false });
    const watcher = await TestClient.open(server.url, closed.code);
    expect(watcher.refusals()[0]?.code).toBe('table/spectators_not_allowed');
    watcher.close();
    const s = await fresh();
    expect(s.role).toBe('spectator');
    s.close();
  });

  it('rate-limits a flooding socket', async () => {
    const c = await TestClient.open(server.url, code);
    for (let i = 0; i < 80; i += 1) c.send({ type: 'ping', t: i });
    await c.waitFor(() => c.messages.filter((m) => m.type === 'pong' || m.type === 'refused').length >= 80);
    const limited = c.refusals().filter((r) => r.code === 'msg/rate_limited').length;
    expect(limited).toBeGreaterThan(20);
    // The burst (40, the hello included) goes through, then about 20 a second.
    const pongs = c.messages.filter((m) => m.type === 'pong').length;
    expect(pongs).toBeGreaterThanOrEqual(39);
    expect(pongs).toBeLessThan(60);
    c.close();
  });

  it('drops a socket that sends an oversized message', async () => {
    const c = await TestClient.open(server.url, code);
    const closed = new Promise<string>((r) => c.socket.once('disconnect', (reason) => r(reason)));
    c.send({ type: 'ping', t: 1, pad: 'x'.repeat(64 * 1024) });
    expect(await closed).toBe('transport close');
    const health = await api<{ ok: boolean }>(server.url, 'GET', '/healthz');
    expect(health.body.ok).toBe(true);
  });

  it('refuses HTTP requests that do not fit, and host commands without the host token', async () => {
    const t = await createTable(server.url, { options: SLOW });
    const base = server.url;
    expect((await api(base, 'POST', '/api/tables', { ruleset: 'zung-jung' })).status).toBe(400);
    // A riichi table refuses what riichi does not play: four rounds, Hong Kong options.
    expect((await api(base, 'POST', '/api/tables', { ruleset: 'riichi-modern', rounds: 4 })).status).toBe(400);
    expect((await api(base, 'POST', '/api/tables', { ruleset: 'riichi', options: { minFaan: 3 } })).status).toBe(400);
    const badJson = await fetch(`${base}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{',
    });
    expect([badJson.status, ((await badJson.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'http/invalid',
    ]);
    expect((await api(base, 'POST', '/api/tables', { options: { turnSeconds: -1 } })).status).toBe(400);
    expect((await api(base, 'GET', '/api/tables/ZZZZZZ')).status).toBe(404);
    expect((await api(base, 'GET', '/api/tables/not-a-code')).status).toBe(404);
    expect((await api(base, 'POST', `/api/tables/${t.code}/join`, { name: '' })).status).toBe(400);
    expect((await api(base, 'POST', `/api/tables/${t.code}/join`, { name: 'A', seat: 2 })).status).toBe(200);
    const taken = await api<HttpError>(base, 'POST', `/api/tables/${t.code}/join`, {
      name: 'B',
      seat: 2,
    });
    expect([taken.status, taken.body.error.code]).toEqual([409, 'table/seat_taken']);
    // The seat's number as a value beside the English (which stays for API users and logs).
    expect(taken.body.error).toMatchObject({ message: 'seat 3 is taken', values: { n: 3 } });
    for (const path of ['start', 'end', 'bot']) {
      const r = await api<{ error: { code: string } }>(
        base,
        'POST',
        `/api/tables/${t.code}/${path}`,
        { seat: 0 },
        'bad',
      );
      expect([r.status, r.body.error.code]).toEqual([403, 'auth/not_host']);
      const other = await api(base, 'POST', `/api/tables/${t.code}/${path}`, { seat: 0 }, hostToken);
      expect(other.status).toBe(403);
    }
    expect((await api(base, 'POST', `/api/tables/${t.code}/bot`, { seat: 9 }, t.hostToken)).status).toBe(400);
    expect((await api(base, 'POST', `/api/tables/${t.code}/bot`, { seat: 0 }, t.hostToken)).status).toBe(200);
    for (const name of ['C', 'D'])
      expect((await api(base, 'POST', `/api/tables/${t.code}/join`, { name })).status).toBe(200);
    const full = await api<{ error: { code: string } }>(base, 'POST', `/api/tables/${t.code}/join`, { name: 'E' });
    expect(full.body.error.code).toBe('table/full');
    expect((await api(base, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const again = await api<{ error: { code: string } }>(
      base,
      'POST',
      `/api/tables/${t.code}/start`,
      undefined,
      t.hostToken,
    );
    expect(again.body.error.code).toBe('table/already_started');
    const late = await api<{ error: { code: string } }>(base, 'POST', `/api/tables/${t.code}/join`, { name: 'F' });
    expect(late.body.error.code).toBe('table/already_started');
    // In-progress matches have no details or replay.
    const id = server.tables.get(t.code)!.record.id;
    expect((await api(base, 'GET', `/api/matches/${id}`)).status).toBe(409);
    expect((await api(base, 'GET', `/api/matches/${id}/replay`)).status).toBe(409);
    expect((await api(base, 'GET', '/api/matches/00000000-0000-0000-0000-000000000000')).status).toBe(404);
    expect((await api(base, 'GET', '/api/matches?limit=1000')).status).toBe(400);
    expect((await api(base, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken)).status).toBe(200);
    expect((await api(base, 'GET', `/api/matches/${id}`)).status).toBe(200);
    const ended = await api<{ error: { code: string } }>(
      base,
      'POST',
      `/api/tables/${t.code}/end`,
      undefined,
      t.hostToken,
    );
    expect(ended.body.error.code).toBe('table/over');
  });

  it('answers requests refused before a route reads them in the API shape, with their own status', async () => {
    const base = server.url;
    const t = await createTable(server.url, { options: SLOW });
    const post = async (path: string, type: string, body: string) => {
      const res = await fetch(base + path, { method: 'POST', headers: { 'content-type': type }, body });
      return { status: res.status, body: (await res.json()) as HttpError };
    };
    // A body over the server's limit keeps its 413, with the limit.
    const large = await post('/api/tables', 'application/json', JSON.stringify({ pad: 'x'.repeat(1_100_000) }));
    expect([large.status, large.body.error.code, large.body.error.values]).toEqual([
      413,
      'http/too_large',
      { kb: 1024 },
    ]);
    // A content type no route reads keeps its 415.
    const xml = await post(`/api/tables/${t.code}/join`, 'application/xml', '<name>X</name>');
    expect([xml.status, xml.body.error.code]).toEqual([415, 'http/media_type']);
    expect(xml.body.error.message).toContain('application/xml');
    // Valid JSON with a key that could reach a prototype: refused as that, not as bad JSON, and
    // the join it came with takes no seat.
    for (const [body, key] of [
      ['{"name":"Eve","__proto__":{"seat":1}}', '__proto__'],
      ['{"name":"Eve","x":[{"constructor":{"prototype":{"seat":1}}}]}', 'constructor.prototype'],
    ] as const) {
      const r = await post(`/api/tables/${t.code}/join`, 'application/json', body);
      expect([r.status, r.body.error.code]).toEqual([400, 'http/invalid']);
      expect(r.body.error.message).toBe(`the body is valid JSON, but a ${key} key in it is refused`);
    }
    const seated = server.tables
      .get(t.code)!
      .info()
      .seats.filter((s) => s.name !== null);
    expect(seated).toEqual([]);
    // Text that is not JSON is still said to be that; a constructor that holds no prototype is a key like any.
    expect((await post('/api/tables', 'application/json', '{')).body.error.message).toMatch(/not valid JSON/);
    const named = await post(`/api/tables/${t.code}/join`, 'application/json', '{"name":"Eve","constructor":1}');
    expect(named.status).toBe(400);
    expect(named.body.error.message).not.toMatch(/JSON/);
    // A path part longer than the router takes (414), and one badly escaped (400).
    const long = await api<HttpError>(base, 'GET', `/api/tables/${'A'.repeat(200)}`);
    expect([long.status, long.body.error.code]).toEqual([414, 'http/uri_too_long']);
    const escaped = await api<HttpError>(base, 'GET', '/api/tables/%E0%A4%A');
    expect([escaped.status, escaped.body.error.code]).toEqual([400, 'http/invalid']);
    // What Node's parser refuses before fastify sees a request: headers over 16 KB (the URL is
    // counted with them), and bytes that are not HTTP.
    const port = new URL(base).port;
    const oversized: { path: string; headers: Record<string, string> }[] = [
      { path: '/api/ai', headers: { 'x-pad': 'x'.repeat(20_000) } },
      { path: `/api/ai?pad=${'x'.repeat(90_000)}`, headers: {} },
    ];
    for (const options of oversized) {
      const r = await rawRequest(port, options);
      expect([r.status, r.type, JSON.parse(r.body)]).toEqual([
        431,
        'application/json; charset=utf-8',
        {
          error: {
            code: 'http/header_too_large',
            message: "the request's headers and URL are over 16 KB together",
            values: { kb: 16 },
          },
        },
      ]);
    }
    const garbage = await rawBytes(port, 'HELLO THERE\r\n\r\n');
    expect(garbage.split('\r\n')[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(JSON.parse(garbage.slice(garbage.indexOf('\r\n\r\n') + 4))).toEqual({
      error: { code: 'http/invalid', message: 'the request is not valid HTTP' },
    });
  });

  it('refuses acting after the host ended the match', async () => {
    expect((await api(server.url, 'POST', `/api/tables/${code}/end`, undefined, hostToken)).status).toBe(200);
    const before = await snapshot();
    expect(before.status).toBe('ended');
    const c = seats[0]!;
    expect(await refusal(c, () => c.act({ type: 'pass' }, c.view!.seq))).toBe('table/over');
    expect(await snapshot()).toEqual(before);
  });
});
