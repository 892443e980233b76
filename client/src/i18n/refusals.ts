/**
 * The server's refusals in the language shown, by their code: each code (socket and HTTP alike,
 * and `http/offline` for no answer at all) names a message id, and the `values` the server sent
 * fill its placeholders. The English `message` beside the code is for API users and logs; pages
 * never show it. A code with two wordings is told apart by its values, as in `failures.ts`.
 */
import type { HttpErrorCode, RefusalCode, RefusalValues } from '@mahjong/shared';
import { t } from './i18n.js';
import type { MessageId } from './messages.js';

/** Every code a page can be refused with. */
export type AnyRefusalCode = RefusalCode | HttpErrorCode | 'http/offline';

type IdOf = MessageId | ((v: RefusalValues) => MessageId);

const tooMany = (v: RefusalValues): MessageId => (v.n === undefined ? 'refusal.slowDown' : 'refusal.tryAgainIn');

/** The message id of each code; a new code without words fails to compile here. */
export const REFUSAL_IDS: Readonly<Record<AnyRefusalCode, IdOf>> = {
  'msg/invalid': 'refusal.badMessage',
  'msg/unknown_type': 'refusal.badMessage',
  'msg/version': 'refusal.version',
  'msg/rate_limited': tooMany,
  'table/not_found': (v) => (v.name === undefined ? 'refusal.noSuchTable' : 'lobby.noTable'),
  'table/spectators_not_allowed': 'refusal.noSpectators',
  'table/not_started': 'refusal.notStarted',
  'table/over': 'refusal.over',
  'table/paused': 'refusal.paused',
  'auth/bad_token': 'refusal.badToken',
  'auth/not_joined': 'refusal.notJoined',
  'auth/already_joined': 'refusal.alreadyJoined',
  'auth/seat_held': 'flow.seatHeld',
  'socket/too_many': 'refusal.tooManySockets',
  'act/spectator': 'refusal.spectator',
  'act/wrong_seat': 'refusal.wrongSeat',
  'act/stale_seq': 'refusal.stale',
  'act/not_your_turn': 'refusal.notYourTurn',
  'act/already_answered': 'refusal.alreadyAnswered',
  'act/illegal': 'refusal.illegal',
  'act/no_such_tile': 'refusal.noSuchTile',
  'act/not_this_ruleset': 'refusal.notThisRuleset',
  'act/match_over': 'refusal.over',
  'http/invalid': 'refusal.invalid',
  'http/not_found': 'refusal.notFound',
  'http/internal': 'refusal.internal',
  'server/unavailable': 'refusal.unavailable',
  'http/rate_limited': tooMany,
  'http/origin': 'refusal.origin',
  'http/too_large': 'refusal.tooLarge',
  'http/media_type': 'refusal.mediaType',
  'http/header_too_large': 'refusal.headerTooLarge',
  'http/uri_too_long': 'refusal.uriTooLong',
  'http/timeout': 'refusal.timeout',
  'http/offline': 'table.unreachable',
  'table/seat_taken': 'refusal.seatTaken',
  'table/seat_vacant': 'refusal.seatVacant',
  'table/full': 'refusal.full',
  'table/already_started': 'refusal.started',
  'table/not_ready': (v) => (v.name === undefined ? 'refusal.seatsEmpty' : 'refusal.notReady'),
  'auth/not_host': 'refusal.notHost',
  'match/not_found': 'refusal.noSuchMatch',
  'match/in_progress': 'refusal.inProgress',
  'player/no_key': 'refusal.noPlayer',
  'player/bad_key': 'refusal.badKey',
  'player/expired_key': 'refusal.expiredKey',
  'player/device_forgotten': 'refusal.deviceForgotten',
  'player/not_found': 'refusal.noSuchPlayer',
  'device/not_found': 'refusal.noSuchDevice',
  'transfer/not_found': 'player.codeNotFound',
  'transfer/used': 'player.codeUsed',
  'transfer/expired': 'player.codeLate',
  'circle/not_found': 'circle.notFound',
  'circle/not_owner': 'refusal.notOwner',
  'circle/invite_invalid': 'circle.joinFailed',
  'match/not_seated': 'refusal.notSeated',
  'match/no_rematch': 'refusal.noRematch',
  'match/format': 'refusal.format',
  'log/invalid': 'refusal.badLog',
};

/** A refusal as a page keeps it: its code and the values its words name. */
export interface Refusal {
  readonly code: AnyRefusalCode;
  readonly values?: RefusalValues | undefined;
}

/**
 * The message id and values of a refusal. A code the page does not know (a newer server's)
 * is said as a request the server refused.
 */
export function refusalWords(r: Refusal): { readonly id: MessageId; readonly values: RefusalValues } {
  const values = r.values ?? {};
  const idOf: IdOf | undefined = Object.hasOwn(REFUSAL_IDS, r.code) ? REFUSAL_IDS[r.code] : undefined;
  const id = idOf === undefined ? 'refusal.invalid' : typeof idOf === 'string' ? idOf : idOf(values);
  return { id, values };
}

/** A refusal's words in the language shown now. */
export function refusalText(r: Refusal): string {
  const { id, values } = refusalWords(r);
  return t(id, values);
}
