/**
 * The command-line scorer's request and result (docs/scoring-command.md) as pure functions, so that the
 * command, the client's calculator page and tests all read a request the same way. A bad
 * request is a result (`valid: false` with a reason), never an exception.
 */
import { parseTiles } from '../notation.js';
import type { Meld } from '../table-types.js';
import { type TileKind, type Wind, WINDS } from '../tiles.js';
import { DEFAULT_RULESET } from '../rulesets/ids.js';
import { type ScoringOptions, resolveOptions } from './options.js';
import {
  type FourPlayerRulesetId,
  isSanmaRuleset,
  isScoreRulesetId,
  resolveSanmaScoreOptions,
  type SanmaRulesetId,
  type SanmaScoreOptions,
  type ScoreRulesetId,
} from './three-player.js';
import {
  isRiichiFamily,
  isWinCondition,
  RIICHI_ONLY_CONDITIONS,
  type ScoreErrorCode,
  type ScoreResult,
  type WinCondition,
  type WinInput,
} from './types.js';

/** A request as JSON: notation strings, winds 1-4. See docs/scoring-command.md. */
export interface ScoreRequest {
  readonly ruleset?: ScoreRulesetId;
  readonly options?: Record<string, unknown>;
  readonly concealed: string;
  readonly melds?: readonly { readonly kind: string; readonly tiles: string; readonly concealed?: boolean }[];
  readonly win: string;
  readonly flowers?: string;
  readonly selfDrawn?: boolean;
  readonly seatWind?: number;
  readonly roundWind?: number;
  readonly dealer?: boolean;
  readonly conditions?: readonly string[];
  readonly dora?: number;
  /** Three-player riichi: the Norths the winner set aside (0-4). */
  readonly north?: number;
  /** Extension: the discarder's seat wind, for split payments (default: the winner's left). */
  readonly discarder?: number;
}

export const REQUEST_KEYS = [
  'ruleset',
  'options',
  'concealed',
  'melds',
  'win',
  'flowers',
  'selfDrawn',
  'seatWind',
  'roundWind',
  'dealer',
  'conditions',
  'dora',
  'north',
  'discarder',
] as const;

interface ParsedFields {
  readonly input: WinInput;
  /** Fields that were read but play no part (unknown fields, dora outside riichi). */
  readonly warnings: readonly string[];
}

/** A request read: its ruleset with that ruleset's resolved options, and the scorer's input. */
export type ParsedRequest =
  | (ParsedFields & { readonly ruleset: FourPlayerRulesetId; readonly options: ScoringOptions })
  | (ParsedFields & { readonly ruleset: SanmaRulesetId; readonly options: SanmaScoreOptions });

type Parsed =
  | { readonly ok: true; readonly value: ParsedRequest }
  | { readonly ok: false; readonly result: ScoreResult };

const refuse = (code: ScoreErrorCode, reason: string): Parsed => ({
  ok: false,
  result: { valid: false, code, reason },
});

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

interface RedCount {
  n: number;
  /** Red fives by suit (m, p, s): a set holds one of each at most. */
  readonly bySuit: number[];
}

const NO_COPY_CHECK = { allowEmpty: true, checkCopies: false } as const;
const NO_COPY_CHECK_NONEMPTY = { allowEmpty: false, checkCopies: false } as const;

/** Tiles in notation; with `red` (riichi), `0m`/`0p`/`0s` are red fives, counted there. */
function readTiles(field: string, value: unknown, allowEmpty: boolean, red: RedCount | null): TileKind[] | string {
  if (typeof value !== 'string') return `"${field}" must be a string of tiles such as "123m456p"`;
  let text = value;
  if (red !== null && value.includes('0')) {
    text = value.replace(/([0-9]+)([mps])/g, (_all, digits: string, suit: string) => {
      const i = 'mps'.indexOf(suit);
      for (const d of digits) {
        if (d !== '0') continue;
        red.n++;
        red.bySuit[i] = (red.bySuit[i] as number) + 1;
      }
      return digits.replaceAll('0', '5') + suit;
    });
  }
  const r = parseTiles(text, allowEmpty ? NO_COPY_CHECK : NO_COPY_CHECK_NONEMPTY);
  if (!r.ok) return `"${field}": ${r.error.message}`;
  return r.value;
}

function readWind(field: string, v: unknown, dflt: Wind): Wind | string {
  if (v === undefined) return dflt;
  if (typeof v !== 'number' || !(WINDS as readonly number[]).includes(v)) {
    return `"${field}" must be 1 (East), 2 (South), 3 (West) or 4 (North)`;
  }
  return v as Wind;
}

/** Reads one request object into scorer input, refusing anything malformed with a reason. */
export function parseRequest(raw: unknown): Parsed {
  if (!isRecord(raw)) return refuse('score/bad_request', 'a request must be a JSON object');
  // Other programs may send fields of their own (an id, a note): they are ignored with a warning.
  const warnings: string[] = [];
  for (const key of Object.keys(raw)) {
    if (!(REQUEST_KEYS as readonly string[]).includes(key)) warnings.push(`unknown field "${key}" ignored`);
  }
  const ruleset = raw.ruleset ?? DEFAULT_RULESET;
  if (!isScoreRulesetId(ruleset)) {
    return refuse(
      'score/bad_ruleset',
      `unknown ruleset ${JSON.stringify(ruleset)} (hk-new, hk-old, riichi, riichi-modern or riichi-sanma)`,
    );
  }
  const sanma = isSanmaRuleset(ruleset);
  const opts = sanma ? resolveSanmaScoreOptions(raw.options) : resolveOptions(ruleset, raw.options);
  if (!opts.ok) return refuse(opts.error.code, opts.error.message);
  const riichi = sanma || isRiichiFamily(ruleset);
  const red: RedCount = { n: 0, bySuit: [0, 0, 0] };
  const tilesOf = (field: string, value: unknown, allowEmpty: boolean) =>
    readTiles(field, value, allowEmpty, riichi ? red : null);

  if (raw.concealed === undefined)
    return refuse('score/bad_request', 'missing "concealed" (the tiles before the winning tile)');
  if (raw.win === undefined) return refuse('score/bad_request', 'missing "win" (the winning tile)');
  const concealed = tilesOf('concealed', raw.concealed, true);
  if (typeof concealed === 'string') return refuse('score/bad_tiles', concealed);
  const winTiles = tilesOf('win', raw.win, false);
  if (typeof winTiles === 'string') return refuse('score/bad_tiles', winTiles);
  if (winTiles.length !== 1)
    return refuse('score/bad_tiles', `"win" must be one tile; "${String(raw.win)}" is ${winTiles.length}`);
  const bonus = raw.flowers === undefined ? [] : tilesOf('flowers', raw.flowers, true);
  if (typeof bonus === 'string') return refuse('score/bad_tiles', bonus);

  const melds: Meld[] = [];
  if (raw.melds !== undefined) {
    if (!Array.isArray(raw.melds)) return refuse('score/bad_request', '"melds" must be an array');
    for (const [i, m] of raw.melds.entries()) {
      if (!isRecord(m)) return refuse('score/bad_meld', `meld ${i + 1} must be an object { kind, tiles, concealed }`);
      for (const key of Object.keys(m)) {
        if (!['kind', 'tiles', 'concealed'].includes(key)) {
          return refuse('score/bad_meld', `meld ${i + 1}: unknown field "${key}" (kind, tiles, concealed)`);
        }
      }
      if (m.kind !== 'chow' && m.kind !== 'pung' && m.kind !== 'kong') {
        return refuse(
          'score/bad_meld',
          `meld ${i + 1}: kind must be chow, pung or kong, not ${JSON.stringify(m.kind)}`,
        );
      }
      const t = tilesOf(`melds[${i}].tiles`, m.tiles, false);
      if (typeof t === 'string') return refuse('score/bad_tiles', t);
      if (m.concealed !== undefined && typeof m.concealed !== 'boolean') {
        return refuse('score/bad_meld', `meld ${i + 1}: "concealed" must be true or false`);
      }
      if (m.concealed === true && m.kind !== 'kong') {
        return refuse('score/bad_meld', `meld ${i + 1}: only a kong can be declared concealed`);
      }
      melds.push({ kind: m.kind, tiles: [...t].sort((a, b) => a - b), concealed: m.concealed === true });
    }
  }

  // riichi-modern says how many red fives the set holds: none, or one per suit
  const o = opts.value;
  if ('redFives' in o && red.n > 0) {
    if (o.redFives === 0) return refuse('score/bad_tiles', 'this table plays without red fives (redFives: 0)');
    if (red.bySuit.some((n) => n > 1)) return refuse('score/too_many_copies', 'a set holds one red five per suit');
  }

  const wind = readWind;
  const seat = wind('seatWind', raw.seatWind, 1);
  if (typeof seat === 'string') return refuse('score/bad_wind', seat);
  const round = wind('roundWind', raw.roundWind, 1);
  if (typeof round === 'string') return refuse('score/bad_wind', round);
  let discarder: Wind | undefined;
  if (raw.discarder !== undefined) {
    const d = wind('discarder', raw.discarder, 1);
    if (typeof d === 'string') return refuse('score/bad_wind', d);
    if (d === seat) return refuse('score/bad_wind', 'the discarder cannot be the winner');
    if (sanma && d === 4) return refuse('score/bad_wind', 'three players sit East, South and West: nobody is North');
    discarder = d;
  }
  for (const f of ['selfDrawn', 'dealer'] as const) {
    if (raw[f] !== undefined && typeof raw[f] !== 'boolean')
      return refuse('score/bad_request', `"${f}" must be true or false`);
  }
  const conditions: WinCondition[] = [];
  if (raw.conditions !== undefined) {
    if (!Array.isArray(raw.conditions)) return refuse('score/bad_condition', '"conditions" must be an array of names');
    for (const c of raw.conditions) {
      if (!isWinCondition(c)) return refuse('score/bad_condition', `unknown condition ${JSON.stringify(c)}`);
      if (!riichi && RIICHI_ONLY_CONDITIONS.includes(c)) {
        return refuse('score/bad_condition', `condition "${c}" belongs to riichi, not ${ruleset}`);
      }
      if (!conditions.includes(c)) conditions.push(c);
    }
  }
  let dora: number | undefined;
  if (raw.dora !== undefined) {
    if (typeof raw.dora !== 'number' || !Number.isInteger(raw.dora) || raw.dora < 0 || raw.dora > 40) {
      return refuse('score/bad_request', '"dora" must be a whole number 0-40');
    }
    if (riichi) dora = raw.dora;
    else if (raw.dora !== 0) warnings.push(`"dora" counts only in riichi; ignored for ${ruleset}`);
  }
  let north: number | undefined;
  if (raw.north !== undefined) {
    if (typeof raw.north !== 'number' || !Number.isInteger(raw.north) || raw.north < 0 || raw.north > 4) {
      return refuse('score/bad_request', '"north" must be a whole number 0-4');
    }
    if (!sanma && raw.north !== 0) {
      return refuse('score/not_in_set', 'North is set aside as a dora at three-player tables only (riichi-sanma)');
    }
    if (sanma) north = raw.north;
  }
  const input: WinInput = {
    concealed,
    melds,
    win: winTiles[0] as TileKind,
    bonus,
    selfDrawn: raw.selfDrawn === true,
    seatWind: seat,
    roundWind: round,
    dealer: typeof raw.dealer === 'boolean' ? raw.dealer : seat === 1,
    conditions,
    ...(dora === undefined ? {} : { dora }),
    ...(north === undefined || north === 0 ? {} : { north }),
    ...(red.n > 0 ? { redFives: red.n } : {}),
    ...(discarder === undefined ? {} : { discarder }),
  };
  const value: ParsedRequest = sanma
    ? { ruleset, options: opts.value as SanmaScoreOptions, input, warnings }
    : { ruleset, options: opts.value as ScoringOptions, input, warnings };
  return { ok: true, value };
}

/**
 * A result as the command prints it: riichi fu items carry `"fu": N` instead of `value`, so that
 * the `value`s of the patterns add up to the han (or faan).
 */
export function resultToJson(result: ScoreResult): Record<string, unknown> {
  if (!result.valid) {
    const base = { valid: false, code: result.code, reason: result.reason };
    return result.warnings ? { ...base, warnings: result.warnings } : base;
  }
  return {
    ...result,
    patterns: result.patterns.map((p) =>
      p.unit === 'fu' ? { name: p.name, fu: p.value } : p.unit === 'han' ? { name: p.name, value: p.value } : p,
    ),
  };
}
