/**
 * Away and back: a player who drops keeps their seat; when their timer runs out a bot plays for
 * them (on an injected clock), and the same token gets the seat back with the full view. Also
 * socket.io connection state recovery.
 */
import { PROTOCOL_VERSION, type Seat, tile } from '@mahjong/shared';
import { type ManagerOptions, io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { ManualClock } from '../src/clock.js';
import { scriptedWall } from '../src/table/testing.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

describe('reconnection', () => {
  let server: RunningServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await testServer({ clock, botDelayMs: 500 });
  });
  afterAll(async () => {
    await server.close();
  });

  /**
   * A started table of four players, seat 0 on a bare socket.io client (`options`: how it
   * reconnects) whose every message goes to `onMessage`, the others on test clients.
   */
  async function startedWithSocket(
    options: Partial<ManagerOptions>,
    onMessage: (m: { type: string; seq?: number; reason?: string }) => void,
  ) {
    const t = await createTable(server.url, { options: { turnSeconds: 10, claimSeconds: 5 }, fillWithBots: false });
    const joined = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => join(server.url, t.code, n)));
    const others = await Promise.all(joined.slice(1).map((j) => TestClient.open(server.url, t.code, j.token)));
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, ...options });
    socket.on('s2c', onMessage);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    socket.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: joined[0]!.token });
    await new Promise((r) => setTimeout(r, 100));
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 100));
    return { t, token0: joined[0]!.token, socket, others, room: server.tables.get(t.code)! };
  }

  it('a bot covers an away player after their timer, and the seat comes back with the token', async () => {
    const t = await createTable(server.url, { options: { turnSeconds: 10, claimSeconds: 5 }, fillWithBots: false });
    const joined = await Promise.all(['Ann', 'Bo', 'Cy', 'Di'].map((n) => join(server.url, t.code, n)));
    const clients = await Promise.all(joined.map((j) => TestClient.open(server.url, t.code, j.token)));
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await Promise.all(clients.map((c) => c.waitFor(() => c.view !== null)));
    const room = server.tables.get(t.code)!;
    const turn = clients[0]!.view!.turn as Seat;
    const away = clients[turn]!;
    const seqBefore = room.engine!.seq;

    away.close();
    const watcher = clients[(turn + 1) % 4]!;
    await watcher.waitFor(() => watcher.messages.some((m) => m.type === 'table' && !m.table.seats[turn].connected));
    // Nothing happens before the timer runs out.
    clock.advance(9_000);
    expect(room.engine!.seq).toBe(seqBefore);
    clock.advance(1_500);
    expect(room.isCovered(turn)).toBe(true);
    expect(room.engine!.seq).toBeGreaterThan(seqBefore);
    const entry = room.engine!.log[room.engine!.log.length - 1]!;
    // The bot played (an action, not the engine's timeout default).
    expect(entry.event).toMatchObject({ type: 'act', seat: turn });
    await room.settled();
    await watcher.waitFor(() => (watcher.view?.seq ?? 0) >= room.viewSeq(((turn + 1) % 4) as Seat));

    // Back with the same token: the seat, the full view, and no more bot.
    const back = await TestClient.open(server.url, t.code, joined[turn]!.token);
    const welcome = back.messages.find((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ type: 'welcome', role: turn });
    expect(welcome?.type === 'welcome' && welcome.view?.hand?.concealed.length).toBeGreaterThan(0);
    expect(welcome?.type === 'welcome' && welcome.view?.seq).toBe(room.viewSeq(turn));
    expect(room.isCovered(turn)).toBe(false);
    expect(room.info().seats[turn].connected).toBe(true);
    for (const c of [...clients, back]) c.close();
  });

  it('a second socket with the same token takes the seat over (another tab); a hello takes it back', async () => {
    const t = await createTable(server.url, { options: { turnSeconds: 10 } });
    const j = await join(server.url, t.code, 'Ann', 2);
    const one = await TestClient.open(server.url, t.code, j.token);
    const two = await TestClient.open(server.url, t.code, j.token);
    expect(two.role).toBe(2);
    const lost = (c: TestClient) => c.messages.filter((m) => m.type === 'seat-lost');
    await one.waitFor(() => lost(one).length === 1);
    expect(lost(one)).toEqual([{ type: 'seat-lost', reason: 'opened_elsewhere' }]);
    // The first socket is no longer joined: its actions are refused as such.
    one.send({ type: 'act', seat: 2, seq: 0, action: { type: 'pass' }, id: 7 });
    await one.waitFor(() => one.messages.some((m) => m.type === 'refused' && m.code === 'auth/not_joined'));
    // Its own hello takes the seat back; the second socket is told.
    one.send({ type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: j.token });
    await two.waitFor(() => lost(two).length === 1);
    await one.waitFor(() => one.messages.filter((m) => m.type === 'welcome').length === 2);
    expect(server.tables.get(t.code)!.info().seats[2].connected).toBe(true);
    two.close();
    await new Promise((r) => setTimeout(r, 50));
    // The socket that lost the seat leaving does not count the seat away.
    expect(server.tables.get(t.code)!.info().seats[2].connected).toBe(true);
    one.close();
    await new Promise((r) => setTimeout(r, 50));
    expect(server.tables.get(t.code)!.info().seats[2].connected).toBe(false);
  });

  it('recovers the socket.io session after a dropped transport, with the messages missed meanwhile', async () => {
    const seqs: number[] = [];
    const { t, token0, socket, others, room } = await startedWithSocket({ reconnectionDelay: 50 }, (m) => {
      if ((m.type === 'view' || m.type === 'patch') && m.seq !== undefined) seqs.push(m.seq);
    });
    const first = seqs.length;
    expect(first).toBe(1);

    // Drop the transport; while it is down the table moves on (the dealer's timer runs out).
    socket.io.engine.close();
    clock.advance(11_000);
    await room.settled();
    // (It may be back already: it retries after 50 ms, and the commit takes a round trip to the
    // database's thread.)
    if (!socket.connected) await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(socket.recovered).toBe(true);
    await new Promise((r) => setTimeout(r, 100));
    // The missed views arrived, in order, without a new hello.
    expect(seqs.length).toBeGreaterThan(first);
    expect(seqs).toEqual(seqs.map((_, i) => seqs[0]! + i));
    expect(seqs[seqs.length - 1]).toBe(room.viewSeq(0));
    expect(room.info().seats[0].connected).toBe(true);
    // A client that greets again on every reconnect gets the full view, not a refusal.
    const answer = new Promise<{ type: string; role?: unknown }>((r) =>
      socket.on('s2c', (m: { type: string; role?: unknown }) => {
        if (m.type === 'welcome' || m.type === 'refused') r(m);
      }),
    );
    socket.emit('c2s', { type: 'hello', v: PROTOCOL_VERSION, code: t.code, token: token0 });
    expect(await answer).toMatchObject({ type: 'welcome', role: 0 });
    socket.close();
    for (const c of others) c.close();
  });

  it('a holder replaced while their transport was down recovers their session and is sent nothing of the seat', async () => {
    const received: { type: string; reason?: string }[] = [];
    // Comes back on its own after a fixed 3 s: long enough for the seat to change hands meanwhile.
    const { t, socket, others, room } = await startedWithSocket(
      { reconnectionDelay: 3000, reconnectionDelayMax: 3000, randomizationFactor: 0 },
      (m) => received.push(m),
    );
    expect(received.filter((m) => m.type === 'view' || m.type === 'patch')).toHaveLength(1);

    // The transport drops; the server notices before the seat changes hands.
    socket.io.engine.close();
    await vi.waitFor(() => expect(room.info().seats[0].connected).toBe(false), { timeout: 1000, interval: 10 });
    const dropped = received.length;
    const r = await api<{ token: string }>(
      server.url,
      'POST',
      `/api/tables/${t.code}/reissue`,
      { seat: 0 },
      t.hostToken,
    );
    expect(r.status).toBe(200);
    const heir = await TestClient.open(server.url, t.code, r.body.token);
    // The seat's view moves on for its new holder: the dealer's timer runs out.
    const seq = room.viewSeq(0);
    clock.advance(11_000);
    await room.settled();
    expect(room.viewSeq(0)).toBeGreaterThan(seq);
    await heir.waitFor(() => heir.view?.seq === room.viewSeq(0));

    expect(socket.connected).toBe(false);
    await new Promise<void>((r) => socket.once('connect', () => r()));
    expect(socket.recovered).toBe(true);
    await vi.waitFor(() => expect(received.slice(dropped).map((m) => m.type)).toContain('seat-lost'), {
      timeout: 2000,
      interval: 10,
    });
    await new Promise((r) => setTimeout(r, 100));
    // Told it lost the seat, and nothing else but the table's public line (who sits, who is
    // connected): none of the new holder's views, replayed or live.
    expect(received.slice(dropped).filter((m) => m.type !== 'table')).toEqual([
      { type: 'seat-lost', reason: 'replaced' },
    ]);
    socket.close();
    heir.close();
    for (const c of others) c.close();
  });

  describe('a claim window across a reload', () => {
    // The dealer (seat 0) discards 3m; only seat 1 can claim it (a chow with 4m5m).
    const WALL = {
      bonus: false,
      hands: ['3m147p258s1234567z', '45m258p369s11z226z', '19m147p147s33z447z', '369m258p147s5566z'] as const,
      draws: '9p9s1m9m',
    };
    const TIMING = { claimSeconds: 8, claimMinMs: 800, turnSeconds: 20, resultsSeconds: 10 };
    let tableServer: RunningServer;
    const manual = new ManualClock();
    beforeAll(async () => {
      tableServer = await testServer({
        clock: manual,
        botDelayMs: 500,
        engineInternals: { walls: [scriptedWall(WALL)] },
      });
    });
    afterAll(async () => {
      await tableServer.close();
    });

    /** Four players at a fresh table, the dealer's 3m discarded: the window is open, seat 1 offered a chow. */
    async function windowOpen() {
      const t = await createTable(tableServer.url, { ruleset: 'riichi-modern', options: TIMING, fillWithBots: false });
      const joined = await Promise.all(
        ['Ann', 'Bo', 'Cy', 'Di'].map((n, s) => join(tableServer.url, t.code, n, s as Seat)),
      );
      const clients = await Promise.all(joined.map((j) => TestClient.open(tableServer.url, t.code, j.token)));
      expect((await api(tableServer.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(
        200,
      );
      await Promise.all(clients.map((c) => c.waitFor(() => c.view !== null)));
      const room = tableServer.tables.get(t.code)!;
      clients[0]!.act({ type: 'discard', tile: tile('3m') });
      const one = clients[1]!;
      await one.waitFor(() => one.view?.legalActions.some((a) => a.type === 'chow') === true);
      const opened = manual.now();
      return { t, joined, clients, room, opened };
    }

    it('a seat whose page reloads gets its offer back for what is left of the window, and claims', async () => {
      const { t, joined, clients, room, opened } = await windowOpen();
      const deadline = clients[1]!.view!.deadlines.claim!;
      clients[1]!.close();
      await clients[0]!.waitFor(() =>
        clients[0]!.messages.some((m) => m.type === 'table' && !m.table.seats[1].connected),
      );
      // Past the window's minimum: nothing is answered for the closed page.
      manual.advance(3_000);
      await room.settled();
      expect(room.engine!.viewFor('spectator').stage).toBe('claims');
      const back = await TestClient.open(tableServer.url, t.code, joined[1]!.token);
      const welcome = back.messages.find((m) => m.type === 'welcome');
      expect(welcome?.type === 'welcome' && welcome.view?.legalActions.map((a) => a.type)).toEqual(['chow', 'pass']);
      // The same window, with what is left of it.
      expect(back.view!.deadlines.claim).toBe(deadline);
      expect(deadline).toBe(opened + TIMING.claimSeconds * 1000);
      back.act(back.view!.legalActions.find((a) => a.type === 'chow')!);
      await back.waitFor(() => (back.view?.seats[1].melds.length ?? 0) === 1);
      expect(back.refusals()).toEqual([]);
      for (const c of [...clients, back]) c.close();
    });

    it('a seat that stays away passes at the window’s end (no meld made for it, no bot yet)', async () => {
      const { clients, room, opened } = await windowOpen();
      clients[1]!.close();
      await clients[0]!.waitFor(() =>
        clients[0]!.messages.some((m) => m.type === 'table' && !m.table.seats[1].connected),
      );
      manual.advance(TIMING.claimSeconds * 1000 - (manual.now() - opened) - 1);
      await room.settled();
      expect(room.engine!.viewFor('spectator').stage).toBe('claims');
      manual.advance(1);
      await room.settled();
      const v = room.engine!.viewFor('spectator');
      // Seat 1 drew: its turn, the window closed by its deadline, as for a present seat that said nothing.
      expect([v.stage, v.turn, v.seats[1].melds.length, room.isCovered(1)]).toEqual(['discard', 1, 0, false]);
      const last = room.engine!.log[room.engine!.log.length - 1]!;
      expect(last.event.type).toBe('timeout');
      for (const c of clients) c.close();
    });
  });
});
