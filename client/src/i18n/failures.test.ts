import { ARGS_CODES, parseTile, parseTiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { initialState, loadQuick } from '../calculator/model.js';
import { FAILURE_CODES, failureWords } from './failures.js';
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
    // An option the ruleset does not have: the scorer's code has no id, its message is shown as it came.
    const unknownOption = loadQuick(initialState(), '123m456p789s11z --option x=1');
    expect(unknownOption.ok || unknownOption.error.code).toBe('score/bad_options');
    expect(unknownOption.ok || failureWords(unknownOption.error)).toBeNull();
  });

  it('says a pasted request that is not a score request by id, in both languages', () => {
    const words = failureWords({ code: 'calc/bad_input', message: 'not a request' });
    expect(words?.id).toBe('calc.notRequest');
    if (words === null) return;
    expect(message(words.id, 'en', words.values)).toBe('This is not a score request');
    expect(message(words.id, 'zh-HK', words.values)).toBe('這不是計分要求');
  });
});

describe("the pasted score command's argument refusals, by code", () => {
  const pasted = [
    '123m --frobnicate',
    '123m --seat',
    '123m --seat Q',
    '123m --dora',
    '123m --north',
    '123m --option x',
  ];
  it('gives every argument code a message id whose placeholders its values fill, in both languages', () => {
    for (const code of ARGS_CODES) expect(FAILURE_CODES, code).toContain(code);
    for (const text of pasted) {
      const r = loadQuick(initialState(), text);
      if (r.ok) throw new Error(`accepted ${text}`);
      const words = failureWords(r.error);
      expect(words, `${text}: ${r.error.code}`).not.toBeNull();
      if (words === null) continue;
      const en = message(words.id, 'en', words.values);
      const zh = message(words.id, 'zh-HK', words.values);
      // The English is the command's own message; the Chinese has every value filled.
      expect(en).toBe(r.error.message);
      expect(zh).not.toMatch(/\{\w+\}/);
      expect(zh).not.toBe(en);
    }
  });
});
