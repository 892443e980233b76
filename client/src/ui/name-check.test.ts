import { describe, expect, test } from 'vitest';
import { translator } from '../i18n/translate.js';
import { NAME_REFUSALS, nameRefusal } from './name-check.js';

describe('names checked before they are sent', () => {
  test('direction controls and long names are refused with a reason; every script and emoji pass', () => {
    expect(nameRefusal('\u202Eevil')).toBe(NAME_REFUSALS['name/bidi']);
    expect(nameRefusal('Ann\u200F')).toBe(NAME_REFUSALS['name/bidi']);
    expect(nameRefusal('x'.repeat(36))).toBe('A name is at most 24 characters.');
    for (const ok of ['陳大文', '㐀𠀀𨋢嘅噉', 'مرحبا بك', '👍🏽'.repeat(24), 'Ann']) expect(nameRefusal(ok)).toBeNull();
  });

  test('every reason is in the catalogue in Chinese', () => {
    const zh = translator('zh-HK');
    for (const why of Object.values(NAME_REFUSALS)) expect(zh(why), why).not.toBe(why);
  });
});

describe('isolated names on the canvas', () => {
  test('a seat label is translated around the isolated name, the name kept as written', () => {
    const zh = translator('zh-HK');
    expect(zh('E● \u2068Ann\u2069 0')).toBe('東● \u2068Ann\u2069 0');
  });
});
