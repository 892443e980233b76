/**
 * Adversarial: one address opening sockets without end. Up to `maxSocketsPerClient` open at once
 * it is served; the next is refused as it connects (socket.io's `connect_error` with the code in
 * its `data`), until one of its sockets goes, however it goes: closed by the page, its transport
 * dropped or its TCP connection cut, or disconnected by the server. Seats already held keep
 * playing, and the refused sockets change nothing at the table. A hostile client speaking the
 * raw protocol gets no further: many sockets asked over one connection in one request are each
 * counted. Other addresses are real: sockets leave from 127.0.0.2 (all of 127/8 is loopback).
 */
import { PROTOCOL_VERSION, type TableView } from '@mahjong/shared';
import { io as connect, type Socket } from 'socket.io-client';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS, limitsFromEnv } from '../src/limits.js';
import type { RunningServer } from '../src/app.js';
import { createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

/** socket.io-client's error of a refused connection. */
type ConnectError = Error & { data?: unknown };

/** A socket from a chosen local address (with any headers): the socket once open, or the refusal. */
function open(
  url: string,
  opts: { from?: string; headers?: Record<string, string> } = {},
): Promise<{ socket: Socket; refused: ConnectError | null }> {
  const socket = connect(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    localAddress: opts.from ?? '127.0.0.1',
    ...(opts.headers ? { extraHeaders: opts.headers } : {}),
  } as Parameters<typeof connect>[1]);
  return new Promise((resolve) => {
    socket.once('connect', () => resolve({ socket, refused: null }));
    socket.once('connect_error', (err: ConnectError) => {
      socket.close();
      resolve({ socket, refused: err });
    });
  });
}

async function opened(url: string, opts: { from?: string; headers?: Record<string, string> } = {}): Promise<Socket> {
  const { socket, refused } = await open(url, opts);
  if (refused) throw new Error(`refused: ${refused.message}`);
  return socket;
}

/** The sockets the server holds now (the page's disconnect reaches it a moment later). */
const held = (server: RunningServer) => server.io.of('/').sockets.size;

const refusal = (cap: number) => ({
  code: 'socket/too_many',
  message: expect.stringContaining(`${cap} connections`),
  values: { n: cap },
});

describe('abuse: sockets per address', () => {
  it('the cap: the next refused with its code, every way a socket goes lets one in, seats keep playing', async () => {
    const cap = 6;
    const server = await testServer({ limits: { maxSocketsPerClient: cap } });
    const sockets: Socket[] = [];
    const clients: TestClient[] = [];
    try {
      const t = await createTable(server.url, { bots: [2, 3], options: { turnSeconds: 60 } });
      const east = await join(server.url, t.code, 'Ann', 0);
      const south = await join(server.url, t.code, 'Bob', 1);
      await fetch(`${server.url}/api/tables/${t.code}/start`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.hostToken}` },
      });
      // Two seats and two spectators of the table, two sockets doing nothing: the cap.
      const seat0 = await TestClient.open(server.url, t.code, east.token);
      const seat1 = await TestClient.open(server.url, t.code, south.token);
      const watchers = [await TestClient.open(server.url, t.code), await TestClient.open(server.url, t.code)];
      clients.push(seat0, seat1, ...watchers);
      for (let i = 0; i < 2; i += 1) sockets.push(await opened(server.url));
      expect(seat0.role).toBe(0);
      expect(watchers.map((w) => w.role)).toEqual(['spectator', 'spectator']);
      const room = server.tables.get(t.code)!;
      await vi.waitFor(() => expect(room.info().spectators).toBe(2));
      const before = room.info();

      // The next, as many times as it asks: refused with the code the page says.
      for (let i = 0; i < 3; i += 1) {
        const { refused } = await open(server.url);
        expect(refused?.message).toContain(`${cap} connections`);
        expect(refused?.data).toEqual(refusal(cap));
      }
      expect(server.sockets.byCode.get('socket/too_many')).toBe(3);
      // Another address is not held to this one's count.
      const elsewhere = await opened(server.url, { from: '127.0.0.2' });
      elsewhere.close();

      // The seats play on: the dealer's discard is taken and reaches the other seat.
      await seat0.waitFor(() => !!seat0.view?.legalActions.some((a) => a.type === 'discard'));
      const view = seat0.view as TableView;
      const discard = view.legalActions.find((a) => a.type === 'discard');
      if (discard?.type !== 'discard') throw new Error('no discard offered');
      seat0.act({ type: 'discard', tile: discard.tile });
      await seat1.waitFor(() => (seat1.view?.seats[0].discards.length ?? 0) === 1);
      await seat0.roundTrip();
      expect([...seat0.refusals(), ...seat1.refusals()]).toEqual([]);
      // Nothing at the table came of the refused sockets.
      expect(room.info()).toEqual(before);

      // However a socket goes, its place is free again once the server has seen it go.
      const ways: [string, (s: Socket) => void][] = [
        ['closed by the page', (s) => s.close()],
        ['its transport dropped', (s) => s.io.engine.close()],
        [
          'its TCP connection cut',
          (s) => (s.io.engine.transport as unknown as { ws: { _socket: { destroy(): void } } }).ws._socket.destroy(),
        ],
        ['disconnected by the server', (s) => server.io.of('/').sockets.get(s.id!)!.disconnect()],
        [
          'disconnected with its connection by the server',
          (s) => server.io.of('/').sockets.get(s.id!)!.disconnect(true),
        ],
      ];
      for (const [way, end] of ways) {
        const s = sockets.pop()!;
        end(s);
        await vi.waitFor(() => expect(held(server), way).toBe(cap - 1));
        const next = await open(server.url);
        expect(next.refused, way).toBeNull();
        sockets.push(next.socket);
        expect((await open(server.url)).refused?.data, way).toEqual(refusal(cap));
      }
      // A spectator's socket too; the table counts one spectator fewer, as for any departure.
      watchers[1]!.close();
      await vi.waitFor(() => expect(held(server)).toBe(cap - 1));
      sockets.push(await opened(server.url));
      await vi.waitFor(() => expect(room.info().spectators).toBe(1));
    } finally {
      for (const c of clients) c.close();
      for (const s of sockets) s.close();
      await server.close();
    }
  });

  it('sockets asked over one connection in one request are each counted, and counted out with it', async () => {
    const cap = 3;
    const server = await testServer({ limits: { maxSocketsPerClient: cap } });
    try {
      // The raw protocol over polling: a handshake, then five CONNECTs of the main namespace in
      // one POST (socket.io lets one connection open any number of them).
      const base = `${server.url}/socket.io/?EIO=4&transport=polling`;
      const handshake = await (await fetch(base)).text();
      const sid = (JSON.parse(handshake.slice(1)) as { sid: string }).sid;
      const poll = `${base}&sid=${sid}`;
      const post = (body: string) => fetch(poll, { method: 'POST', body }).then((r) => r.text());
      expect(await post(Array(5).fill('40').join('\x1e'))).toBe('ok');
      const answers: string[] = [];
      while (answers.length < 5) answers.push(...(await (await fetch(poll)).text()).split('\x1e'));
      const connected = answers.filter((a) => a.startsWith('40{"sid"'));
      const refused = answers.filter((a) => a.startsWith('44')).map((a) => JSON.parse(a.slice(2)) as { data: unknown });
      expect(connected).toHaveLength(cap);
      expect(refused.map((r) => r.data)).toEqual([refusal(cap), refusal(cap)]);
      expect(held(server)).toBe(cap);
      expect((await open(server.url)).refused?.data).toEqual(refusal(cap));

      // The connection closes (an engine.io close packet): its three sockets stop counting.
      expect(await post('1')).toBe('ok');
      await vi.waitFor(() => expect(held(server)).toBe(0));
      const again = [];
      for (let i = 0; i < cap; i += 1) again.push(await opened(server.url));
      for (const s of again) s.close();
    } finally {
      await server.close();
    }
  });

  it('a session that comes back through recovery is counted as a new one: refused at the cap', async () => {
    const cap = 2;
    const server = await testServer({ limits: { maxSocketsPerClient: cap } });
    const sockets: Socket[] = [];
    const page = connect(server.url, {
      transports: ['websocket'],
      forceNew: true,
      reconnectionDelay: 300,
      reconnectionDelayMax: 300,
      randomizationFactor: 0,
    });
    const connected = new Promise<void>((r) => page.once('connect', () => r()));
    try {
      const t = await createTable(server.url);
      // A page watching a table: its session is kept for recovery, its welcome carries an offset.
      await connected;
      const got: string[] = [];
      page.on('s2c', (m: { type: string }) => got.push(m.type));
      page.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: t.code });
      await vi.waitFor(() => expect(got).toContain('welcome'));
      sockets.push(await opened(server.url));
      // What comes of the page's return: refused, or let in (recovered).
      const back = new Promise<{ refused: unknown } | { recovered: boolean }>((r) => {
        page.once('connect_error', (err: ConnectError) => r({ refused: err.data }));
        page.once('connect', () => r({ recovered: page.recovered }));
      });
      // Its transport drops; another socket of the address takes the place before it is back.
      page.io.engine.close();
      await vi.waitFor(() => expect(held(server)).toBe(cap - 1));
      sockets.push(await opened(server.url));
      expect(await back).toEqual({ refused: refusal(cap) });
      expect(held(server)).toBe(cap);
    } finally {
      page.close();
      for (const s of sockets) s.close();
      await server.close();
    }
  });

  it('a connection whose only socket is refused is closed, not left open until its connect timeout', async () => {
    const server = await testServer({ limits: { maxSocketsPerClient: 1 } });
    const sockets: Socket[] = [];
    try {
      sockets.push(await opened(server.url));
      const engine = server.io.engine;
      const before = engine.clientsCount;
      const base = `${server.url}/socket.io/?EIO=4&transport=polling`;
      const sid = (JSON.parse((await (await fetch(base)).text()).slice(1)) as { sid: string }).sid;
      expect(engine.clientsCount).toBe(before + 1);
      const poll = `${base}&sid=${sid}`;
      expect(await (await fetch(poll, { method: 'POST', body: '40' })).text()).toBe('ok');
      const answer = await (await fetch(poll)).text();
      expect(answer.startsWith('44')).toBe(true);
      // The next poll gets the close packet at once (left open, it would wait for a ping, 25 s).
      const next = await (await fetch(poll, { signal: AbortSignal.timeout(5000) })).text();
      expect(next.split('\x1e')).toContain('1');
      await vi.waitFor(() => expect(engine.clientsCount).toBe(before), { timeout: 5000 });
      // The socket that holds the place is untouched.
      expect(sockets[0]!.connected).toBe(true);
    } finally {
      for (const s of sockets) s.close();
      await server.close();
    }
  });

  it("behind a trusted proxy the cap is per X-Forwarded-For client; a spectator's hello still works", async () => {
    const server = await testServer({ limits: { maxSocketsPerClient: 2 }, trustProxy: true });
    const sockets: Socket[] = [];
    try {
      const via = (client: string) => ({ headers: { 'x-forwarded-for': `${client}, 10.0.0.1` } });
      sockets.push(await opened(server.url, via('203.0.113.1')), await opened(server.url, via('203.0.113.1')));
      expect((await open(server.url, via('203.0.113.1'))).refused?.data).toEqual(refusal(2));
      const other = await opened(server.url, via('203.0.113.2'));
      sockets.push(other);
      const t = await createTable(server.url);
      const got: string[] = [];
      other.on('s2c', (m: { type: string }) => got.push(m.type));
      other.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: t.code });
      await vi.waitFor(() => expect(got).toContain('welcome'));
    } finally {
      for (const s of sockets) s.close();
      await server.close();
    }
  });

  it('the default, LIMITS_MAX_SOCKETS_PER_CLIENT and LIMITS=off', () => {
    expect(DEFAULT_LIMITS.maxSocketsPerClient).toBe(100);
    expect(limitsFromEnv({ LIMITS_MAX_SOCKETS_PER_CLIENT: '12' }).maxSocketsPerClient).toBe(12);
    for (const bad of ['lots', '0', '2.5'])
      expect(limitsFromEnv({ LIMITS_MAX_SOCKETS_PER_CLIENT: bad }).maxSocketsPerClient, bad).toBeUndefined();
    expect(limitsFromEnv({ LIMITS: 'off' }).maxSocketsPerClient).toBeGreaterThanOrEqual(1e6);
  });
});
