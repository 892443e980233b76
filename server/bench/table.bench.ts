/**
 * Table benchmark (`npm run bench`): bot hands per second on one core through the whole engine
 * (XState machine, legality checks, views for the bots, bot decisions, scoring), and heap per
 * live idle table. Targets (issue 4): >= 500 hands/s, < 200 KB per idle table.
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { createEngine } from '../src/table/engine.js';
import { playBotMatch } from '../src/table/sim.js';
import type { MatchConfig, TableEngine, TableRuleset } from '../src/table/types.js';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

const players: MatchConfig['players'] = [
  { name: 'A', bot: true },
  { name: 'B', bot: true },
  { name: 'C', bot: true },
  { name: 'D', bot: true },
];
const seedOf = (i: number) => createHash('sha256').update(`bench:${i}`).digest('hex');

function botHands(seconds: number, level: 'easy' | 'normal' | 'hard', ruleset: TableRuleset = 'hk-new') {
  let hands = 0;
  let events = 0;
  let wins = 0;
  let i = 0;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  while (performance.now() - t0 < seconds * 1000) {
    const run = playBotMatch({ seed: seedOf(i++), ruleset, players }, { level });
    hands += run.engine.results().length;
    wins += run.engine.results().filter((r) => r.kind === 'win').length;
    events += run.events;
  }
  const wall = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0).user / 1e6;
  return { hands, events, wins, wall, cpu };
}

function heapPerTable(n: number): number {
  gc();
  const before = process.memoryUsage().heapUsed;
  const tables: TableEngine[] = [];
  for (let i = 0; i < n; i++) tables.push(createEngine({ seed: seedOf(1e6 + i), ruleset: 'hk-new', players }, 0));
  gc();
  const after = process.memoryUsage().heapUsed;
  if (tables.length !== n) throw new Error('unreachable');
  return (after - before) / n;
}

// Other processes share the cores: the load average says how much the figures may be off.
console.log(
  `machine: ${cpus().length} cores, load average ${loadavg()
    .map((x) => x.toFixed(1))
    .join(' ')}`,
);
// Warm up (JIT, the analysis tables), then measure.
botHands(2, 'normal');
for (const level of ['normal', 'hard', 'easy'] as const) {
  const r = botHands(level === 'normal' ? 8 : 4, level);
  console.log(
    `bot hands (${level.padEnd(6)}, hk-new): ${(r.hands / r.cpu).toFixed(0).padStart(5)} hands/s per CPU second ` +
      `(${(r.hands / r.wall).toFixed(0)}/s wall), ${(r.events / r.hands).toFixed(0)} events/hand, ` +
      `${((100 * r.wins) / r.hands).toFixed(0)}% won, ${r.hands} hands`,
  );
}
const old = botHands(3, 'normal', 'hk-old');
console.log(`bot hands (normal, hk-old): ${(old.hands / old.cpu).toFixed(0)} hands/s per CPU second`);
// Riichi runs code Hong Kong never reaches (dora, furiten, riichi choices): its own warm-up, as
// Hong Kong's above (without it the first seconds of compiling counted, about half the figure).
botHands(2, 'normal', 'riichi-modern');
for (const level of ['normal', 'hard'] as const) {
  const r = botHands(4, level, 'riichi-modern');
  console.log(
    `bot hands (${level.padEnd(6)}, riichi-modern): ${(r.hands / r.cpu).toFixed(0)} hands/s per CPU second, ` +
      `${(r.events / r.hands).toFixed(0)} events/hand, ${((100 * r.wins) / r.hands).toFixed(0)}% won`,
  );
}
const perTable = heapPerTable(500);
console.log(`heap per idle table: ${(perTable / 1024).toFixed(1)} KB (500 tables just dealt)`);
