/**
 * An opened log's refusal (`log/invalid`) in the language shown: why, by the reason the server
 * sends in its values (LOG_PROBLEMS), and where, by the hand and step it names. The English
 * message beside it (the checker's detail) stays for logs and the command line.
 */
import type { LogProblemCode, RefusalValues } from '@mahjong/shared';
import type { Lang } from '../settings/settings.js';
import type { MessageId } from './messages.js';
import { message } from './translate.js';

/** The words of each reason; a new reason without words fails to compile here. */
export const LOG_PROBLEM_IDS: Readonly<Record<LogProblemCode, MessageId>> = {
  'log/too_large': 'logs.tooLarge',
  'log/malformed': 'logs.malformed',
  'log/shape': 'logs.shape',
  'log/three_player': 'logs.threePlayer',
  'log/tile': 'logs.tile',
  'log/call': 'logs.call',
};

const num = (v: string | number | undefined): number | undefined => (typeof v === 'number' ? v : undefined);

/**
 * The refusal's words in `lang`. A reason this page does not know (a newer server's), or none,
 * is said as a log that does not play.
 */
export function logRefusalText(values: RefusalValues | undefined, lang: Lang): string {
  const v = values ?? {};
  const reason = typeof v.reason === 'string' && Object.hasOwn(LOG_PROBLEM_IDS, v.reason) ? v.reason : null;
  if (reason === null) return message('refusal.badLog', lang);
  const why = message(LOG_PROBLEM_IDS[reason as LogProblemCode], lang, { n: num(v.kb) ?? '' });
  const hand = num(v.hand);
  const step = num(v.step);
  if (hand === undefined) return message('logs.refusedWhy', lang, { name: why });
  if (step === undefined) return message('logs.refusedAtHand', lang, { n: hand, name: why });
  return message('logs.refusedAtStep', lang, { n: hand, n2: step, name: why });
}
