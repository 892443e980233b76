import { HK_PATTERNS, rulesetLabels } from '@mahjong/shared';
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { isCjk, literalCharacters, TEXT_SOURCES } from '../../scripts/cjk-font.js';
import { LANGS } from '../settings/settings.js';
import { MESSAGES } from './messages.js';
import { HK_PATTERN_NAMES, patternName } from './pattern-names.js';
import { chineseCharacters, EXTRA_PAIRS, message, placeholders, tileNameIn, translator } from './translate.js';

const entries = Object.entries(MESSAGES);

describe('the message tables', () => {
  test.each(entries)('%s exists in every language with the same placeholders', (_id, m) => {
    for (const lang of LANGS) expect((m as Record<string, string>)[lang]?.trim()).toBeTruthy();
    expect(placeholders(m['zh-HK']).sort()).toEqual(placeholders(m.en).sort());
    // The Chinese side is Chinese (not an English copy left untranslated), unless the English
    // has no words of its own ("{wl}{name} · {n}": only its placeholders are translated).
    const words = m.en.replace(/\{\w+\}/g, '');
    if (/[A-Za-z]/.test(words)) expect(m['zh-HK']).toMatch(/[\u3400-\u9fff]/);
    else expect(m['zh-HK']).toBe(m.en);
  });

  test('every ruleset name and option label of the descriptors is in both languages', () => {
    const labels = rulesetLabels();
    expect(labels.length).toBeGreaterThan(40);
    for (const l of labels) {
      for (const lang of LANGS) expect(l[lang]?.trim(), JSON.stringify(l)).toBeTruthy();
      // The Chinese side is Chinese, unless the English is only figures ("20 / 10").
      if (/[A-Za-z]/.test(l.en)) expect(l['zh-HK'], l.en).toMatch(/[\u3400-\u9fff]/);
    }
  });

  test('one English text has one Chinese reading', () => {
    const seen = new Map<string, string>();
    for (const m of [...Object.values(MESSAGES), ...EXTRA_PAIRS]) {
      const before = seen.get(m.en);
      if (before !== undefined) expect(`${m.en} -> ${m['zh-HK']}`).toBe(`${m.en} -> ${before}`);
      seen.set(m.en, m['zh-HK']);
    }
  });

  test('pattern names come from the shared tables, in both languages, for every ruleset', () => {
    for (const id of HK_PATTERNS) {
      expect(patternName(id, 'en')).toBe(HK_PATTERN_NAMES[id].en);
      expect(patternName(id, 'zh-HK')).toMatch(/[\u3400-\u9fff]/);
    }
    expect(patternName('self-pick', 'zh-HK')).toBe('自摸');
    expect(patternName('riichi', 'zh-HK', 'riichi-modern')).toBe('立直');
    expect(patternName('robbing-kong', 'zh-HK', 'hk-new')).not.toBe(patternName('robbing-kong', 'zh-HK', 'riichi'));
    expect(patternName('some-new-yaku', 'en')).toBe('Some new yaku');
  });
});

describe('the translator', () => {
  const zh = translator('zh-HK');

  test.each([
    ['Pung', '碰'],
    ['Win · 5 faan', '食糊 · 5番'],
    ["Hand 2, on Bo's discard", '第2局，食Bo出銃'],
    ['Ann pays Bo 64', 'Ann付Bo 64'],
    ['Ann pays Bot North 2 · Bot South pays Bot North 2', 'Ann付電腦北 2 · 電腦南付電腦北 2'],
    ['Bot West wins', '電腦西食糊'],
    ['N● Bot North\n4', '北● 電腦北\n4'],
    ['Cy wins', 'Cy食糊'],
    ['Di discards 5 Dots', 'Di打出五筒'],
    ['Di chows 3 Bamboo, 4 Bamboo, 5 Bamboo', 'Di上三索、四索、五索'],
    ['Ann adds Red Dragon to a kong', 'Ann把紅中加槓'],
    ['South · hand 3', '南圈 · 第3局'],
    ['E● Ann · 250', '東● Ann · 250'],
    // the match flow's texts (seat taken elsewhere, hand-end card, replay captions, lobby errors)
    ['Opened in another tab', '已在另一個分頁打開'],
    ['Next hand in 7s', '7秒後開始下一局'],
    ["Bot East's time ran out: the drawn tile is discarded", '電腦東時間到：打出摸到的牌'],
    ['There is no table ABC234.', '沒有枱號ABC234的枱。'],
    ['W Bo ⚠\n-40', '西 Bo ⚠\n-40'],
    ['Wall 80 · dead 14', '牌牆 80 · 嶺上 14'],
    ['Speed ', '速度 '],
    ['Self-drawn', '自摸'],
    ['Concealed hand', '門前清'],
    ['Plum', '梅'],
    ['Red 5 Dots', '赤五筒'],
    ['Di discards Red 5 Characters', 'Di打出赤五萬'],
  ])('%s -> %s', (en, expected) => {
    expect(zh(en)).toBe(expected);
  });

  test('unknown text, names and codes stay as written; Chinese is left alone', () => {
    for (const s of ['Ann', 'ABC234', '12', 'Seattle', 'Eve', '第2局', '']) expect(zh(s)).toBe(s);
    expect(zh(zh('Your turn: discard a tile'))).toBe('輪到你：打出一張牌');
  });

  test('English is the identity', () => {
    expect(translator('en')('Pung')).toBe('Pung');
  });

  test('messages by id fill their placeholders', () => {
    expect(message('result.wins', 'zh-HK', { name: 'Ann' })).toBe('Ann食糊');
    expect(message('act.winFaan', 'en', { n: 3 })).toBe('Win · 3 faan');
  });

  test('tile names', () => {
    expect(tileNameIn(0 as never, 'zh-HK')).toBe('一萬');
    expect(tileNameIn(32 as never, 'zh-HK')).toBe('發財');
  });

  test('the font subset covers every Chinese character of every table', () => {
    const chars = chineseCharacters();
    for (const m of [...Object.values(MESSAGES), ...EXTRA_PAIRS]) {
      for (const c of m['zh-HK'].replace(/\{\w+\}/g, '')) if (c.charCodeAt(0) > 0x7f) expect(chars).toContain(c);
    }
    expect(chars).not.toMatch(/[A-Za-z0-9]/);
    // The build cuts the font to the CJK characters of the text sources' string literals.
    const subset = TEXT_SOURCES.map((f) => literalCharacters(readFileSync(f, 'utf8'))).join('');
    for (const c of chars) if (isCjk(c)) expect(subset).toContain(c);
  });
});
