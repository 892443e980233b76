/**
 * The replay analysis as plain data for the panel: what the rules-only analyzer
 * (`@mahjong/shared`'s `analyseTurn`, fed the seat's own view) says of the seat in view at the
 * step shown, the move that seat made next, and a match's per-player summary. Texts are the
 * English the page writes (the DOM translator turns them into Chinese).
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
import { tileLabel } from '../i18n/translate.js';

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

export function shantenText(n: number): string {
  if (n < 0) return 'Complete hand';
  if (n === 0) return 'Ready to win';
  return `Shanten ${n}`;
}

/** A move in words: "discard 5 Dots", "riichi, discarding 5 Dots", "pung", "pass". */
export function moveText(a: PlayerAction | null): string | null {
  if (a === null) return null;
  switch (a.type) {
    case 'discard':
      return `discard ${tileLabel(a.tile, a.red === true)}`;
    case 'riichi':
      return `riichi, discarding ${tileLabel(a.tile, a.red === true)}`;
    case 'chow':
      return `chow ${tileLabel(a.tiles[0])}, ${tileLabel(a.tiles[1])}, ${tileLabel(a.tiles[2])}`;
    case 'pung':
      return 'pung';
    case 'kong':
      return 'kong the discard';
    case 'concealedKong':
      return `concealed kong of ${tileLabel(a.tile)}`;
    case 'addedKong':
      return `add ${tileLabel(a.tile)} to a kong`;
    case 'win':
      return 'win';
    case 'pass':
      return 'pass';
    case 'nineTerminals':
      return 'nine terminals';
  }
}

/** A danger level's words (`DANGER_REASONS` order). */
export const DANGER_TEXT: Readonly<Record<DangerReason, string>> = {
  safe: 'Safe',
  honourSeen: 'Honour, 3 seen',
  bothSides: 'Suji/wall, both sides',
  oneSide: 'Suji/wall, one side',
  honour: 'Honour',
  terminal: 'Terminal',
  middle: 'Middle tile',
};

/** The panel's model of `seat` at frame `index`. */
export function stepModel(frames: readonly ReplayFrame[], index: number, seat: Seat, rules: ReviewRules): StepModel {
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
    shanten: shantenText(a.shanten),
    rows,
    bot: a.decision === 'idle' ? null : moveText(a.bot),
    played: moveText(played),
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
                text: DANGER_TEXT[DANGER_REASONS[d.level] as DangerReason],
              })),
            })),
          },
    reach: reachText(a.reach, frame.view.minFaan),
  };
}

function reachText(r: FaanReach | null, min?: number): string | null {
  if (r === null) return null;
  const m = min ?? 3;
  switch (r.kind) {
    case 'yes':
      return `Minimum ${m} faan: within reach (${r.faan} faan found)`;
    case 'no':
      return r.best === null
        ? `Minimum ${m} faan: out of reach (no win left)`
        : `Minimum ${m} faan: out of reach (best ${r.best} faan)`;
    case 'far':
      return `Minimum ${m} faan: too far from ready to tell`;
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

export function summaryRows(review: MatchReview, names: readonly string[]): SummaryRow[] {
  return review.summary.map((s, seat) => ({
    seat: seat as Seat,
    name: names[seat] ?? `Seat ${seat + 1}`,
    ...s,
    percent: s.discards === 0 ? 0 : Math.round((100 * s.best) / s.discards),
  }));
}
