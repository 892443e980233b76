/**
 * The options of the two riichi tables, with their defaults: the scorer's (open all simples, red
 * fives, double yakuman, counted yakuman, kiriage, renhou) and the table's own (several rons,
 * abortive draws, nagashi mangan, swap calls, liability, the end of the match, uma). The table
 * rules take their defaults from here (`../riichi/table-rules.ts`, `RIICHI_TABLE_DEFAULTS`), so
 * each default is written once. docs/rules/riichi.md, "Options".
 */
import type { BooleanOption, ChoiceOption, CustomOption, Label } from './schema.js';
import { TIMING_OPTIONS } from './timing-options.js';

/** How renhou (a discard win before the winner's first draw) counts at a riichi-modern table. */
export const RENHOU_VALUES = ['off', 'mangan', 'yakuman'] as const;
export type RenhouValue = (typeof RENHOU_VALUES)[number];

/** Red fives in a riichi-modern set: none, or one per suit. */
export const RED_FIVE_COUNTS = [0, 3] as const;
export type RedFiveCount = (typeof RED_FIVE_COUNTS)[number];

const SEED = 'japanese-fu-han-scoring.txt';
export const ONLINE = 'Tenhou, Mahjong Soul';

const scorerFlag = <K extends string>(
  key: K,
  dflt: boolean,
  label: Label,
  doc: string,
  source: string,
  lobby = false,
): BooleanOption<K> & { readonly layer: 'scorer' } => ({
  key,
  layer: 'scorer',
  type: 'boolean',
  default: dflt,
  label,
  doc,
  source,
  lobby,
});

const tableFlag = <K extends string>(
  key: K,
  dflt: boolean,
  label: Label,
  doc: string,
  lobby = true,
): BooleanOption<K> & { readonly layer: 'table' } => ({
  key,
  layer: 'table',
  type: 'boolean',
  default: dflt,
  label,
  doc,
  source: ONLINE,
  lobby,
});

/** Uma: four whole numbers (thousands), first to fourth, descending, summing to 0. */
function umaRefusal(v: unknown): string | null {
  const ok =
    Array.isArray(v) &&
    v.length === 4 &&
    v.every((x) => Number.isInteger(x) && Math.abs(x) <= 100) &&
    v.reduce((a: number, b: number) => a + b, 0) === 0 &&
    v.every((x, i) => i === 0 || x <= v[i - 1]);
  return ok ? null : 'is four whole numbers (thousands), first to fourth, descending, summing to 0';
}

/**
 * The table's plain flags: each is the table rules' field of the same name (`RiichiTableRules`),
 * which takes its type and default from here, and the server sets it as sent. A new flag of this
 * kind is its entry here and the rule that reads it (`rulesOf(s).key`), nothing more.
 */
export const RIICHI_TABLE_FLAGS = {
  /** Several rons on one discard: only the first in turn order from the discarder wins (head bump). */
  headBump: {
    ...tableFlag(
      'headBump',
      false,
      { en: 'Only the first ron in turn order wins', 'zh-HK': '頭跳（只計上家一家和了）' },
      'several rons on one discard: only the first in turn order from the discarder wins',
    ),
    lobbyInverse: {
      name: 'doubleRon',
      label: { en: 'Double ron (off: the first in turn wins)', 'zh-HK': '一炮雙響（關：上家優先）' },
    },
  },
  /** Three rons on one discard end the hand as an abortive draw (when head bump is off). */
  tripleRonAborts: tableFlag(
    'tripleRonAborts',
    true,
    { en: 'Triple ron aborts the hand', 'zh-HK': '三家和了即流局' },
    'three rons on one discard end the hand as an abortive draw',
  ),
  /** Only terminals and honours discarded, none claimed: paid as a mangan tsumo at a draw. */
  nagashiMangan: tableFlag(
    'nagashiMangan',
    true,
    { en: 'Nagashi mangan', 'zh-HK': '流局滿貫' },
    'only terminals and honours discarded, none claimed: a mangan tsumo at a draw',
  ),
  /** Swap calling (kuikae) allowed: the caller may discard the kind it claimed (or the other end
   * of a chow's run) right after the call. Off: refused, and a call that leaves no other discard
   * is not offered (`../riichi/calls.ts`). */
  swapCalls: tableFlag(
    'swapCalls',
    false,
    { en: 'Swap calls (kuikae) allowed', 'zh-HK': '容許食替（喰替）' },
    'the claimed kind (or the chow’s other end) may be discarded right after the call',
  ),
  /** Liability (pao) for big three dragons and big four winds: the feeder of the last set pays
   * (`../riichi/liability.ts`). */
  pao: tableFlag(
    'pao',
    true,
    { en: 'Liability (pao) for big three dragons and big four winds', 'zh-HK': '大三元、大四喜包牌' },
    'the feeder of the last set of big three dragons or big four winds pays',
  ),
  /** With liability: the liable seat pays the whole hand, a second yakuman of it too (Tenhou, as
   * its own logs of such hands pay). Off: only the liable yakuman, the rest paid as usual (the
   * other variant riichi.wiki's "Sekinin barai" gives). Either way the liable seat pays the honba. */
  paoWholeHand: {
    ...tableFlag(
      'paoWholeHand',
      true,
      { en: 'The liable player pays the whole hand (a second yakuman too)', 'zh-HK': '包牌者付全手（連其他役滿）' },
      'with liability: the liable seat pays the whole hand, a second yakuman of it too; off: only the liable yakuman',
    ),
    source: 'Tenhou (its logs); off: riichi.wiki, "Sekinin barai"',
  } satisfies BooleanOption<'paoWholeHand'>,
  /** A score below zero ends the match (tobi). */
  bustEnds: tableFlag(
    'bustEnds',
    true,
    { en: 'A score below zero ends the match', 'zh-HK': '負分即完場（擊飛）' },
    'a score below zero ends the match',
  ),
  /** Nobody has the return points when the last round ends: one more round (south after east,
   * west after south) in sudden death, over as soon as somebody has them (Tenhou, Mahjong Soul). */
  extraRound: tableFlag(
    'extraRound',
    true,
    { en: 'Extra round (sudden death) when nobody has 30,000', 'zh-HK': '無人有30,000點時加打一圈（驟死）' },
    'nobody has the return points at the end: one more round in sudden death',
  ),
  /** In the last hand a dealer who keeps the deal by winning or being ready, standing first, ends
   * the match instead of dealing again (agari-yame, automatic as on Tenhou). */
  lastDealerStops: tableFlag(
    'lastDealerStops',
    true,
    { en: 'Last dealer stops when first', 'zh-HK': '最後莊家排第一時完場' },
    'in the last hand a dealer standing first ends the match instead of dealing again',
  ),
  /** Riichi sticks still on the table when the match ends go to the first placed (off: to nobody). */
  sticksToFirst: {
    ...tableFlag(
      'sticksToFirst',
      true,
      { en: 'Riichi sticks left at the end go to the first', 'zh-HK': '完場時剩餘立直棒歸第一名' },
      'riichi sticks still on the table when the match ends go to the first placed (off: to nobody)',
    ),
    source: `${ONLINE}: to the first; the Pantheon rating system (rating.riichimahjong.org) offers it as a rule`,
  },
  /** Riichi with fewer than four tiles left to draw, when not every player draws again (tsumo-ban nashi riichi). */
  riichiWithoutDraw: {
    ...tableFlag(
      'riichiWithoutDraw',
      false,
      { en: 'Riichi with fewer than four tiles left', 'zh-HK': '牌山少於四張亦可立直' },
      'riichi may be declared with fewer than four tiles left to draw (off: four at least, so every player draws again)',
    ),
    source: `${ONLINE}: off; Majiang's rule set offers it (ツモ番なしリーチあり, off by default)`,
  },
} as const;

/**
 * The table's own options, the same at both four-player riichi tables (three-player riichi takes
 * most): the plain flags, then the abortive draws (fields of `abortiveDraws`) and the uma, which
 * the server maps onto the rules one by one (`server/src/table/riichi/options.ts`).
 */
export const RIICHI_TABLE_OPTIONS = {
  ...RIICHI_TABLE_FLAGS,
  nineTerminals: tableFlag(
    'nineTerminals',
    true,
    { en: 'Nine terminals', 'zh-HK': '九種九牌' },
    'abortive draw: nine kinds of terminals and honours in a first draw',
  ),
  fourWinds: tableFlag(
    'fourWinds',
    true,
    { en: 'Four winds', 'zh-HK': '四風連打' },
    'abortive draw: the same wind discarded by all four on the first go-round',
  ),
  fourKongs: tableFlag(
    'fourKongs',
    true,
    { en: 'Four kongs', 'zh-HK': '四槓散了' },
    'abortive draw: a fourth kong not all one player’s',
  ),
  fourRiichi: tableFlag(
    'fourRiichi',
    true,
    { en: 'Four riichi', 'zh-HK': '四家立直' },
    'abortive draw: all four in riichi',
  ),
  uma: {
    key: 'uma',
    layer: 'table',
    type: 'custom',
    default: Object.freeze([15, 5, -5, -15]) as readonly number[],
    allowed: 'four whole numbers (thousands), descending, summing to 0',
    check: umaRefusal,
    offered: [
      { value: [15, 5, -5, -15], label: { en: '15 / 5 (default)', 'zh-HK': '15 / 5（預設）' } },
      { value: [20, 10, -10, -20], label: { en: '20 / 10', 'zh-HK': '20 / 10' } },
      { value: [10, 5, -5, -10], label: { en: '10 / 5', 'zh-HK': '10 / 5' } },
      { value: [0, 0, 0, 0], label: { en: 'none', 'zh-HK': '無' } },
    ],
    label: { en: 'Uma', 'zh-HK': '順位馬' },
    doc: 'placement bonus in thousands, first to fourth',
    source: 'EMA / WRC 15-5',
    lobby: true,
  } satisfies CustomOption<'uma', readonly number[]>,
} as const;

/** The scorer's options every riichi table takes. */
export const SHARED_SCORER_OPTIONS = {
  openTanyao: scorerFlag(
    'openTanyao',
    true,
    { en: 'Open all simples', 'zh-HK': '食斷' },
    'all simples counts with open melds (kuitan)',
    `${ONLINE}; EMA 2016`,
    true,
  ),
  doubleYakuman: scorerFlag(
    'doubleYakuman',
    false,
    { en: 'Double yakuman hands', 'zh-HK': '雙倍役滿' },
    'pure nine gates, thirteen-sided thirteen orphans, single-wait four concealed pungs, big four winds count double',
    ONLINE,
  ),
  kazoeLimit: scorerFlag(
    'kazoeLimit',
    true,
    { en: 'Counted yakuman (13+ han)', 'zh-HK': '累計役滿（13飜或以上）' },
    '13 han and more is a yakuman (off: capped at 300%)',
    `${SEED} (13+ han: 400%)`,
  ),
  kiriage: scorerFlag(
    'kiriage',
    false,
    { en: 'Round up to mangan (kiriage)', 'zh-HK': '切上滿貫' },
    '1,920 basic points (4 han 30 fu, 3 han 60 fu) rounded up to mangan',
    ONLINE,
    true,
  ),
} as const;

/** The seed's riichi table (`riichi`). */
export const RIICHI_OPTION_SCHEMA = {
  openTanyao: SHARED_SCORER_OPTIONS.openTanyao,
  akaDora: scorerFlag(
    'akaDora',
    false,
    { en: 'Red fives', 'zh-HK': '赤寶牌' },
    'red fives in the set, one han each like a dora',
    `${SEED} (no red fives)`,
    true,
  ),
  doubleYakuman: SHARED_SCORER_OPTIONS.doubleYakuman,
  kazoeLimit: SHARED_SCORER_OPTIONS.kazoeLimit,
  kiriage: SHARED_SCORER_OPTIONS.kiriage,
  optionalYaku: scorerFlag(
    'optionalYaku',
    true,
    { en: 'The source’s optional hands', 'zh-HK': '原典的選用役' },
    'three identical chows (3 han), four identical chows and consecutive pairs (yakuman) count',
    `${SEED} ("This pattern can be considered as optional")`,
    true,
  ),
  renhouAsYakuman: scorerFlag(
    'renhouAsYakuman',
    true,
    { en: 'Renhou as yakuman', 'zh-HK': '人和作役滿' },
    'out on the first turn with a discard at 400% (off: 5 han on top of the hand’s own)',
    `${SEED} ("Out on 1st turn with a discarded tile", 400%)`,
  ),
  ...RIICHI_TABLE_OPTIONS,
  ...TIMING_OPTIONS,
} as const;

/** Today's common online table (`riichi-modern`). */
export const RIICHI_MODERN_OPTION_SCHEMA = {
  openTanyao: SHARED_SCORER_OPTIONS.openTanyao,
  redFives: {
    key: 'redFives',
    layer: 'scorer',
    type: 'choice',
    values: RED_FIVE_COUNTS,
    default: 3,
    label: { en: 'Red fives', 'zh-HK': '赤寶牌' },
    doc: 'red fives in the set: 0, or 3 (one per suit), each one han like a dora',
    source: ONLINE,
    lobby: true,
    lobbyBox: { on: 3, off: 0 },
  } satisfies ChoiceOption<'redFives', RedFiveCount>,
  doubleYakuman: SHARED_SCORER_OPTIONS.doubleYakuman,
  kazoeLimit: SHARED_SCORER_OPTIONS.kazoeLimit,
  kiriage: SHARED_SCORER_OPTIONS.kiriage,
  renhou: {
    key: 'renhou',
    layer: 'scorer',
    type: 'choice',
    values: RENHOU_VALUES,
    default: 'off',
    label: { en: 'Renhou', 'zh-HK': '人和' },
    doc: 'renhou: not a yaku, a mangan (or the hand’s own value when higher), or a yakuman',
    source: `${ONLINE}; EMA 2016: mangan`,
  } satisfies ChoiceOption<'renhou', RenhouValue>,
  ...RIICHI_TABLE_OPTIONS,
  ...TIMING_OPTIONS,
} as const;
