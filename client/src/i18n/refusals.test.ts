import { HTTP_ERROR_CODES, REFUSAL_CODES, type RefusalValues } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { LANGS } from '../settings/settings.js';
import { MESSAGES } from './messages.js';
import { type AnyRefusalCode, REFUSAL_IDS, refusalWords } from './refusals.js';
import { message, placeholders } from './translate.js';

/** The values the server sends with each code (server/src/room.ts, server/src/socket/hello.ts, server/src/http.ts); none for the rest. */
const SENT: Partial<Record<AnyRefusalCode, readonly RefusalValues[]>> = {
  'msg/version': [{ n: 3 }],
  'msg/rate_limited': [{}, { n: 30 }],
  'http/rate_limited': [{}, { n: 30 }],
  'table/not_found': [{}, { name: 'ABC234' }],
  'table/seat_taken': [{ n: 2 }],
  'table/seat_vacant': [{ n: 4 }],
  'table/not_ready': [{}, { name: '2, 3' }],
  'act/wrong_seat': [{ n: 1 }],
};

const EVERY_CODE: readonly AnyRefusalCode[] = [
  ...new Set([...REFUSAL_CODES, ...HTTP_ERROR_CODES, 'http/offline' as const]),
];

describe('the server refusals, said by message id', () => {
  it('gives every refusal code of the protocol a message id', () => {
    const without = EVERY_CODE.filter((code) => !Object.hasOwn(REFUSAL_IDS, code));
    expect(without).toEqual([]);
    // And no id for a code the protocol does not have.
    expect(Object.keys(REFUSAL_IDS).filter((c) => !EVERY_CODE.includes(c as AnyRefusalCode))).toEqual([]);
  });

  it('says each in both languages, its placeholders filled by the values the server sends', () => {
    for (const code of EVERY_CODE) {
      for (const values of SENT[code] ?? [{}]) {
        const { id } = refusalWords({ code, values });
        expect(Object.hasOwn(MESSAGES, id), `${code} -> ${id}`).toBe(true);
        for (const lang of LANGS) {
          const text = message(id, lang, values);
          expect(text.trim(), `${code} ${lang}`).not.toBe('');
          expect(placeholders(text), `${code} ${lang}: ${text}`).toEqual([]);
        }
        expect(message(id, 'zh-HK', values), code).not.toBe(message(id, 'en', values));
      }
    }
  });

  it('puts the values in the words: a seat number, a table code, a wait', () => {
    const zh = (code: AnyRefusalCode, values: RefusalValues) => {
      const w = refusalWords({ code, values });
      return message(w.id, 'zh-HK', w.values);
    };
    expect(zh('table/seat_taken', { n: 3 })).toBe('第3位已有人坐。');
    expect(zh('table/not_found', { name: 'ABC234' })).toContain('ABC234');
    expect(zh('table/not_found', {})).toBe('沒有這張牌枱。');
    expect(zh('msg/rate_limited', { n: 12 })).toContain('12');
    expect(refusalWords({ code: 'auth/seat_held' }).id).toBe('flow.seatHeld');
  });

  it('says a code it does not know (a newer server) as a refused request, not as nothing', () => {
    expect(refusalWords({ code: 'table/unheard_of' as AnyRefusalCode }).id).toBe('refusal.invalid');
  });
});
