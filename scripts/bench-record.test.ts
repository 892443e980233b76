import { describe, expect, test } from 'vitest';
import { mergeSections, parseSections, renderSection } from './bench-record.mjs';

const run = (file: string, output: string) =>
  renderSection({ file, date: '2026-11-26 01:00', machine: '2 × CPU, Node 20.20.0', load: '1.5', output });

describe('the benchmark figures file', () => {
  test('a section holds the output without colour codes, and the machine and load it ran on', () => {
    const s = run('shared/bench/wall.bench.ts', '\u001b[32mbuildWall\u001b[39m 60,000 /s\n\n');
    expect(s).toContain('buildWall 60,000 /s\n```');
    expect(s).not.toContain('\u001b');
    expect(s).toContain('load average 1.5');
    expect(s).toContain('2 × CPU, Node 20.20.0');
  });

  test('a run of one benchmark replaces its section and keeps the others, in file order', () => {
    const first = mergeSections('', [
      run('shared/bench/wall.bench.ts', 'wall 1'),
      run('server/bench/table.bench.ts', 'table 1'),
    ]);
    expect([...parseSections(first).keys()]).toEqual(['server/bench/table.bench.ts', 'shared/bench/wall.bench.ts']);
    const second = mergeSections(first, [run('shared/bench/wall.bench.ts', 'wall 2')]);
    expect(second).toContain('wall 2');
    expect(second).not.toContain('wall 1');
    expect(second).toContain('table 1');
    expect(second.match(/<!-- bench: /g)).toHaveLength(2);
  });

  test('output holding a code fence cannot end the section early', () => {
    const merged = mergeSections('', [run('a.bench.ts', 'x\n```\ny')]);
    expect(parseSections(merged).get('a.bench.ts')).toContain("'''");
  });
});
