/**
 * The scorer's vocabulary: what a win looks like going in (`WinInput`), what comes out
 * (`ScoreResult`, the same shape as the command-line scorer's JSON result), and the fixed
 * lists (rulesets, winning conditions, reason codes) as `as const` arrays with derived unions.
 */
import type { Meld } from '../table-types.js';
import type { TileKind, Wind } from '../tiles.js';

/** The scorer plays every ruleset a table plays (ids.ts lists them). */
export {
  HK_RULESET_IDS,
  type HkRulesetId,
  isRiichiFamily,
  isRulesetId as isScoringRulesetId,
  RIICHI_RULESET_IDS,
  type RiichiRulesetId,
  RULESET_IDS as SCORING_RULESET_IDS,
  type RulesetId as ScoringRulesetId,
} from '../rulesets/ids.js';

/** How the hand was won, as the table's state (never a client's say-so) establishes it. */
export const WIN_CONDITIONS = [
  'lastTile', // self-drawn last tile of the live wall
  'lastDiscard', // won on the discard after the last tile of the wall was drawn
  'robbingKong', // won on the tile another player added to an exposed pung
  'kongReplacement', // won on a kong (or flower, HK) replacement tile
  'doubleKong', // won on a replacement after a kong declared on a replacement
  'heavenly', // dealer wins on the dealt 14
  'earthly', // non-dealer wins on the dealer's first discard (riichi: any first-turn win)
  'renhou', // riichi only: a non-dealer wins on a discard before their own first draw, no call made
  'riichi', // riichi only: ready declared
  'doubleRiichi', // riichi only: ready declared on the first turn
  'ippatsu', // riichi only: won within one go-round of the declaration
] as const;
export type WinCondition = (typeof WIN_CONDITIONS)[number];
export const RIICHI_ONLY_CONDITIONS: readonly WinCondition[] = ['renhou', 'riichi', 'doubleRiichi', 'ippatsu'];

export const isWinCondition = (s: unknown): s is WinCondition => (WIN_CONDITIONS as readonly unknown[]).includes(s);

/** One completed hand as the table (or a request) describes it. */
export interface WinInput {
  /** Concealed tiles before the winning tile: 13, 10, 7, 4 or 1 of them (kongs count as three). */
  readonly concealed: readonly TileKind[];
  /** Declared melds; a kong with `concealed: true` is a concealed kong. */
  readonly melds: readonly Meld[];
  /** The winning tile. A bonus tile here is a win on the seventh or eighth bonus tile (hk-new). */
  readonly win: TileKind;
  /** Flowers and seasons in front of the winner. */
  readonly bonus: readonly TileKind[];
  readonly selfDrawn: boolean;
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  readonly dealer: boolean;
  readonly conditions: readonly WinCondition[];
  /** Riichi: dora count (indicators, ura, kong dora all together). */
  readonly dora?: number;
  /** Riichi: red fives among the winner's tiles (count with `akaDora`, or riichi-modern's `redFives: 3`). */
  readonly redFives?: number;
  /**
   * Three-player riichi: North tiles the winner set aside (nukidora, 0-4), one han each like a
   * dora and not part of the hand. Indicators pointing at North count in `dora`, as for any
   * tile. Refused at a four-player table (`RiichiRuleset.threePlayer`).
   */
  readonly north?: number;
  /** The discarder's seat wind, for split payments on a discard win. Default: the seat on the left. */
  readonly discarder?: Wind;
}

export const PATTERN_UNITS = ['faan', 'han', 'fu'] as const;
export type PatternUnit = (typeof PATTERN_UNITS)[number];

/** One counted pattern: `{ name: 'mixed-one-suit', value: 3 }`; riichi fu items carry `unit: 'fu'`. */
export interface ScoredPattern {
  readonly name: string;
  readonly value: number;
  readonly unit?: PatternUnit;
}

/** Who pays: the discarder, or a seat wind (self-drawn wins and split payments). */
export type Payer = 'discarder' | Wind;

export interface Payment {
  readonly from: Payer;
  readonly amount: number;
}

export interface Points {
  /** What the winner receives: the sum of the payments. */
  readonly winner: number;
  readonly payments: readonly Payment[];
}

/** Stable reason codes for a hand that cannot be scored. */
export const SCORE_ERROR_CODES = [
  'score/bad_request', // the request is not an object of the right shape
  'score/bad_ruleset',
  'score/bad_options',
  'score/bad_tiles', // notation that does not parse
  'score/bad_wind',
  'score/bad_condition',
  'score/tile_count', // not 14 tiles (a kong counting as 3)
  'score/too_many_copies', // more than four of a kind (or a bonus tile twice)
  'score/bad_meld', // a meld whose tiles do not make that meld (chow of honours, kong of three)
  'score/bonus_in_hand', // a flower or season among the playing tiles
  'score/bonus_not_in_play', // bonus tiles in a game without them (riichi, `flowers: false`)
  'score/not_in_set', // a tile the table's set lacks (2m-8m among three), or North set aside among four
  'score/not_complete', // the tiles do not make a winning hand
  'score/bad_condition_combination', // e.g. robbing a kong on a self-draw
] as const;
export type ScoreErrorCode = (typeof SCORE_ERROR_CODES)[number];

export interface InvalidScore {
  readonly valid: false;
  readonly code: ScoreErrorCode;
  readonly reason: string;
  /** Request fields that were ignored (unknown fields): scored anyway, but said. */
  readonly warnings?: readonly string[];
}

export interface ValidScore {
  readonly valid: true;
  readonly ruleset: string;
  /** HK: the total faan after the cap; null for riichi. */
  readonly faan: number | null;
  /** Riichi: total han, dora included; a yakuman counts 13 per 400% of the limit (null for HK). */
  readonly han: number | null;
  /** Riichi: fu after rounding (null for HK and yakuman). */
  readonly fu: number | null;
  /** A limit hand (HK) or a limit / yakuman result (riichi: mangan and above). */
  readonly limit: boolean;
  /** Complete, but short of the minimum (HK minimum faan; riichi: no yaku). */
  readonly belowMinimum: boolean;
  readonly patterns: readonly ScoredPattern[];
  /** The reading used: melds and pair in notation, declared melds first, e.g. `['555z', '123s', '22s']`. */
  readonly arrangement: readonly string[];
  readonly points: Points;
  /**
   * The table amount before the payment multipliers: riichi's basic points (the settling-table
   * value, 960 for 60 fu 2 han); HK, the points for the faan (after the divisor).
   */
  readonly basicPoints?: number;
  /** Riichi: raw fu before rounding. */
  readonly rawFu?: number;
  /** Riichi: the wait the winning tile was counted as. */
  readonly wait?: WaitKind;
  /** Request fields that were ignored (unknown fields): scored anyway, but said. */
  readonly warnings?: readonly string[];
}

export type ScoreResult = InvalidScore | ValidScore;

export const WAIT_KINDS = ['ryanmen', 'kanchan', 'penchan', 'shanpon', 'tanki', 'other'] as const;
export type WaitKind = (typeof WAIT_KINDS)[number];
