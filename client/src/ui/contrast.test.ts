import { describe, expect, test } from 'vitest';
import { makeView } from '../table/fixture.js';
import { layoutTable } from '../table/layout.js';
import { contrastRatio } from './contrast.js';

/** The felt and the centre panel: every canvas text sits on one of them. */
const BACKGROUNDS = ['#0f5a3d', '#0a3d2a'] as const;

describe('text contrast', () => {
  test('the WCAG formula', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });

  test.each([
    ['muted text on a card', '#5b6477', '#fbfaf5'],
    ['ink on a card', '#1d2a44', '#fbfaf5'],
    ['the win button', '#ffffff', '#c62828'],
    ['a link', '#1f4fa8', '#fbfaf5'],
    ['the claim clock in the action bar', '#ffb4a8', '#0a1e16'],
    ['call-out', '#8f1414', '#fbf8ee'],
    ['the gallery intro on the felt', '#e7efe9', '#0a3d2a'],
  ])('%s (%s on %s) is at least 4.5:1', (_what, fg, bg) => {
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(4.5);
  });

  test.each([
    ['claim', 2],
    ['turn', 2],
    ['claim', 7],
    ['turn', 15],
  ] as const)('every canvas text, %s clock at %i s, is at least 4.5:1 on the felt', (kind, seconds) => {
    const view = makeView({}, { 1: { discards: [{ tile: 5 as never, claimed: false }] } });
    const scene = layoutTable(view, 1280, 800, { selected: null, clock: { kind, seconds } });
    const texts = scene.items.filter((i) => i.type === 'text');
    expect(texts.length).toBeGreaterThan(3);
    for (const t of texts) {
      if (t.type !== 'text') continue;
      for (const bg of BACKGROUNDS)
        expect(contrastRatio(t.color, bg), `${t.key} ${t.color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });
});
