import { ALL_KINDS, type TileKind } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import {
  backSvg,
  FACE_SETS,
  isFaceSet,
  isFive,
  RED_FIVES,
  svgDataUrl,
  TILE_DEPTH,
  TILE_H,
  TILE_W,
  tileSvg,
} from './tile-svg.js';

const faces = (set: (typeof FACE_SETS)[number]) =>
  Array.from({ length: ALL_KINDS }, (_, k) => tileSvg(k as TileKind, set));
const all = faces('classic');

describe('tile art', () => {
  test('42 faces and a back, every one different', () => {
    expect(new Set([...all, backSvg()]).size).toBe(ALL_KINDS + 1);
  });

  test.each(FACE_SETS)('face set %s: 42 distinct faces, none shared with the other set', (set) => {
    const mine = faces(set);
    expect(new Set(mine).size).toBe(ALL_KINDS);
    for (const other of FACE_SETS.filter((s) => s !== set)) {
      const theirs = new Set(faces(other));
      // Suited tiles differ between the sets (honours may be drawn alike apart from their inks).
      expect(mine.slice(0, 27).filter((svg) => theirs.has(svg))).toEqual([]);
    }
  });

  test('classic is the default face set', () => {
    expect(tileSvg(5 as TileKind)).toBe(tileSvg(5 as TileKind, 'classic'));
    expect(isFaceSet('high-contrast')).toBe(true);
    expect(isFaceSet('neon')).toBe(false);
  });

  test('characters carry 萬 (not 万) and the green dragon 發: the same glyph on all nine ranks', () => {
    // The red glyph is the suit sign: one path shared by the nine characters, none other.
    const suitSign = (svg: string) => [...svg.matchAll(/<path d="([^"]+)"[^>]*stroke="#c62828"/g)].map((m) => m[1]);
    const signs = new Set(all.slice(0, 9).flatMap(suitSign));
    expect(signs.size).toBe(1);
    // 萬 has the grass radical's two verticals and the boxed 田: far more strokes than 万's three.
    const wan = [...signs][0] as string;
    expect(wan.split('M').length - 1).toBeGreaterThanOrEqual(8);
    const fa = [...(all[32] as string).matchAll(/<path d="([^"]+)"/g)].map((m) => m[1] as string);
    expect(fa.some((d) => d.split('M').length - 1 >= 12)).toBe(true);
  });

  test('classic winds print 東 南 西 北 (the letter small in the corner); high-contrast keeps big letters', () => {
    // Four different glyph paths of several strokes each, in ink, besides the corner letter.
    const windGlyphs = all
      .slice(27, 31)
      .map((svg) => [...svg.matchAll(/<path d="([^"]+)"/g)].map((m) => m[1] as string));
    for (const paths of windGlyphs) expect(paths.some((d) => d.split('M').length - 1 >= 4)).toBe(true);
    expect(new Set(windGlyphs.map((p) => p.join('|'))).size).toBe(4);
    const hc = faces('high-contrast').slice(27, 31);
    for (const svg of hc) expect([...svg.matchAll(/<path d="([^"]+)"/g)]).toHaveLength(1);
  });

  test.each(FACE_SETS.flatMap((set) => faces(set).map((svg, k) => [set, k, svg] as const)))(
    '%s kind %i is a self-contained SVG without fonts',
    (_set, _k, svg) => {
      expect(
        svg.startsWith(`<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_W}" height="${TILE_H + TILE_DEPTH}"`),
      ).toBe(true);
      expect(svg.endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/<text|font-family|NaN|undefined|Infinity/);
      // Every element is closed: self-closing or with its end tag.
      const opens = (svg.match(/<(?!\/)[a-z]+[^>]*[^/]>/g) ?? []).length;
      const closes = (svg.match(/<\/[a-z]+>/g) ?? []).length;
      expect(opens).toBe(closes);
    },
  );

  test('the red fives: 5m, 5p and 5s only, each unlike every other face of its set', () => {
    expect(RED_FIVES).toEqual([4, 13, 22]);
    expect(Array.from({ length: ALL_KINDS }, (_, k) => k).filter((k) => isFive(k as TileKind))).toEqual([4, 13, 22]);
    for (const set of FACE_SETS) {
      const reds = RED_FIVES.map((k) => tileSvg(k, set, true));
      const plain = new Set(faces(set));
      expect(new Set(reds).size).toBe(3);
      for (const svg of reds) {
        expect(plain.has(svg)).toBe(false);
        expect(svg).not.toMatch(/<text|font-family|NaN|undefined|Infinity/);
        expect(svg.endsWith('</svg>')).toBe(true);
      }
    }
    expect(() => tileSvg(5 as TileKind, 'classic', true)).toThrow(RangeError);
    expect(tileSvg(4 as TileKind, 'classic', false)).toBe(tileSvg(4 as TileKind));
  });

  test('classic red fives are drawn as players know them: the five all in red', () => {
    const colours = (svg: string) => new Set([...svg.matchAll(/(?:fill|stroke)="(#[0-9a-f]{6})"/g)].map((m) => m[1]));
    const [m, p, s] = RED_FIVES.map((k) => colours(tileSvg(k, 'classic', true)));
    // 五 and its corner numeral in red, not the ink of the plain 5m; every dot and stick red.
    expect(colours(tileSvg(4 as TileKind)).has('#1d2a44')).toBe(true);
    expect(m?.has('#1d2a44')).toBe(false);
    for (const c of ['#1f4fa8', '#1b7a3a']) {
      expect(p?.has(c)).toBe(false);
      expect(s?.has(c)).toBe(false);
    }
    expect(p?.has('#c62828') && s?.has('#c62828')).toBe(true);
  });

  test('high-contrast red fives: the numeral in red and a mark of shape (the corner diamond)', () => {
    for (const k of RED_FIVES) {
      const red = tileSvg(k, 'high-contrast', true);
      const plain = tileSvg(k, 'high-contrast');
      const diamond = /<path d="M50 3\.5 [^"]+Z" fill="#8f1414"\/>/;
      expect(red).toMatch(diamond);
      expect(plain).not.toMatch(diamond);
      // The numeral (the first glyph path) is dark red instead of ink.
      expect(red.match(/<path d="[^"]+" transform="[^"]+" fill="none" stroke="(#[0-9a-f]{6})"/)?.[1]).toBe('#8f1414');
      expect(plain.match(/<path d="[^"]+" transform="[^"]+" fill="none" stroke="(#[0-9a-f]{6})"/)?.[1]).toBe('#111a2e');
    }
  });

  test('data URLs encode the markup', () => {
    expect(decodeURIComponent(svgDataUrl(backSvg()).replace('data:image/svg+xml;charset=utf-8,', ''))).toBe(backSvg());
  });
});
