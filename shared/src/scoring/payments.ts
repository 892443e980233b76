/**
 * Who pays whom. A score turns into payments (discarder or seat winds), payments into a
 * per-wind or per-seat delta that always sums to zero, and two penalties of the new-style
 * source: the false win (詐糊) and liability (包) under discarder-pays-half.
 */
import { type BySeat, type Meld, type Seat, seatWind } from '../table-types.js';
import { isSuited, suitOf, type Wind, WINDS } from '../tiles.js';
import { isRiichiOptions, type ScoringOptions } from './options.js';
import { HK_RULESETS, type HkOptions, type HkRuleset, type PaymentRule, roundUp, tablePoints } from './rulesets.js';
import type { Payer, Payment, Points } from './types.js';

/** Per wind, index `wind - 1`: `[East, South, West, North]`. */
export type ByWind<T> = readonly [T, T, T, T];

/** The wind on the winner's left (the player who discards just before them). */
export const leftWind = (w: Wind): Wind => (((w + 2) % 4) + 1) as Wind;

const others = (winner: Wind): Wind[] => WINDS.filter((w) => w !== winner);

/** Rounds away float noise (1.5 x 2^n / divisor) without hiding real fractions such as 0.5. */
const tidy = (n: number): number => Math.round(n * 1e6) / 1e6;

function points(payments: Payment[]): Points {
  let winner = 0;
  for (const p of payments) winner += p.amount;
  return { winner: tidy(winner), payments };
}

/** The payment rule a table plays under (a house table may add its own modes). */
export function paymentRule(options: HkOptions, table: HkRuleset = HK_RULESETS[options.ruleset]): PaymentRule {
  const rule = table.payments[options.payment];
  if (rule === undefined) throw new Error(`payment mode ${options.payment} is not in ruleset ${table.id}`);
  return rule;
}

/**
 * HK payments for a win worth `faan` (already capped). Self-drawn: every other wind pays;
 * on a discard: the discarder, plus the two others when the mode splits.
 */
export function hkPayments(
  faan: number,
  options: HkOptions,
  win: { readonly selfDrawn: boolean; readonly winner: Wind; readonly discarder?: Wind | undefined },
  table: HkRuleset = HK_RULESETS[options.ruleset],
): Points {
  const rule = paymentRule(options, table);
  const base = tablePoints(options.table, faan) / options.divisor;
  if (win.selfDrawn) {
    return points(others(win.winner).map((w) => ({ from: w, amount: tidy(base * rule.selfDrawnEach) })));
  }
  const discarder = win.discarder ?? leftWind(win.winner);
  const list: Payment[] = [{ from: 'discarder', amount: tidy(base * rule.discarder) }];
  if (rule.others > 0) {
    for (const w of others(win.winner)) {
      if (w !== discarder) list.push({ from: w, amount: tidy(base * rule.others) });
    }
  }
  return points(list);
}

/**
 * Riichi's modern payments from basic points: ron 4x (dealer 6x) from the discarder; tsumo
 * 2x from the dealer and 1x from the others (2x each when the dealer wins); each rounded up to 100.
 * Without a dealer among the losers' seat winds, the dealer is taken to be East.
 */
export function riichiPayments(
  basic: number,
  win: { readonly selfDrawn: boolean; readonly winner: Wind; readonly dealer: boolean },
): Points {
  if (!win.selfDrawn) {
    return points([{ from: 'discarder', amount: roundUp(basic * (win.dealer ? 6 : 4), 100) }]);
  }
  const dealerWind: Wind = win.dealer ? win.winner : 1;
  return points(
    others(win.winner).map((w) => ({
      from: w,
      amount: roundUp(basic * (win.dealer || w === dealerWind ? 2 : 1), 100),
    })),
  );
}

/**
 * Per-wind score change for a set of payments: the winner gains what each payer loses.
 * `discarder` is needed when a payment comes from `'discarder'`. Sums to zero.
 */
export function deltasByWind(pts: Points, winner: Wind, discarder: Wind | null): ByWind<number> {
  const d = [0, 0, 0, 0];
  for (const p of pts.payments) {
    const from = payerWind(p.from, winner, discarder);
    d[from - 1] = tidy((d[from - 1] as number) - p.amount);
    d[winner - 1] = tidy((d[winner - 1] as number) + p.amount);
  }
  return d as unknown as ByWind<number>;
}

function payerWind(from: Payer, winner: Wind, discarder: Wind | null): Wind {
  if (from !== 'discarder') return from;
  return discarder ?? leftWind(winner);
}

/** The same per seat, for a table whose dealer (East) sits at `dealer`. */
export function deltasBySeat(pts: Points, winner: Seat, discarder: Seat | null, dealer: Seat): BySeat<number> {
  const byWind = deltasByWind(pts, seatWind(winner, dealer), discarder === null ? null : seatWind(discarder, dealer));
  return [0, 1, 2, 3].map((s) => byWind[seatWind(s as Seat, dealer) - 1] as number) as unknown as BySeat<number>;
}

/**
 * The same payments as transfers between seats (for `HandResultView.payments`), at a table of
 * `seats` players (three-player riichi: seats 0-2, winds East, South, West).
 */
export function transfersBySeat(
  pts: Points,
  winner: Seat,
  discarder: Seat | null,
  dealer: Seat,
  seats: 3 | 4 = 4,
): { from: Seat; to: Seat; amount: number }[] {
  const seatOfWind = (w: Wind): Seat => ((dealer + w - 1) % seats) as Seat;
  // the discarder when none is named: the winner's left, the seat before it in turn order
  const left = ((winner + seats - 1) % seats) as Seat;
  return pts.payments.map((p) => ({
    from: p.from === 'discarder' ? (discarder ?? left) : seatOfWind(p.from),
    to: winner,
    amount: p.amount,
  }));
}

// ---------------------------------------------------------------------------------------------
// Penalties

/** Liability (包) rules of the new-style source, played under discarder-pays-half only. */
export const LIABILITY_RULES = ['nine-pieces', 'twelve-pieces', 'fifth-tile'] as const;
export type LiabilityRule = (typeof LIABILITY_RULES)[number];

export interface LiabilityCheck {
  /** The winner's declared melds, in the order they were made (claimed ones carry `from`). */
  readonly melds: readonly Meld[];
  readonly selfDrawn: boolean;
  /** Who discarded the winning tile (null for a self-draw). */
  readonly discarder: Seat | null;
  /** The winning hand is all one suit (pure hand). */
  readonly pureHand: boolean;
  /** Tiles left in the live wall when the winning tile was discarded. */
  readonly wallRemaining: number;
  /** The winning discard had not been seen anywhere on the table before. */
  readonly freshTile: boolean;
}

/**
 * Who is liable for the whole payment, if anyone:
 * nine pieces (九張包): the discarder lets a winner with three melded sets of one suit go out pure;
 * twelve pieces (十二張包自摸): a self-picked pure hand after the seat that fed the fourth melded
 * set of that suit; fifth tile (五子包生): a fresh discard with five or fewer tiles in the wall.
 */
export function liability(
  options: ScoringOptions,
  check: LiabilityCheck,
): { readonly seat: Seat; readonly rule: LiabilityRule } | null {
  if (isRiichiOptions(options) || options.payment !== 'discarder-pays-half') return null;
  const exposed = check.melds.filter((m) => !m.concealed);
  const suitedSame = (ms: readonly Meld[]): boolean => {
    const first = ms[0]?.tiles[0];
    if (first === undefined || !isSuited(first)) return false;
    return ms.every((m) => m.tiles.every((t) => isSuited(t) && suitOf(t) === suitOf(first)));
  };
  if (!check.selfDrawn && check.discarder !== null) {
    if (options.ninePiecesPenalty && check.pureHand && exposed.length >= 3 && suitedSame(exposed)) {
      return { seat: check.discarder, rule: 'nine-pieces' };
    }
    if (options.fifthTilePenalty && check.freshTile && check.wallRemaining <= 5) {
      return { seat: check.discarder, rule: 'fifth-tile' };
    }
  }
  if (check.selfDrawn && options.twelvePiecesPenalty && check.pureHand && exposed.length >= 4) {
    const fourth = exposed[3];
    if (fourth?.from !== undefined && suitedSame(exposed)) return { seat: fourth.from, rule: 'twelve-pieces' };
  }
  return null;
}

/** Moves every payment onto the liable payer: the total is unchanged, one player pays it all. */
export function applyLiability(pts: Points, liable: Payer): Points {
  return { winner: pts.winner, payments: [{ from: liable, amount: pts.winner }] };
}

/**
 * The false-win penalty (詐糊): the offender pays every other player the points for the
 * maximum faan (half spicy, cap 13: 384 each, 1152 in all). Per-wind deltas sum to zero.
 */
export function falseWinPenalty(
  options: HkOptions,
  offender: Wind,
): { readonly each: number; readonly total: number; readonly deltas: ByWind<number> } {
  const each = tidy(tablePoints(options.table, options.faanCap) / options.divisor);
  const d = WINDS.map((w) => (w === offender ? -3 * each : each));
  return { each, total: tidy(3 * each), deltas: d as unknown as ByWind<number> };
}
