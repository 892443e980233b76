/**
 * The options of three-player riichi (`riichi-sanma`), with their defaults and sources
 * (docs/rules/riichi-sanma.md): riichi-modern's scorer options with two red fives instead of
 * three, the conventions three players need (how a self-draw is paid, the honba, the draw's
 * pool, the points dealt and returned, a three-place uma), and the four-player table's options
 * that still apply. The defaults of the table's options are `SANMA_TABLE_DEFAULTS`.
 */
import {
  SANMA_DRAW_POOLS,
  SANMA_HONBA_VALUES,
  SANMA_TABLE_DEFAULTS,
  type SanmaDrawPool,
  type SanmaHonba,
  TSUMO_PAYMENTS,
  type TsumoPayment,
} from '../riichi/sanma/rules.js';
import { SANMA_RED_FIVE_COUNTS, type SanmaRedFiveCount } from '../riichi/sanma/tiles.js';
import { RIICHI_MODERN_OPTION_SCHEMA, RIICHI_TABLE_OPTIONS, SHARED_SCORER_OPTIONS } from './riichi-options.js';
import { TIMING_OPTIONS } from './timing-options.js';
import type { BooleanOption, ChoiceOption, CustomOption, IntegerOption } from './schema.js';

const TENHOU = 'Tenhou (riichi.wiki, "Tenhou.net rules": three-player rules)';
const MAHJONG_SOUL = 'Mahjong Soul (riichi.wiki, "Majsoul": 3P)';
const D = SANMA_TABLE_DEFAULTS;

/** Uma among three: three whole numbers (thousands), first to third, descending, summing to 0. */
function umaRefusal(v: unknown): string | null {
  const ok =
    Array.isArray(v) &&
    v.length === 3 &&
    v.every((x) => Number.isInteger(x) && Math.abs(x) <= 100) &&
    v.reduce((a: number, b: number) => a + b, 0) === 0 &&
    v.every((x, i) => i === 0 || x <= v[i - 1]);
  return ok ? null : 'is three whole numbers (thousands), first to third, descending, summing to 0';
}

const points = <K extends string>(key: K, dflt: number, label: IntegerOption['label'], doc: string) =>
  ({
    key,
    layer: 'table',
    type: 'integer',
    min: 10_000,
    max: 100_000,
    default: dflt,
    offered: [dflt],
    label,
    doc,
    source: `${TENHOU}; ${MAHJONG_SOUL} (starts at 35,000)`,
  }) as const satisfies IntegerOption<K>;

export const RIICHI_SANMA_OPTION_SCHEMA = {
  openTanyao: SHARED_SCORER_OPTIONS.openTanyao,
  redFives: {
    key: 'redFives',
    layer: 'scorer',
    type: 'choice',
    values: SANMA_RED_FIVE_COUNTS,
    default: 2,
    label: { en: 'Red fives', 'zh-HK': '赤寶牌' },
    doc: 'red fives in the set: 0, or 2 (dots and bamboo; the red 5m goes with 2m-8m), each one han like a dora',
    source: 'the four-player red fives less the characters’ (riichi.wiki, "Sanma": 2m-8m are taken out)',
    lobby: true,
    lobbyBox: { on: 2, off: 0 },
  } satisfies ChoiceOption<'redFives', SanmaRedFiveCount>,
  doubleYakuman: SHARED_SCORER_OPTIONS.doubleYakuman,
  kazoeLimit: SHARED_SCORER_OPTIONS.kazoeLimit,
  kiriage: SHARED_SCORER_OPTIONS.kiriage,
  renhou: RIICHI_MODERN_OPTION_SCHEMA.renhou,
  tsumoPayment: {
    key: 'tsumoPayment',
    layer: 'table',
    type: 'choice',
    values: TSUMO_PAYMENTS,
    default: D.tsumoPayment,
    valueLabels: {
      'tsumo-loss': { en: 'Tsumo loss (North’s share unpaid)', 'zh-HK': '自摸損（北家份不付）' },
      'north-bisection': { en: 'North bisection (North’s share split)', 'zh-HK': '北家折半' },
    },
    label: { en: 'Self-draw payments', 'zh-HK': '自摸支付方式' },
    doc: 'tsumo-loss: the four-player shares, North’s unpaid (mangan 4,000 + 2,000); north-bisection: North’s share split between the two payers (5,000 + 3,000)',
    source: `${TENHOU} and ${MAHJONG_SOUL}: tsumo loss; north bisection: Mahjong Soul's alternative`,
    lobby: true,
  } satisfies ChoiceOption<'tsumoPayment', TsumoPayment>,
  honba: {
    key: 'honba',
    layer: 'table',
    type: 'choice',
    values: SANMA_HONBA_VALUES,
    default: D.honbaRon as SanmaHonba,
    label: { en: 'Points per honba', 'zh-HK': '每本場點數' },
    doc: 'a honba adds this to a win: from the discarder, or half from each of the two others on a self-draw',
    source: `${MAHJONG_SOUL}: 200; 300: the four-player value`,
  } satisfies ChoiceOption<'honba', SanmaHonba>,
  drawPool: {
    key: 'drawPool',
    layer: 'table',
    type: 'choice',
    values: SANMA_DRAW_POOLS,
    default: D.notReadyPool,
    label: { en: 'Not-ready payment at a draw', 'zh-HK': '流局不聽罰符' },
    doc: 'the not-ready hands pay this at an exhaustive draw, split among the ready ones (2,000: 1,000 a pair)',
    source: `${MAHJONG_SOUL}: 2,000; 3,000: the four-player value`,
  } satisfies ChoiceOption<'drawPool', SanmaDrawPool>,
  startPoints: points(
    'startPoints',
    D.startPoints,
    { en: 'Points dealt', 'zh-HK': '起始點數' },
    'each player starts with these points',
  ),
  returnPoints: points(
    'returnPoints',
    D.returnPoints,
    { en: 'Points returned', 'zh-HK': '返還點數' },
    'final scores count from here; (returned - dealt) x 3 is the first’s top prize; also the extra round’s target',
  ),
  uma: {
    key: 'uma',
    layer: 'table',
    type: 'custom',
    default: D.uma as readonly number[],
    allowed: 'three whole numbers (thousands), descending, summing to 0',
    check: umaRefusal,
    offered: [
      { value: [20, 0, -20], label: { en: '20 / 0 / -20 (default)', 'zh-HK': '20 / 0 / -20（預設）' } },
      { value: [15, 0, -15], label: { en: '15 / 0 / -15', 'zh-HK': '15 / 0 / -15' } },
      { value: [0, 0, 0], label: { en: 'none', 'zh-HK': '無' } },
    ],
    label: { en: 'Uma', 'zh-HK': '順位馬' },
    doc: 'placement bonus in thousands, first to third',
    source: `${TENHOU}: 20 / 0 / -20; ${MAHJONG_SOUL}: 15 / 0 / -15`,
    lobby: true,
  } satisfies CustomOption<'uma', readonly number[]>,
  headBump: RIICHI_TABLE_OPTIONS.headBump,
  nagashiMangan: RIICHI_TABLE_OPTIONS.nagashiMangan,
  swapCalls: RIICHI_TABLE_OPTIONS.swapCalls,
  pao: RIICHI_TABLE_OPTIONS.pao,
  paoWholeHand: RIICHI_TABLE_OPTIONS.paoWholeHand,
  bustEnds: RIICHI_TABLE_OPTIONS.bustEnds,
  extraRound: {
    ...RIICHI_TABLE_OPTIONS.extraRound,
    label: {
      en: 'Extra round (sudden death) when nobody has the points returned',
      'zh-HK': '無人達返還點數時加打一圈（驟死）',
    },
  } satisfies BooleanOption<'extraRound'>,
  lastDealerStops: RIICHI_TABLE_OPTIONS.lastDealerStops,
  nineTerminals: RIICHI_TABLE_OPTIONS.nineTerminals,
  fourKongs: RIICHI_TABLE_OPTIONS.fourKongs,
  ...TIMING_OPTIONS,
} as const;
