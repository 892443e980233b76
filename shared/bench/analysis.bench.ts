/**
 * Hand analysis throughput: complete-hand checks, waits and shanten per second on one core, and
 * the memory the lazily filled per-suit tables take. Hands are realistic: dealt from shuffled
 * walls (13 or 14 tiles), with a third built to be near complete (four groups and a pair, with a
 * tile dropped or swapped) so that the figures are not all for hopeless hands.
 *
 * Run: `npm run bench` (all benchmarks) or `npm run bench analysis`.
 */
import { isComplete, shanten, waits } from '../src/analysis.js';
import { countKinds, type KindCounts, kindOfId, type TileKind } from '../src/tiles.js';
import { buildWall } from '../src/wall.js';

declare const performance: { now(): number };
declare const console: { log(...args: unknown[]): void };
declare const process: {
  memoryUsage(): { heapUsed: number; external: number; arrayBuffers: number; rss: number };
  cpuUsage(): { user: number; system: number };
};

/** CPU milliseconds used by this process: the machine is shared, so rates are given per CPU
 * second (what one core does) as well as per wall-clock second. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const HANDS = 20_000;

/** A tiny deterministic generator for the built hands (the walls themselves use the real shuffle). */
function lcg(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function dealt(seed: string, size: number): KindCounts {
  const kinds: TileKind[] = [];
  for (const id of buildWall(seed, { bonus: true }).order) {
    const k = kindOfId(id);
    if (k < 34) kinds.push(k);
    if (kinds.length === size) break;
  }
  return countKinds(kinds);
}

function built(rand: () => number, size: 13 | 14): KindCounts {
  for (;;) {
    const c = new Uint8Array(42);
    c[Math.floor(rand() * 34)]! += 2;
    for (let g = 0; g < 4; g++) {
      const k = Math.floor(rand() * 34);
      if (rand() < 0.6 && k < 27 && k % 9 <= 6) {
        c[k]!++;
        c[k + 1]!++;
        c[k + 2]!++;
      } else c[k]! += 3;
    }
    if (c.some((x) => x > 4)) continue;
    const held = (): number => {
      for (;;) {
        const k = Math.floor(rand() * 34);
        if (c[k]! > 0) return k;
      }
    };
    if (size === 13) c[held()]!--;
    else if (rand() < 0.5) {
      // swap one tile: often one or two away from complete
      c[held()]!--;
      const k = Math.floor(rand() * 34);
      if (c[k]! < 4) c[k]!++;
      else c[held()]!++;
    }
    return c;
  }
}

function hands(size: 13 | 14): KindCounts[] {
  const rand = lcg(size);
  return Array.from({ length: HANDS }, (_, i) => (i % 3 === 0 ? built(rand, size) : dealt(`bench-${size}-${i}`, size)));
}

function measure(label: string, list: readonly KindCounts[], fn: (c: KindCounts) => number): void {
  // First pass: cold tables (includes filling them for the shapes met).
  let sink = 0;
  const c0 = performance.now();
  for (const c of list) sink += fn(c);
  const cold = performance.now() - c0;
  // Then timed passes over the same hands for about a second.
  let ops = 0;
  const t0 = performance.now();
  const u0 = cpuMs();
  let t = t0;
  while (t - t0 < 1000) {
    for (const c of list) sink += fn(c);
    ops += list.length;
    t = performance.now();
  }
  const cpu = (ops / (cpuMs() - u0)) * 1000;
  const wall = (ops / (t - t0)) * 1000;
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(10);
  console.log(
    `${label.padEnd(22)} ${fmt(cpu)} /s per CPU second, ${fmt(wall)} /s wall clock` +
      `   (cold first pass over ${list.length.toLocaleString('en-US')} hands: ${cold.toFixed(0)} ms; checksum ${sink})`,
  );
}

const mb = (n: number): string => `${(n / 1024 / 1024).toFixed(1)} MB`;

const before = process.memoryUsage();
const h14 = hands(14);
const h13 = hands(13);
const completeShare = h14.filter((c) => isComplete(c, 0)).length / h14.length;
const readyShare = h13.filter((c) => waits(c, 0).length > 0).length / h13.length;
console.log(
  `hands: ${HANDS} of 14 tiles (${(completeShare * 100).toFixed(1)}% complete), ` +
    `${HANDS} of 13 (${(readyShare * 100).toFixed(1)}% ready); a third built near complete, the rest dealt from walls`,
);

measure('complete checks (14)', h14, (c) => (isComplete(c, 0) ? 1 : 0));
measure('waits (13)', h13, (c) => waits(c, 0).length);
measure('shanten (13)', h13, (c) => shanten(c, 0));
measure('shanten (14)', h14, (c) => shanten(c, 0));

const after = process.memoryUsage();
console.log(
  `memory: heap used ${mb(after.heapUsed)} (hands included; ${mb(after.heapUsed - before.heapUsed)} more than at start), ` +
    `typed-array tables ${mb(after.arrayBuffers)}, rss ${mb(after.rss)}`,
);
