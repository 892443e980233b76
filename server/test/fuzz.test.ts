/**
 * 10,000 random malformed, stale, out-of-turn, wrong-seat and spectator messages over real
 * sockets (seeded; the seed is printed on failure): the server stays up, every message is
 * refused, and the table and the ledger are exactly as before.
 */
import {
  type LegalAction,
  PROTOCOL_VERSION,
  type PlayerAction,
  type Seat,
  seededRandom,
  type TileKind,
} from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed1234);
const COUNT = 10_000;

describe(`fuzz (seed ${SEED})`, () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer({ rateLimit: { perSecond: 1e9, burst: 1e9 } });
  });
  afterAll(async () => {
    await server.close();
  });

  it(`refuses ${COUNT} bad messages and changes nothing`, async () => {
    const rnd = seededRandom(SEED);
    const int = (n: number) => Math.floor(rnd() * n);
    const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;

    const t = await createTable(server.url, { options: { claimSeconds: 120, turnSeconds: 600 }, fillWithBots: false });
    const tokens: string[] = [];
    for (const name of ['Ann', 'Bo', 'Cy', 'Di']) tokens.push((await join(server.url, t.code, name)).token);
    const seats = await Promise.all(tokens.map((tk) => TestClient.open(server.url, t.code, tk)));
    const watchers = await Promise.all([0, 1].map(() => TestClient.open(server.url, t.code)));
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await Promise.all(seats.map((c) => c.waitFor(() => c.view !== null)));
    const room = server.tables.get(t.code)!;
    await server.ledger.flush();
    const snapshot = async () => ({
      seq: room.engine!.seq,
      views: ([0, 1, 2, 3, 'spectator'] as const).map((v) => room.engine!.viewFor(v as Seat | 'spectator')),
      log: await server.store.loadLog(room.record.id),
      match: await server.store.loadMatch(room.record.id),
      hands: await server.store.loadHands(room.record.id),
    });
    const before = await snapshot();
    const seq = before.seq;

    const tile = () => (rnd() < 0.9 ? int(42) : pick([-1, 42, 1.5, 1000, '1m', null])) as TileKind;
    const anyAction = (): PlayerAction =>
      pick<() => PlayerAction>([
        () => ({ type: 'discard', tile: int(34) as TileKind }),
        () => ({ type: 'chow', tiles: [int(34), int(34), int(34)] as [TileKind, TileKind, TileKind] }),
        () => ({ type: 'pung' }),
        () => ({ type: 'kong' }),
        () => ({ type: 'concealedKong', tile: int(34) as TileKind }),
        () => ({ type: 'addedKong', tile: int(34) as TileKind }),
        () => ({ type: 'pass' }),
      ])();
    const junk = (depth = 0): unknown =>
      pick<() => unknown>([
        () => int(1000) - 500,
        () => rnd().toString(36),
        () => null,
        () => true,
        () => (depth < 2 ? [junk(depth + 1), junk(depth + 1)] : []),
        () => (depth < 2 ? { [rnd().toString(36).slice(2, 6)]: junk(depth + 1) } : {}),
        () => ({
          type: pick(['act', 'hello', 'sync', 'ping', 'ACT', 'admin', '']),
          ...(depth < 2 ? { x: junk(depth + 1) } : {}),
        }),
      ])();
    const isLegal = (legal: readonly LegalAction[], a: PlayerAction) =>
      legal.some((l) => l.type === a.type && JSON.stringify({ ...l, faan: undefined }) === JSON.stringify(a));

    const expected = new Map<TestClient, number>();
    const sockets = [...seats, ...watchers];
    const countViews = () => sockets.reduce((n, c) => n + c.messages.filter((m) => m.type === 'view').length, 0);
    const viewsBefore = countViews();
    for (let i = 0; i < COUNT; i += 1) {
      const client = pick(sockets);
      expected.set(client, (expected.get(client) ?? 0) + 1);
      const own = typeof client.role === 'number' ? client.role : null;
      const legal = own === null ? [] : client.view!.legalActions;
      const kind = int(10);
      if (kind === 0) client.socket.emit(pick(['act', 'hello', 'cheat', 'c2', 'C2S']), junk());
      else if (kind === 1) client.send(junk() as Record<string, unknown>);
      else if (kind === 2)
        client.send({
          type: 'act',
          seat: own ?? 0,
          seq,
          action: { type: pick(['discard', 'steal', 'win']), tile: tile(), extra: 1 },
        });
      else if (kind === 3)
        client.send({ type: 'act', seat: pick([-1, 4, 0.5, '0', null]), seq, action: { type: 'pass' } });
      else if (kind === 4) client.send({ type: 'act', seat: own ?? 0, seq: seq + 1 + int(100), action: anyAction() });
      else if (kind === 5)
        client.send({ type: 'act', seat: own ?? 0, seq: pick([-1, 1.5, '3', null]), action: anyAction() });
      else if (kind === 6) {
        // A hello for another role: another seat's token, or a spectator's greeting from a seat.
        const other = own === null ? int(4) : (own + 1 + int(3)) % 4;
        const token = own === null || rnd() < 0.5 ? tokens[other] : undefined;
        client.send({
          type: 'hello',
          v: pick([PROTOCOL_VERSION, PROTOCOL_VERSION + 1]),
          code: t.code,
          ...(token ? { token } : {}),
        });
      } else if (kind === 7 && own !== null)
        client.send({ type: 'act', seat: ((own + 1 + int(3)) % 4) as Seat, seq, action: anyAction() });
      else {
        // A well-formed action at the current seq that the seat may not take (or a spectator acting).
        let action = anyAction();
        while (isLegal(legal, action)) action = anyAction();
        client.send({ type: 'act', seat: own ?? int(4), seq, action });
      }
      if (i % 500 === 499) await new Promise((r) => setImmediate(r));
    }
    await Promise.all(sockets.map((c) => c.waitFor(() => c.refusals().length >= (expected.get(c) ?? 0), 30_000)));
    await new Promise((r) => setTimeout(r, 100));
    const refused = sockets.reduce((n, c) => n + c.refusals().length, 0);
    expect(refused).toBe(COUNT);
    expect(countViews()).toBe(viewsBefore);
    const codes = new Set(sockets.flatMap((c) => c.refusals().map((r) => r.code)));
    for (const code of [
      'msg/unknown_type',
      'msg/invalid',
      'msg/version',
      'auth/already_joined',
      'act/stale_seq',
      'act/wrong_seat',
      'act/spectator',
      'act/not_your_turn',
    ]) {
      expect(codes.has(code as never), code).toBe(true);
    }
    const health = await api<{ ok: boolean }>(server.url, 'GET', '/healthz');
    expect(health.body.ok).toBe(true);
    await server.ledger.flush();
    expect(await snapshot()).toEqual(before);
    for (const c of sockets) c.close();
  });
});
