import { checkDisplayName } from '@mahjong/shared';
import { describe, expect, test } from 'vitest';
import { madeUpName } from './community.js';

describe("a new player's made-up name", () => {
  test('is in the page’s language, four letters after, and a name the server takes', () => {
    const zh = madeUpName('zh-HK');
    const en = madeUpName('en');
    expect(zh).toMatch(/^玩家 [A-Za-z0-9]{4}$/);
    expect(en).toMatch(/^Player [A-Za-z0-9]{4}$/);
    for (const name of [zh, en]) expect(checkDisplayName(name)).toEqual({ ok: true, value: name });
    // Not the same for two new players.
    expect(new Set(Array.from({ length: 20 }, () => madeUpName('en'))).size).toBeGreaterThan(15);
  });
});
