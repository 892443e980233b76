import { parseTile, parseTiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { initialState, loadQuick } from '../calculator/model.js';
import { failureWords } from './failures.js';
import { message } from './translate.js';

describe('refusals said by code, not by their English', () => {
  const refused = [
    parseTiles('123x'),
    parseTiles('8z'),
    parseTiles('12m3'),
    parseTiles('12 3m'),
    parseTiles('m'),
    parseTiles(''),
    parseTiles('11111m'),
    parseTile('12m'),
  ];

  it('gives every notation refusal a message id whose placeholders its values fill, in both languages', () => {
    const said = refused.map((r) => {
      if (r.ok) throw new Error('accepted');
      const words = failureWords(r.error);
      if (words === null) throw new Error(`no id for ${r.error.code}`);
      return { id: words.id, en: message(words.id, 'en', words.values), zh: message(words.id, 'zh-HK', words.values) };
    });
    expect(said.map((s) => s.id)).toEqual([
      'notation.badChar',
      'notation.badRank',
      'notation.noSuitAtEnd',
      'notation.noSuit',
      'notation.suitFirst',
      'notation.empty',
      'notation.tooManyCopies',
      'notation.notOneTile',
    ]);
    for (const s of said) {
      expect(s.en).not.toMatch(/\{\w+\}/);
      expect(s.zh).not.toMatch(/\{\w+\}/);
      expect(s.zh).not.toBe(s.en);
    }
    expect(said[0]?.zh).toBe('第3位有不明字元「x」（請用數字及 m、p、s、z、f）');
  });

  it("says the calculator's typed-hand refusals by id, and keeps a code without one as it came", () => {
    const empty = loadQuick(initialState(), '   ');
    const bad = loadQuick(initialState(), '123q');
    expect(empty.ok || failureWords(empty.error)?.id).toBe('calc.typeTiles');
    expect(bad.ok || failureWords(bad.error)?.id).toBe('notation.badChar');
    expect(failureWords({ code: 'calc/bad_input', message: 'not a request' })).toBeNull();
  });
});
