/**
 * The table connection against the real server over localhost (no browser): hello with the seat
 * token, views in seq order, an action from the legal ones accepted, a dropped transport
 * reconnected to the same seat with the view restored, a spectator without a hand.
 */
import type { TableView } from '@mahjong/shared';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { type LinkState, TableConnection } from './connection.js';
import { type LocalServer, startLocalServer } from './local-server.js';

let server: LocalServer;

beforeAll(async () => {
  server = await startLocalServer('conn');
}, 60_000);

afterAll(async () => {
  await server?.close();
});

async function post<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(server.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const until = async (what: string, ok: () => boolean, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

test('seat and spectator connections: views, an accepted discard, reconnection to the same seat', async () => {
  const table = await post<{ code: string; hostToken: string }>('/api/tables', {
    bots: [1, 2, 3],
    options: { turnSeconds: 60 },
  });
  const joined = await post<{ seat: 0; token: string }>(`/api/tables/${table.code}/join`, { name: 'Ann', seat: 0 });
  await post(`/api/tables/${table.code}/start`, {}, table.hostToken);

  const views: TableView[] = [];
  const links: LinkState[] = [];
  const conn = new TableConnection(
    table.code,
    { seat: 0, token: joined.token, name: 'Ann' },
    {
      onView: (v) => views.push(v),
      onTable: () => {},
      onLink: (l) => links.push(l),
      onRefused: (code, message) => {
        throw new Error(`refused ${code}: ${message}`);
      },
    },
    server.url,
  );
  const specViews: TableView[] = [];
  const spectator = new TableConnection(
    table.code,
    null,
    { onView: (v) => specViews.push(v), onTable: () => {}, onLink: () => {}, onRefused: () => {} },
    server.url,
  );
  try {
    // The dealer (seat 0) starts with a discard to make.
    await until('a view with a discard to make', () => !!conn.view?.legalActions.some((a) => a.type === 'discard'));
    expect(conn.role).toBe(0);
    expect(conn.view?.hand?.concealed.length).toBe(14);
    const before = conn.view as TableView;
    const discard = before.legalActions.find((a) => a.type === 'discard');
    if (discard?.type !== 'discard') throw new Error('no discard offered');
    expect(conn.act({ type: 'discard', tile: discard.tile })).toBe(1);
    await until('the discard on the table', () => (conn.view?.seats[0].discards.length ?? 0) === 1);
    expect((conn.view as TableView).seq).toBeGreaterThan(before.seq);
    // Views only move forward.
    for (let i = 1; i < views.length; i++) {
      const a = views[i - 1] as TableView;
      const b = views[i] as TableView;
      if (a.handNumber === b.handNumber) expect(b.seq).toBeGreaterThanOrEqual(a.seq);
    }

    // The transport drops: the link goes down, comes back, and the seat's view is restored.
    const seqBefore = (conn.view as TableView).seq;
    conn.socket.io.engine.close();
    await until('the link to go down', () => links.includes('down'));
    await until('the link to come back', () => links.lastIndexOf('open') > links.indexOf('down'));
    await until('a fresh view after reconnecting', () => (conn.view?.seq ?? 0) >= seqBefore && conn.role === 0);
    expect(conn.view?.hand).toBeDefined();

    await until('a spectator view', () => specViews.length > 0);
    expect(spectator.role).toBe('spectator');
    expect(specViews.every((v) => v.hand === undefined && v.legalActions.length === 0)).toBe(true);
    expect(spectator.act({ type: 'pass' })).toBeNull();

    // Views after the first came as patches: the one the spectator's page made of them is the full
    // view a spectator opening now is welcomed with (who is connected aside: a welcome tells it as
    // of now, a patch as of its view).
    const late: TableView[] = [];
    const latecomer = new TableConnection(
      table.code,
      null,
      { onView: (v) => late.push(v), onTable: () => {}, onLink: () => {}, onRefused: () => {} },
      server.url,
    );
    try {
      const absent = (v: TableView | null) => ({ ...v, seats: v?.seats.map((seat) => ({ ...seat, connected: null })) });
      await until('the same view on both spectator pages', () => {
        const a = spectator.view;
        // More than the welcome and the discard: the bots' moves arrive as patches too.
        return a !== null && specViews.length > 2 && late.length > 0 && latecomer.view?.seq === a.seq;
      });
      expect(absent(spectator.view)).toEqual(absent(latecomer.view));
    } finally {
      latecomer.close();
    }
  } finally {
    conn.close();
    spectator.close();
  }
});

test('a hello refused for the address limits is said again, later, until it is welcomed', async () => {
  // Two misses per address, one more a second: three unknown codes block the address for about a second.
  const limited = await startLocalServer('conn-limits', {
    botDelayMs: undefined,
    limits: { lookupMissesPerClient: { perSecond: 1, burst: 2 } },
  });
  let conn: TableConnection | null = null;
  try {
    const res = await fetch(`${limited.url}/api/tables`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const table = (await res.json()) as { code: string };
    for (const code of ['AAAAAA', 'BBBBBB', 'CCCCCC']) await fetch(`${limited.url}/api/tables/${code}`);
    const refused: string[] = [];
    conn = new TableConnection(
      table.code,
      null,
      { onView: () => {}, onTable: () => {}, onLink: () => {}, onRefused: (code) => refused.push(code) },
      limited.url,
    );
    await until('a welcome after the refusal', () => conn?.role === 'spectator', 15_000);
    expect(refused).toContain('msg/rate_limited');
  } finally {
    conn?.close();
    await limited.close();
  }
}, 60_000);

test('a move made while the link is down: sent on the welcome when still offered, handed back when the table moved on', async () => {
  const table = await post<{ code: string; hostToken: string }>('/api/tables', {
    bots: [1, 2, 3],
    options: { turnSeconds: 3 },
  });
  const joined = await post<{ seat: 0; token: string }>(`/api/tables/${table.code}/join`, { name: 'Ann', seat: 0 });
  await post(`/api/tables/${table.code}/start`, {}, table.hostToken);
  const links: LinkState[] = [];
  const returned: unknown[] = [];
  const conn = new TableConnection(
    table.code,
    { seat: 0, token: joined.token, name: 'Ann' },
    {
      onView: () => {},
      onTable: () => {},
      onLink: (l) => links.push(l),
      onRefused: () => {},
      onReturned: (a) => returned.push(a),
    },
    server.url,
  );
  const offered = () => conn.view?.legalActions.find((a) => a.type === 'discard');
  try {
    await until('a discard to make', () => !!offered());
    // Down (no reconnecting yet): the discard is held, not emitted; back, it goes out re-based.
    conn.socket.io.reconnection(false);
    conn.socket.io.engine.close();
    await until('the link to go down', () => links.includes('down'));
    const first = offered();
    if (first?.type !== 'discard') throw new Error('no discard offered');
    conn.act({ type: 'discard', tile: first.tile });
    expect(conn.holding).toBe(true);
    conn.socket.connect();
    await until('the held discard on the table', () => (conn.view?.seats[0].discards.length ?? 0) === 1, 15_000);
    expect(conn.view?.seats[0].discards[0]?.tile).toBe(first.tile);
    expect(returned).toEqual([]);

    // Down past the turn's end: the server discards for the seat; the held move comes back.
    await until('our next turn', () => !!offered() && (conn.view?.seats[0].discards.length ?? 0) === 1, 30_000);
    const next = offered();
    if (next?.type !== 'discard') throw new Error('no discard offered');
    conn.socket.io.engine.close();
    await until('the link to go down again', () => !conn.socket.connected);
    conn.act({ type: 'discard', tile: next.tile });
    await new Promise((r) => setTimeout(r, 4000));
    conn.socket.connect();
    await until('the move handed back', () => returned.length === 1, 15_000);
    expect(returned).toEqual([{ type: 'discard', tile: next.tile }]);
  } finally {
    conn.close();
  }
}, 90_000);
