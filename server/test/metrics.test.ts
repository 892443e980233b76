/**
 * The metrics listener of an in-process server (server/src/metrics.ts): a player's actions over
 * a real socket are timed to the views they cause, the ledger's transactions are timed and its
 * actions counted, and the series follow the tables and the sockets. The compiled server,
 * unprivileged, is server/test/production.test.ts.
 */
import { CLIENT_EVENT, SERVER_EVENT } from '@mahjong/shared';
import { io as connect } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { api, createTable, FAST_OPTIONS, join, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 60_000 });

/** The value of one series (name with its labels as printed), or NaN. */
const seriesValue = (text: string, series: string): number => {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? Number.NaN : Number(line.slice(series.length + 1));
};

describe('metrics', () => {
  let server: RunningServer;
  const scrape = async () => (await fetch(`http://127.0.0.1:${server.metricsPort}/metrics`)).text();
  beforeAll(async () => {
    server = await testServer({ metricsPort: 0 });
  });
  afterAll(async () => {
    await server.close();
  });

  it('times a player’s actions to their views and counts what the ledger wrote', async () => {
    expect(server.metricsPort).toBeGreaterThan(0);
    expect(server.metricsPort).not.toBe(server.port);
    const t = await createTable(server.url, { rounds: 1, bots: [1, 2, 3], options: FAST_OPTIONS });
    const ann = await join(server.url, t.code, 'Ann', 0);
    const client = await TestClient.open(server.url, t.code, ann.token, { autoplay: true });
    try {
      const before = await scrape();
      expect(seriesValue(before, 'mahjong_tables{stage="lobby"}')).toBe(1);
      expect(seriesValue(before, 'mahjong_sockets')).toBe(1);
      expect(seriesValue(before, 'mahjong_action_to_view_seconds_count')).toBe(0);
      expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      await vi.waitFor(() => expect(server.sockets.accepted).toBeGreaterThanOrEqual(3), { timeout: 40_000 });
      // (Bots play on while this reads: each figure is bounded by reads before and after the scrape.)
      const acceptedBefore = server.sockets.accepted;
      await server.ledger.flush();
      const batchesBefore = server.ledger.stats.batches;
      const text = await scrape();
      const acceptedAfter = server.sockets.accepted;
      const batchesAfter = server.ledger.stats.batches;
      expect(seriesValue(text, 'mahjong_tables{stage="playing"}')).toBe(1);
      // One observation per accepted action at most (several actions before one view count once).
      const timed = seriesValue(text, 'mahjong_action_to_view_seconds_count');
      expect(timed).toBeGreaterThanOrEqual(1);
      expect(timed).toBeLessThanOrEqual(acceptedAfter);
      expect(seriesValue(text, 'mahjong_action_to_view_seconds_bucket{le="+Inf"}')).toBe(timed);
      // The ledger's own counts and the metrics agree: every transaction timed, every action counted.
      const timedWrites = seriesValue(text, 'mahjong_ledger_write_seconds_count');
      expect(timedWrites).toBeGreaterThanOrEqual(batchesBefore);
      expect(timedWrites).toBeLessThanOrEqual(batchesAfter);
      expect(seriesValue(text, 'mahjong_actions_total')).toBeGreaterThanOrEqual(acceptedBefore);
      expect(seriesValue(text, 'mahjong_ledger_failures_total')).toBe(0);
    } finally {
      client.close();
    }
  });

  it('counts the refusals sent to sockets by code', async () => {
    const series = 'mahjong_socket_refusals_total{code="auth/not_joined"}';
    // Every code is there from zero.
    const before = seriesValue(await scrape(), series);
    expect(before).toBeGreaterThanOrEqual(0);
    expect(seriesValue(await scrape(), 'mahjong_socket_refusals_total{code="socket/too_many"}')).toBe(0);
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true, reconnection: false });
    try {
      const refused: string[] = [];
      socket.on(SERVER_EVENT, (m: { type: string; code?: string }) => {
        if (m.type === 'refused' && m.code) refused.push(m.code);
      });
      await new Promise<void>((r) => socket.once('connect', () => r()));
      // Acting before a hello, twice: refused each time.
      for (let i = 0; i < 2; i += 1)
        socket.emit(CLIENT_EVENT, { type: 'act', seat: 0, seq: 0, action: { type: 'pass' } });
      await vi.waitFor(() => expect(refused).toEqual(['auth/not_joined', 'auth/not_joined']));
      expect(seriesValue(await scrape(), series)).toBe(before + 2);
    } finally {
      socket.close();
    }
  });

  it('is not served on the public port', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('mahjong_');
  });
});
