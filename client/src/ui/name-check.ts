/**
 * The lobby's name fields checked before anything is sent, by the rule the server applies
 * (shared/src/display-name.ts), with the reason in words the page translates: a name the server
 * would refuse never creates a table without its host's seat, and a long name is refused with
 * its limit instead of being cut by the field.
 */
import {
  checkDisplayName,
  DISPLAY_NAME_MAX_GRAPHEMES,
  DISPLAY_NAME_MAX_UNITS,
  type DisplayNameError,
} from '@mahjong/shared';

/** Each refusal's words (English, as `names.*` of the message catalogue). */
export const NAME_REFUSALS: Readonly<Record<DisplayNameError, string>> = {
  'name/not_text': 'Enter your name first.',
  'name/empty': 'Enter your name first.',
  'name/lone_surrogate': 'A name cannot hold broken characters.',
  'name/control': 'A name cannot hold control characters (tab, new line…).',
  'name/bidi': 'A name cannot hold text-direction marks.',
  'name/unassigned': 'A name cannot hold characters that do not exist.',
  'name/too_long': `A name is at most ${DISPLAY_NAME_MAX_GRAPHEMES} characters.`,
};

/** Why `raw` cannot be a name, or null when it can. */
export function nameRefusal(raw: string): string | null {
  const checked = checkDisplayName(raw);
  return checked.ok ? null : NAME_REFUSALS[checked.error.code];
}

/**
 * The field's own limit: a cap on what can be typed (the rule's UTF-16 cap, so that 24
 * characters of emoji or Extension B still fit) rather than the 24 it would cut silently.
 */
export const NAME_MAXLENGTH = String(DISPLAY_NAME_MAX_UNITS);
