/**
 * The analysis panel's words: every move and figure has a text the translator knows in both
 * languages (a text without an entry would stay English on a Chinese page), and the summary's
 * shares.
 */
import { type PlayerAction, type TileKind, tiles } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/translate.js';
import { DANGER_TEXT, moveText, shantenText, summaryRows } from './analysis-model.js';

const zh = translator('zh-HK');
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

  it.each(moves)('a move in words, translated: %j', (a) => {
    const en = moveText(a) as string;
    expect(en.length).toBeGreaterThan(0);
    expect(zh(en)).toMatch(/[\u3400-\u9fff]/);
    expect(zh(en)).not.toMatch(/[A-Za-z]{3,}/);
  });

  it('shanten, danger and reach words are translated', () => {
    for (const t of [shantenText(-1), shantenText(0), shantenText(3), ...Object.values(DANGER_TEXT)]) {
      expect(zh(t), t).toMatch(/[\u3400-\u9fff]/);
      expect(zh(t), t).not.toMatch(/[A-Za-z]{3,}/);
    }
    expect(shantenText(2)).toBe('Shanten 2');
    expect(zh('Minimum 3 faan: within reach (5 faan found)')).toBe('起糊3番：仍可達到（找到5番）');
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
    expect(zh('2 of 3 (67%)')).toBe('3次中2次（67%）');
  });
});
