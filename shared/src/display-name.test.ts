/**
 * The display-name rule: each row says why a name passes or which code refuses it. The schema
 * rows check that the protocol's join schema applies the same rule.
 */
import { describe, expect, it } from 'vitest';
import { checkDisplayName, type DisplayNameError } from './display-name.js';
import { joinRequestSchema } from './protocol-schemas.js';

const SCOTLAND = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}'; // one grapheme, 11 UTF-16 units

describe('checkDisplayName', () => {
  it.each([
    ['ASCII', 'Ann', 'Ann'],
    ['Chinese', '陳大文', '陳大文'],
    ['Japanese with a space', '山田 太郎', '山田 太郎'],
    ['trimmed', '  Bo \u3000', 'Bo'],
    ['NFC: e + combining acute becomes é', 'Re\u0301ne', 'R\u00e9ne'],
    ['one emoji', '\u{1F004}', '\u{1F004}'],
    ['a ZWJ family is one character', FAMILY, FAMILY],
    ['24 CJK characters', '麻'.repeat(24), '麻'.repeat(24)],
    ['Arabic letters', 'سارة', 'سارة'],
    ['a subdivision flag (tag characters after the black flag)', SCOTLAND, SCOTLAND],
    ['a letter with combining marks', 'a\u0301\u0323', 'a\u0301\u0323'.normalize('NFC')],
    ['Braille with dots', '\u2801\u2803', '\u2801\u2803'],
  ])('%s', (_why, raw, expected) => {
    const r = checkDisplayName(raw);
    expect(r).toEqual({ ok: true, value: expected });
  });

  it.each<[string, unknown, DisplayNameError]>([
    ['not a string', 42, 'name/not_text'],
    ['NUL inside', 'ab\u0000cd', 'name/control'],
    ['a tab', 'a\tb', 'name/control'],
    ['a newline', 'Ann\nBo', 'name/control'],
    ['DEL', 'a\u007f', 'name/control'],
    ['a C1 control', 'a\u0085b', 'name/control'],
    ['a lone high surrogate', 'ab\uD83Dcd', 'name/lone_surrogate'],
    ['a lone low surrogate', '\uDC04', 'name/lone_surrogate'],
    ['a right-to-left override', 'Ann\u202Egnp.exe', 'name/bidi'],
    ['a left-to-right embedding', '\u202AAnn', 'name/bidi'],
    ['a first-strong isolate', 'Ann\u2068', 'name/bidi'],
    ['a pop directional isolate', 'Ann\u2069', 'name/bidi'],
    ['a right-to-left mark', 'Ann\u200F', 'name/bidi'],
    ['empty', '', 'name/empty'],
    ['whitespace only', ' \u3000 \u00a0', 'name/empty'],
    ['zero-width space only', '\u200B\u200B', 'name/empty'],
    ['a blank Braille cell only', '\u2800\u2800', 'name/empty'],
    ['combining marks only', '\u0301\u0302\u0303', 'name/empty'],
    ['a noncharacter', 'Ann\uFFFF', 'name/unassigned'],
    ['an unassigned code point', 'Ann\u{E0080}', 'name/unassigned'],
    ['tag characters alone', 'Ann\u{E0041}\u{E0042}', 'name/unassigned'],
    ['an interlinear annotation anchor', '\uFFF9Ann', 'name/unassigned'],
    ['25 characters', 'a'.repeat(25), 'name/too_long'],
    ['25 CJK characters', '麻'.repeat(25), 'name/too_long'],
    ['25 emoji', '\u{1F004}'.repeat(25), 'name/too_long'],
    ['24 family emoji: 24 characters but 264 UTF-16 units', FAMILY.repeat(24), 'name/too_long'],
    ['a megabyte', 'a'.repeat(1 << 20), 'name/too_long'],
  ])('refuses %s', (_why, raw, code) => {
    const r = checkDisplayName(raw);
    expect(r.ok ? null : r.error.code).toBe(code);
    if (!r.ok) expect(r.error.message.length).toBeGreaterThan(10);
  });

  it('the join schema applies the rule and gives its message', () => {
    expect(joinRequestSchema.safeParse({ name: ' 陳大文 ' }).data).toEqual({ name: '陳大文' });
    const bad = joinRequestSchema.safeParse({ name: 'ab\u0000cd' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('name: the name holds a control character (U+0000)');
    expect(joinRequestSchema.safeParse({ name: '\uD800' }).success).toBe(false);
    expect(joinRequestSchema.safeParse({ name: 'x'.repeat(25) }).success).toBe(false);
  });
});
