/**
 * The metrics listener of an in-process server (server/src/metrics.ts): a player's actions over
 * a real socket are timed to the views they cause, the ledger's transactions are timed and its
 * actions counted, and the series follow the tables and the sockets. The compiled server,
 * unprivileged, is server/test/production.test.ts.
 */
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

  it('is not served on the public port', async () => {
    const res = await fetch(`${server.url}/metrics`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain('mahjong_');
  });
});
