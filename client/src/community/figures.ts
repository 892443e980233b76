/**
 * The statistics as the pages show them: which figures each ruleset family lists, their short
 * definitions (the same as the server's sums: server/src/community/stats.ts), and how each kind
 * of figure is written. Pure data and formatting, so that the league page, the player page and
 * the tests write a figure the same way.
 */
import type { Family, PlayerStats } from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';

/** How a figure reads: a share of something, a mean, a count, points, a place, a size in faan. */
export type FigureKind = 'rate' | 'mean' | 'count' | 'points' | 'place' | 'faan';

/** The numeric figures of PlayerStats (placeRates and money are shown on their own). */
export type FigureKey = {
  [K in keyof PlayerStats]: PlayerStats[K] extends number | null ? K : never;
}[keyof PlayerStats];

export interface Figure {
  readonly key: Exclude<FigureKey, 'money'>;
  readonly kind: FigureKind;
  readonly label: MessageId;
  /** One line saying what is counted over what. */
  readonly definition: MessageId;
}

const MATCHES: Figure = {
  key: 'matches',
  kind: 'count',
  label: 'league.matches',
  definition: 'figure.matches',
};
const HANDS: Figure = { key: 'hands', kind: 'count', label: 'league.hands', definition: 'figure.hands' };
const WIN_RATE: Figure = {
  key: 'winRate',
  kind: 'rate',
  label: 'figure.winRate',
  definition: 'figure.winRateDef',
};
const SELF_DRAW_RATE: Figure = {
  key: 'selfDrawRate',
  kind: 'rate',
  label: 'figure.selfDrawRate',
  definition: 'figure.selfDrawRateDef',
};
const DEAL_IN_RATE: Figure = {
  key: 'dealInRate',
  kind: 'rate',
  label: 'figure.dealInRate',
  definition: 'figure.dealInRateDef',
};

/** The figures of each family, in the order the pages list them. */
export const FIGURES: Readonly<Record<Family, readonly Figure[]>> = {
  hk: [
    MATCHES,
    HANDS,
    {
      key: 'total',
      kind: 'points',
      label: 'league.net',
      definition: 'figure.net',
    },
    WIN_RATE,
    SELF_DRAW_RATE,
    DEAL_IN_RATE,
    { key: 'averageFaan', kind: 'faan', label: 'figure.averageFaan', definition: 'figure.averageFaanDef' },
    { key: 'maxFaan', kind: 'faan', label: 'figure.maxFaan', definition: 'figure.maxFaanDef' },
  ],
  riichi: [
    MATCHES,
    HANDS,
    {
      key: 'total',
      kind: 'points',
      label: 'league.placementPoints',
      definition: 'figure.placementDef',
    },
    {
      key: 'averagePlace',
      kind: 'place',
      label: 'figure.averagePlacement',
      definition: 'figure.averagePlacementDef',
    },
    WIN_RATE,
    SELF_DRAW_RATE,
    DEAL_IN_RATE,
    {
      key: 'riichiRate',
      kind: 'rate',
      label: 'figure.riichiRate',
      definition: 'figure.riichiRateDef',
    },
    {
      key: 'callRate',
      kind: 'rate',
      label: 'figure.callRate',
      definition: 'figure.callRateDef',
    },
    { key: 'averageWin', kind: 'mean', label: 'figure.averageWin', definition: 'figure.averageWinDef' },
    {
      key: 'averageDealIn',
      kind: 'mean',
      label: 'figure.averageDealIn',
      definition: 'figure.averageDealInDef',
    },
    {
      key: 'readyAtDrawRate',
      kind: 'rate',
      label: 'figure.tenpai',
      definition: 'figure.tenpaiDef',
    },
  ],
};

/** The place names of the riichi standings, by message id. */
export const PLACES = [
  'league.first',
  'league.second',
  'league.third',
  'league.fourth',
] as const satisfies readonly MessageId[];

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
