/**
 * Adversarial: first builds of long replays asked for one after another (each within the
 * per-address budget) while a table is in play. A build steps its match a slice at a time, so
 * the event loop is never held for long: an honest player's messages are answered throughout.
 * A client without gzip gets the stored page decompressed as it streams out.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { ReplayResponse } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import type { MatchConfig } from '../src/table/index.js';
import { createTable, join, storeBotMatch, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 180_000 });

/**
 * The longest the event loop may be held while the replays build (ms). Generous for a loaded
 * machine; a build that runs in one go holds it for the whole build, seconds for these matches.
 */
const MAX_BLOCK_MS = 500;
const MATCHES = 2;

describe('abuse: replay builds', () => {
  let server: RunningServer;
  const ids: string[] = [];
  beforeAll(async () => {
    server = await testServer();
    const players = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];
    // Long matches: four prevailing winds of Hong Kong bot play, about thirty hands each.
    for (let i = 0; i < MATCHES; i += 1) {
      const config: MatchConfig = {
        seed: `${i}5c`.repeat(16).slice(0, 64),
        ruleset: 'hk-new',
        players,
        options: {},
        rounds: 4,
      };
      ids.push(await storeBotMatch(server.store, config, 4));
    }
  });
  afterAll(async () => {
    await server.close();
  });

  it('long replays built in turn never hold the event loop; an honest player is answered throughout', async () => {
    const t = await createTable(server.url, { options: { claimSeconds: 60, turnSeconds: 600, resultsSeconds: 600 } });
    const ann = await join(server.url, t.code, 'Ann', 0);
    const player = await TestClient.open(server.url, t.code, ann.token);

    // The honest player's round trips while the replays build, one after another.
    const rtts: number[] = [];
    let building = true;
    const probe = (async () => {
      while (building) {
        const at = performance.now();
        await player.roundTrip();
        rtts.push(performance.now() - at);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const started = performance.now();
    const sizes: number[] = [];
    for (const id of ids) {
      const res = await fetch(`${server.url}/api/matches/${id}/replay?hand=2`, {
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(res.status).toBe(200);
      sizes.push((await res.arrayBuffer()).byteLength);
    }
    loop.disable();
    building = false;
    await probe;
    const blockMs = loop.max / 1e6;
    const worstRtt = Math.max(...rtts);
    console.log(
      `${MATCHES} long replays built in ${Math.round(performance.now() - started)} ms: event loop held at most ` +
        `${Math.round(blockMs)} ms (p50 ${Math.round(loop.percentile(50) / 1e6)} ms); the player's round trips: ` +
        `${rtts.length}, worst ${Math.round(worstRtt)} ms`,
    );
    expect(server.replays.builds).toBe(MATCHES);
    expect(blockMs).toBeLessThan(MAX_BLOCK_MS);
    expect(worstRtt).toBeLessThan(MAX_BLOCK_MS * 2);
    expect(rtts.length).toBeGreaterThan(MATCHES);
    player.close();
  });

  it('the stored gzip goes as it is to clients that take it, decompressed as a stream to others', async () => {
    const id = ids[0]!;
    // (fetch takes gzip and undoes it.)
    const zipped = await fetch(`${server.url}/api/matches/${id}/replay?hand=1`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    const plainRes = await fetch(`${server.url}/api/matches/${id}/replay?hand=1`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plainRes.headers.get('content-encoding')).toBeNull();
    const plain = (await plainRes.json()) as ReplayResponse;
    expect(plain.frames.length).toBeGreaterThan(10);
    expect(plain.handStarts.length).toBeGreaterThan(20);
    expect(plain).toEqual(await zipped.json());
    const whole = await fetch(`${server.url}/api/matches/${id}/replay`, { headers: { 'accept-encoding': 'identity' } });
    const all = (await whole.json()) as ReplayResponse;
    expect(all.frames.slice(all.handStarts[1], all.handStarts[2])).toEqual(plain.frames);
    expect(server.replays.builds).toBe(MATCHES);
  });
});
