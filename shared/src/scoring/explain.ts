/**
 * The command-line scorer's human side, pure: command-line arguments into a request
 * (`requestFromArgs`) and a scored hand into text a player reads (`explain`).
 */
import type { Failure } from '../result.js';
import { formatTiles, parseTiles } from '../notation.js';
import { type TileKind, tileName } from '../tiles.js';
import { DEFAULT_RULESET, type HkRulesetId, rulesetOfFamily } from '../rulesets/ids.js';
import { defaultOptions } from './options.js';
import { HK_RULESETS } from './rulesets.js';
import { patternName } from './pattern-names.js';
import { isScoringRulesetId, type ScoreResult, type ScoringRulesetId, type WaitKind } from './types.js';

const CONDITION_FLAGS: Readonly<Record<string, string>> = {
  '--last-tile': 'lastTile',
  '--last-discard': 'lastDiscard',
  '--robbing-kong': 'robbingKong',
  '--kong-replacement': 'kongReplacement',
  '--double-kong': 'doubleKong',
  '--heavenly': 'heavenly',
  '--earthly': 'earthly',
  '--renhou': 'renhou',
  '--riichi': 'riichi',
  '--double-riichi': 'doubleRiichi',
  '--ippatsu': 'ippatsu',
};

const WIND_NAMES = ['East', 'South', 'West', 'North'] as const;

const WAIT_NAMES: Readonly<Record<WaitKind, string>> = {
  ryanmen: 'two-sided (ryanmen)',
  kanchan: 'closed (kanchan)',
  penchan: 'edge (penchan)',
  shanpon: 'on a pung (shanpon)',
  tanki: 'on the pair (tanki)',
  other: 'other',
};

function windArg(v: string): number | null {
  const letters: Record<string, number> = { e: 1, s: 2, w: 3, n: 4, east: 1, south: 2, west: 3, north: 4 };
  const n = letters[v.toLowerCase()] ?? Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 4 ? n : null;
}

function optionValue(v: string): unknown {
  try {
    return JSON.parse(v);
  } catch {
    return v;
  }
}

/** Flags of the score command that take a value (the rest are switches). */
export const SCORE_VALUE_FLAGS: ReadonlySet<string> = new Set([
  '--ruleset',
  '--win',
  '--flowers',
  '--chow',
  '--pung',
  '--kong',
  '--concealed-kong',
  '--seat',
  '--round',
  '--discarder',
  '--dora',
  '--north',
  '--option',
  '--options',
]);

/** Why arguments do not make a request (the calculator's pasted command says it by code, `client/src/i18n/failures.ts`). */
export const ARGS_CODES = [
  'args/needs_value',
  'args/needs_tiles',
  'args/needs_wind',
  'args/bad_wind',
  'args/needs_number',
  'args/needs_north',
  'args/needs_key_value',
  'args/needs_json',
  'args/unknown_flag',
  'args/two_hands',
  'args/no_hand',
  'args/no_winning_tile',
] as const;
export type ArgsCode = (typeof ARGS_CODES)[number];

const refuse = (code: ArgsCode, message: string, values: Readonly<Record<string, string>> = {}): Failure<ArgsCode> => ({
  code,
  message,
  values,
});

/** Builds a request from human-mode arguments, or why not (its English `message` is what the command prints). */
export function requestFromArgs(
  args: readonly string[],
): { request: Record<string, unknown>; json: boolean } | Failure<ArgsCode> {
  const request: Record<string, unknown> = {};
  const melds: { kind: string; tiles: string; concealed: boolean }[] = [];
  const conditions: string[] = [];
  const options: Record<string, unknown> = {};
  let hand: string | undefined;
  let json = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i] as string;
    const next = (): string | undefined => args[++i];
    const cond = CONDITION_FLAGS[a];
    if (cond) {
      conditions.push(cond);
      continue;
    }
    switch (a) {
      case '--json':
        json = true;
        break;
      case '--self-drawn':
        request.selfDrawn = true;
        break;
      case '--dealer':
        request.dealer = true;
        break;
      case '--not-dealer':
        request.dealer = false;
        break;
      case '--ruleset':
      case '--win':
      case '--flowers': {
        const v = next();
        if (v === undefined) return refuse('args/needs_value', `${a} needs a value`, { name: a });
        request[a.slice(2)] = v;
        break;
      }
      case '--chow':
      case '--pung':
      case '--kong':
      case '--concealed-kong': {
        const v = next();
        if (v === undefined) return refuse('args/needs_tiles', `${a} needs tiles`, { name: a });
        const kind = a === '--concealed-kong' ? 'kong' : a.slice(2);
        melds.push({ kind, tiles: v, concealed: a === '--concealed-kong' });
        break;
      }
      case '--seat':
      case '--round':
      case '--discarder': {
        const v = next();
        if (v === undefined) return refuse('args/needs_wind', `${a} needs a wind`, { name: a });
        const w = windArg(v);
        if (w === null)
          return refuse('args/bad_wind', `${a}: "${v}" is not a wind (1-4 or E, S, W, N)`, { name: a, name2: v });
        request[a === '--seat' ? 'seatWind' : a === '--round' ? 'roundWind' : 'discarder'] = w;
        break;
      }
      case '--dora': {
        const v = next();
        if (v === undefined) return refuse('args/needs_number', '--dora needs a number', { name: a });
        request.dora = Number(v);
        break;
      }
      case '--north': {
        const v = next();
        if (v === undefined) return refuse('args/needs_north', '--north needs a number (the Norths set aside, 0-4)');
        request.north = Number(v);
        break;
      }
      case '--option': {
        const v = next();
        const eq = v?.indexOf('=') ?? -1;
        if (v === undefined || eq <= 0) return refuse('args/needs_key_value', '--option needs key=value');
        options[v.slice(0, eq)] = optionValue(v.slice(eq + 1));
        break;
      }
      case '--options': {
        const v = next();
        const parsed = v === undefined ? undefined : optionValue(v);
        if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
          return refuse('args/needs_json', '--options needs a JSON object');
        Object.assign(options, parsed);
        break;
      }
      default:
        if (a.startsWith('--')) return refuse('args/unknown_flag', `unknown flag ${a}`, { name: a });
        if (hand !== undefined)
          return refuse('args/two_hands', `two hands given ("${hand}" and "${a}"); melds go in --chow/--pung/--kong`, {
            name: hand,
            name2: a,
          });
        hand = a;
    }
  }
  if (hand === undefined) return refuse('args/no_hand', 'no hand given');
  if (request.win === undefined) {
    // the last tile written is the winning tile
    const digits = hand.replace(/\s+/g, '').match(/^(.*?)(\d)([mpszf])$/);
    if (!digits)
      return refuse('args/no_winning_tile', `cannot find the winning tile at the end of "${hand}"`, { name: hand });
    const body = digits[1] as string;
    request.win = `${digits[2]}${digits[3]}`;
    request.concealed = /[mpszf]$/.test(body) || body === '' ? body : `${body}${digits[3]}`;
  } else {
    request.concealed = hand;
  }
  if (melds.length > 0) request.melds = melds;
  if (conditions.length > 0) request.conditions = conditions;
  if (Object.keys(options).length > 0) request.options = options;
  return { request, json };
}

/** A pattern's English name: `mixed-one-suit` → `Mixed one suit` (see `patternName` for both languages). */
export function patternLabel(name: string, ruleset: ScoringRulesetId = DEFAULT_RULESET): string {
  return patternName(name, 'en', ruleset);
}

/** `Mixed one suit 混一色`: the line label of a pattern in the command's text. */
function bilingual(name: string, ruleset: ScoringRulesetId): string {
  return `${patternName(name, 'en', ruleset)} ${patternName(name, 'zh-HK', ruleset)}`;
}

/** Columns a terminal gives the text: East Asian wide characters (kanji, kana, fullwidth forms) take two. */
export function displayWidth(text: string): number {
  let w = 0;
  for (const ch of text)
    w += /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(ch)
      ? 2
      : 1;
  return w;
}

function describeSet(text: string, declared: boolean): string {
  const r = parseTiles(text, { checkCopies: false });
  if (!r.ok || r.value.length === 0) return text;
  const t = r.value;
  const first = t[0] as TileKind;
  let what: string;
  if (t.length === 2) what = `pair of ${tileName(first)}`;
  else if (t.length === 4 && t.every((k) => k === first)) what = `kong of ${tileName(first)}`;
  else if (t.length === 3 && t.every((k) => k === first)) what = `pung of ${tileName(first)}`;
  else if (t.length === 3) what = `chow ${tileName(first)} to ${tileName(t[2] as TileKind)}`;
  else what = 'thirteen orphans';
  return `${text.padEnd(16)} ${what}${declared ? ' (declared)' : ''}`;
}

function dots(label: string, value: string, width = 44): string {
  return `  ${label} ${'.'.repeat(Math.max(2, width - displayWidth(label)))} ${value}`;
}

/** The human-readable explanation of one scored hand. */
export function explain(result: ScoreResult, request: Record<string, unknown>): string {
  if (!result.valid) return `Not a winning hand: ${result.reason}\n`;
  const lines: string[] = [];
  // names by family; a house table's id falls back to its family's names
  const family: ScoringRulesetId = isScoringRulesetId(result.ruleset)
    ? result.ruleset
    : rulesetOfFamily(result.faan === null ? 'riichi' : 'hk');
  const title = (name: string) => bilingual(name, family);
  const seat = WIND_NAMES[((request.seatWind as number | undefined) ?? 1) - 1];
  const round = WIND_NAMES[((request.roundWind as number | undefined) ?? 1) - 1];
  const how = request.selfDrawn === true ? 'self-drawn' : 'a discard';
  lines.push(`${result.ruleset}: ${seat} seat, ${round} round, won on ${String(request.win)} (${how})`);
  lines.push('');
  lines.push('Arrangement');
  const declaredCount = Array.isArray(request.melds) ? request.melds.length : 0;
  result.arrangement.forEach((set, i) => {
    lines.push(`  ${describeSet(set, i < declaredCount)}`);
  });
  if (result.arrangement.length === 0) lines.push('  (a win on the bonus tiles alone)');
  if (result.wait !== undefined) lines.push(`  wait: ${WAIT_NAMES[result.wait]}`);
  const flowers = typeof request.flowers === 'string' && request.flowers !== '' ? request.flowers : null;
  if (result.faan !== null) {
    const names = flowers ? unwrapNames(flowers) : 'none';
    lines.push(`  flowers/seasons: ${names}`);
  }
  lines.push('');
  if (result.faan !== null) {
    // A limit hand counts no winds, dragons or flowers; a hand only cut down to the cap does.
    const limits: readonly string[] =
      result.ruleset in HK_RULESETS ? HK_RULESETS[result.ruleset as HkRulesetId].limits : [];
    const limitHand = result.patterns.some((p) => limits.includes(p.name));
    lines.push(limitHand ? 'Faan (limit hand: winds, dragons and flowers do not count)' : 'Faan');
    for (const p of result.patterns) lines.push(dots(title(p.name), `${p.value} faan`));
    const raw = result.patterns.reduce((s, p) => s + p.value, 0);
    lines.push(dots('Total', `${result.faan} faan${raw > result.faan ? ` (${raw}, capped)` : ''}`));
    if (result.belowMinimum) lines.push("  Below the table's minimum faan: not enough to win.");
    const options = request.options as Record<string, unknown> | undefined;
    const hkDefaults = defaultOptions(isScoringRulesetId(result.ruleset) ? result.ruleset : rulesetOfFamily('hk'));
    const table = options?.table ?? ('table' in hkDefaults ? hkDefaults.table : null);
    const tableName = typeof table === 'string' ? table : 'custom table';
    lines.push(`  ${result.faan} faan = ${result.basicPoints} points (${tableName})`);
  } else {
    const han = result.patterns.filter((p) => p.unit !== 'fu');
    const fu = result.patterns.filter((p) => p.unit === 'fu');
    lines.push('Han');
    for (const p of han) lines.push(dots(title(p.name), `${p.value} han`));
    if (fu.length > 0) {
      lines.push('Fu');
      for (const p of fu) lines.push(dots(title(p.name), `${p.value} fu`));
      const rounded = result.rawFu !== undefined && result.rawFu !== result.fu ? `, rounded up to ${result.fu}` : '';
      lines.push(dots('Total', `${result.rawFu ?? result.fu} fu${rounded}`));
    }
    const pct = ((result.basicPoints ?? 0) / 20).toFixed(0);
    // no fu: a yakuman (400% and up), or a hand counted at a limit by rule (renhou at mangan)
    const head =
      result.fu === null
        ? (result.basicPoints ?? 0) >= 8000
          ? `${result.han} han of yakuman (${pct}% of the limit)`
          : `${result.han} han counted at ${pct}% of the limit`
        : `${result.han} han ${result.fu} fu`;
    lines.push(`  ${head}: basic points ${result.basicPoints}`);
    if (result.belowMinimum) lines.push('  No yaku (dora alone do not make a winning hand).');
  }
  lines.push('');
  lines.push('Payments');
  for (const p of result.points.payments) {
    const who = p.from === 'discarder' ? 'Discarder' : WIND_NAMES[p.from - 1];
    lines.push(dots(`${who} pays`, String(p.amount)));
  }
  lines.push(dots('Winner receives', String(result.points.winner)));
  for (const w of result.warnings ?? []) lines.push(`Note: ${w}`);
  return `${lines.join('\n')}\n`;
}

function unwrapNames(text: string): string {
  const r = parseTiles(text, { checkCopies: false });
  return r.ok ? `${formatTiles(r.value)} (${r.value.map(tileName).join(', ')})` : text;
}
