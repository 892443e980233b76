/**
 * The replay analysis as plain data for the panel: what the rules-only analyzer
 * (`@mahjong/shared`'s `analyseTurn`, fed the seat's own view) says of the seat in view at the
 * step shown, the move that seat made next, and a match's per-player summary. Texts are asked
 * for by message id in the language given (English unless the page says otherwise).
 */
import {
  analyseTurn,
  DANGER_REASONS,
  type DangerReason,
  discardedTile,
  type FaanReach,
  type MatchReview,
  type PlayerAction,
  playedMove,
  type ReplayFrame,
  type ReviewRules,
  type Seat,
  seatViewOf,
  type TileKind,
  amongBest,
} from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { message, tileLabelIn } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';

/** One discard candidate as a row of the panel's table. */
export interface CandidateRow {
  readonly tile: TileKind;
  readonly shanten: number;
  readonly effective: readonly TileKind[];
  readonly copies: number;
  /** As good as the best by efficiency (same shanten left, same unseen effective copies). */
  readonly best: boolean;
  /** The tile the player let go next. */
  readonly played: boolean;
  /** The tile the hard bot would let go. */
  readonly bot: boolean;
}

export interface DangerRow {
  readonly tile: TileKind;
  /** Per declarer (in `StepModel.danger.against` order): level 0-6 and its words. */
  readonly cells: readonly { readonly level: number; readonly text: string }[];
}

/** Everything the panel shows for one step and seat. */
export interface StepModel {
  /** `discard` a discard to make, `claim` a discard it may claim, `idle` nothing to decide,
   * `over` the hand is not in play. */
  readonly decision: 'discard' | 'claim' | 'idle' | 'over';
  /** "Shanten 2", "Ready", "Complete"; null when the hand is not in play. */
  readonly shanten: string | null;
  readonly rows: readonly CandidateRow[];
  /** What the hard bot would do, in words; null when nothing to decide. */
  readonly bot: string | null;
  /** What the seat did next, in words, and whether a discard was among the best. */
  readonly played: string | null;
  readonly playedBest: boolean | null;
  readonly danger: { readonly against: readonly Seat[]; readonly rows: readonly DangerRow[] } | null;
  /** Hong Kong: the minimum faan's reach, in words. */
  readonly reach: string | null;
}

export function shantenText(n: number, lang: Lang = 'en'): string {
  if (n < 0) return message('analysis.complete', lang);
  if (n === 0) return message('analysis.ready', lang);
  return message('analysis.shanten', lang, { n });
}

/** A move in words: "discard 5 Dots", "riichi, discarding 5 Dots", "pung", "pass". */
export function moveText(a: PlayerAction | null, lang: Lang = 'en'): string | null {
  if (a === null) return null;
  const tile = (kind: TileKind, red = false) => tileLabelIn(kind, red, lang);
  switch (a.type) {
    case 'discard':
      return message('analysis.move.discard', lang, { tile: tile(a.tile, a.red === true) });
    case 'riichi':
      return message('analysis.move.riichi', lang, { tile: tile(a.tile, a.red === true) });
    case 'chow':
      return message('analysis.move.chow', lang, {
        tile: tile(a.tiles[0]),
        tile2: tile(a.tiles[1]),
        tile3: tile(a.tiles[2]),
      });
    case 'pung':
      return message('analysis.move.pung', lang);
    case 'kong':
      return message('analysis.move.kong', lang);
    case 'concealedKong':
      return message('analysis.move.concealedKong', lang, { tile: tile(a.tile) });
    case 'addedKong':
      return message('analysis.move.addedKong', lang, { tile: tile(a.tile) });
    case 'win':
      return message('analysis.move.win', lang);
    case 'pass':
      return message('analysis.move.pass', lang);
    case 'nineTerminals':
      return message('analysis.move.nineTerminals', lang);
    case 'north':
      return message('analysis.move.north', lang);
  }
}

/** A danger level's words, by message id (`DANGER_REASONS` order). */
export const DANGER_TEXT: Readonly<Record<DangerReason, MessageId>> = {
  safe: 'analysis.danger.safe',
  honourSeen: 'analysis.danger.honourSeen',
  bothSides: 'analysis.danger.bothSides',
  oneSide: 'analysis.danger.oneSide',
  honour: 'analysis.danger.honour',
  terminal: 'analysis.danger.terminal',
  middle: 'analysis.danger.middle',
};

/** The panel's model of `seat` at frame `index`, its words in `lang`. */
export function stepModel(
  frames: readonly ReplayFrame[],
  index: number,
  seat: Seat,
  rules: ReviewRules,
  lang: Lang = 'en',
): StepModel {
  const frame = frames[index];
  const empty: StepModel = {
    decision: 'over',
    shanten: null,
    rows: [],
    bot: null,
    played: null,
    playedBest: null,
    danger: null,
    reach: null,
  };
  if (frame === undefined) return empty;
  const a = analyseTurn(seatViewOf(frame, seat), rules);
  if (a === null) return empty;
  const played = a.decision === 'idle' ? null : playedMove(frames, index, seat);
  const tile = discardedTile(played);
  const botTile = discardedTile(a.bot);
  const top = a.candidates[0];
  const rows = a.candidates.map((c) => ({
    tile: c.tile,
    shanten: c.shanten,
    effective: c.effective,
    copies: c.copies,
    best: top !== undefined && amongBest(c, top),
    played: c.tile === tile,
    bot: c.tile === botTile,
  }));
  const mine = rows.find((r) => r.played);
  return {
    decision: a.decision,
    shanten: shantenText(a.shanten, lang),
    rows,
    bot: a.decision === 'idle' ? null : moveText(a.bot, lang),
    played: moveText(played, lang),
    playedBest: mine === undefined ? null : mine.best,
    danger:
      a.danger === null
        ? null
        : {
            against: a.danger.declarers,
            rows: a.danger.tiles.map((t) => ({
              tile: t.tile,
              cells: t.against.map((d) => ({
                level: d.level,
                text: message(DANGER_TEXT[DANGER_REASONS[d.level] as DangerReason], lang),
              })),
            })),
          },
    reach: reachText(a.reach, lang, frame.view.minFaan),
  };
}

function reachText(r: FaanReach | null, lang: Lang, min?: number): string | null {
  if (r === null) return null;
  const n = min ?? 3;
  switch (r.kind) {
    case 'yes':
      return message('analysis.reach.yes', lang, { n, n2: r.faan });
    case 'no':
      return r.best === null
        ? message('analysis.reach.none', lang, { n })
        : message('analysis.reach.no', lang, { n, n2: r.best });
    case 'far':
      return message('analysis.reach.far', lang, { n });
  }
}

/** A player's line of the match summary. */
export interface SummaryRow {
  readonly seat: Seat;
  readonly name: string;
  readonly discards: number;
  readonly best: number;
  readonly botAgreed: number;
  /** Share of discards among the best, whole percent (0 with no discard). */
  readonly percent: number;
}

export function summaryRows(review: MatchReview, names: readonly string[], lang: Lang = 'en'): SummaryRow[] {
  return review.summary.map((s, seat) => ({
    seat: seat as Seat,
    name: names[seat] ?? message('seat.n', lang, { n: seat + 1 }),
    ...s,
    percent: s.discards === 0 ? 0 : Math.round((100 * s.best) / s.discards),
  }));
}
