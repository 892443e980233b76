/**
 * Display names of every pattern id the scorer reports, in English and Traditional Chinese
 * (zh-HK), kept once here for the result card, the replay captions, the calculator and the
 * command-line scorer. Hong Kong patterns take the names Hong Kong players use (自摸, 門前清,
 * 混一色); riichi items take the names Hong Kong players write for the Japanese yaku, in
 * Traditional Chinese characters (立直, 一發, 斷么九, 對對和, not the Japanese forms), with the
 * romanised name and an English gloss. The tables are typed by the rulesets' id lists, so a
 * pattern added to a ruleset without a name here breaks the typecheck.
 */
import type { HkPattern, RiichiFuItem, RiichiHanItem, RiichiYaku, RiichiYakuman } from './rulesets.js';
import type { LiabilityRule } from './payments.js';
import { DEFAULT_RULESET, isRiichiFamily } from '../rulesets/ids.js';
import type { ScoringRulesetId } from './types.js';

export const PATTERN_LANGUAGES = ['en', 'zh-HK'] as const;
export type PatternLanguage = (typeof PATTERN_LANGUAGES)[number];

/** A pattern's name in each language. */
export interface PatternNames {
  readonly en: string;
  readonly 'zh-HK': string;
}

const n = (en: string, zh: string): PatternNames => ({ en, 'zh-HK': zh });

/** Hong Kong patterns (hk-new, hk-old). */
export const HK_PATTERN_NAMES: Readonly<Record<HkPattern, PatternNames>> = {
  'common-hand': n('Common hand', '平糊'),
  'all-in-triplets': n('All in triplets', '對對糊'),
  'mixed-one-suit': n('Mixed one suit', '混一色'),
  'all-one-suit': n('All one suit', '清一色'),
  'mixed-orphans': n('Mixed orphans', '混么九'),
  'small-dragons': n('Small three dragons', '小三元'),
  'great-dragons': n('Great three dragons', '大三元'),
  'small-winds': n('Small four winds', '小四喜'),
  'great-winds': n('Great four winds', '大四喜'),
  'seven-pairs': n('Seven pairs', '七對子'),
  'all-honours': n('All honours', '字一色'),
  'self-triplets': n('Self triplets (four concealed pungs)', '坎坎糊'),
  orphans: n('Orphans (all terminals)', '清么九'),
  'nine-gates': n('Nine gates', '九子連環'),
  'all-kongs': n('All kongs', '十八羅漢'),
  'thirteen-orphans': n('Thirteen orphans', '十三么'),
  'jade-dragon': n('Jade dragon', '翡翠龍'),
  'ruby-dragon': n('Ruby dragon', '紅寶石龍'),
  'pearl-dragon': n('Pearl dragon', '珍珠龍'),
  'seat-wind': n('Seat wind', '門風'),
  'prevailing-wind': n('Prevailing wind', '圈風'),
  'dragon-pung': n('Dragon pung', '三元牌'),
  'no-flowers': n('No flowers', '無花'),
  'own-flower': n('Own flower', '正花'),
  'own-season': n('Own season', '正季'),
  'all-flowers': n('All four flowers', '一台花'),
  'all-seasons': n('All four seasons', '一台季'),
  'seven-bonus-tiles': n('Seven bonus tiles', '七搶一'),
  'eight-bonus-tiles': n('Eight bonus tiles', '八仙過海'),
  'self-pick': n('Self-drawn', '自摸'),
  'fully-concealed': n('Concealed hand', '門前清'),
  'robbing-kong': n('Robbing a kong', '搶槓'),
  'last-catch': n('Win on the last tile', '海底撈月'),
  'last-tile': n('Win on the last tile of the wall', '海底撈月'),
  'last-discard': n('Win on the last discard', '河底撈魚'),
  'win-by-kong': n('Win on a kong replacement', '槓上開花'),
  'win-by-double-kong': n('Win on a double kong replacement', '槓上槓'),
  'heavenly-hand': n('Heavenly hand', '天糊'),
  'earthly-hand': n('Earthly hand', '地糊'),
};

/** Every id a riichi result may carry: yaku, yakuman, dora items and fu items. */
export type RiichiPatternId = RiichiYaku | RiichiYakuman | RiichiHanItem | RiichiFuItem;

/** Riichi items (riichi, riichi-modern): Traditional Chinese names, English as romaji with a gloss. */
export const RIICHI_PATTERN_NAMES: Readonly<Record<RiichiPatternId, PatternNames>> = {
  // yaku
  riichi: n('Riichi', '立直'),
  'double-riichi': n('Double riichi', '兩立直'),
  ippatsu: n('Ippatsu (one-shot)', '一發'),
  'fully-concealed-self-draw': n('Menzen tsumo (concealed self-draw)', '門前清自摸和'),
  pinfu: n('Pinfu (no-points hand)', '平和'),
  'all-simples': n('Tanyao (all simples)', '斷么九'),
  'dragon-pung': n('Yakuhai: dragon pung', '役牌 三元牌'),
  'seat-wind': n('Yakuhai: seat wind', '役牌 自風'),
  'round-wind': n('Yakuhai: round wind', '役牌 場風'),
  'three-colour-chows': n('Sanshoku doujun (three-colour chows)', '三色同順'),
  'two-identical-chows': n('Iipeikou (two identical chows)', '一盃口'),
  'two-sets-identical-chows': n('Ryanpeikou (two sets of identical chows)', '二盃口'),
  'three-identical-chows': n('Isshoku sanjun (three identical chows)', '一色三順'),
  'pure-straight': n('Ittsu (pure straight)', '一氣通貫'),
  'three-colour-pungs': n('Sanshoku doukou (three-colour pungs)', '三色同刻'),
  'three-concealed-pungs': n('Sanankou (three concealed pungs)', '三暗刻'),
  'three-kongs': n('Sankantsu (three kongs)', '三槓子'),
  'little-three-dragons': n('Shousangen (little three dragons)', '小三元'),
  'all-pungs': n('Toitoi (all pungs)', '對對和'),
  'outside-hand': n('Chanta (outside hand)', '混全帶么九'),
  'terminals-in-all-sets': n('Junchan (terminals in all sets)', '純全帶么九'),
  'all-terminals-and-honours': n('Honroutou (all terminals and honours)', '混老頭'),
  'half-flush': n('Honitsu (half flush)', '混一色'),
  'full-flush': n('Chinitsu (full flush)', '清一色'),
  'seven-pairs': n('Chiitoitsu (seven pairs)', '七對子'),
  'last-tile-draw': n('Haitei (win on the last tile)', '海底摸月'),
  'last-discard': n('Houtei (win on the last discard)', '河底撈魚'),
  'after-kong': n('Rinshan kaihou (win on a kong replacement)', '嶺上開花'),
  'robbing-kong': n('Chankan (robbing a kong)', '槍槓'),
  // yakuman
  'all-green': n('Ryuuiisou (all green)', '綠一色'),
  'four-kongs': n('Suukantsu (four kongs)', '四槓子'),
  'hidden-treasure': n('Suuankou (four concealed pungs)', '四暗刻'),
  'big-three-dragons': n('Daisangen (big three dragons)', '大三元'),
  'little-four-winds': n('Shousuushii (little four winds)', '小四喜'),
  'big-four-winds': n('Daisuushii (big four winds)', '大四喜'),
  'all-honours': n('Tsuuiisou (all honours)', '字一色'),
  'all-terminals': n('Chinroutou (all terminals)', '清老頭'),
  'nine-gates': n('Junsei chuuren poutou (pure nine gates)', '純正九蓮寶燈'),
  'impure-nine-gates': n('Chuuren poutou (nine gates)', '九蓮寶燈'),
  'thirteen-orphans': n('Kokushi musou (thirteen orphans)', '國士無雙'),
  'consecutive-pairs': n('Daisharin (consecutive pairs)', '大車輪'),
  'four-identical-chows': n('Isshoku yonjun (four identical chows)', '一色四順'),
  'heavenly-hand': n('Tenhou (heavenly hand)', '天和'),
  'first-turn-self-draw': n('Chiihou (earthly hand)', '地和'),
  'first-turn-discard': n('Renhou (win on a first-turn discard)', '人和'),
  // dora
  dora: n('Dora', '寶牌'),
  'red-five': n('Aka dora (red five)', '赤寶牌'),
  'north-dora': n('Nukidora (North set aside)', '拔北寶牌'),
  // fu
  winning: n('Base fu (for winning)', '副底'),
  'concealed-ron': n('Concealed hand won on a discard', '門前加符'),
  'open-pinfu': n('Open hand with no fu (raised to 30)', '副露平和'),
  'self-draw': n('Self-draw', '自摸符'),
  'closed-wait': n('Closed wait (kanchan)', '嵌張'),
  'edge-wait': n('Edge wait (penchan)', '邊張'),
  'pair-wait': n('Pair wait (tanki)', '單騎'),
  'value-pair': n('Value pair', '役牌雀頭'),
  'melded-pung-simples': n('Melded pung of simples', '明刻 中張牌'),
  'melded-pung-terminals': n('Melded pung of terminals', '明刻 老頭牌'),
  'melded-pung-winds': n('Melded pung of winds', '明刻 風牌'),
  'melded-pung-dragons': n('Melded pung of dragons', '明刻 三元牌'),
  'melded-kong-simples': n('Melded kong of simples', '明槓 中張牌'),
  'melded-kong-terminals': n('Melded kong of terminals', '明槓 老頭牌'),
  'melded-kong-winds': n('Melded kong of winds', '明槓 風牌'),
  'melded-kong-dragons': n('Melded kong of dragons', '明槓 三元牌'),
  'concealed-pung-simples': n('Concealed pung of simples', '暗刻 中張牌'),
  'concealed-pung-terminals': n('Concealed pung of terminals', '暗刻 老頭牌'),
  'concealed-pung-winds': n('Concealed pung of winds', '暗刻 風牌'),
  'concealed-pung-dragons': n('Concealed pung of dragons', '暗刻 三元牌'),
  'concealed-kong-simples': n('Concealed kong of simples', '暗槓 中張牌'),
  'concealed-kong-terminals': n('Concealed kong of terminals', '暗槓 老頭牌'),
  'concealed-kong-winds': n('Concealed kong of winds', '暗槓 風牌'),
  'concealed-kong-dragons': n('Concealed kong of dragons', '暗槓 三元牌'),
};

/** The Hong Kong liability (包) rules a result may name as the reason one seat paid it all. */
export const LIABILITY_NAMES: Readonly<Record<LiabilityRule, PatternNames>> = {
  'nine-pieces': n('Nine pieces penalty', '九張包'),
  'twelve-pieces': n('Twelve pieces penalty', '十二張包自摸'),
  'fifth-tile': n('Fifth tile penalty', '五子包生'),
};

const hasOwn = <T extends object>(o: T, k: PropertyKey): k is keyof T => Object.hasOwn(o, k);

/** The names of a pattern under a ruleset, or undefined for an id no ruleset reports. */
export function patternNames(id: string, ruleset: ScoringRulesetId = DEFAULT_RULESET): PatternNames | undefined {
  const riichi = isRiichiFamily(ruleset);
  const first = riichi ? RIICHI_PATTERN_NAMES : HK_PATTERN_NAMES;
  if (hasOwn(first, id)) return first[id];
  // a house table may report an id of the other family
  const second = riichi ? HK_PATTERN_NAMES : RIICHI_PATTERN_NAMES;
  if (hasOwn(second, id)) return second[id];
  return hasOwn(LIABILITY_NAMES, id) ? LIABILITY_NAMES[id] : undefined;
}

/**
 * A pattern's display name: `patternName('mixed-one-suit', 'zh-HK') === '混一色'`,
 * `patternName('pinfu', 'en', 'riichi') === 'Pinfu (no-points hand)'`. `ruleset` picks the
 * family where an id means different things (`robbing-kong`: 搶槓 in HK, 槍槓 in riichi;
 * default hk-new). An id no ruleset knows (a house table's) comes back spelt out:
 * `my-pattern` → `My pattern`.
 */
export function patternName(
  id: string,
  lang: PatternLanguage = 'en',
  ruleset: ScoringRulesetId = DEFAULT_RULESET,
): string {
  const names = patternNames(id, ruleset);
  if (names !== undefined) return names[lang];
  const s = id.replace(/-/g, ' ');
  return s.charAt(0).toUpperCase() + s.slice(1);
}
