import { describe, expect, test } from 'vitest';
import { chartGeometry, niceStep } from './chart.js';

describe('the league chart', () => {
  test.each([
    [100, 5, 20],
    [64, 5, 20],
    [7, 5, 2],
    [0.9, 5, 0.2],
    [3, 10, 0.5],
  ])('a span of %d in at most %d steps steps by %d', (span, max, step) => {
    expect(niceStep(span, max)).toBeCloseTo(step, 9);
  });

  test('every line starts at 0 before the first match and ends at its last total', () => {
    const g = chartGeometry(
      [
        {
          id: 'a',
          name: 'Ann',
          colour: '#d64545',
          points: [
            { n: 1, total: 40 },
            { n: 2, total: 24 },
          ],
        },
        { id: 'b', name: 'Bo', colour: '#3b6fd6', points: [{ n: 1, total: -32 }] },
      ],
      640,
      260,
    );
    const a = g.lines[0]?.d.split(' ') ?? [];
    expect(a).toHaveLength(3);
    // y grows downwards: 40 is above 24, which is above the zero line, above -32.
    const y = (p: string) => Number(p.split(',')[1]);
    expect(y(a[0] as string)).toBe(g.zeroY);
    expect(y(a[1] as string)).toBeLessThan(y(a[2] as string));
    expect(y(a[2] as string)).toBeLessThan(g.zeroY);
    expect(y(g.lines[1]?.d.split(' ')[1] as string)).toBeGreaterThan(g.zeroY);
    // The axes cover the range on nice steps, labelled.
    expect(g.yTicks.map((t) => t.label)).toEqual(['-40', '-20', '0', '20', '40']);
    expect(g.xTicks.map((t) => t.label)).toEqual(['0', '1', '2']);
    // The last point of the longest line is at the right edge of the box.
    expect(Number((a[2] as string).slice(1).split(',')[0])).toBe(g.box.x + g.box.w);
  });
});
