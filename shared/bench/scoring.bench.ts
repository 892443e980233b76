/**
 * Scored hands per second, per ruleset, for a seeded mix of realistic winning hands (four sets
 * and a pair with some declared melds, seven pairs, thirteen orphans; random winds, bonus tiles,
 * self-draws). One core, after a warm-up. Target: at least 100,000 hands/s per ruleset.
 * Also times the request path (JSON-shaped request → result) the command uses.
 */
import { randomWin, rng, winRequest } from '../src/scoring/fixtures/random-hands.js';
import { type ScoringRulesetId, scoreRequest, scoreWin, type WinInput } from '../src/scoring/index.js';

// shared/ has no Node or DOM types: reach the two globals the benchmark needs by hand.
const { performance, console, process } = globalThis as unknown as {
  performance: { now(): number };
  console: { log(...args: unknown[]): void };
  process: { cpuUsage(): { user: number; system: number } };
};
/** Milliseconds of CPU time of this process: on a shared machine this is what one core did. */
const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

const HANDS = 20_000;

const fmt = (n: number): string => Math.round(n).toLocaleString('en-US').padStart(9);
const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

/** Median of five rounds after a warm-up: hands per CPU second (one core) and per wall second. */
function measure(label: string, run: () => number): void {
  run();
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    const c0 = cpuMs();
    const n = run();
    wall.push(n / ((performance.now() - t0) / 1000));
    cpu.push(n / (Math.max(cpuMs() - c0, 0.001) / 1000));
  }
  console.log(`${label.padEnd(36)} ${fmt(median(cpu))} hands/s per CPU second, ${fmt(median(wall))} per wall second`);
}

for (const ruleset of ['hk-new', 'hk-old', 'riichi', 'riichi-modern'] as const satisfies readonly ScoringRulesetId[]) {
  const r = rng(20261122);
  const riichi = ruleset === 'riichi' || ruleset === 'riichi-modern';
  const hands: WinInput[] = Array.from({ length: HANDS }, () => randomWin(r, { bonus: !riichi }));
  let valid = 0;
  measure(`scoreWin ${ruleset}`, () => {
    valid = 0;
    for (const h of hands) if (scoreWin(h, ruleset).valid) valid++;
    return hands.length;
  });
  if (valid !== hands.length) console.log(`  (${hands.length - valid} of ${hands.length} hands refused!)`);
}

const r = rng(7);
const requests = Array.from({ length: HANDS }, (_, i) => {
  const ruleset = (['hk-new', 'hk-old', 'riichi'] as const)[i % 3] as ScoringRulesetId;
  return winRequest(randomWin(r, { bonus: ruleset !== 'riichi' }), ruleset);
});
measure('scoreRequest (JSON requests, mixed)', () => {
  for (const q of requests) scoreRequest(q);
  return requests.length;
});
