/**
 * Each seat's figures of a match played to its end, derived from the match's seed and action log
 * alone (the ledger is the truth): the engine replays the log, its hand results give wins,
 * self-draws, deal-ins, values and draws, the logged actions give riichi declarations and calls,
 * and the final standing gives places and results. Kept as SeatResult rows for the league and
 * statistics (definitions: server/src/community/README.md); the same function recomputes them.
 */
import { type BySeat, type Family, familyOf, type HandResultView, SEATS, type Seat } from '@mahjong/shared';
import type { MatchRecord } from '../store/types.js';
import { createEngine, type LogEntry, type MatchConfig, type TableEvent } from '../table/index.js';

export interface SeatResultRow {
  readonly matchId: string;
  readonly seat: Seat;
  readonly playerId: string | null;
  readonly circleId: string | null;
  readonly family: Family;
  readonly ruleset: string;
  readonly endedAt: Date;
  readonly place: number;
  readonly finalScore: number;
  /** Hong Kong: net points; riichi: placement points as played (uma and oka included). */
  readonly result: number;
  readonly hands: number;
  readonly wins: number;
  readonly selfDraws: number;
  readonly dealIns: number;
  readonly riichi: number;
  readonly calls: number;
  readonly winValue: number;
  readonly dealInValue: number;
  readonly exhaustiveDraws: number;
  readonly readyAtDraw: number;
  readonly faanSum: number;
  readonly maxFaan: number;
}

/** The figures the rows add up (everything but who, where and when). */
export type Tally = Pick<
  SeatResultRow,
  | 'hands'
  | 'wins'
  | 'selfDraws'
  | 'dealIns'
  | 'riichi'
  | 'calls'
  | 'winValue'
  | 'dealInValue'
  | 'exhaustiveDraws'
  | 'readyAtDraw'
  | 'faanSum'
  | 'maxFaan'
>;

const emptyTally = (): { -readonly [K in keyof Tally]: number } => ({
  hands: 0,
  wins: 0,
  selfDraws: 0,
  dealIns: 0,
  riichi: 0,
  calls: 0,
  winValue: 0,
  dealInValue: 0,
  exhaustiveDraws: 0,
  readyAtDraw: 0,
  faanSum: 0,
  maxFaan: 0,
});

function configOf(m: MatchRecord): MatchConfig {
  return {
    seed: m.seed,
    ruleset: m.ruleset,
    options: m.options,
    players: m.seats.map((s) => ({ name: s.name ?? `Seat ${s.seat}`, bot: s.bot })) as never,
    rounds: m.rounds,
  };
}

/** A win's size: faan (Hong Kong) or han (riichi, a yakuman counted 13 per multiple). */
const sizeOf = (w: HandResultView): number => (w.yakuman ? 13 * w.yakuman : (w.han ?? w.faan ?? 0));

/** A hand's wins: the first winner's result and those of a double ron. */
const winsOf = (r: HandResultView): HandResultView[] =>
  r.kind === 'win' ? [r, ...(r.otherWins ?? [])].filter((w) => w.winner !== undefined) : [];

const mark = (sets: Set<Seat>[], hand: number, seat: Seat): void => {
  const set = sets[hand] ?? new Set<Seat>();
  set.add(seat);
  sets[hand] = set;
};

/** Null when the match did not reach its end (ended by the host, or a log that does not replay). */
export function seatResults(m: MatchRecord, log: readonly LogEntry[]): SeatResultRow[] | null {
  const first = log[0];
  if (m.status !== 'over' || !first || m.endedAt === null) return null;
  const engine = createEngine(configOf(m), first.at);
  // Per hand in play: who declared riichi and who called (chow, pung, or a kong on a discard).
  const declared: Set<Seat>[] = [];
  const called: Set<Seat>[] = [];
  for (const entry of log.slice(1)) {
    const e = entry.event as TableEvent;
    if (e.type === 'act') {
      const hand = engine.results().length;
      const type = e.action.type;
      if (type === 'riichi') mark(declared, hand, e.seat);
      if (type === 'chow' || type === 'pung' || type === 'kong') mark(called, hand, e.seat);
    }
    try {
      engine.apply(entry);
    } catch {
      return null;
    }
  }
  if (!engine.isOver()) return null;
  const family = familyOf(m.ruleset);
  const tallies = SEATS.map(() => emptyTally());
  engine.results().forEach((r, hand) => {
    for (const seat of SEATS) {
      const t = tallies[seat]!;
      t.hands += 1;
      if (declared[hand]?.has(seat)) t.riichi += 1;
      if (called[hand]?.has(seat)) t.calls += 1;
    }
    const wins = winsOf(r);
    for (const w of wins) {
      const t = tallies[w.winner as Seat]!;
      t.wins += 1;
      if (w.selfDrawn) t.selfDraws += 1;
      t.winValue += family === 'riichi' ? (w.points ?? 0) : received(w, w.winner as Seat);
      t.faanSum += sizeOf(w);
      t.maxFaan = Math.max(t.maxFaan, sizeOf(w));
    }
    const discarder = wins.find((w) => !w.selfDrawn && w.discarder !== undefined)?.discarder;
    if (discarder !== undefined) {
      const t = tallies[discarder]!;
      t.dealIns += 1;
      for (const w of wins) t.dealInValue += family === 'riichi' ? (w.points ?? 0) : paid(w, discarder);
    }
    const exhaustive =
      r.kind === 'draw' && (family === 'hk' || r.drawKind === 'exhaustive' || r.drawKind === 'nagashi');
    if (exhaustive) {
      for (const seat of SEATS) {
        tallies[seat]!.exhaustiveDraws += 1;
        if (r.ready?.[seat]) tallies[seat]!.readyAtDraw += 1;
      }
    }
  });
  const scores = engine.scores();
  const standing = placesOf(engine, scores);
  return SEATS.map((seat) => ({
    matchId: m.id,
    seat,
    playerId: m.seats[seat]?.playerId ?? null,
    circleId: m.circleId,
    family,
    ruleset: m.ruleset,
    endedAt: m.endedAt as Date,
    place: standing[seat].place,
    finalScore: scores[seat],
    result: standing[seat].result,
    ...tallies[seat]!,
  }));
}

const received = (w: HandResultView, seat: Seat): number =>
  w.payments.filter((p) => p.to === seat).reduce((sum, p) => sum + p.amount, 0);
const paid = (w: HandResultView, seat: Seat): number =>
  w.payments.filter((p) => p.from === seat).reduce((sum, p) => sum + p.amount, 0);

/**
 * Places and results: riichi as the table ranked it at the end (ties to the seat nearer the
 * first dealer, uma and oka in the result); Hong Kong by points, equal points sharing the better
 * place, the result the net points.
 */
function placesOf(
  engine: ReturnType<typeof createEngine>,
  scores: BySeat<number>,
): BySeat<{ place: number; result: number }> {
  const ranking = engine.viewFor('spectator').riichi?.ranking;
  if (ranking) {
    const out = SEATS.map(() => ({ place: 4, result: 0 }));
    for (const p of ranking) out[p.seat] = { place: p.place, result: p.score };
    return out as unknown as BySeat<{ place: number; result: number }>;
  }
  return SEATS.map((seat) => ({
    place: 1 + SEATS.filter((o) => scores[o] > scores[seat]).length,
    result: scores[seat],
  })) as unknown as BySeat<{ place: number; result: number }>;
}
