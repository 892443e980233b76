/**
 * The lobby's name fields checked before anything is sent, by the rule the server applies
 * (shared/src/display-name.ts), with the reason by message id: a name the server
 * would refuse never creates a table without its host's seat, and a long name is refused with
 * its limit instead of being cut by the field.
 */
import {
  checkDisplayName,
  DISPLAY_NAME_MAX_GRAPHEMES,
  DISPLAY_NAME_MAX_UNITS,
  type DisplayNameError,
} from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';

/** Each refusal's words, by message id (`names.*` of the message catalogue). */
export const NAME_REFUSALS: Readonly<Record<DisplayNameError, MessageId>> = {
  'name/not_text': 'lobby.enterName',
  'name/empty': 'lobby.enterName',
  'name/lone_surrogate': 'names.broken',
  'name/control': 'names.control',
  'name/bidi': 'names.bidi',
  'name/unassigned': 'names.unassigned',
  'name/too_long': 'names.tooLong',
};

/** A refusal: its message id, and the values of its placeholders (the longest name allowed). */
export interface NameRefusal {
  readonly id: MessageId;
  readonly values: Readonly<Record<string, number>>;
}

/** Why `raw` cannot be a name, or null when it can. */
export function nameRefusal(raw: string): NameRefusal | null {
  const checked = checkDisplayName(raw);
  return checked.ok ? null : { id: NAME_REFUSALS[checked.error.code], values: { n: DISPLAY_NAME_MAX_GRAPHEMES } };
}

/**
 * The field's own limit: a cap on what can be typed (the rule's UTF-16 cap, so that 24
 * characters of emoji or Extension B still fit) rather than the 24 it would cut silently.
 */
export const NAME_MAXLENGTH = String(DISPLAY_NAME_MAX_UNITS);
