/**
 * The statistics as the pages show them: which figures each ruleset family lists, their short
 * definitions (the same as the server's sums: server/src/community/stats.ts), and how each kind
 * of figure is written. Pure data and formatting, so that the league page, the player page and
 * the tests write a figure the same way.
 */
import type { Family, PlayerStats } from '@mahjong/shared';

/** How a figure reads: a share of something, a mean, a count, points, a place, a size in faan. */
export type FigureKind = 'rate' | 'mean' | 'count' | 'points' | 'place' | 'faan';

/** The numeric figures of PlayerStats (placeRates and money are shown on their own). */
export type FigureKey = {
  [K in keyof PlayerStats]: PlayerStats[K] extends number | null ? K : never;
}[keyof PlayerStats];

export interface Figure {
  readonly key: Exclude<FigureKey, 'money'>;
  readonly kind: FigureKind;
  readonly label: string;
  /** One line saying what is counted over what. */
  readonly definition: string;
}

const MATCHES: Figure = {
  key: 'matches',
  kind: 'count',
  label: 'Matches',
  definition: 'Matches played to their end.',
};
const HANDS: Figure = { key: 'hands', kind: 'count', label: 'Hands', definition: 'Hands dealt in those matches.' };
const WIN_RATE: Figure = {
  key: 'winRate',
  kind: 'rate',
  label: 'Win rate',
  definition: 'Hands won, of hands played.',
};
const SELF_DRAW_RATE: Figure = {
  key: 'selfDrawRate',
  kind: 'rate',
  label: 'Self-draw rate',
  definition: 'Wins on a self-drawn tile, of wins.',
};
const DEAL_IN_RATE: Figure = {
  key: 'dealInRate',
  kind: 'rate',
  label: 'Deal-in rate',
  definition: 'Hands in which your discard won for another player, of hands played.',
};

/** The figures of each family, in the order the pages list them. */
export const FIGURES: Readonly<Record<Family, readonly Figure[]>> = {
  hk: [
    MATCHES,
    HANDS,
    {
      key: 'total',
      kind: 'points',
      label: 'Net points',
      definition: 'Points won minus points paid, over all matches.',
    },
    WIN_RATE,
    SELF_DRAW_RATE,
    DEAL_IN_RATE,
    { key: 'averageFaan', kind: 'faan', label: 'Average faan', definition: 'Faan of a winning hand, on average.' },
    { key: 'maxFaan', kind: 'faan', label: 'Largest faan', definition: 'The biggest winning hand, in faan.' },
  ],
  riichi: [
    MATCHES,
    HANDS,
    {
      key: 'total',
      kind: 'points',
      label: 'Placement points',
      definition: 'Final scores turned into points as played (oka and uma included), added up.',
    },
    {
      key: 'averagePlace',
      kind: 'place',
      label: 'Average placement',
      definition: 'Final place (1st to 4th), on average.',
    },
    WIN_RATE,
    SELF_DRAW_RATE,
    DEAL_IN_RATE,
    {
      key: 'riichiRate',
      kind: 'rate',
      label: 'Riichi rate',
      definition: 'Hands in which you declared riichi, of hands played.',
    },
    {
      key: 'callRate',
      kind: 'rate',
      label: 'Call rate',
      definition: 'Hands in which you called a discard (chi, pon or kan), of hands played.',
    },
    { key: 'averageWin', kind: 'mean', label: 'Average win', definition: 'Points of a win, on average.' },
    {
      key: 'averageDealIn',
      kind: 'mean',
      label: 'Average deal-in',
      definition: 'Points of a win on your discard, on average.',
    },
    {
      key: 'readyAtDrawRate',
      kind: 'rate',
      label: 'Tenpai at draws',
      definition: 'Exhaustive draws at which your hand was ready (tenpai).',
    },
  ],
};

/** The place names of the riichi standings. */
export const PLACES = ['1st', '2nd', '3rd', '4th'] as const;

/** A figure as written on the pages; a figure of nothing (a rate over no hands) is a dash. */
export function formatFigure(kind: FigureKind, value: number | null): string {
  if (value === null) return '—';
  switch (kind) {
    case 'rate':
      return `${(value * 100).toFixed(1)}%`;
    case 'mean':
      return value.toFixed(0);
    case 'count':
    case 'faan':
      return Number.isInteger(value) ? String(value) : value.toFixed(2);
    case 'place':
      return value.toFixed(2);
    case 'points':
      return signed(value);
  }
}

/** A result with its sign (+12.5, -3, 0). */
export const signed = (n: number): string => (n > 0 ? `+${n}` : String(n));

/** Money at the circle's stake (the currency before it when the circle set one). */
export const formatMoney = (money: number, currency: string | null): string =>
  `${money < 0 ? '-' : ''}${currency ? `${currency} ` : ''}${Math.abs(money).toFixed(2)}`;
