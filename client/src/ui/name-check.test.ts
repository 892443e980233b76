import { describe, expect, test } from 'vitest';
import { message, translator } from '../i18n/translate.js';
import { NAME_REFUSALS, nameRefusal } from './name-check.js';

describe('names checked before they are sent', () => {
  test('direction controls and long names are refused with a reason; every script and emoji pass', () => {
    expect(nameRefusal('\u202Eevil')?.id).toBe('names.bidi');
    expect(nameRefusal('Ann\u200F')?.id).toBe('names.bidi');
    const long = nameRefusal('x'.repeat(36));
    expect(long && message(long.id, 'en', long.values)).toBe('A name is at most 24 characters.');
    for (const ok of ['陳大文', '㐀𠀀𨋢嘅噉', 'مرحبا بك', '👍🏽'.repeat(24), 'Ann']) expect(nameRefusal(ok)).toBeNull();
  });

  test('every reason has its words in Chinese', () => {
    for (const id of Object.values(NAME_REFUSALS)) expect(message(id, 'zh-HK'), id).not.toBe(message(id, 'en'));
  });
});

describe('isolated names on the canvas', () => {
  test('a seat label is translated around the isolated name, the name kept as written', () => {
    const zh = translator('zh-HK');
    expect(zh('E● \u2068Ann\u2069 0')).toBe('東● \u2068Ann\u2069 0');
  });
});
