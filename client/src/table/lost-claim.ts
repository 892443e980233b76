/**
 * Why a claim the player made did not get the tile: another seat's claim of a higher rank took
 * it (a win before a pung or kong, which come before a chow; of two wins, the seat nearer the
 * discarder). Read from the two views the page already has and the claim it sent, so it tells
 * the player nothing that the table does not show.
 */
import type { PlayerAction, Seat, TableView } from '@mahjong/shared';
import { tableEvents } from './events.js';
import { seatName } from './results.js';

type Claim = 'chow' | 'pung' | 'kong' | 'win';
const CLAIMS: readonly string[] = ['chow', 'pung', 'kong', 'win'];

/** The English text (the catalogue translates it); `{name}` is the seat that took the tile. */
const TEXT: Readonly<Partial<Record<`${Claim}>${Claim}`, (name: string) => string>>> = {
  'pung>chow': (n) => `${n}’s pung comes before your chow`,
  'kong>chow': (n) => `${n}’s kong comes before your chow`,
  'win>chow': (n) => `${n}’s win comes before your chow`,
  'win>pung': (n) => `${n}’s win comes before your pung`,
  'win>kong': (n) => `${n}’s win comes before your kong`,
  'win>win': (n) => `${n}’s win comes first: nearer the discarder`,
};

/**
 * The sentence for a claim `mine`, sent on `prev` (a claim window), that `next` shows taken by
 * another seat; null when it was not lost (taken by us, or nobody claimed).
 */
export function lostClaimText(prev: TableView, next: TableView, mine: PlayerAction): string | null {
  const me = prev.viewer;
  if (typeof me !== 'number' || !CLAIMS.includes(mine.type) || prev.stage !== 'claims') return null;
  const won = next.lastResult;
  // More than one winner (a riichi double ron): ours was taken too.
  if (won && (won.winner === me || won.otherWins?.some((w) => w.winner === me))) return null;
  for (const e of tableEvents(prev, next)) {
    if (e.from === undefined || e.seat === me || !CLAIMS.includes(e.kind)) continue;
    const text = TEXT[`${e.kind as Claim}>${mine.type as Claim}`];
    return text ? text(seatName(next, e.seat as Seat)) : null;
  }
  return null;
}
