/**
 * Riichi money around the scorer: honba and riichi sticks on a win, several rons on one
 * discard, the payments of an exhaustive draw (ready hands, nagashi mangan), who deals next,
 * when the match is over and the final ranking with uma. Everything in points, by seat, and
 * every settlement's deltas sum to the sticks it takes off the table (zero without sticks).
 */
import { transfersBySeat } from '../scoring/payments.js';
import type { Points } from '../scoring/types.js';
import { roundUp } from '../scoring/rulesets.js';
import type { BySeat, Seat } from '../table-types.js';
import type { Wind } from '../tiles.js';
import { FOUR_PLAYER_TSUMO, type RiichiTableRules, type TsumoShares } from './table-rules.js';

export interface Transfer {
  readonly from: Seat;
  readonly to: Seat;
  readonly amount: number;
  /** What the amount is for: the hand's value, the honba counters, or a draw's payments. */
  readonly for: 'hand' | 'honba' | 'draw' | 'nagashi';
}

export interface Settlement {
  /** Change of each seat's score, sticks taken included. */
  readonly deltas: BySeat<number>;
  readonly transfers: readonly Transfer[];
  /** Who takes the riichi sticks on the table (null: they stay there). */
  readonly sticksTo: Seat | null;
  /** The winners who are paid, in turn order from the discarder (head bump may leave one). */
  readonly winners: readonly Seat[];
}

/** Players at a table: four, or three at a three-player table (seats 0-2). */
export type SeatCount = 3 | 4;

/** The seats of a table, in turn order from seat 0. */
export const seatsOf = (seats: SeatCount): Seat[] => (seats === 3 ? [0, 1, 2] : [0, 1, 2, 3]);

/** The basic points of a mangan, what nagashi mangan pays as a self-draw. */
const MANGAN_BASIC = 2_000;

/** What settling a win reads of the table's rules (the four-player and the three-player rules alike). */
export type WinRules = Pick<RiichiTableRules, 'headBump' | 'honbaRon' | 'honbaTsumoEach' | 'riichiStick'>;
/** What settling an exhaustive draw reads of the table's rules. */
export type DrawRules = Pick<RiichiTableRules, 'nagashiMangan' | 'notReadyPool'>;

export interface Win {
  readonly seat: Seat;
  /** The scorer's payments for this win (riichiPayments); with `liable`, for the rest of the hand. */
  readonly points: Points;
  /** Liability (pao, `liability.ts`): the liable seat and its yakuman's value as a win on a discard. */
  readonly liable?: { readonly seat: Seat; readonly amount: number };
}

/** The players after `discarder`, in turn order: the next one first. */
export const turnOrderAfter = (discarder: Seat, seats: SeatCount = 4): Seat[] =>
  seatsOf(seats)
    .slice(1)
    .map((i) => ((discarder + i) % seats) as Seat);

/**
 * A win (tsumo when `discarder` is null; one or more rons on one discard otherwise). Ron: each
 * winner is paid by the discarder; with head bump only the first in turn order wins. The honba
 * (300 each, from the discarder; on a tsumo 100 each from every payer) and the riichi sticks go
 * to the first winner in turn order only (the usual online rule). A win with a liable seat: that
 * seat pays the liable yakuman in full on a tsumo, half of it on a ron (the discarder the other
 * half), and all the honba.
 */
export function settleWin(args: WinArgs & { readonly rules: RiichiTableRules }): Settlement {
  const settled = settleWinAmong(4, args);
  return { ...settled, deltas: settled.deltas as unknown as BySeat<number> };
}

export interface WinArgs {
  readonly wins: readonly Win[];
  readonly discarder: Seat | null;
  readonly dealer: Seat;
  readonly honba: number;
  readonly sticks: number;
  readonly rules: WinRules;
}

/** A settlement whose deltas are one per seat of a table of any size. */
export type SettlementAmong = Omit<Settlement, 'deltas'> & { readonly deltas: readonly number[] };

/** `settleWin` at a table of `seats` players (three-player riichi: `sanma/settle.ts`). */
export function settleWinAmong(seats: SeatCount, args: WinArgs): SettlementAmong {
  const { discarder, dealer, honba, sticks, rules } = args;
  if (args.wins.length === 0) throw new RangeError('a win needs a winner');
  if (discarder === null && args.wins.length !== 1) throw new RangeError('one player wins by self-draw');
  const order = discarder === null ? [args.wins[0]!.seat] : turnOrderAfter(discarder, seats);
  let wins = order.flatMap((s) => args.wins.filter((w) => w.seat === s));
  if (wins.length !== args.wins.length) throw new RangeError('a winner is listed twice or is the discarder');
  if (rules.headBump) wins = wins.slice(0, 1);
  const transfers: Transfer[] = [];
  for (const [i, w] of wins.entries()) {
    for (const t of transfersBySeat(w.points, w.seat, discarder, dealer, seats)) transfers.push({ ...t, for: 'hand' });
    const liable = w.liable;
    if (liable !== undefined) {
      const shared = discarder !== null && discarder !== liable.seat;
      const own = shared ? liable.amount / 2 : liable.amount;
      transfers.push({ from: liable.seat, to: w.seat, amount: own, for: 'hand' });
      if (shared) transfers.push({ from: discarder, to: w.seat, amount: liable.amount - own, for: 'hand' });
    }
    if (i > 0 || honba === 0) continue;
    if (liable !== undefined)
      transfers.push({ from: liable.seat, to: w.seat, amount: honba * rules.honbaRon, for: 'honba' });
    else if (discarder !== null)
      transfers.push({ from: discarder, to: w.seat, amount: honba * rules.honbaRon, for: 'honba' });
    else {
      for (const s of seatsOf(seats)) {
        if (s !== w.seat) transfers.push({ from: s, to: w.seat, amount: honba * rules.honbaTsumoEach, for: 'honba' });
      }
    }
  }
  const sticksTo = wins[0]!.seat;
  const deltas = applyTransfers(transfers, seats);
  deltas[sticksTo] = deltas[sticksTo]! + sticks * rules.riichiStick;
  return { deltas, transfers, sticksTo, winners: wins.map((w) => w.seat) };
}

/**
 * The live wall ran out. With nagashi mangan played and earned, each such player is paid a
 * mangan tsumo (dealer 4,000 from each; otherwise 4,000 from the dealer and 2,000 from the
 * others) and nothing else is paid. Otherwise the not-ready hands pay 3,000 split among the
 * ready ones (nothing when all or none are ready). The sticks stay on the table.
 */
export function settleExhaustiveDraw(args: {
  readonly ready: BySeat<boolean>;
  readonly nagashi: readonly Seat[];
  readonly dealer: Seat;
  readonly rules: RiichiTableRules;
}): Settlement {
  const settled = settleDrawAmong(4, { ...args, shares: FOUR_PLAYER_TSUMO });
  return { ...settled, deltas: settled.deltas as unknown as BySeat<number> };
}

/**
 * `settleExhaustiveDraw` at a table of `seats` players: nagashi mangan is paid as a mangan
 * self-draw by `shares` (each amount rounded up to 100), the not-ready hands pay the pool split
 * among the ready ones.
 */
export function settleDrawAmong(
  seats: SeatCount,
  args: {
    readonly ready: readonly boolean[];
    readonly nagashi: readonly Seat[];
    readonly dealer: Seat;
    readonly rules: DrawRules;
    readonly shares: TsumoShares;
  },
): SettlementAmong {
  const { ready, dealer, rules, shares } = args;
  const transfers: Transfer[] = [];
  const all = seatsOf(seats);
  if (rules.nagashiMangan && args.nagashi.length > 0) {
    for (const winner of args.nagashi) {
      for (const s of all) {
        if (s === winner) continue;
        const share = winner === dealer ? shares.dealerWins : s === dealer ? shares.dealerPays : shares.otherPays;
        transfers.push({ from: s, to: winner, amount: roundUp(MANGAN_BASIC * share, 100), for: 'nagashi' });
      }
    }
  } else {
    const readySeats = all.filter((s) => ready[s]);
    const notReady = all.filter((s) => !ready[s]);
    if (readySeats.length > 0 && notReady.length > 0) {
      // The pool split both ways; four players, 3,000: 1 ready gets 1,000 from each; 2 get 1,500 each; 3 get 1,000 each.
      const each = rules.notReadyPool / (readySeats.length * notReady.length);
      for (const from of notReady) for (const to of readySeats) transfers.push({ from, to, amount: each, for: 'draw' });
    }
  }
  return { deltas: applyTransfers(transfers, seats), transfers, sticksTo: null, winners: [] };
}

function applyTransfers(transfers: readonly Transfer[], seats: SeatCount): number[] {
  const d = seatsOf(seats).map(() => 0);
  for (const t of transfers) {
    d[t.from] = d[t.from]! - t.amount;
    d[t.to] = d[t.to]! + t.amount;
  }
  return d;
}

// ---------------------------------------------------------------------------------------------
// Dealership, honba and the end of the match

export interface HandPosition {
  /** The round's wind: East, then South (then more only if a house table plays them). */
  readonly prevailing: Wind;
  /** Which dealership of the round, 1-4 (1-3 among three). */
  readonly dealership: number;
  readonly dealer: Seat;
  /** Counters (honba, 本場) on the table. */
  readonly honba: number;
  /** Riichi sticks on the table, not yet won. */
  readonly sticks: number;
}

export type HandOutcome =
  | { readonly kind: 'win'; readonly winners: readonly Seat[] }
  | { readonly kind: 'exhaustive'; readonly ready: BySeat<boolean> }
  | { readonly kind: 'abortive' };

/** The first hand of a match. */
export const firstHand = (firstDealer: Seat): HandPosition => ({
  prevailing: 1,
  dealership: 1,
  dealer: firstDealer,
  honba: 0,
  sticks: 0,
});

/**
 * Who deals next. The dealer deals again after winning, after an exhaustive draw with a ready
 * hand and after an abortive draw; the deal passes on otherwise. A honba is added whenever the
 * dealer stays or the hand was drawn, and cleared when a non-dealer wins. `sticksAfter` is
 * what the hand left on the table (the sticks before it, plus declarations, minus a win's take).
 */
export function nextHand(
  pos: HandPosition,
  outcome: HandOutcome,
  sticksAfter: number,
  seats: SeatCount = 4,
): HandPosition {
  const dealerStays =
    outcome.kind === 'abortive' ||
    (outcome.kind === 'win' && outcome.winners.includes(pos.dealer)) ||
    (outcome.kind === 'exhaustive' && outcome.ready[pos.dealer]);
  const honba = outcome.kind === 'win' && !dealerStays ? 0 : pos.honba + 1;
  if (dealerStays) return { ...pos, honba, sticks: sticksAfter };
  const last = pos.dealership === seats;
  return {
    prevailing: (last ? pos.prevailing + 1 : pos.prevailing) as Wind,
    dealership: last ? 1 : pos.dealership + 1,
    dealer: ((pos.dealer + 1) % seats) as Seat,
    honba,
    sticks: sticksAfter,
  };
}

/** The hand just played, how it ended, and where the deal goes next: what ends a match. */
export interface MatchStep {
  readonly played: HandPosition;
  readonly outcome: HandOutcome;
  readonly next: HandPosition;
  /** Points after the hand (the sticks on the table not counted), one per seat (three or four). */
  readonly points: BySeat<number> | readonly number[];
  /** The first dealer (ties in the standing go to the seat nearer it). */
  readonly firstDealer: Seat;
}

/**
 * Whether the match is over after a hand:
 * - a score below zero (`bustEnds`);
 * - the deal passes after the last dealership of the match's length, and somebody has the
 *   return points (30,000), or the table plays no extra round (`extraRound` off);
 * - in the extra round (south after east, west after south: sudden death), as soon as somebody
 *   has the return points, and at the latest when its last dealership passes;
 * - in the last hand of the length (or any hand of the extra round), a dealer who keeps the deal
 *   by winning or by being ready stops the match when it stands first (`lastDealerStops`), with
 *   the return points if the table plays an extra round. An abortive draw never stops it.
 */
export function matchOver(step: MatchStep, rules: MatchRules): boolean {
  const { played, outcome, next, points } = step;
  const seats = points.length as SeatCount;
  if (rules.bustEnds && points.some((p) => p < 0)) return true;
  const rounds = rules.length === 'east' ? 1 : 2;
  const reached = points.some((p) => p >= rules.returnPoints);
  const extra = rules.extraRound && played.prevailing > rounds;
  if (extra && reached) return true;
  const lastHand = extra || (played.prevailing === rounds && played.dealership === seats);
  const dealerKept = next.dealer === played.dealer && outcome.kind !== 'abortive';
  if (lastHand && dealerKept && rules.lastDealerStops) {
    const first = rankingAmong(points, step.firstDealer, 0, rules)[0] as Placement;
    if (first.seat === played.dealer && (!rules.extraRound || points[played.dealer]! >= rules.returnPoints))
      return true;
  }
  if (next.prevailing <= rounds) return false;
  if (!rules.extraRound) return true;
  return reached || next.prevailing > rounds + 1;
}

export interface Placement {
  readonly seat: Seat;
  /** 1-4 (1-3 among three). */
  readonly place: number;
  /** Points at the end, the top player's leftover sticks included. */
  readonly points: number;
  /** In thousands: (points - return) / 1000 + uma, plus the top prize (oka) for first. */
  readonly score: number;
}

/** What the end of a match reads of the table's rules (the four-player and the three-player rules alike). */
export type MatchRules = Pick<
  RiichiTableRules,
  'length' | 'bustEnds' | 'extraRound' | 'lastDealerStops' | 'returnPoints' | 'startPoints' | 'riichiStick'
> & {
  /** Placement bonus in thousands, one per place (four or three), summing to zero. */
  readonly uma: readonly number[];
};

/**
 * The final ranking: by points, ties to the player seated nearer the first dealer (in turn
 * order); sticks left on the table go to the first. Scores sum to zero.
 */
export function finalRanking(
  points: BySeat<number>,
  firstDealer: Seat,
  sticksLeft: number,
  rules: RiichiTableRules,
): Placement[] {
  return rankingAmong(points, firstDealer, sticksLeft, rules);
}

/**
 * `finalRanking` at a table of as many seats as `points` has (three or four): the top prize
 * (oka) is (return - start) x the number of players, to the first.
 */
export function rankingAmong(
  points: readonly number[],
  firstDealer: Seat,
  sticksLeft: number,
  rules: MatchRules,
): Placement[] {
  const seats = points.length;
  const nearness = (s: Seat) => (s - firstDealer + seats) % seats;
  const order = (seatsOf(seats as SeatCount) as Seat[]).sort(
    (a, b) => points[b]! - points[a]! || nearness(a) - nearness(b),
  );
  const oka = ((rules.returnPoints - rules.startPoints) * seats) / 1000;
  return order.map((seat, i) => {
    const final = points[seat]! + (i === 0 ? sticksLeft * rules.riichiStick : 0);
    const score = (final - rules.returnPoints) / 1000 + rules.uma[i]! + (i === 0 ? oka : 0);
    // (`|| 0`: no -0 in the figures.)
    return { seat, place: i + 1, points: final, score: Math.round(score * 10) / 10 || 0 };
  });
}
