import { ALL_KINDS, type TileKind } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { backSvg, svgDataUrl, TILE_DEPTH, TILE_H, TILE_W, tileSvg } from './tile-svg.js';

const all = Array.from({ length: ALL_KINDS }, (_, k) => tileSvg(k as TileKind));

describe('tile art', () => {
  test('42 faces and a back, every one different', () => {
    expect(new Set([...all, backSvg()]).size).toBe(ALL_KINDS + 1);
  });

  test.each(all.map((svg, k) => [k, svg] as const))('kind %i is a self-contained SVG without fonts', (_k, svg) => {
    expect(
      svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_W}" height="${TILE_H + TILE_DEPTH}"`),
    ).toBe(true);
    expect(svg.endsWith('</svg>')).toBe(true);
    expect(svg).not.toMatch(/<text|font-family|NaN|undefined|Infinity/);
    // Every element is closed: self-closing or with its end tag.
    const opens = (svg.match(/<(?!\/)[a-z]+[^>]*[^/]>/g) ?? []).length;
    const closes = (svg.match(/<\/[a-z]+>/g) ?? []).length;
    expect(opens).toBe(closes);
  });

  test('data URLs encode the markup', () => {
    expect(decodeURIComponent(svgDataUrl(backSvg()).replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(backSvg());
  });
});
