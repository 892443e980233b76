/**
 * Why a claim the player made did not get the tile: another seat's claim of a higher rank took
 * it (a win before a pung or kong, which come before a chow; of two wins, the seat nearer the
 * discarder). Read from the two views the page already has and the claim it sent, so it tells
 * the player nothing that the table does not show.
 */
import type { PlayerAction, Seat, TableView } from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { message } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';
import { tableEvents } from './events.js';
import { seatName } from './results.js';

type Claim = 'chow' | 'pung' | 'kong' | 'win';
const CLAIMS: readonly string[] = ['chow', 'pung', 'kong', 'win'];

/** The sentence for each claim that took the tile over ours (`{name}`: the seat that took it). */
const LOST: Readonly<Partial<Record<`${Claim}>${Claim}`, MessageId>>> = {
  'pung>chow': 'claim.lostPungChow',
  'kong>chow': 'claim.lostKongChow',
  'win>chow': 'claim.lostWinChow',
  'win>pung': 'claim.lostWinPung',
  'win>kong': 'claim.lostWinKong',
  'win>win': 'claim.lostWinWin',
};

/**
 * The sentence, in `lang`, for a claim `mine`, sent on `prev` (a claim window), that `next` shows
 * taken by another seat; null when it was not lost (taken by us, or nobody claimed).
 */
export function lostClaimText(prev: TableView, next: TableView, mine: PlayerAction, lang: Lang = 'en'): string | null {
  const me = prev.viewer;
  if (typeof me !== 'number' || !CLAIMS.includes(mine.type) || prev.stage !== 'claims') return null;
  const won = next.lastResult;
  // More than one winner (a riichi double ron): ours was taken too.
  if (won && (won.winner === me || won.otherWins?.some((w) => w.winner === me))) return null;
  for (const e of tableEvents(prev, next)) {
    if (e.from === undefined || e.seat === me || !CLAIMS.includes(e.kind)) continue;
    const id = LOST[`${e.kind as Claim}>${mine.type as Claim}`];
    return id ? message(id, lang, { name: seatName(next, e.seat as Seat, lang) }) : null;
  }
  return null;
}
