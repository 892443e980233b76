/**
 * Adversarial: a seat's holder is whoever holds its current token, with one socket per seat.
 * A player replaced by a bot loses the seat on the socket already open (no more views, acts
 * refused); the same seat opened on a second socket takes it over, and a fresh hello takes it back.
 * A stolen token cannot starve its owner: a seat that changed sockets more than three times in a
 * minute is handed over only when its holder agrees, and the host gives the seat a new token in
 * play (the old one then holds nothing).
 */
import { type JoinResponse, PROTOCOL_VERSION, type ServerMessage } from '@mahjong/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const SLOW = { claimSeconds: 60, turnSeconds: 600, resultsSeconds: 600 };
const seatLost = (c: TestClient) =>
  c.messages.filter((m): m is Extract<ServerMessage, { type: 'seat-lost' }> => m.type === 'seat-lost');
const views = (c: TestClient) => c.messages.filter((m) => m.type === 'view').length;

describe('abuse: seat holders', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a player replaced by a bot loses the seat on the open socket: no views, acts refused', async () => {
    const t = await createTable(server.url, { options: { ...SLOW, turnSeconds: 1 }, fillWithBots: true });
    const ann = await join(server.url, t.code, 'Ann', 0);
    const old = await TestClient.open(server.url, t.code, ann.token);
    expect(old.role).toBe(0);
    const bot = await api(server.url, 'POST', `/api/tables/${t.code}/bot`, { seat: 0 }, t.hostToken);
    expect(bot.status).toBe(200);
    await old.waitFor(() => seatLost(old).length > 0, 5000);
    expect(seatLost(old)).toEqual([{ type: 'seat-lost', reason: 'replaced' }]);
    const room = server.tables.get(t.code)!;
    expect(room.info().seats[0]).toMatchObject({ bot: true, name: 'Bot East' });

    // The bots play seat 0 (the dealer): none of its views reach the old socket.
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const watcher = await TestClient.open(server.url, t.code);
    await watcher.waitFor(() => (watcher.view?.seats[0].discards.length ?? 0) >= 2, 20_000);
    await old.roundTrip();
    expect(views(old)).toBe(0);
    expect(old.raw.some((r) => r.includes('"concealed"'))).toBe(false);
    // Its acts for the seat are refused, and its old token no longer greets.
    old.send({ type: 'act', seat: 0, seq: room.viewSeq(0), action: { type: 'pass' }, id: 7 });
    old.send({ type: 'sync' });
    await old.roundTrip();
    expect(old.refusals().map((r) => r.code)).toEqual(['auth/not_joined', 'auth/not_joined']);
    old.send({ type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: ann.token });
    await old.waitFor(() => old.refusals().length === 3);
    expect(old.refusals()[2]!.code).toBe('auth/bad_token');
    old.close();
    watcher.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('the same seat opened on a second socket takes it over; a fresh hello takes it back', async () => {
    const t = await createTable(server.url, { options: SLOW, fillWithBots: true });
    const j = await join(server.url, t.code, 'Ann', 2);
    const one = await TestClient.open(server.url, t.code, j.token);
    const two = await TestClient.open(server.url, t.code, j.token);
    expect([one.role, two.role]).toEqual([2, 2]);
    await one.waitFor(() => seatLost(one).length === 1, 5000);
    expect(seatLost(one)[0]!.reason).toBe('opened_elsewhere');
    expect(seatLost(two)).toEqual([]);
    const room = server.tables.get(t.code)!;
    expect(room.info().seats[2].connected).toBe(true);

    // Started: only the holder gets views; the other socket's acts are refused.
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await two.waitFor(() => two.view !== null);
    await one.roundTrip();
    expect(views(one)).toBe(0);
    one.send({ type: 'act', seat: 2, seq: room.viewSeq(2), action: { type: 'pass' } });
    await one.roundTrip();
    expect(one.refusals().map((r) => r.code)).toEqual(['auth/not_joined']);

    // The first socket says hello again: it holds the seat, the second is told, and from then on
    // gets nothing of the seat. (A view committed before the hello may still reach it first: it
    // held the seat until then.)
    one.send({ type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: j.token });
    await one.waitFor(() => one.messages.some((m) => m.type === 'welcome' && m.view !== null));
    await two.waitFor(() => seatLost(two).length === 1, 5000);
    expect(seatLost(two)[0]!.reason).toBe('opened_elsewhere');
    two.send({ type: 'sync' });
    await two.roundTrip();
    expect(two.refusals().map((r) => r.code)).toEqual(['auth/not_joined']);
    const lostAt = two.messages.findIndex((m) => m.type === 'seat-lost');
    const seatMessages = ['view', 'patch', 'welcome'];
    expect(two.messages.slice(lostAt).filter((m) => seatMessages.includes(m.type))).toEqual([]);
    expect(room.info().seats[2].connected).toBe(true);
    one.close();
    await new Promise((r) => setTimeout(r, 100));
    expect(room.info().seats[2].connected).toBe(false);
    two.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('a socket.io session recovered after its seat was opened elsewhere gets seat-lost, not the seat', async () => {
    const t = await createTable(server.url, { options: SLOW, fillWithBots: true });
    const j = await join(server.url, t.code, 'Ann', 3);
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 300 });
    const got: ServerMessage[] = [];
    socket.on('s2c', (m: ServerMessage) => got.push(m));
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: j.token });
    await vi.waitFor(() => expect(got.some((m) => m.type === 'welcome')).toBe(true));
    // The transport drops; meanwhile the seat is opened on another socket.
    socket.io.engine.close();
    const other = await TestClient.open(server.url, t.code, j.token);
    expect(other.role).toBe(3);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(socket.recovered).toBe(true);
    await vi.waitFor(() => expect(got.some((m) => m.type === 'seat-lost')).toBe(true));
    expect(got.find((m) => m.type === 'seat-lost')).toEqual({ type: 'seat-lost', reason: 'opened_elsewhere' });
    // The other socket keeps the seat and is told nothing; the recovered one gets no views.
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await other.waitFor(() => other.view !== null);
    await new Promise((r) => setTimeout(r, 200));
    expect(got.filter((m) => m.type === 'view' || m.type === 'patch')).toEqual([]);
    expect(seatLost(other)).toEqual([]);
    socket.close();
    other.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('a thief greeting every 250 ms: after three takeovers the holder is asked, and keeps the seat unless it agrees', async () => {
    const t = await createTable(server.url, { options: SLOW, fillWithBots: true });
    const j = await join(server.url, t.code, 'Ann', 1);
    const owner = await TestClient.open(server.url, t.code, j.token);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await owner.waitFor(() => owner.view !== null);
    const hello = { type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: j.token } as const;
    // The owner takes it back each time it is lost, as the page's button would; the thief knocks.
    owner.onMessage = (m) => {
      if (m.type === 'seat-lost') owner.send(hello);
    };
    const thief = await TestClient.open(server.url, t.code, j.token);
    const knocks = setInterval(() => thief.send(hello), 250);
    await new Promise((r) => setTimeout(r, 4000));
    clearInterval(knocks);
    await owner.roundTrip();
    await thief.roundTrip();
    const room = server.tables.get(t.code)!;
    // At most three takeovers pass (the thief's first greeting counts as the first): then the seat stays put.
    expect(seatLost(owner).length + seatLost(thief).length).toBeLessThanOrEqual(3);
    const held = (c: TestClient) => c.refusals().filter((r) => r.code === 'auth/seat_held').length;
    expect(held(owner) + held(thief)).toBeGreaterThan(0);
    const asked = (c: TestClient) => c.messages.filter((m) => m.type === 'takeover-asked').length;
    expect(asked(owner) + asked(thief)).toBeGreaterThan(0);
    expect(asked(owner) + asked(thief)).toBeLessThanOrEqual(2);
    // The one holding it now acts; an honest second tab of the holder is let in by its consent.
    const holder = seatLost(owner).length <= seatLost(thief).length ? owner : thief;
    const other = holder === owner ? thief : owner;
    owner.onMessage = null;
    const lost = seatLost(holder).length;
    holder.send({ type: 'hand-over' });
    await holder.roundTrip();
    other.send(hello);
    await holder.waitFor(() => seatLost(holder).length === lost + 1, 5000);
    await other.waitFor(() => other.messages.at(-1)?.type === 'welcome');
    expect(room.info().seats[1].connected).toBe(true);
    // Refused, changing nothing: a hand-over from a socket that holds no seat.
    holder.send({ type: 'hand-over' });
    await holder.roundTrip();
    expect(holder.refusals().at(-1)?.code).toBe('auth/not_joined');
    owner.close();
    thief.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });

  it('the host reissues a seat token in play: the old token holds nothing, the new one takes the seat', async () => {
    const t = await createTable(server.url, { options: SLOW, fillWithBots: true });
    const j = await join(server.url, t.code, 'Ann', 2);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const thief = await TestClient.open(server.url, t.code, j.token);
    await thief.waitFor(() => thief.view !== null);
    // Only the host, only a seat with a player, only a seat 0-3.
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/reissue`, { seat: 2 }, j.token)).status).toBe(403);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/reissue`, { seat: 0 }, t.hostToken)).status).toBe(400);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/reissue`, { seat: 7 }, t.hostToken)).status).toBe(400);
    const r = await api<JoinResponse>(server.url, 'POST', `/api/tables/${t.code}/reissue`, { seat: 2 }, t.hostToken);
    expect(r.status).toBe(200);
    expect(r.body.seat).toBe(2);
    expect(r.body.token).not.toBe(j.token);
    await thief.waitFor(() => seatLost(thief).length === 1, 5000);
    expect(seatLost(thief)[0]!.reason).toBe('replaced');
    thief.send({ type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: j.token });
    await thief.waitFor(() => thief.refusals().length > 0);
    expect(thief.refusals()[0]!.code).toBe('auth/bad_token');
    const owner = await TestClient.open(server.url, t.code, r.body.token);
    expect(owner.role).toBe(2);
    expect(server.tables.get(t.code)!.info().seats[2]).toMatchObject({ name: 'Ann', bot: false, connected: true });
    owner.close();
    thief.close();
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
  });
});
