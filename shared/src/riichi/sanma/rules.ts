/**
 * The rules of a three-player riichi match around the hands, as data with their defaults
 * (docs/rules/riichi-sanma.md gives each default's source): 35,000 dealt and 40,000 returned,
 * uma 20 / 0 / -20, a self-draw paid with the absent North's share lost (tsumo loss), 200 a
 * honba (100 from each payer on a self-draw), 1,000 a riichi stick, 2,000 split at an
 * exhaustive draw. The rest is the four-player table's (`../table-rules.ts`): double ron, nagashi
 * mangan, no swap calls, liability, busting, the extra round, the last dealer stopping. There
 * are no four-winds or four-riichi abortive draws with three players, and three rons on one
 * discard cannot happen.
 */
import {
  FOUR_PLAYER_TSUMO,
  RIICHI_TABLE_DEFAULTS,
  RIICHI_TABLE_FLAG_DEFAULTS,
  type RiichiTableRules,
  type TsumoShares,
} from '../table-rules.js';

/** How a self-draw is paid with no North player. */
export const TSUMO_PAYMENTS = ['tsumo-loss', 'north-bisection'] as const;
export type TsumoPayment = (typeof TSUMO_PAYMENTS)[number];

/**
 * Each convention's shares of a self-draw in basic points, every payment rounded up to 100.
 * Tsumo loss: the four-player shares, North's simply not paid (a non-dealer's mangan is
 * 4,000 + 2,000). North bisection: North's share split between the two payers (a non-dealer's
 * mangan is 5,000 + 3,000, a dealer's 6,000 from each), so a self-draw pays about a discard win.
 */
export const TSUMO_SHARES: Readonly<Record<TsumoPayment, TsumoShares>> = Object.freeze({
  'tsumo-loss': FOUR_PLAYER_TSUMO,
  'north-bisection': Object.freeze({ dealerWins: 3, dealerPays: 2.5, otherPays: 1.5 }),
});

/** A honba's value: paid by the discarder on a win on a discard, split between the two payers on a self-draw. */
export const SANMA_HONBA_VALUES = [200, 300] as const;
export type SanmaHonba = (typeof SANMA_HONBA_VALUES)[number];

/** What the not-ready hands pay at an exhaustive draw, split among the ready ones. */
export const SANMA_DRAW_POOLS = [2_000, 3_000] as const;
export type SanmaDrawPool = (typeof SANMA_DRAW_POOLS)[number];

export interface SanmaTableRules
  extends Omit<RiichiTableRules, 'uma' | 'abortiveDraws' | 'tripleRonAborts' | 'notReadyPool'> {
  /** Placement bonus in thousands, first to third; sums to zero. */
  readonly uma: readonly [number, number, number];
  readonly tsumoPayment: TsumoPayment;
  readonly notReadyPool: SanmaDrawPool;
  readonly abortiveDraws: {
    readonly nineTerminals: boolean;
    readonly fourKongs: boolean;
  };
}

/**
 * The four-player flags' defaults, less the one three players cannot use: each flag the
 * three-player descriptor offers then takes its value from it (`options.ts`, `sanmaTableRules`),
 * and `sanma.test.ts` holds these defaults to the descriptor's.
 */
const { tripleRonAborts: _noTripleRon, ...SANMA_FLAG_DEFAULTS } = RIICHI_TABLE_FLAG_DEFAULTS;

export const SANMA_TABLE_DEFAULTS: SanmaTableRules = Object.freeze({
  length: RIICHI_TABLE_DEFAULTS.length,
  startPoints: 35_000,
  returnPoints: 40_000,
  uma: Object.freeze([20, 0, -20]) as readonly [number, number, number],
  tsumoPayment: 'tsumo-loss',
  ...SANMA_FLAG_DEFAULTS,
  abortiveDraws: Object.freeze({
    nineTerminals: RIICHI_TABLE_DEFAULTS.abortiveDraws.nineTerminals,
    fourKongs: RIICHI_TABLE_DEFAULTS.abortiveDraws.fourKongs,
  }),
  honbaRon: 200,
  honbaTsumoEach: 100,
  riichiStick: RIICHI_TABLE_DEFAULTS.riichiStick,
  notReadyPool: 2_000,
});
