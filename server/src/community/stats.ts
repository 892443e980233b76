/**
 * From sums to the figures players track (definitions in server/src/community/README.md). Pure:
 * the league page, a player's page and the tests' recomputation from the ledger all use it.
 */
import type { PlayerStats } from '@mahjong/shared';
import type { Tally } from './seat-results.js';
import type { Totals } from './store.js';

/** a / b, or null when b is 0 (a rate of nothing is no rate), rounded to 4 places. */
const rate = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 10_000) / 10_000 : null);
const mean = (a: number, b: number): number | null => (b > 0 ? Math.round((a / b) * 100) / 100 : null);

export function playerStats(t: Totals, stakePerPoint: number | null): PlayerStats {
  return {
    matches: t.matches,
    hands: t.hands,
    total: Math.round(t.total * 10) / 10,
    money: stakePerPoint === null ? null : Math.round(t.total * stakePerPoint * 100) / 100,
    averagePlace: mean(t.placeSum, t.matches),
    placeRates: t.places.map((n) => rate(n, t.matches) ?? 0) as unknown as PlayerStats['placeRates'],
    wins: t.wins,
    selfDraws: t.selfDraws,
    dealIns: t.dealIns,
    winRate: rate(t.wins, t.hands),
    selfDrawRate: rate(t.selfDraws, t.wins),
    dealInRate: rate(t.dealIns, t.hands),
    riichiRate: rate(t.riichi, t.hands),
    callRate: rate(t.calls, t.hands),
    averageWin: mean(t.winValue, t.wins),
    averageDealIn: mean(t.dealInValue, t.dealIns),
    readyAtDrawRate: rate(t.readyAtDraw, t.exhaustiveDraws),
    averageFaan: mean(t.faanSum, t.wins),
    maxFaan: t.wins > 0 ? t.maxFaan : null,
  };
}

/** Adds SeatResult rows up as the database does (the tests' recomputation). */
export function totalsOf(
  playerId: string,
  rows: readonly (Tally & { readonly result: number; readonly place: number })[],
): Totals {
  const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((s, r) => s + f(r), 0);
  return {
    playerId,
    matches: rows.length,
    hands: sum((r) => r.hands),
    wins: sum((r) => r.wins),
    selfDraws: sum((r) => r.selfDraws),
    dealIns: sum((r) => r.dealIns),
    riichi: sum((r) => r.riichi),
    calls: sum((r) => r.calls),
    winValue: sum((r) => r.winValue),
    dealInValue: sum((r) => r.dealInValue),
    exhaustiveDraws: sum((r) => r.exhaustiveDraws),
    readyAtDraw: sum((r) => r.readyAtDraw),
    faanSum: sum((r) => r.faanSum),
    maxFaan: rows.reduce((m, r) => Math.max(m, r.maxFaan), 0),
    total: sum((r) => r.result),
    placeSum: sum((r) => r.place),
    places: [1, 2, 3, 4].map((p) => rows.filter((r) => r.place === p).length) as unknown as Totals['places'],
  };
}
