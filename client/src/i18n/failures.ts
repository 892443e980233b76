/**
 * A refusal's words by its code, not by its English: each code maps to a message id (both
 * languages in `messages.ts`) and the failure's `values` fill its placeholders. A code with no
 * id here is shown as the message came (the page says what it was told).
 */
import type { Failure } from '@mahjong/shared';
import type { MessageId } from './messages.js';

type Values = Readonly<Record<string, string | number>>;

/** The message id of a failure, where one says it: `no_suit` has three wordings, told apart by its values. */
const ID_OF: Readonly<Record<string, (v: Values) => MessageId>> = {
  'calc/empty': () => 'calc.typeTiles',
  'calc/bad_input': () => 'calc.notRequest',
  'notation/empty': () => 'notation.empty',
  'notation/bad_char': () => 'notation.badChar',
  'notation/bad_rank': () => 'notation.badRank',
  'notation/no_suit': (v) =>
    v.name2 !== undefined ? 'notation.suitFirst' : v.n === undefined ? 'notation.noSuitAtEnd' : 'notation.noSuit',
  'notation/too_many_copies': () => 'notation.tooManyCopies',
  'notation/not_one_tile': () => 'notation.notOneTile',
  'args/needs_value': () => 'args.needsValue',
  'args/needs_tiles': () => 'args.needsTiles',
  'args/needs_wind': () => 'args.needsWind',
  'args/bad_wind': () => 'args.badWind',
  'args/needs_number': () => 'args.needsNumber',
  'args/needs_north': () => 'args.needsNorth',
  'args/needs_key_value': () => 'args.needsKeyValue',
  'args/needs_json': () => 'args.needsJson',
  'args/unknown_flag': () => 'args.unknownFlag',
  'args/two_hands': () => 'args.twoHands',
  'args/no_hand': () => 'args.noHand',
  'args/no_winning_tile': () => 'args.noWinningTile',
};

/** The codes said by id here. */
export const FAILURE_CODES: readonly string[] = Object.keys(ID_OF);

/** What to say for `f`: a message id and its values, or null when its code has none. */
export function failureWords(f: Failure): { readonly id: MessageId; readonly values: Values } | null {
  const idOf = Object.hasOwn(ID_OF, f.code) ? ID_OF[f.code] : undefined;
  if (idOf === undefined) return null;
  const values = f.values ?? {};
  return { id: idOf(values), values };
}
