/**
 * The rule for a player's display name, one pure function shared by the server's protocol schema
 * and the client's join form. A name is stored in the ledger and drawn on every other player's
 * screen, so it must be text a database can store (no NUL, no lone UTF-16 surrogate) and text
 * that cannot disguise itself or the names around it (no control characters, no bidirectional
 * overrides or isolates, something visible). Length is counted in what a reader sees as one
 * character (grapheme clusters), so that 陳大文 is 3 and a family emoji is 1.
 */
import { fail, ok, type Result } from './result.js';

export const DISPLAY_NAME_MAX_GRAPHEMES = 24;
/** Cap on UTF-16 code units, so that 24 "characters" cannot hide kilobytes of combining marks. */
export const DISPLAY_NAME_MAX_UNITS = 128;

export const DISPLAY_NAME_ERRORS = [
  'name/not_text', // not a string
  'name/lone_surrogate', // half of a UTF-16 surrogate pair: not Unicode text, no database stores it
  'name/control', // a control character (NUL, tab, newline, escape, C1 controls...)
  'name/bidi', // a bidirectional override, embedding, isolate or mark
  'name/unassigned', // a code point with no character: unassigned, a noncharacter (U+FFFF), a stray tag, an annotation control
  'name/empty', // nothing visible once trimmed (spaces, zero-width characters, combining marks or a blank Braille cell only)
  'name/too_long', // more than 24 characters (or 128 UTF-16 units)
] as const;
export type DisplayNameError = (typeof DISPLAY_NAME_ERRORS)[number];

const LONE_SURROGATE = /\p{Surrogate}/u; // with the u flag a well-formed pair is one code point
const CONTROL = /\p{Cc}/u; // U+0000-001F, U+007F-009F
// LRE RLE PDF LRO RLO (U+202A-202E), LRI RLI FSI PDI (U+2066-2069), LRM RLM (U+200E-200F), ALM (U+061C).
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
// Drawn as nothing, or as a mark on nothing: blank Braille (U+2800) and combining marks alone make
// no name (each would show as an empty seat).
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{M}\u2800]/u;
// No character to draw: unassigned code points and noncharacters (\p{Cn}), the interlinear
// annotation controls and the object replacement (U+FFF9-FFFC), and tag characters except in an
// emoji tag sequence (the black flag U+1F3F4 with tags is a subdivision flag such as Scotland's).
const UNASSIGNED = /\p{Cn}|[\uFFF9-\uFFFC]|(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]*)[\u{E0000}-\u{E007F}]/u;

const hex = (ch: string): string => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;

let segmenter: Intl.Segmenter | null = null;
function graphemes(text: string): number {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return [...segmenter.segment(text)].length;
}

/** Checks and normalises a display name: NFC, trimmed. The value is the name to store and show. */
export function checkDisplayName(raw: unknown): Result<string, DisplayNameError> {
  if (typeof raw !== 'string') return fail('name/not_text', 'the name must be text');
  // Checked before the work below, so that a megabyte of text costs nothing.
  if (raw.length > DISPLAY_NAME_MAX_UNITS * 4) {
    return fail('name/too_long', `the name is longer than ${DISPLAY_NAME_MAX_GRAPHEMES} characters`);
  }
  const surrogate = LONE_SURROGATE.exec(raw);
  if (surrogate) return fail('name/lone_surrogate', `the name holds a broken character (lone ${hex(surrogate[0])})`);
  const name = raw.normalize('NFC').trim();
  const control = CONTROL.exec(name);
  if (control) return fail('name/control', `the name holds a control character (${hex(control[0])})`);
  const bidi = BIDI.exec(name);
  if (bidi) return fail('name/bidi', `the name holds a text-direction control (${hex(bidi[0])})`);
  const unassigned = UNASSIGNED.exec(name);
  if (unassigned)
    return fail('name/unassigned', `the name holds a code point with no character (${hex(unassigned[0])})`);
  if (!VISIBLE.test(name)) return fail('name/empty', 'the name must have at least one visible character');
  if (name.length > DISPLAY_NAME_MAX_UNITS || graphemes(name) > DISPLAY_NAME_MAX_GRAPHEMES) {
    return fail('name/too_long', `the name is longer than ${DISPLAY_NAME_MAX_GRAPHEMES} characters`);
  }
  return ok(name);
}
