/**
 * The analysis panel's words: every move and figure is written in Chinese when asked in Chinese
 * (by message id), with no English word left, and the summary's shares.
 */
import { type PlayerAction, type TileKind, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { message } from '../i18n/translate.js';
import { DANGER_TEXT, moveText, shantenText, summaryRows } from './analysis-model.js';

const [m5, p1, p2, p3] = tiles('5m1p2p3p') as [TileKind, TileKind, TileKind, TileKind];

describe('analysis panel texts', () => {
  const moves: PlayerAction[] = [
    { type: 'discard', tile: m5 },
    { type: 'discard', tile: m5, red: true },
    { type: 'riichi', tile: m5 },
    { type: 'chow', tiles: [p1, p2, p3] },
    { type: 'pung' },
    { type: 'kong' },
    { type: 'concealedKong', tile: m5 },
    { type: 'addedKong', tile: m5 },
    { type: 'win' },
    { type: 'pass' },
    { type: 'nineTerminals' },
  ];

  it.each(moves)('a move in words, in both languages: %j', (a) => {
    const en = moveText(a) as string;
    expect(en).toMatch(/[a-z]{3,}/);
    const zh = moveText(a, 'zh-HK') as string;
    expect(zh).toMatch(/[\u3400-\u9fff]/);
    expect(zh).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('shanten and danger words in both languages', () => {
    const zh = [shantenText(-1, 'zh-HK'), shantenText(0, 'zh-HK'), shantenText(3, 'zh-HK')];
    for (const id of Object.values(DANGER_TEXT)) zh.push(message(id, 'zh-HK'));
    for (const t of zh) {
      expect(t, t).toMatch(/[\u3400-\u9fff]/);
      expect(t, t).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(shantenText(2)).toBe('Shanten 2');
    expect(shantenText(2, 'zh-HK')).toBe('2向聽');
    expect(moveText({ type: 'discard', tile: m5, red: true }, 'zh-HK')).toBe('打赤五萬');
  });

  it('summary shares in whole percent, none without discards', () => {
    const rows = summaryRows(
      {
        decisions: [],
        summary: [
          { discards: 3, best: 2, botAgreed: 1 },
          { discards: 0, best: 0, botAgreed: 0 },
          { discards: 8, best: 8, botAgreed: 8 },
          { discards: 7, best: 1, botAgreed: 0 },
        ],
      },
      ['Ann', 'Bo', 'Cy'],
    );
    expect(rows.map((r) => r.percent)).toEqual([67, 0, 100, 14]);
    expect(rows.map((r) => r.name)).toEqual(['Ann', 'Bo', 'Cy', 'Seat 4']);
    expect(message('analysis.ofPercent', 'zh-HK', { n: 2, n2: 3, n3: 67 })).toBe('3次中2次（67%）');
  });
});
