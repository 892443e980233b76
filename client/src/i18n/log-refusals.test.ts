import { LOG_PROBLEMS, type RefusalValues } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../settings/settings.js';
import { LOG_PROBLEM_IDS, logRefusalText } from './log-refusals.js';
import { MESSAGES } from './messages.js';
import { placeholders } from './translate.js';

/** The values the server sends with `log/invalid` (server/src/logs/tenhou6-read.ts, logProblemValues). */
const PLACES: readonly RefusalValues[] = [{}, { hand: 3 }, { hand: 3, step: 41 }];

describe('an opened log refused, said by its reason and place', () => {
  it('gives every reason of the protocol words in both languages', () => {
    expect(Object.keys(LOG_PROBLEM_IDS).sort()).toEqual([...LOG_PROBLEMS].sort());
    for (const reason of LOG_PROBLEMS) {
      const id = LOG_PROBLEM_IDS[reason];
      expect(Object.hasOwn(MESSAGES, id), `${reason} -> ${id}`).toBe(true);
      for (const lang of LANGS) expect(MESSAGES[id][lang].trim(), `${id} ${lang}`).not.toBe('');
    }
  });

  it('fills every placeholder, names the hand and step, and says it in Chinese', () => {
    for (const reason of LOG_PROBLEMS) {
      for (const place of PLACES) {
        const values = { reason, ...place, ...(reason === 'log/too_large' ? { kb: 1024 } : {}) };
        const en = logRefusalText(values, 'en');
        const zh = logRefusalText(values, 'zh-HK');
        for (const text of [en, zh]) {
          expect(placeholders(text), text).toEqual([]);
          if (place.hand !== undefined) expect(text).toContain(String(place.hand));
          if (place.step !== undefined) expect(text).toContain(String(place.step));
        }
        expect(zh).toMatch(/[\u3400-\u9fff]/);
        expect(zh).not.toBe(en);
      }
    }
    expect(logRefusalText({ reason: 'log/call', hand: 2, step: 17 }, 'zh-HK')).toBe(
      '牌譜被拒（第2局第17步）：有上、碰、槓或打出的牌與牌局不符。',
    );
    expect(logRefusalText({ reason: 'log/malformed' }, 'en')).toBe('The log was refused: the file is not JSON.');
    expect(logRefusalText({ reason: 'log/too_large', kb: 1024 }, 'zh-HK')).toContain('1024 KB');
  });

  it('says a reason it does not know (a newer server), or none, as a log that does not play', () => {
    expect(logRefusalText({ reason: 'log/unheard_of', hand: 1 }, 'en')).toBe(MESSAGES['refusal.badLog'].en);
    expect(logRefusalText(undefined, 'zh-HK')).toBe(MESSAGES['refusal.badLog']['zh-HK']);
  });
});
