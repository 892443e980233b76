/**
 * Rulesets as data. Every value the scorer uses is in one of these tables, each line naming
 * the source it comes from; a house rule is a new table (`{ ...HK_NEW, values: {...} }`)
 * passed to `scoreWin`, not new code.
 */
import type { HkOptionSchema, PaymentMode, PointsTable } from '../rulesets/hk-options.js';
import type { HkRulesetId, RiichiRulesetId } from '../rulesets/ids.js';
import type { RIICHI_MODERN_OPTION_SCHEMA, RIICHI_OPTION_SCHEMA } from '../rulesets/riichi-options.js';
import type { ResolvedOptions } from '../rulesets/schema.js';

export {
  PAYMENT_MODES,
  type PaymentMode,
  POINTS_TABLE_NAMES,
  type PointsTable,
  type PointsTableName,
} from '../rulesets/hk-options.js';
export { RED_FIVE_COUNTS, type RedFiveCount, RENHOU_VALUES, type RenhouValue } from '../rulesets/riichi-options.js';

/** Every HK pattern the scorer knows. A ruleset values each one, or leaves it out (`null`). */
export const HK_PATTERNS = [
  // hand
  'common-hand',
  'all-in-triplets',
  'mixed-one-suit',
  'all-one-suit',
  'mixed-orphans',
  'small-dragons',
  'great-dragons',
  'small-winds',
  'great-winds',
  'seven-pairs',
  'all-honours',
  'self-triplets',
  'orphans',
  'nine-gates',
  'all-kongs',
  'thirteen-orphans',
  'jade-dragon',
  'ruby-dragon',
  'pearl-dragon',
  // winds and dragons
  'seat-wind',
  'prevailing-wind',
  'dragon-pung',
  // bonus tiles
  'no-flowers',
  'own-flower',
  'own-season',
  'all-flowers',
  'all-seasons',
  'seven-bonus-tiles',
  'eight-bonus-tiles',
  // winning conditions
  'self-pick',
  'fully-concealed',
  'robbing-kong',
  'last-catch',
  'last-tile',
  'last-discard',
  'win-by-kong',
  'win-by-double-kong',
  'heavenly-hand',
  'earthly-hand',
] as const;
export type HkPattern = (typeof HK_PATTERNS)[number];

/** A pattern's value: faan, or `'limit'` for "worth the limit" (the table's faan cap). `null`: not played. */
export type HkValue = number | 'limit' | null;

/** Multipliers of the table amount: what the discarder and each other loser pay, and each loser on a self-pick. */
export interface PaymentRule {
  readonly discarder: number;
  readonly others: number;
  readonly selfDrawnEach: number;
}

/**
 * Options every HK table takes, resolved: the scorer's options of the HK descriptors
 * (shared/src/rulesets/hk-options.ts, each with its default and doc there).
 */
export type HkOptions = { readonly ruleset: HkRulesetId } & ResolvedOptions<HkOptionSchema, 'scorer'>;

export interface HkRuleset {
  readonly id: string;
  readonly family: 'hk';
  readonly name: string;
  readonly values: Readonly<Record<HkPattern, HkValue>>;
  /** Limit hands: only the highest applies, and they ignore wind, dragon and flower faan. */
  readonly limits: readonly HkPattern[];
  /** Hand patterns that still count on top of a given limit hand (the source says they stack). */
  readonly limitStacks: Readonly<Partial<Record<HkPattern, readonly HkPattern[]>>>;
  readonly payments: Readonly<Partial<Record<PaymentMode, PaymentRule>>>;
  readonly rules: {
    /** Self triplets may win on a discard that completes the pair (hk-new); else only self-drawn. */
    readonly selfTripletsOnDiscardPair: boolean;
    /** Common hand needs a pair of suit tiles (old style "all chows"). */
    readonly commonHandSuitedPair: boolean;
    /** All flowers / all seasons include the own flower / season instead of adding to it. */
    readonly bonusSetReplacesOwn: boolean;
    /** Seven pairs may use two pairs of one kind (four alike). */
    readonly sevenPairsFourAlike: boolean;
  };
}

const NONE = null;

/** hk-new-style-scoring.txt, read as docs/rules/hong-kong.md says (great dragons, small winds not limits). */
export const HK_NEW: HkRuleset = {
  id: 'hk-new',
  family: 'hk',
  name: 'Hong Kong new style',
  values: {
    'common-hand': 1,
    'all-in-triplets': 3,
    'mixed-one-suit': 3,
    'all-one-suit': 7,
    'mixed-orphans': 1,
    'small-dragons': 3,
    'great-dragons': 5,
    'small-winds': 6,
    'great-winds': 13,
    'seven-pairs': 4,
    'all-honours': 10,
    'self-triplets': 10,
    orphans: 10,
    'nine-gates': 10,
    'all-kongs': 13,
    'thirteen-orphans': 13,
    'jade-dragon': NONE,
    'ruby-dragon': NONE,
    'pearl-dragon': NONE,
    'seat-wind': 1,
    'prevailing-wind': 1,
    'dragon-pung': 1,
    'no-flowers': 1,
    'own-flower': 1,
    'own-season': 1,
    'all-flowers': 2,
    'all-seasons': 2,
    'seven-bonus-tiles': 3,
    'eight-bonus-tiles': 13,
    'self-pick': 1,
    'fully-concealed': 1,
    'robbing-kong': 1,
    'last-catch': 1,
    'last-tile': NONE,
    'last-discard': NONE,
    'win-by-kong': 1,
    'win-by-double-kong': 8,
    'heavenly-hand': 13,
    'earthly-hand': 13,
  },
  limits: [
    'all-honours',
    'self-triplets',
    'orphans',
    'nine-gates',
    'great-winds',
    'all-kongs',
    'thirteen-orphans',
    'eight-bonus-tiles',
  ],
  // "Seven Pairs ... Can stack with All Honor Tiles, Mixed One Suit and All One Suit."
  limitStacks: { 'all-honours': ['seven-pairs'] },
  payments: {
    // "discarder pays all": the discarder pays the table amount; self-pick 1.5x split over three
    'discarder-pays-all': { discarder: 1, others: 0, selfDrawnEach: 0.5 },
    // "only half ... paid by the discarder; the other half split evenly between the two remaining"
    'discarder-pays-half': { discarder: 0.5, others: 0.25, selfDrawnEach: 0.5 },
  },
  rules: {
    selfTripletsOnDiscardPair: true,
    commonHandSuitedPair: false,
    bonusSetReplacesOwn: true,
    sevenPairsFourAlike: true,
  },
};

/**
 * hk-old-style-scoring.txt (the variation shown, with its fan-laak table and payments) and the
 * quick-reference card (special hands at the limit, pearl/ruby/jade dragons, hidden treasure).
 */
export const HK_OLD: HkRuleset = {
  id: 'hk-old',
  family: 'hk',
  name: 'Hong Kong old style',
  values: {
    'common-hand': 1, // "All Chows"
    'all-in-triplets': 3, // "All Pungs"
    'mixed-one-suit': 3, // "Half Flush"
    'all-one-suit': 6, // "Full Flush"
    'mixed-orphans': NONE,
    'small-dragons': 4, // "Little Three Dragons"
    'great-dragons': 'limit', // "Big Three Dragons"
    'small-winds': 'limit', // "Little Four Winds"
    'great-winds': 'limit', // "Big Four Winds"
    'seven-pairs': 4,
    'all-honours': 'limit',
    'self-triplets': 'limit', // "Four Concealed Pungs" / "Hidden Treasure", self-drawn
    orphans: 'limit', // "All Terminals"
    'nine-gates': 'limit',
    'all-kongs': 'limit',
    'thirteen-orphans': 'limit',
    'jade-dragon': 'limit',
    'ruby-dragon': 'limit',
    'pearl-dragon': 'limit',
    'seat-wind': 1,
    'prevailing-wind': 1,
    'dragon-pung': 1,
    'no-flowers': 1,
    'own-flower': 1, // "Seat Flower"
    'own-season': 1, // "Seat Season"
    'all-flowers': 2,
    'all-seasons': 2,
    'seven-bonus-tiles': NONE,
    'eight-bonus-tiles': NONE,
    'self-pick': 1, // "Self-drawn Win"
    'fully-concealed': NONE,
    'robbing-kong': 1,
    'last-catch': NONE,
    'last-tile': 1, // "Last Tile Draw"
    'last-discard': 1, // "Last Tile Discard"
    'win-by-kong': 1, // "Out on Replacement", counts as self-drawn
    'win-by-double-kong': NONE,
    'heavenly-hand': 'limit', // "Blessing of Heaven"
    'earthly-hand': 'limit', // "Blessing of Earth"
  },
  limits: [
    'great-dragons',
    'small-winds',
    'great-winds',
    'all-honours',
    'self-triplets',
    'orphans',
    'nine-gates',
    'all-kongs',
    'thirteen-orphans',
    'jade-dragon',
    'ruby-dragon',
    'pearl-dragon',
    'heavenly-hand',
    'earthly-hand',
  ],
  limitStacks: {},
  payments: {
    // the variation used: "Discarder pays winner double score and the other players pay normal";
    // "Win by self-drawn tile: All players pay double value of the winner's hand"
    'discarder-pays-double': { discarder: 2, others: 1, selfDrawnEach: 2 },
    // the outline: "Win by a discarded tile: Discarder pays winner double the full score" (alone)
    'discarder-pays-all': { discarder: 2, others: 0, selfDrawnEach: 2 },
    // "forcing the discarder to pay the full value of the winning hand, while the other two
    // players only pay half"
    'discarder-pays-half': { discarder: 1, others: 0.5, selfDrawnEach: 2 },
  },
  rules: {
    selfTripletsOnDiscardPair: false,
    commonHandSuitedPair: true,
    bonusSetReplacesOwn: true,
    sevenPairsFourAlike: false, // "Seven unique pairs"
  },
};

export const HK_RULESETS: Readonly<Record<HkRulesetId, HkRuleset>> = { 'hk-new': HK_NEW, 'hk-old': HK_OLD };

/** Points for `faan` under a table (before payment multipliers and the divisor). */
export function tablePoints(table: PointsTable, faan: number): number {
  const f = Math.max(0, Math.floor(faan));
  if (typeof table !== 'string') {
    if (table.length === 0) return 0;
    return table[Math.min(f, table.length - 1)] as number;
  }
  switch (table) {
    case 'full-spicy':
      return 2 ** f;
    case 'half-spicy':
      // 2^f up to 4 faan; then doubling every two faan, odd faan 1.5x the one before
      if (f <= 4) return 2 ** f;
      return f % 2 === 0 ? 2 ** (f / 2 + 2) : 1.5 * 2 ** ((f - 1) / 2 + 2);
    case 'fan-laak':
      // 0:1, 1:2, 2:4, 3:8, 4-6:16, 7-9:32, 10+:64
      if (f <= 3) return 2 ** f;
      if (f <= 6) return 16;
      if (f <= 9) return 32;
      return 64;
  }
}

// ---------------------------------------------------------------------------------------------
// Riichi (japanese-fu-han-scoring.txt)

/**
 * Resolved scorer options of the seed's riichi table and of riichi-modern: the descriptors'
 * (shared/src/rulesets/riichi-options.ts, each option with its default and doc there).
 */
export type RiichiSeedOptions = { readonly ruleset: 'riichi' } & ResolvedOptions<typeof RIICHI_OPTION_SCHEMA, 'scorer'>;
export type RiichiModernOptions = { readonly ruleset: 'riichi-modern' } & ResolvedOptions<
  typeof RIICHI_MODERN_OPTION_SCHEMA,
  'scorer'
>;

export type RiichiOptions = RiichiSeedOptions | RiichiModernOptions;

export interface RiichiRuleset {
  readonly id: string;
  readonly family: 'riichi';
  /** The Limit: 2,000 basic points. */
  readonly limit: number;
  /** Percent of the limit by han from 5 han on (index = han; 13+ uses the last). */
  readonly limitPercentByHan: readonly number[];
  /**
   * Cells of the printed settling table that differ from the row above: the source prints
   * 25 fu at 6 han as 100% where every other row has 150%. Kept as printed (docs/rules/riichi.md: follow
   * the table); a house table can drop it.
   */
  readonly settlingExceptions: readonly { readonly fu: number; readonly han: number; readonly percent: number }[];
  /** Han: `[open, concealed]`; 0 = not when open. */
  readonly han: Readonly<Record<RiichiYaku, readonly [number, number]>>;
  /**
   * Yakuman: percent of the limit each (400 in the source; 0 = not played, e.g. to drop an
   * optional item). Shown as 13 han per 400%.
   */
  readonly yakuman: Readonly<Record<RiichiYakuman, number>>;
  readonly fu: {
    readonly base: number; // 20 "Winning"
    readonly concealedRon: number; // 10
    readonly openPinfu: number; // 10 (no-points hand, non-concealed version)
    readonly selfDraw: number; // 2
    readonly edgeOrClosedWait: number; // 2
    readonly pairWait: number; // 2
    readonly valuePair: number; // 2 per reason (seat wind, round wind, dragon)
    readonly pungSimple: number; // 2 open; concealed x2; kong x4
    readonly pungOrphan: number; // 4 open
    readonly sevenPairs: number; // 25
  };
  /**
   * Three-player riichi: the set has no 2m-8m, and North tiles set aside count as dora
   * (`WinInput.north`). Absent at the four-player tables.
   */
  readonly threePlayer?: boolean;
}

export const RIICHI_YAKU = [
  'riichi',
  'double-riichi',
  'ippatsu',
  'fully-concealed-self-draw',
  'pinfu',
  'all-simples',
  'dragon-pung',
  'seat-wind',
  'round-wind',
  'three-colour-chows',
  'two-identical-chows',
  'two-sets-identical-chows',
  'three-identical-chows',
  'pure-straight',
  'three-colour-pungs',
  'three-concealed-pungs',
  'three-kongs',
  'little-three-dragons',
  'all-pungs',
  'outside-hand',
  'terminals-in-all-sets',
  'all-terminals-and-honours',
  'half-flush',
  'full-flush',
  'seven-pairs',
  'last-tile-draw',
  'last-discard',
  'after-kong',
  'robbing-kong',
] as const;
export type RiichiYaku = (typeof RIICHI_YAKU)[number];

export const RIICHI_YAKUMAN = [
  'all-green',
  'four-kongs',
  'hidden-treasure',
  'big-three-dragons',
  'little-four-winds',
  'big-four-winds',
  'all-honours',
  'all-terminals',
  'nine-gates',
  'impure-nine-gates',
  'thirteen-orphans',
  'consecutive-pairs',
  'four-identical-chows',
  'heavenly-hand',
  'first-turn-self-draw',
  'first-turn-discard',
] as const;
export type RiichiYakuman = (typeof RIICHI_YAKUMAN)[number];

/** Han items that are not yaku: dora (indicators, ura, kong dora together) and red fives. */
export const RIICHI_HAN_ITEMS = ['dora', 'red-five', 'north-dora'] as const;
export type RiichiHanItem = (typeof RIICHI_HAN_ITEMS)[number];

/** Fu items of a riichi result (`unit: 'fu'`): the base, waits, pairs and one per meld kind. */
export const RIICHI_FU_ITEMS = [
  'winning',
  'concealed-ron',
  'open-pinfu',
  'self-draw',
  'closed-wait',
  'edge-wait',
  'pair-wait',
  'value-pair',
  'seven-pairs',
  ...(['melded', 'concealed'] as const).flatMap((c) =>
    (['pung', 'kong'] as const).flatMap((k) =>
      (['simples', 'terminals', 'winds', 'dragons'] as const).map((w) => `${c}-${k}-${w}` as const),
    ),
  ),
] as const;
export type RiichiFuItem = (typeof RIICHI_FU_ITEMS)[number];

export const RIICHI: RiichiRuleset = {
  id: 'riichi',
  family: 'riichi',
  limit: 2000,
  // 5: 100%, 6-7: 150%, 8-10: 200%, 11-12: 300%, 13+: 400%
  limitPercentByHan: [0, 0, 0, 0, 0, 100, 150, 150, 200, 200, 200, 300, 300, 400],
  settlingExceptions: [{ fu: 25, han: 6, percent: 100 }],
  han: {
    riichi: [0, 1],
    'double-riichi': [0, 1], // "Ready on first turn": 1 han on top of the declaration's 1
    ippatsu: [0, 1],
    'fully-concealed-self-draw': [0, 1],
    pinfu: [0, 1],
    'all-simples': [1, 1],
    'dragon-pung': [1, 1],
    'seat-wind': [1, 1],
    'round-wind': [1, 1],
    'three-colour-chows': [1, 2],
    'two-identical-chows': [0, 1],
    'two-sets-identical-chows': [0, 0], // not in the source: each pair counts as two identical chows
    'three-identical-chows': [0, 3], // optional item of the source
    'pure-straight': [1, 2],
    'three-colour-pungs': [2, 2],
    'three-concealed-pungs': [2, 2],
    'three-kongs': [2, 2],
    'little-three-dragons': [4, 4], // "Implies scores for Dragons": the dragon pungs count on top
    'all-pungs': [2, 2], // the table's 2 (the worked example's 1 is not followed; docs/rules/riichi.md)
    'outside-hand': [1, 2],
    'terminals-in-all-sets': [2, 3],
    'all-terminals-and-honours': [1, 3],
    'half-flush': [2, 3],
    'full-flush': [5, 6],
    'seven-pairs': [0, 2],
    'last-tile-draw': [1, 1],
    'last-discard': [1, 1],
    'after-kong': [1, 1],
    'robbing-kong': [1, 1],
  },
  yakuman: {
    'all-green': 400,
    'four-kongs': 400,
    'hidden-treasure': 400,
    'big-three-dragons': 400,
    'little-four-winds': 400,
    'big-four-winds': 400,
    'all-honours': 400,
    'all-terminals': 400,
    'nine-gates': 400,
    'impure-nine-gates': 400,
    'thirteen-orphans': 400,
    'consecutive-pairs': 400, // optional item of the source
    'four-identical-chows': 400, // optional item of the source
    'heavenly-hand': 400,
    'first-turn-self-draw': 400,
    'first-turn-discard': 400, // "some players specify a lower score (typically 200%)"
  },
  fu: {
    base: 20,
    concealedRon: 10,
    openPinfu: 10,
    selfDraw: 2,
    edgeOrClosedWait: 2,
    pairWait: 2,
    valuePair: 2,
    pungSimple: 2,
    pungOrphan: 4,
    sevenPairs: 25,
  },
};

/**
 * Today's common online values (docs/rules/riichi.md; sources per value in README.md:
 * Tenhou's and Mahjong Soul's published rules, the EMA Riichi Competition Rules 2016 and the
 * riichi.wiki rule-variation pages). Everything not named here is the seed's value, which these
 * rules share (fu, the 1-3 han yaku, the yakuman list, the settling rows).
 */
export const RIICHI_MODERN: RiichiRuleset = {
  ...RIICHI,
  id: 'riichi-modern',
  // 25 fu / 6 han pays haneman (150%) like every other row: no printed exception
  settlingExceptions: [],
  han: {
    ...RIICHI.han,
    'two-sets-identical-chows': [0, 3], // ryanpeikou, concealed only; no two-identical-chows on top
    'three-identical-chows': [0, 0], // not a yaku: read as two identical chows and a chow
    'little-three-dragons': [2, 2], // shousangen 2 han, the two dragon pungs (1 each) on top
    'all-terminals-and-honours': [2, 2], // honroutou 2 han, open or concealed
  },
  yakuman: {
    ...RIICHI.yakuman,
    'consecutive-pairs': 0, // not a yakuman: seven pairs (and its flush) as usual
    'four-identical-chows': 0, // not a yakuman: two sets of identical chows
  },
};

/**
 * Three-player riichi's values (docs/rules/riichi-sanma.md): riichi-modern's han, fu and
 * settling rows, as Tenhou's and Mahjong Soul's three-player tables keep the four-player yaku,
 * with North tiles set aside counted as dora. The payments among three are not here: they are
 * the table's convention (`shared/src/riichi/sanma/payments.ts`).
 */
export const RIICHI_SANMA: RiichiRuleset = {
  ...RIICHI_MODERN,
  id: 'riichi-sanma',
  threePlayer: true,
};

/** The four-player ruleset whose scorer counts a three-player hand (`scorerOptionsOf`, riichi/sanma/options.ts). */
export const RIICHI_SANMA_SCORER = 'riichi-modern' as const satisfies RiichiRulesetId;

/** The riichi tables by id. */
export const RIICHI_RULESETS: Readonly<Record<RiichiRulesetId, RiichiRuleset>> = {
  riichi: RIICHI,
  'riichi-modern': RIICHI_MODERN,
  'riichi-sanma': RIICHI_SANMA,
};

/**
 * Basic points from the settling table: fu x 2^(2+han) up to the limit, then the percentage
 * rows from 5 han. `basicPoints(60, 2) === 960`; `basicPoints(30, 4) === 1920`.
 */
export function basicPoints(
  fu: number,
  han: number,
  options?: Pick<RiichiOptions, 'kazoeLimit' | 'kiriage'>,
  r: RiichiRuleset = RIICHI,
): number {
  if (han >= 5) {
    const row = r.limitPercentByHan;
    let pct = row[Math.min(han, row.length - 1)] as number;
    for (const e of r.settlingExceptions) if (e.fu === fu && e.han === han) pct = e.percent;
    if (han >= 13 && options && !options.kazoeLimit) pct = 300;
    return (r.limit * pct) / 100;
  }
  const raw = fu * 2 ** (2 + han);
  if (options?.kiriage && raw === 1920) return r.limit;
  return Math.min(raw, r.limit);
}

/** Rounds up to the next multiple of `step` (fu to ten, payments to a hundred). */
export const roundUp = (n: number, step: number): number => Math.ceil(n / step) * step;
