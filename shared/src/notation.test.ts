import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTiles, parseTiles, tile, tiles } from './notation.js';
import {
  ALL_KINDS,
  type Dragon,
  dragonKind,
  kindOf,
  rankOf,
  sortKinds,
  suitOf,
  type TileKind,
  tileName,
  type Wind,
  windKind,
} from './tiles.js';

describe('parseTiles', () => {
  it.each([
    ['123m456p789s11z', 'four groups and a pair of East', 11],
    ['15f', 'two bonus tiles', 2],
    ['1m 2p 3s', 'spaces between groups', 3],
    ['1234567z', 'all honours', 7],
  ])('parses %s (%s)', (text, _why, count) => {
    const r = parseTiles(text);
    expect(r.ok && r.value.length).toBe(count);
  });

  it.each([
    ['0m', 'notation/bad_rank', '0m'],
    ['10p', 'notation/bad_rank', '0p'],
    ['8z', 'notation/bad_rank', '8z'],
    ['9f', 'notation/bad_rank', '9f'],
    ['11111m', 'notation/too_many_copies', '5 copies'],
    ['11f', 'notation/too_many_copies', '2 copies'],
    ['123x', 'notation/bad_char', '"x"'],
    ['12m3', 'notation/no_suit', '"3"'],
    ['m', 'notation/no_suit', '"m"'],
    ['', 'notation/empty', 'no tiles'],
  ])('refuses %s with %s naming %s', (text, code, part) => {
    const r = parseTiles(text);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.error.code).toBe(code);
      expect(r.error.message).toContain(part);
    }
  });

  it('keeps written order and maps kinds', () => {
    expect(tiles('7z1m')).toEqual([kindOf('z', 7), kindOf('m', 1)]);
    expect(tile('5p')).toBe(13);
    expect(tileName(tile('7z'))).toBe('Red Dragon');
    expect(tileName(tile('1z'))).toBe('East Wind');
    expect(tileName(tile('5f'))).toBe('Spring');
  });
});

describe('formatTiles', () => {
  it('groups runs of one suit', () => {
    expect(formatTiles(tiles('1m2m3m4p'))).toBe('123m4p');
    expect(formatTiles([])).toBe('');
  });

  it('round-trips any multiset of at most the real copies', () => {
    const kindArb = fc.integer({ min: 0, max: ALL_KINDS - 1 }).map((k) => k as TileKind);
    fc.assert(
      fc.property(fc.array(kindArb, { maxLength: 20 }), (kinds) => {
        const sorted = sortKinds(kinds);
        const r = parseTiles(formatTiles(sorted), { allowEmpty: true, checkCopies: false });
        expect(r.ok && r.value).toEqual(sorted);
        for (const k of kinds) expect(kindOf(suitOf(k), rankOf(k))).toBe(k);
      }),
    );
  });
});

describe('wind and dragon kinds', () => {
  it('map seat winds and dragons to their honour tiles', () => {
    expect([1, 2, 3, 4].map((w) => windKind(w as Wind))).toEqual(tiles('1234z'));
    expect([5, 6, 7].map((d) => dragonKind(d as Dragon))).toEqual(tiles('567z'));
  });
});
