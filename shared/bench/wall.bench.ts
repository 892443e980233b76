/**
 * Wall throughput: building seeded walls (sha256 + xoroshiro128+ + Fisher-Yates + dice) and
 * drawing a whole hand's worth of tiles from them. Run: `npm run bench wall`.
 */
import { buildWall, drawLive, drawReplacement, handSeed, type WallState } from '../src/wall.js';

declare const performance: { now(): number };
declare const process: { cpuUsage(): { user: number; system: number } };

/** CPU milliseconds of this process (the machine is shared: rates per CPU second are what one core does). */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
declare const console: { log(...args: unknown[]): void };

function rate(label: string, fn: (i: number) => number): void {
  let sink = 0;
  for (let i = 0; i < 200; i++) sink += fn(i); // warm up
  let ops = 0;
  const t0 = performance.now();
  const u0 = cpuMs();
  let t = t0;
  while (t - t0 < 1000) {
    for (let i = 0; i < 100; i++) sink += fn(ops + i);
    ops += 100;
    t = performance.now();
  }
  const cpu = (ops / (cpuMs() - u0)) * 1000;
  const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(10);
  console.log(
    `${label.padEnd(42)} ${fmt(cpu)} /s per CPU second, ${fmt((ops / (t - t0)) * 1000)} /s wall clock (checksum ${sink})`,
  );
}

rate('buildWall (144 tiles)', (i) => buildWall(`wall-${i}`, { bonus: true }).order[0]!);
rate('buildWall (136 tiles)', (i) => buildWall(`wall-${i}`, { bonus: false }).order[0]!);
rate('handSeed', (i) => handSeed('match', i).length);

const wall = buildWall('draws', { bonus: true });
rate('empty a wall (130 draws, 4 replacements)', () => {
  let w: WallState = wall;
  let n = 0;
  for (let k = 0; k < 4; k++) {
    const r = drawReplacement(w);
    if (r === null) break;
    w = r.wall;
    n += r.tile;
  }
  for (;;) {
    const r = drawLive(w);
    if (r === null) break;
    w = r.wall;
    n += r.tile;
  }
  return n;
});
