/**
 * `npm run simulate` through the real command: the JSON summary has the keys the issue names,
 * no invariant fails, and the same seed gives the same summary (timing aside).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('./simulate.ts', import.meta.url));
const run = (...args: string[]) => {
  const out = execFileSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8' });
  return JSON.parse(out) as Record<string, unknown>;
};

describe('npm run simulate', () => {
  it('prints one JSON summary, checks every invariant, and repeats itself for a seed', () => {
    const a = run('--hands', '12', '--seed', '3', '--json');
    for (const key of ['hands', 'wins', 'draws', 'invariantFailures', 'handsPerSecond']) expect(a).toHaveProperty(key);
    expect(a.hands).toBe(12);
    expect((a.wins as number) + (a.draws as number)).toBe(12);
    expect(a.invariantFailures).toBe(0);
    expect(a.checked).toBe(true);
    const b = run('--hands', '12', '--seed', '3', '--json');
    const c = run('--hands', '12', '--seed', '4', '--json', '--ruleset', 'hk-old');
    const strip = (x: Record<string, unknown>) => ({ ...x, handsPerSecond: 0 });
    expect(strip(b)).toEqual(strip(a));
    expect(c.digest).not.toBe(a.digest);
    expect(c.ruleset).toBe('hk-old');
  });

  it('plays riichi tables with every invariant (points with the sticks, 136 tiles, replay equal to live)', () => {
    const a = run('--hands', '30', '--seed', '5', '--json', '--ruleset', 'riichi-modern');
    expect(a).toMatchObject({ hands: 30, ruleset: 'riichi-modern', invariantFailures: 0, checked: true });
    expect((a.patterns as Record<string, number>).riichi).toBeGreaterThan(0);
    const b = run('--hands', '30', '--seed', '5', '--json', '--ruleset', 'riichi-modern');
    expect(b.digest).toBe(a.digest);
  });

  it('plays three-player riichi with every invariant (108 tiles, the vacant North seat) and repeats itself', {
    timeout: 240_000,
  }, () => {
    const a = run('--hands', '300', '--seed', '6', '--json', '--ruleset', 'riichi-sanma');
    expect(a).toMatchObject({ hands: 300, ruleset: 'riichi-sanma', invariantFailures: 0, checked: true });
    const patterns = a.patterns as Record<string, number>;
    expect(patterns['north-dora']).toBeGreaterThan(0);
    expect(patterns.riichi).toBeGreaterThan(0);
    const b = run('--hands', '300', '--seed', '6', '--json', '--ruleset', 'riichi-sanma', '--no-check');
    expect(b.digest).toBe(a.digest);
  });
});
