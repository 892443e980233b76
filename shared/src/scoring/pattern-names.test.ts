/**
 * Every pattern id of every ruleset has an English and a Traditional Chinese name: the ids the
 * rulesets list (checked here as well as by the typecheck), and every id the scorer actually
 * reports for random winning hands under each ruleset.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { randomWin, rng } from './fixtures/random-hands.js';
import {
  HK_PATTERNS,
  HK_RULESETS,
  isRiichiFamily,
  PATTERN_LANGUAGES,
  patternName,
  patternNames,
  RIICHI_FU_ITEMS,
  RIICHI_PATTERN_NAMES,
  RIICHI_HAN_ITEMS,
  RIICHI_RULESETS,
  RIICHI_YAKU,
  RIICHI_YAKUMAN,
  SCORING_RULESET_IDS,
  type HkRulesetId,
  type ScoringRulesetId,
  scoreWin,
} from './index.js';

const HAN = /\p{Script=Han}/u;

/** The ids a ruleset can report: the patterns it values, and for riichi its dora and fu items. */
function idsOf(ruleset: ScoringRulesetId): string[] {
  if (isRiichiFamily(ruleset)) {
    const t = RIICHI_RULESETS[ruleset];
    return [
      ...RIICHI_YAKU.filter((y) => t.han[y][0] > 0 || t.han[y][1] > 0),
      ...RIICHI_YAKUMAN.filter((y) => t.yakuman[y] > 0),
      ...RIICHI_HAN_ITEMS,
      ...RIICHI_FU_ITEMS,
    ];
  }
  return HK_PATTERNS.filter((p) => HK_RULESETS[ruleset as HkRulesetId].values[p] !== null);
}

describe('pattern names', () => {
  it.each(SCORING_RULESET_IDS)('every pattern id of %s has an English and a Chinese name', (ruleset) => {
    const ids = idsOf(ruleset);
    expect(ids.length).toBeGreaterThan(20);
    const missing: string[] = [];
    for (const id of ids) {
      const names = patternNames(id, ruleset);
      if (names === undefined) {
        missing.push(id);
        continue;
      }
      expect(names.en.trim().length, id).toBeGreaterThan(0);
      expect(names.en, id).toMatch(/^[A-Z]/);
      expect(names['zh-HK'], id).toMatch(HAN);
    }
    expect(missing).toEqual([]);
  });

  it('every id the scorer reports for random winning hands has both names', () => {
    const unnamed = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        for (const ruleset of SCORING_RULESET_IDS) {
          const riichi = ruleset.startsWith('riichi');
          const v = scoreWin(randomWin(rng(seed), { bonus: !riichi }), ruleset);
          if (!v.valid) continue;
          for (const p of v.patterns) if (patternNames(p.name, ruleset) === undefined) unnamed.add(p.name);
        }
      }),
      { numRuns: 300 },
    );
    expect([...unnamed]).toEqual([]);
  });

  it('names by language and family, and spells out an id no ruleset knows', () => {
    expect(patternName('self-pick', 'zh-HK')).toBe('自摸');
    expect(patternName('fully-concealed', 'zh-HK')).toBe('門前清');
    expect(patternName('mixed-one-suit', 'en')).toBe('Mixed one suit');
    expect(patternName('last-catch', 'zh-HK', 'hk-new')).toBe('海底撈月');
    expect(patternName('win-by-kong', 'zh-HK', 'hk-old')).toBe('槓上開花');
    expect(patternName('pinfu', 'zh-HK', 'riichi')).toBe('平和');
    expect(patternName('ippatsu', 'zh-HK', 'riichi-modern')).toBe('一發');
    // one id, two families
    expect(patternName('seven-pairs', 'zh-HK', 'hk-new')).toBe('七對子');
    expect(patternName('seven-pairs', 'zh-HK', 'riichi')).toBe('七對子');
    expect(patternName('house-special', 'zh-HK')).toBe('House special');
    expect(PATTERN_LANGUAGES).toEqual(['en', 'zh-HK']);
  });

  it('riichi names in zh-HK are written as Hong Kong players write them, no Japanese-only forms or kana', () => {
    // Japanese simplified forms (shinjitai) and their Hong Kong characters: 断斷 対對 気氣 緑綠
    // 単單 発發 両兩 帯帶 宝寶 国國 双雙 辺邊 幺么; and any kana.
    const japanese = /[断対気緑単発両帯宝国双辺幺\u3040-\u30ff]/u;
    const written = Object.entries(RIICHI_PATTERN_NAMES).filter(([, names]) => japanese.test(names['zh-HK']));
    expect(written).toEqual([]);
    expect(patternName('all-simples', 'zh-HK', 'riichi')).toBe('斷么九');
    expect(patternName('all-pungs', 'zh-HK', 'riichi')).toBe('對對和');
    expect(patternName('pure-straight', 'zh-HK', 'riichi')).toBe('一氣通貫');
    expect(patternName('all-green', 'zh-HK', 'riichi')).toBe('綠一色');
    expect(patternName('pair-wait', 'zh-HK', 'riichi')).toBe('單騎');
  });
});
