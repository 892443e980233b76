/**
 * The options every Hong Kong table takes (hk-new and hk-old), with their defaults: the house
 * rules of docs/rules/hong-kong.md ("Options"). The two rulesets differ only in the default
 * points table and payment, and in which payments they play; each descriptor passes those in.
 */
import type { BooleanOption, ChoiceOption, CustomOption, IntegerOption, Label, NumberOption } from './schema.js';
import { TIMING_OPTIONS } from './timing-options.js';

export const POINTS_TABLE_NAMES = ['half-spicy', 'full-spicy', 'fan-laak'] as const;
export type PointsTableName = (typeof POINTS_TABLE_NAMES)[number];
/** A named table, or a custom array of points by faan (the last entry serves every higher faan). */
export type PointsTable = PointsTableName | readonly number[];

export const PAYMENT_MODES = ['discarder-pays-all', 'discarder-pays-half', 'discarder-pays-double'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

const HK_DOC = 'docs/rules/hong-kong.md';

/**
 * The most a custom table gives for a hand, and the largest divisor. With at least 1 as the divisor,
 * a hand moves at most 6 times the entry (hk-old, self-drawn): a match's points stay exact and
 * finite however long it runs (a divisor of 5e-324 made them Infinity), and its whole-point sums
 * far inside 32 bits.
 */
export const MAX_TABLE_POINTS = 100_000;
export const MAX_DIVISOR = 1_000_000;

/** A points table: a name, or 1 to 101 numbers from 0 to MAX_TABLE_POINTS (points by faan). */
function pointsTableRefusal(value: unknown): string | null {
  const names = `must be one of ${POINTS_TABLE_NAMES.join(', ')} or an array of points by faan`;
  if (typeof value === 'string') return (POINTS_TABLE_NAMES as readonly string[]).includes(value) ? null : names;
  if (!Array.isArray(value)) return names;
  if (value.length === 0 || value.length > 101) return 'needs 1 to 101 entries (points by faan)';
  const i = value.findIndex((v) => typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > MAX_TABLE_POINTS);
  return i < 0 ? null : `entry ${i} must be a number from 0 to ${MAX_TABLE_POINTS}`;
}

const flag = (
  key: string,
  dflt: boolean,
  label: Label,
  doc: string,
  source: string,
  lobby = false,
): BooleanOption & { readonly layer: 'scorer' } => ({
  key,
  layer: 'scorer',
  type: 'boolean',
  default: dflt,
  label,
  doc,
  source,
  lobby,
});

/** Bankruptcy ends the match (Hong Kong; a riichi table ends on a negative score by `bustEnds` instead). */
export const BANKRUPTCY_OPTION = {
  key: 'bankruptcyPoints',
  layer: 'table',
  type: 'number',
  min: 0,
  max: 1e9,
  default: 0,
  label: { en: 'Points lost that end the match (0: off)', 'zh-HK': '輸掉此點數即完場（0：不設）' },
  doc: 'the match ends once a seat has lost this many points; 0: off',
  source: 'the project (the sources play a fixed number of rounds)',
  calculator: false,
} as const satisfies NumberOption<'bankruptcyPoints'>;

/** The HK option schema with a ruleset's own defaults and payments. */
export function hkOptionSchema(own: {
  readonly table: PointsTableName;
  readonly payment: PaymentMode;
  readonly payments: readonly PaymentMode[];
}) {
  return {
    minFaan: {
      key: 'minFaan',
      layer: 'scorer',
      type: 'integer',
      min: 0,
      max: 100,
      default: 3,
      offered: [0, 1, 2, 3, 4, 5],
      label: { en: 'Minimum faan', 'zh-HK': '起糊番數' },
      doc: 'the least faan a win needs',
      source: `hk-new-style-scoring.txt and the old-style card: 3 faan (${HK_DOC})`,
      lobby: true,
    } satisfies IntegerOption,
    faanCap: {
      key: 'faanCap',
      layer: 'scorer',
      type: 'integer',
      min: 0,
      max: 100,
      default: 13,
      offered: [8, 10, 13],
      label: { en: 'Limit', 'zh-HK': '爆棚番數' },
      doc: 'faan above it count as it (10 and 8 are common); the value of an hk-old limit hand',
      source: `hk-new-style-scoring.txt: 13; the card's 10 with 10 (${HK_DOC})`,
      lobby: true,
    } satisfies IntegerOption,
    table: {
      key: 'table',
      layer: 'scorer',
      type: 'custom',
      default: own.table as PointsTable,
      allowed: `${POINTS_TABLE_NAMES.map((n) => `\`${n}\``).join(', ')}, or an array of points by faan`,
      check: pointsTableRefusal,
      offered: [
        { value: 'half-spicy', label: { en: 'half spicy', 'zh-HK': '半辣' } },
        { value: 'full-spicy', label: { en: 'full spicy', 'zh-HK': '全辣' } },
        { value: 'fan-laak', label: { en: 'fan-laak (old style)', 'zh-HK': '番叻（舊章）' } },
      ],
      label: { en: 'Points table', 'zh-HK': '計分表' },
      doc: 'points by faan before the payment rule',
      source: `hk-new-style-scoring.txt (half and full spicy), hk-old-style-scoring.txt (fan-laak)`,
      lobby: true,
    } satisfies CustomOption<string, PointsTable>,
    payment: {
      key: 'payment',
      layer: 'scorer',
      type: 'choice',
      values: own.payments,
      default: own.payment,
      valueLabels: {
        'discarder-pays-all': { en: 'discarder pays all', 'zh-HK': '出銃包自摸' },
        'discarder-pays-half': { en: 'discarder pays half', 'zh-HK': '出銃付一半' },
        'discarder-pays-double': { en: 'discarder pays double', 'zh-HK': '出銃付雙倍' },
      },
      label: { en: 'Who pays', 'zh-HK': '誰人付錢' },
      doc: 'who pays a win on a discard, and how much',
      source: `the rulesets' sources, as the payments table of ${HK_DOC} says`,
      lobby: true,
    } satisfies ChoiceOption<string, PaymentMode>,
    divisor: {
      key: 'divisor',
      layer: 'scorer',
      type: 'custom',
      default: 1,
      allowed: `a number from 1 to ${MAX_DIVISOR}`,
      check: (v) =>
        typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= MAX_DIVISOR
          ? null
          : `must be a number from 1 to ${MAX_DIVISOR}`,
      label: { en: 'Divide every payment by', 'zh-HK': '所有付款除以' },
      calculator: false,
      doc: 'every payment divided by this constant',
      source: 'the project (stakes in smaller units)',
    } satisfies CustomOption<string, number>,
    sevenPairs: flag(
      'sevenPairs',
      true,
      { en: 'Seven pairs', 'zh-HK': '七對子' },
      'seven pairs is a winning hand',
      'hk-new-style-scoring.txt (4 faan)',
      true,
    ),
    flowers: flag(
      'flowers',
      true,
      { en: 'Flowers and seasons', 'zh-HK': '花牌' },
      'off: 136 tiles, no bonus tiles and no flower faan',
      'hk-rules-how-to-play.txt ("8 tiles from the Seasons and Flower suits are optional")',
      true,
    ),
    falseWinPenalty: {
      ...flag(
        'falseWinPenalty',
        false,
        { en: 'A false win is charged', 'zh-HK': '詐糊罰款' },
        'a false declaration is charged instead of refused',
        'hk-rules-how-to-play.txt ("a false call results in a point penalty")',
      ),
      calculator: false,
    },
    ninePiecesPenalty: {
      ...flag(
        'ninePiecesPenalty',
        false,
        {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
        'liability (九張包) under discarder-pays-half',
        'hk-new-style-scoring.txt ("9 Pieces Penalty")',
        true,
      ),
      lobbyGroup: {
        name: 'liability',
        label: {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
      },
      calculator: false,
    },
    twelvePiecesPenalty: {
      ...flag(
        'twelvePiecesPenalty',
        false,
        {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
        'liability (十二張包自摸) under discarder-pays-half',
        'hk-new-style-scoring.txt ("12 Pieces Penalty")',
        true,
      ),
      lobbyGroup: {
        name: 'liability',
        label: {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
      },
      calculator: false,
    },
    fifthTilePenalty: {
      ...flag(
        'fifthTilePenalty',
        false,
        {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
        'liability (五子包生) under discarder-pays-half',
        'hk-new-style-scoring.txt ("Fifth Tile Penalty")',
        true,
      ),
      lobbyGroup: {
        name: 'liability',
        label: {
          en: 'Liability when the discarder pays half: nine pieces, twelve pieces, fifth tile',
          'zh-HK': '出銃付一半時包牌：九張包、十二張包自摸、五子包生',
        },
      },
      calculator: false,
    },
    bankruptcyPoints: BANKRUPTCY_OPTION,
    ...TIMING_OPTIONS,
  } as const;
}

export type HkOptionSchema = ReturnType<typeof hkOptionSchema>;
