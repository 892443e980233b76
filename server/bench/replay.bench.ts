/**
 * Replay answers of a long match (four rounds of bot play, ~30 hands): what building one costs
 * (frames from the log, JSON, gzip), once per finished match, against serving it from the
 * ReplayCache afterwards; sizes of the whole answer and of one hand's page; and the longest the
 * build held the event loop (it steps a slice at a time).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { gunzipSync } from 'node:zlib';
import type { ReplayResponse } from '@mahjong/shared';
import { ReplayCache, type ReplaySource } from '../src/replay-cache.js';
import { replaySteps } from '../src/replay.js';
import type { MatchRecord } from '../src/store/types.js';
import { playBotMatch } from '../src/table/sim.js';
import type { MatchConfig } from '../src/table/types.js';

const config: MatchConfig = {
  seed: 'be5c'.repeat(16),
  ruleset: 'hk-new',
  options: {},
  players: [0, 1, 2, 3].map((s) => ({ name: `Bot ${s}`, bot: true })) as unknown as MatchConfig['players'],
  rounds: 4,
};
const { engine } = playBotMatch(config);
const log = engine.log;
const record = {
  id: 'bench',
  code: 'BENCH2',
  ruleset: 'hk-new',
  options: {},
  rounds: 4,
  seed: config.seed,
  seats: [0, 1, 2, 3].map((seat) => ({ seat, name: `Bot ${seat}`, bot: true, nonce: null })),
} as unknown as MatchRecord;

const build = async (): Promise<ReplaySource> => ({
  head: { match: { id: 'bench' } as ReplayResponse['match'] },
  frames: replaySteps(record, log, { legal: true }),
});

const cache = new ReplayCache();
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let t = performance.now();
const pages = await cache.get('bench', build);
const firstMs = performance.now() - t;
loop.disable();
const N = 200;
t = performance.now();
for (let i = 0; i < N; i += 1) await cache.get('bench', build);
const cachedUs = ((performance.now() - t) / N) * 1000;
const hand = pages.hands[1]!;
console.log(
  JSON.stringify({
    hands: pages.hands.length,
    logEntries: log.length,
    wholeJsonMB: Math.round(pages.rawBytes / 1e4) / 100,
    wholeGzipMB: Math.round(pages.all.length / 1e4) / 100,
    handPageKB: Math.round(gunzipSync(hand).length / 1e3),
    handPageGzipKB: Math.round(hand.length / 1e3),
    firstBuildMs: Math.round(firstMs),
    longestLoopBlockMs: Math.round(loop.max / 1e6),
    cachedGetMicroseconds: Math.round(cachedUs * 10) / 10,
    builds: cache.builds,
  }),
);
