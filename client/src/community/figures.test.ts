import { describe, expect, test } from 'vitest';
import { formatFigure, formatMoney } from './figures.js';

describe('figures as written', () => {
  test.each([
    ['rate', 0.2, '20.0%'],
    ['rate', 0.6667, '66.7%'],
    ['rate', null, '—'],
    ['mean', 5233.33, '5233'],
    ['place', 2.5, '2.50'],
    ['faan', 5.5, '5.50'],
    ['faan', 8, '8'],
    ['points', 24, '+24'],
    ['points', -13.3, '-13.3'],
    ['points', 0, '0'],
  ] as const)('%s %s reads %s', (kind, value, text) => {
    expect(formatFigure(kind, value)).toBe(text);
  });

  test('money carries its sign before the currency', () => {
    expect(formatMoney(-4, 'HK$')).toBe('-HK$ 4.00');
    expect(formatMoney(12, null)).toBe('12.00');
  });
});
