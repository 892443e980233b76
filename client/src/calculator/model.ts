/**
 * The scoring calculator's plain-data state and everything the page does with it, without a
 * DOM: picking tiles into the hand, melds, winning tile and flowers; what the palette lets the
 * player pick now and why not; the message while the hand is incomplete; the `WinInput` and
 * options handed to the shared scorer; the same win as a score command; and the quick typed
 * input (notation, or the score command's arguments). The page (page.ts) only draws this state.
 */
import {
  ALL_KINDS,
  copiesOf,
  explain,
  fail,
  formatTiles,
  HK_RULESETS,
  isBonus,
  isHonour,
  isRiichiFamily,
  isRiichiOptions,
  isRiichiScoreRuleset,
  isHkFamily,
  isSanmaRuleset,
  isSanmaScoreOptions,
  isScoringRulesetId,
  NORTH,
  resolveScoreOptions,
  SCORE_RULESET_IDS,
  type ScoreOptions,
  type ScoreRulesetId,
  scoreSanmaRequest,
  type MeldKind,
  ok,
  PLAYING_KINDS,
  parseRequest,
  parseTiles,
  patternName,
  RIICHI_ONLY_CONDITIONS,
  type Result,
  rankOf,
  requestFromArgs,
  SCORE_VALUE_FLAGS,
  resolveOptions,
  type ScoreErrorCode,
  scoreWin,
  type TileKind,
  tileName,
  type ValidScore,
  type WaitKind,
  WIN_CONDITIONS,
  type WinCondition,
  type WinInput,
  type Wind,
  DEFAULT_RULESET,
  redFiveCount,
  rulesetOfFamily,
  type HkRulesetId,
} from '@mahjong/shared';
import type { MessageId } from '../i18n/messages.js';
import { message, tileNameIn } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';

/** Where a click on the palette puts the tile. */
export const CALC_TARGETS = ['hand', 'win', 'chow', 'pung', 'kong', 'concealedKong'] as const;
export type CalcTarget = (typeof CALC_TARGETS)[number];

/** Each target's name, by message id. */
export const TARGET_LABELS: Readonly<Record<CalcTarget, MessageId>> = {
  hand: 'calc.targetHand',
  win: 'calc.winningTile',
  chow: 'act.chow',
  pung: 'act.pung',
  kong: 'act.kong',
  concealedKong: 'act.concealedKong',
};

export interface CalcMeld {
  readonly kind: MeldKind;
  /** Sorted kinds: three for a chow or pung, four for a kong. */
  readonly tiles: readonly TileKind[];
  /** Only a kong can be concealed. */
  readonly concealed: boolean;
}

/** Everything the player has chosen. Options are kept per ruleset so that switching back keeps them. */
export interface CalcState {
  /** A playable ruleset, or three-player riichi (the scorer counts it whether or not a table plays it). */
  readonly ruleset: ScoreRulesetId;
  /** Option overrides per ruleset (only what differs from the defaults need be here). */
  readonly options: Readonly<Record<ScoreRulesetId, Readonly<Record<string, unknown>>>>;
  readonly concealed: readonly TileKind[];
  readonly melds: readonly CalcMeld[];
  readonly win: TileKind | null;
  /** Flowers and seasons (kinds 34-41). */
  readonly bonus: readonly TileKind[];
  readonly selfDrawn: boolean;
  readonly seatWind: Wind;
  readonly roundWind: Wind;
  /** The discarder's seat wind on a discard win; null: the seat on the winner's left (the scorer's default). */
  readonly discarder: Wind | null;
  readonly conditions: readonly WinCondition[];
  /** Riichi: dora count (indicators, ura, kong dora together). */
  readonly dora: number;
  /** Riichi with red fives (`akaDora`, riichi-modern `redFives: 3`): how many the winner holds. */
  readonly redFives: number;
  /** Three-player riichi: the Norths the winner set aside (0-4), one han each. */
  readonly north: number;
  readonly target: CalcTarget;
}

/** Each wind as the score command writes it. */
const WIND_LETTERS: Readonly<Record<Wind, string>> = { 1: 'E', 2: 'S', 3: 'W', 4: 'N' };

/** Each wind's name, by message id. */
export const WIND_NAMES: Readonly<Record<Wind, MessageId>> = {
  1: 'calc.east',
  2: 'calc.south',
  3: 'calc.west',
  4: 'calc.north',
};

/** Each winning condition's name, by message id. */
export const CONDITION_LABELS: Readonly<Record<WinCondition, MessageId>> = {
  lastTile: 'calc.lastTile',
  lastDiscard: 'calc.lastDiscard',
  robbingKong: 'calc.robbing',
  kongReplacement: 'calc.kongReplacement',
  doubleKong: 'calc.doubleKong',
  heavenly: 'calc.heavenly',
  earthly: 'calc.earthly',
  renhou: 'calc.renhou',
  riichi: 'act.riichi',
  doubleRiichi: 'calc.doubleRiichi',
  ippatsu: 'calc.ippatsu',
};

/** The winning conditions a ruleset plays, in the order the page lists them. */
export function conditionsFor(ruleset: ScoreRulesetId): readonly WinCondition[] {
  return isRiichiScoreRuleset(ruleset)
    ? WIN_CONDITIONS
    : WIN_CONDITIONS.filter((c) => !RIICHI_ONLY_CONDITIONS.includes(c));
}

export function initialState(ruleset: ScoreRulesetId = DEFAULT_RULESET): CalcState {
  return {
    ruleset,
    options: Object.fromEntries(SCORE_RULESET_IDS.map((id) => [id, {}])) as CalcState['options'],
    concealed: [],
    melds: [],
    win: null,
    bonus: [],
    selfDrawn: false,
    seatWind: 1,
    roundWind: 1,
    discarder: null,
    conditions: [],
    dora: 0,
    redFives: 0,
    north: 0,
    target: 'hand',
  };
}

/** 2m-8m: not in three-player riichi's set. */
const notInSanmaSet = (kind: TileKind): boolean => kind >= 1 && kind <= 7;

/** Whether the palette offers `kind` under the chosen ruleset (three players: no 2m-8m). */
export const kindInSet = (state: Pick<CalcState, 'ruleset'>, kind: TileKind): boolean =>
  !(isSanmaRuleset(state.ruleset) && notInSanmaSet(kind));

/** The seat and prevailing winds of the chosen ruleset (three players: no North). */
export const windsFor = (ruleset: ScoreRulesetId): readonly Wind[] =>
  isSanmaRuleset(ruleset) ? [1, 2, 3] : [1, 2, 3, 4];

/** How many concealed tiles (before the winning tile) the hand needs with its melds: 13, 10, 7, 4 or 1. */
export const concealedNeeded = (state: Pick<CalcState, 'melds'>): number => 13 - 3 * state.melds.length;

/** How many of each of the 42 kinds the state uses (hand, melds, winning tile, bonus). */
export function usedCounts(state: CalcState): Uint8Array {
  const counts = new Uint8Array(ALL_KINDS);
  const add = (k: TileKind) => {
    counts[k] = (counts[k] ?? 0) + 1;
  };
  state.concealed.forEach(add);
  for (const m of state.melds) m.tiles.forEach(add);
  if (state.win !== null) add(state.win);
  state.bonus.forEach(add);
  // the Norths set aside are copies of North too
  if (isSanmaRuleset(state.ruleset)) counts[NORTH] = (counts[NORTH] ?? 0) + state.north;
  return counts;
}

/** Whether bonus tiles take part under the chosen ruleset and options. */
export function bonusInPlay(state: CalcState): boolean {
  if (isSanmaRuleset(state.ruleset) || isRiichiFamily(state.ruleset)) return false;
  const opts = resolveOptions(state.ruleset, state.options[state.ruleset]);
  return !opts.ok || isRiichiOptions(opts.value) || opts.value.flowers;
}

/** How many red fives the chosen riichi options let the player hold (0: none counted). */
export function redFivesInPlay(state: CalcState): number {
  if (!isRiichiScoreRuleset(state.ruleset)) return 0;
  const opts = currentOptions(state);
  if (!opts.ok) return 0;
  const o = opts.value;
  if (isSanmaScoreOptions(o)) return o.redFives;
  return isRiichiOptions(o) ? redFiveCount(o) : 0;
}

/** The tiles a click on `kind` would add for `target`: one tile, or a whole meld. */
function tilesFor(kind: TileKind, target: CalcTarget): TileKind[] | MessageId {
  switch (target) {
    case 'hand':
    case 'win':
      return [kind];
    case 'chow':
      if (isHonour(kind) || isBonus(kind)) return 'calc.chowSuited';
      if (rankOf(kind) > 7) return 'calc.chowLowest';
      return [kind, (kind + 1) as TileKind, (kind + 2) as TileKind];
    case 'pung':
      return [kind, kind, kind];
    case 'kong':
    case 'concealedKong':
      return [kind, kind, kind, kind];
  }
}

/** A bonus tile may be the winning tile where the ruleset values a win on the seventh or eighth (hk-new). */
const bonusTileWins = (ruleset: ScoreRulesetId): boolean =>
  !isSanmaRuleset(ruleset) && isHkFamily(ruleset) && HK_RULESETS[ruleset].values['eight-bonus-tiles'] !== null;

/**
 * Whether a click on `kind` does something now, and if not, why not in `lang` (for the button's
 * title). Bonus kinds always go to the flowers; the others go where `state.target` says.
 */
export function canPick(state: CalcState, kind: TileKind, lang: Lang = 'en'): Result<true> {
  const inPlay = () => fail('calc/used', message('calc.inPlay', lang, { tile: tileNameIn(kind, lang) }));
  const used = usedCounts(state);
  // a new winning tile replaces the old one
  if (state.target === 'win' && state.win !== null) used[state.win] = (used[state.win] ?? 1) - 1;
  if (isBonus(kind)) {
    if (state.target === 'win' && bonusTileWins(state.ruleset)) {
      return used[kind] === 0 ? ok(true) : inPlay();
    }
    if (!bonusInPlay(state)) return fail('calc/no_bonus', message('calc.noBonus', lang));
    return used[kind] === 0 ? ok(true) : inPlay();
  }
  if (!kindInSet(state, kind)) return fail('calc/not_in_set', message('calc.notInSanmaSet', lang));
  if (state.target === 'chow' && isSanmaRuleset(state.ruleset))
    return fail('calc/bad_meld', message('calc.noChowSanma', lang));
  const tiles = tilesFor(kind, state.target);
  if (typeof tiles === 'string') return fail('calc/bad_meld', message(tiles, lang));
  const need = new Map<TileKind, number>();
  for (const t of tiles) need.set(t, (need.get(t) ?? 0) + 1);
  for (const [t, n] of need) {
    if ((used[t] ?? 0) + n > copiesOf(t)) {
      return fail('calc/no_copies', message('calc.noCopies', lang, { n: copiesOf(t), tile: tileNameIn(t, lang) }));
    }
  }
  switch (state.target) {
    case 'hand':
      if (state.concealed.length >= concealedNeeded(state) && state.win !== null) {
        return fail('calc/hand_full', message('calc.handFull', lang));
      }
      return ok(true);
    case 'win':
      return ok(true);
    default:
      if (state.melds.length >= 4) return fail('calc/too_many_melds', message('calc.atMostFour', lang));
      if (state.concealed.length > concealedNeeded(state) - 3) {
        return fail('calc/hand_full', message('calc.noRoomMeld', lang));
      }
      return ok(true);
  }
}

/** Applies a click on the palette. A click that cannot be done leaves the state as it is. */
export function pickTile(state: CalcState, kind: TileKind, lang: Lang = 'en'): Result<CalcState> {
  const can = canPick(state, kind, lang);
  if (!can.ok) return can;
  if (isBonus(kind) && !(state.target === 'win' && bonusTileWins(state.ruleset))) {
    return ok({ ...state, bonus: sortTiles([...state.bonus, kind]) });
  }
  switch (state.target) {
    case 'hand':
      // a full hand takes the next tile as the winning tile
      if (state.concealed.length >= concealedNeeded(state)) return ok({ ...state, win: kind });
      return ok({ ...state, concealed: sortTiles([...state.concealed, kind]) });
    case 'win':
      return ok({ ...state, win: kind, target: 'hand' });
    default: {
      const tiles = tilesFor(kind, state.target) as TileKind[];
      const meldKind: MeldKind = state.target === 'concealedKong' ? 'kong' : state.target;
      const meld: CalcMeld = { kind: meldKind, tiles, concealed: state.target === 'concealedKong' };
      return ok({ ...state, melds: [...state.melds, meld] });
    }
  }
}

const sortTiles = (kinds: readonly TileKind[]): TileKind[] => [...kinds].sort((a, b) => a - b);

export const removeConcealed = (state: CalcState, index: number): CalcState => ({
  ...state,
  concealed: state.concealed.filter((_, i) => i !== index),
});

export const removeMeld = (state: CalcState, index: number): CalcState => ({
  ...state,
  melds: state.melds.filter((_, i) => i !== index),
});

export const removeBonus = (state: CalcState, index: number): CalcState => ({
  ...state,
  bonus: state.bonus.filter((_, i) => i !== index),
});

export const clearWin = (state: CalcState): CalcState => ({ ...state, win: null });

/** Empties the tiles, keeping the ruleset, options, winds and target. */
export const clearTiles = (state: CalcState): CalcState => ({
  ...state,
  concealed: [],
  melds: [],
  win: null,
  bonus: [],
  conditions: [],
  dora: 0,
  redFives: 0,
  north: 0,
});

export function toggleCondition(state: CalcState, c: WinCondition, on: boolean): CalcState {
  const rest = state.conditions.filter((x) => x !== c);
  return { ...state, conditions: on ? [...rest, c] : rest };
}

/** Changes the ruleset, dropping the conditions the new one does not play (and a North wind among three). */
export function setRuleset(state: CalcState, ruleset: ScoreRulesetId): CalcState {
  const allowed = conditionsFor(ruleset);
  const winds = windsFor(ruleset);
  const wind = (w: Wind): Wind => (winds.includes(w) ? w : 1);
  return {
    ...state,
    ruleset,
    conditions: state.conditions.filter((c) => allowed.includes(c)),
    seatWind: wind(state.seatWind),
    roundWind: wind(state.roundWind),
    discarder: state.discarder !== null && winds.includes(state.discarder) ? state.discarder : null,
    target: state.target === 'chow' && isSanmaRuleset(ruleset) ? 'hand' : state.target,
  };
}

/** Sets (or, with `undefined`, resets to the default) one option of the current ruleset. */
export function setOption(state: CalcState, key: string, value: unknown): CalcState {
  const current = { ...state.options[state.ruleset] };
  if (value === undefined) delete current[key];
  else current[key] = value;
  return { ...state, options: { ...state.options, [state.ruleset]: current } };
}

export function setSeatWind(state: CalcState, wind: Wind): CalcState {
  return { ...state, seatWind: wind, discarder: state.discarder === wind ? null : state.discarder };
}

/** The options of the current ruleset with its defaults filled in, or why they are refused. */
export function currentOptions(state: CalcState): Result<ScoreOptions> {
  return resolveScoreOptions(state.ruleset, state.options[state.ruleset]);
}

/**
 * What still has to be picked, or null when the hand has its tile count and winning tile; in
 * `lang` (English for the tests and the command's words).
 */
export function incompleteMessage(state: CalcState, lang: Lang = 'en'): string | null {
  const used = usedCounts(state);
  for (let k = 0; k < ALL_KINDS; k++) {
    const n = used[k] ?? 0;
    if (n > copiesOf(k as TileKind)) {
      const values = {
        n,
        name: formatTiles([k as TileKind]),
        tile: tileName(k as TileKind),
        n2: copiesOf(k as TileKind),
      };
      return message('calc.tooManyCopies', lang, values);
    }
  }
  if (state.melds.length > 4) return message('calc.tooManyMelds', lang, { n: state.melds.length });
  const need = concealedNeeded(state);
  const have = state.concealed.length;
  const m = state.melds.length;
  if (have < need) {
    const more = need - have;
    const id =
      m === 0
        ? more > 1
          ? 'calc.pickMore'
          : 'calc.pickOneMore'
        : more > 1
          ? m > 1
            ? 'calc.pickMoreMelds'
            : 'calc.pickMoreMeld'
          : m > 1
            ? 'calc.pickOneMoreMelds'
            : 'calc.pickOneMoreMeld';
    return message(id, lang, { n: more, n2: have, n3: need, n4: m });
  }
  if (have > need) {
    const id = m === 0 ? 'calc.tooMany' : m > 1 ? 'calc.tooManyWithMelds' : 'calc.tooManyWithMeld';
    return message(id, lang, { n: have - need, n2: have, n3: need, n4: m });
  }
  if (state.win === null) return message('calc.pickWinning', lang);
  return null;
}

/** The scorer's input for the state (whatever the tile count; the scorer judges it). */
export function toWinInput(state: CalcState): WinInput | null {
  if (state.win === null) return null;
  const riichi = isRiichiScoreRuleset(state.ruleset);
  const allowed = conditionsFor(state.ruleset);
  return {
    concealed: state.concealed,
    melds: state.melds.map((m) => ({ kind: m.kind, tiles: m.tiles, concealed: m.concealed })),
    win: state.win,
    bonus: bonusInPlay(state) ? state.bonus : [],
    selfDrawn: state.selfDrawn,
    seatWind: state.seatWind,
    roundWind: state.roundWind,
    dealer: state.seatWind === 1,
    conditions: state.conditions.filter((c) => allowed.includes(c)),
    ...(riichi ? { dora: state.dora } : {}),
    ...(riichi && redFivesWritten(state) > 0 ? { redFives: redFivesWritten(state) } : {}),
    ...(isSanmaRuleset(state.ruleset) && state.north > 0 ? { north: state.north } : {}),
    ...(!state.selfDrawn && state.discarder !== null && state.discarder !== state.seatWind
      ? { discarder: state.discarder }
      : {}),
  };
}

/** What the page shows under the hand. */
export type Evaluation =
  | { readonly kind: 'incomplete'; readonly message: string }
  | { readonly kind: 'bad-options'; readonly message: string }
  | { readonly kind: 'invalid'; readonly code: ScoreErrorCode; readonly reason: string }
  | { readonly kind: 'scored'; readonly result: ValidScore; readonly input: WinInput };

/** Scores the state with the shared scorer, or says what is missing (in `lang`). */
export function evaluate(state: CalcState, lang: Lang = 'en'): Evaluation {
  const missing = incompleteMessage(state, lang);
  if (missing !== null) return { kind: 'incomplete', message: missing };
  const opts = currentOptions(state);
  if (!opts.ok) return { kind: 'bad-options', message: opts.error.message };
  const input = toWinInput(state);
  if (input === null) return { kind: 'incomplete', message: message('calc.pickWinning', lang) };
  const o = opts.value;
  const result = isSanmaScoreOptions(o) ? scoreSanmaRequest(input, o) : scoreWin(input, o.ruleset, o);
  if (!result.valid) return { kind: 'invalid', code: result.code, reason: result.reason };
  return { kind: 'scored', result, input };
}

/** The state as a score request (docs/scoring-command.md): notation strings, winds 1-4. */
export function toRequest(state: CalcState): Record<string, unknown> {
  const input = toWinInput(state);
  const request: Record<string, unknown> = { ruleset: state.ruleset };
  const overrides = state.options[state.ruleset];
  if (Object.keys(overrides).length > 0) request.options = { ...overrides };
  request.concealed = withRedFives(formatTiles(state.concealed), redFivesWritten(state));
  if (state.melds.length > 0) {
    request.melds = state.melds.map((m) => ({ kind: m.kind, tiles: formatTiles(m.tiles), concealed: m.concealed }));
  }
  if (state.win !== null) request.win = formatTiles([state.win]);
  if (input !== null && input.bonus.length > 0) request.flowers = formatTiles(input.bonus);
  if (state.selfDrawn) request.selfDrawn = true;
  request.seatWind = state.seatWind;
  request.roundWind = state.roundWind;
  if (input?.discarder !== undefined) request.discarder = input.discarder;
  if (input !== null && input.conditions.length > 0) request.conditions = [...input.conditions];
  if (input?.dora !== undefined && input.dora > 0) request.dora = input.dora;
  if (input?.north !== undefined) request.north = input.north;
  return request;
}

const FLAG_OF: Readonly<Record<WinCondition, string>> = {
  lastTile: '--last-tile',
  lastDiscard: '--last-discard',
  robbingKong: '--robbing-kong',
  kongReplacement: '--kong-replacement',
  doubleKong: '--double-kong',
  heavenly: '--heavenly',
  earthly: '--earthly',
  renhou: '--renhou',
  riichi: '--riichi',
  doubleRiichi: '--double-riichi',
  ippatsu: '--ippatsu',
};

/** An option value as the command reads it back: a plain word as it is (`mangan`), anything else as JSON. */
const optionWord = (v: unknown): string =>
  typeof v === 'string' && /^[a-z][\w-]*$/i.test(v) && v !== 'true' && v !== 'false' && v !== 'null'
    ? v
    : JSON.stringify(v);

const shellWord = (s: string): string => (/^[\w.,:=/+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`);

/**
 * The same win as arguments of the score command (`npm run score -- <args>`), so that a player
 * can check the page against the command line and paste it back into the quick input.
 */
export function commandArgs(state: CalcState): string[] {
  const input = toWinInput(state);
  const args: string[] = [];
  // the last tile written is the winning tile, as the command reads it
  const red = redFivesWritten(state);
  args.push(withRedFives(formatTiles(state.win === null ? state.concealed : [...state.concealed, state.win]), red));
  if (state.ruleset !== DEFAULT_RULESET) args.push('--ruleset', state.ruleset);
  for (const m of state.melds) {
    args.push(m.concealed ? '--concealed-kong' : `--${m.kind}`, formatTiles(m.tiles));
  }
  if (input !== null && input.bonus.length > 0) args.push('--flowers', formatTiles(input.bonus));
  if (state.selfDrawn) args.push('--self-drawn');
  args.push('--seat', WIND_LETTERS[state.seatWind], '--round', WIND_LETTERS[state.roundWind]);
  if (input?.discarder !== undefined) args.push('--discarder', WIND_LETTERS[input.discarder]);
  for (const c of input?.conditions ?? []) args.push(FLAG_OF[c]);
  if (input?.dora !== undefined && input.dora > 0) args.push('--dora', String(input.dora));
  if (input?.north !== undefined) args.push('--north', String(input.north));
  for (const [k, v] of Object.entries(state.options[state.ruleset])) args.push('--option', `${k}=${optionWord(v)}`);
  return args;
}

/** Red fives written into requests: the count held, where the table plays them (one per suit at most). */
const redFivesWritten = (state: CalcState): number => Math.min(state.redFives, redFivesInPlay(state));

/** Writes up to `n` of the suited fives in `notation` as red fives (`0`), as the score command reads them. */
export function withRedFives(notation: string, n: number): string {
  let left = n;
  return notation.replace(/(\d+)([mps])/g, (_all, digits: string, suit: string) => {
    let out = '';
    for (const d of digits) {
      if (d === '5' && left > 0) {
        out += '0';
        left--;
      } else out += d;
    }
    return out + suit;
  });
}

export const commandLine = (state: CalcState): string =>
  `npm run score -- ${commandArgs(state)
    .map((a) => (a === '' ? "''" : shellWord(a)))
    .join(' ')}`;

/** The text the score command prints for this win (the shared `explain`). */
export function explainText(state: CalcState): string {
  const e = evaluate(state);
  if (e.kind === 'incomplete' || e.kind === 'bad-options') return e.message;
  const result = e.kind === 'scored' ? e.result : { valid: false as const, code: e.code, reason: e.reason };
  return explain(result, toRequest(state));
}

/**
 * Reads the quick input: tiles in notation (`123m456p789s11z`, spaces allowed), optionally
 * followed by the score command's flags (`--pung 555z --self-drawn --seat S`), and an optional
 * winning tile (else the last tile written is the winning tile, as in the command). Tiles,
 * melds and winning tile are replaced; winds, conditions, ruleset and options only where given.
 */
export function loadQuick(state: CalcState, text: string, winText = ''): Result<CalcState> {
  const words = text
    .trim()
    .replace(/^npm run score --\s*/, '')
    .split(/\s+/)
    .filter((w) => w !== '');
  const handParts: string[] = [];
  const flags: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w.startsWith('--')) {
      flags.push(w);
      // a value may come quoted from a pasted command line
      if (SCORE_VALUE_FLAGS.has(w) && i + 1 < words.length)
        flags.push((words[++i] as string).replace(/^'(.*)'$/, '$1'));
    } else {
      handParts.push(w.replace(/^'(.*)'$/, '$1'));
    }
  }
  const hand = handParts.join('');
  if (hand === '') return fail('calc/empty', 'type the tiles, e.g. 123m456p789s111z5p', {});
  // the parser's own message for bad notation (red fives 0m/0p/0s are riichi's)
  const check = parseTiles(hand.replace(/0(?=\d*[mps])/g, '5'), { checkCopies: false });
  if (!check.ok) return check;
  const args = [hand, ...flags];
  if (winText.trim() !== '') args.push('--win', winText.trim());
  const built = requestFromArgs(args);
  if ('code' in built) return { ok: false, error: built };
  return fromRequest(state, built.request);
}

/**
 * Loads a score request (the JSON of docs/scoring-command.md) into the state: tiles, melds and winning tile
 * are replaced; ruleset, winds, conditions and options only where the request gives them.
 */
export function fromRequest(state: CalcState, raw: Readonly<Record<string, unknown>>): Result<CalcState> {
  const request = raw.ruleset === undefined ? { ...raw, ruleset: state.ruleset } : raw;
  const parsed = parseRequest(request);
  if (!parsed.ok) {
    const r = parsed.result;
    // The scorer refuses with `valid: false` and its code; a valid result is only the type's other case.
    return fail(r.valid ? 'calc/bad_input' : r.code, r.valid ? 'not a request' : r.reason);
  }
  const { input, ruleset } = parsed.value;
  let next: CalcState = setRuleset(state, ruleset);
  next = {
    ...next,
    concealed: sortTiles(input.concealed),
    melds: input.melds.map((m) => ({ kind: m.kind, tiles: [...m.tiles], concealed: m.concealed })),
    win: input.win,
    bonus: !isRiichiScoreRuleset(ruleset) && request.flowers !== undefined ? sortTiles(input.bonus) : [],
    redFives: input.redFives ?? 0,
    north: input.north ?? 0,
  };
  if (request.selfDrawn !== undefined) next = { ...next, selfDrawn: input.selfDrawn };
  if (request.seatWind !== undefined) next = setSeatWind(next, input.seatWind);
  if (request.roundWind !== undefined) next = { ...next, roundWind: input.roundWind };
  if (request.discarder !== undefined) next = { ...next, discarder: input.discarder ?? null };
  if (request.conditions !== undefined) next = { ...next, conditions: [...input.conditions] };
  if (request.dora !== undefined) next = { ...next, dora: input.dora ?? 0 };
  if (request.options !== undefined) {
    next = { ...next, options: { ...next.options, [ruleset]: { ...(request.options as Record<string, unknown>) } } };
  }
  return ok(next);
}

/** One set of the arrangement, for display: its tiles and what it is. */
export interface ArrangedSet {
  readonly notation: string;
  readonly tiles: readonly TileKind[];
  /** What the set is (`tiles`: a set of no other shape, named by its count). */
  readonly label: SetKind;
  readonly declared: boolean;
}

export type SetKind = 'pair' | 'pung' | 'kong' | 'chow' | 'thirteenOrphans' | 'tiles';

function setLabel(tiles: readonly TileKind[]): SetKind {
  const first = tiles[0];
  const same = tiles.every((k) => k === first);
  if (tiles.length === 2 && same) return 'pair';
  if (tiles.length === 3 && same) return 'pung';
  if (tiles.length === 4 && same) return 'kong';
  if (tiles.length === 3) return 'chow';
  if (tiles.length >= 13) return 'thirteenOrphans';
  return 'tiles';
}

const SET_NAMES: Readonly<Record<SetKind, MessageId>> = {
  pair: 'calc.setPair',
  pung: 'calc.setPung',
  kong: 'calc.setKong',
  chow: 'calc.setChow',
  thirteenOrphans: 'calc.setOrphans',
  tiles: 'calc.setTiles',
};

/** A set's caption in `lang` ("pung", "pung (declared)", "5 tiles"). */
export function setCaption(set: ArrangedSet, lang: Lang = 'en'): string {
  const name = message(SET_NAMES[set.label], lang, { n: set.tiles.length });
  return set.declared ? message('calc.declared', lang, { name }) : name;
}

/** The scorer's arrangement (`['555z', '123s', '22s']`), declared melds first, as tiles with labels. */
export function arrangedSets(result: ValidScore, meldCount: number): ArrangedSet[] {
  return result.arrangement.map((notation, i) => {
    const tiles = parseNotation(notation);
    const label = setLabel(tiles);
    return { notation, tiles, label, declared: i < meldCount };
  });
}

function parseNotation(text: string): TileKind[] {
  const r = parseTiles(text, { checkCopies: false });
  return r.ok ? r.value : [];
}

export interface PatternRow {
  readonly name: string;
  /** English name (shared `patternName`). */
  readonly label: string;
  /** Traditional Chinese name (Japanese kanji for riichi items). */
  readonly labelZh: string;
  readonly value: number;
  readonly unit: 'faan' | 'han' | 'fu';
}

/** The patterns as table rows, named in both languages; riichi's fu items are listed apart by the page. */
export function patternRows(result: ValidScore): PatternRow[] {
  const unit = result.faan !== null ? 'faan' : 'han';
  // a house table's id names its family by its unit
  const ruleset = isScoringRulesetId(result.ruleset)
    ? result.ruleset
    : rulesetOfFamily(unit === 'han' ? 'riichi' : 'hk');
  return result.patterns.map((p) => ({
    name: p.name,
    label: patternName(p.name, 'en', ruleset),
    labelZh: patternName(p.name, 'zh-HK', ruleset),
    value: p.value,
    unit: p.unit ?? unit,
  }));
}

/** The line naming a riichi win's wait, by message id ("Wait: two-sided (ryanmen)"). */
export const WAIT_LABELS: Readonly<Record<WaitKind, MessageId>> = {
  ryanmen: 'calc.waitRyanmen',
  kanchan: 'calc.waitKanchan',
  penchan: 'calc.waitPenchan',
  shanpon: 'calc.waitShanpon',
  tanki: 'calc.waitTanki',
  other: 'calc.waitOther',
};

/** The headline in `lang`: "8 faan", "3 han 40 fu", "yakuman (200% of the limit)". */
export function totalLine(result: ValidScore, lang: Lang = 'en'): string {
  if (result.faan !== null) {
    const raw = result.patterns.reduce((s, p) => s + p.value, 0);
    const values = { n: result.faan, n2: raw };
    if (raw > result.faan) return message(result.limit ? 'calc.totalCappedLimit' : 'calc.totalCapped', lang, values);
    return message(result.limit ? 'calc.totalFaan' : 'calc.valueFaan', lang, values);
  }
  if (result.fu === null) {
    const basic = result.basicPoints ?? 0;
    // no fu: a yakuman, or a hand counted at a limit by rule (renhou at mangan)
    if (basic < 8000) return message('calc.hanLimit', lang, { n: result.han ?? 0, name: riichiLimitName(basic, lang) });
    return message('calc.yakumanShare', lang, { n: (basic / 20).toFixed(0) });
  }
  const values = { n: result.han ?? 0, n2: result.fu, name: riichiLimitName(result.basicPoints ?? 0, lang) };
  return message(result.limit ? 'calc.hanFuLimit' : 'calc.hanFu', lang, values);
}

function riichiLimitName(basic: number, lang: Lang): string {
  const id: MessageId =
    basic >= 8000
      ? 'result.yakuman'
      : basic >= 6000
        ? 'result.sanbaiman'
        : basic >= 4000
          ? 'result.baiman'
          : basic >= 3000
            ? 'result.haneman'
            : 'result.mangan';
  return message(id, lang);
}

export interface PaymentRow {
  /** Who pays, in the language asked for ("East pays", "Discarder pays"). */
  readonly who: string;
  readonly amount: number;
}

export function paymentRows(result: ValidScore, lang: Lang = 'en'): PaymentRow[] {
  return result.points.payments.map((p) => ({
    who:
      p.from === 'discarder'
        ? message('calc.discarderPays', lang)
        : message('calc.windPays', lang, { wind: message(WIND_NAMES[p.from], lang) }),
    amount: p.amount,
  }));
}

/** The minimum-faan note, or the riichi no-yaku note, when the hand is complete but does not win. */
export function belowMinimumNote(result: ValidScore, options: ScoreOptions, lang: Lang = 'en'): string | null {
  if (!result.belowMinimum) return null;
  if (isSanmaScoreOptions(options) || isRiichiOptions(options)) return message('calc.noYaku', lang);
  return message('calc.belowMinimum', lang, { n: options.minFaan });
}

/** Payment modes a HK ruleset plays (for the options form). */
export const paymentModesOf = (ruleset: HkRulesetId): string[] => Object.keys(HK_RULESETS[ruleset].payments);

/** The 34 playing kinds in palette order, then the 8 bonus kinds. */
export const PALETTE: readonly TileKind[] = Array.from({ length: PLAYING_KINDS }, (_, k) => k as TileKind);
export const BONUS_PALETTE: readonly TileKind[] = Array.from({ length: 8 }, (_, i) => (PLAYING_KINDS + i) as TileKind);
