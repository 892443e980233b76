/**
 * A stored match reviewed decision by decision: at every step where a seat had a discard to make,
 * the analysis of that seat's view (efficiency and the bot's choice), the move it made, and
 * whether that move was among the best by efficiency; per player, how often it was.
 */
import type { ReplayFrame } from '../protocol.js';
import { type BySeat, type PlayerAction, type Seat, SEATS } from '../table-types.js';
import type { TileKind } from '../tiles.js';
import { amongBest } from './efficiency.js';
import { seatViewOf } from './seat-view.js';
import { analyseTurn, type ReviewRules, type TurnAnalysis, type TurnParts } from './turn.js';

/**
 * The move `seat` made from frame `index`: the next frame's event when it is this seat's action;
 * a turn that ran out is the discard it ended with (the frames show which tile went). Null when
 * the next event is not this seat's.
 */
export function playedMove(frames: readonly ReplayFrame[], index: number, seat: Seat): PlayerAction | null {
  const next = frames[index + 1];
  if (next === undefined) return null;
  const e = next.event as { type?: unknown; seat?: unknown; action?: PlayerAction } | null;
  if (e?.type === 'act' && e.seat === seat && e.action !== undefined) return e.action;
  if (e?.type === 'timeout') {
    const before = frames[index]?.view.seats[seat].discards.length ?? 0;
    const after = next.view.seats[seat].discards;
    if (after.length === before + 1) return { type: 'discard', tile: (after[before] as { tile: TileKind }).tile };
  }
  return null;
}

/** The tile a discard-like move let go (a discard or a riichi declaration), else null. */
export function discardedTile(move: PlayerAction | null): TileKind | null {
  return move?.type === 'discard' || move?.type === 'riichi' ? move.tile : null;
}

/** One discard decision of a match. */
export interface DecisionReview {
  /** Index of the frame the decision was made from. */
  readonly index: number;
  readonly analysis: TurnAnalysis;
  readonly played: PlayerAction | null;
  /** The played discard was as good as the best by efficiency (same shanten left, same effective
   * copies); null when the move was no discard (a win, a kong...). */
  readonly best: boolean | null;
}

/** A player's figures over a match. */
export interface PlayerSummary {
  /** Discards made (decisions whose move was a discard or a riichi declaration). */
  readonly discards: number;
  /** Of those, the ones among the best by efficiency. */
  readonly best: number;
  /** Of those, the ones the hard bot would have made too (same tile). */
  readonly botAgreed: number;
}

export interface MatchReview {
  readonly decisions: readonly DecisionReview[];
  readonly summary: BySeat<PlayerSummary>;
}

/** Whether a frame asks `seat` for a discard (its own view offers one). */
const asksDiscard = (frame: ReplayFrame, seat: Seat): boolean =>
  frame.view.phase === 'playing' &&
  (frame.legal?.[seat] ?? []).some((a) => a.type === 'discard' || a.type === 'riichi');

/** Every discard decision of the match (`parts`: what to work out besides efficiency; the bot by default). */
export function reviewMatch(
  frames: readonly ReplayFrame[],
  rules: ReviewRules,
  parts: TurnParts = { bot: true },
): MatchReview {
  const decisions: DecisionReview[] = [];
  const sums = SEATS.map(() => ({ discards: 0, best: 0, botAgreed: 0 }));
  frames.forEach((frame, index) => {
    for (const seat of SEATS) {
      if (!asksDiscard(frame, seat)) continue;
      const analysis = analyseTurn(seatViewOf(frame, seat), rules, parts);
      if (analysis === null) continue;
      const played = playedMove(frames, index, seat);
      const tile = discardedTile(played);
      const top = analysis.candidates[0];
      const mine = analysis.candidates.find((c) => c.tile === tile);
      const best = tile === null || top === undefined || mine === undefined ? null : amongBest(mine, top);
      decisions.push({ index, analysis, played, best });
      if (best === null) continue;
      const s = sums[seat] as { discards: number; best: number; botAgreed: number };
      s.discards++;
      if (best) s.best++;
      if (discardedTile(analysis.bot) === tile) s.botAgreed++;
    }
  });
  return { decisions, summary: sums as unknown as BySeat<PlayerSummary> };
}
