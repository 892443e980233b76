/**
 * Liability (pao, 責任払い) for big three dragons and big four winds, as Tenhou and Mahjong Soul
 * play it. A player whose declared melds already hold two dragon sets (three wind sets) and who
 * claims a discard for the third (fourth) has the yakuman in sight whatever else happens: the
 * player who discarded that tile is liable if the hand is won. A concealed kong as the last set
 * makes nobody liable (no discard fed it).
 *
 * Payment: on a self-draw the liable player pays in full, as if it had dealt in; on a win on
 * another player's discard the discarder and the liable player each pay half (a discarder who is
 * the liable player pays it all). What it pays for is the whole hand, a second yakuman of it too
 * (option `paoWholeHand`, on: as Tenhou pays, e.g. its log 2019103023gm-00a9-0000-f90e0fe9, East
 * 4, where big three dragons and all honours self-drawn cost the liable seat 64,900 alone), or
 * only the liable yakuman, any other yakuman of the hand paid as usual (off). The honba go with
 * the liable player: it pays them all (300 each), on a self-draw as on a discard. Source:
 * riichi.wiki, "Sekinin barai" (its point exchanges, honba, and both variants of a hand with a
 * second yakuman).
 */
import type { RiichiYakuman } from '../scoring/rulesets.js';
import type { Meld, Seat } from '../table-types.js';
import { isDragonTile, isWindTile, type TileKind } from '../tiles.js';

/** The yakuman a feeder can be liable for. */
export type LiableYakuman = Extract<RiichiYakuman, 'big-three-dragons' | 'big-four-winds'>;

export interface Liability {
  /** The seat that discarded the tile of the last set. */
  readonly seat: Seat;
  readonly yakuman: LiableYakuman;
}

/**
 * Who is liable for a hand with these declared melds (in the order they were made; an added kong
 * keeps its pung's place and feeder), or null: the feeder of the third dragon set or the fourth
 * wind set, when that set was claimed from a discard.
 */
export function liabilityOf(melds: readonly Meld[]): Liability | null {
  let dragons = 0;
  let winds = 0;
  for (const m of melds) {
    if (m.kind === 'chow') continue;
    const k = m.tiles[0] as TileKind;
    let yakuman: LiableYakuman | null = null;
    if (isDragonTile(k) && ++dragons === 3) yakuman = 'big-three-dragons';
    if (isWindTile(k) && ++winds === 4) yakuman = 'big-four-winds';
    if (yakuman !== null) return m.from === undefined || m.concealed ? null : { seat: m.from, yakuman };
  }
  return null;
}

/**
 * The base points of the liable yakuman within a win of `basicPoints` scored as `yakumanHan`
 * (13 a yakuman) whose share is `liableHan` of them: the rest of the hand is paid as usual.
 */
export const liableBasicPoints = (basicPoints: number, yakumanHan: number, liableHan: number): number =>
  yakumanHan > 0 ? (basicPoints * liableHan) / yakumanHan : 0;
