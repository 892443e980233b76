/**
 * The riichi scorer (japanese-fu-han-scoring.txt, read as docs/rules/riichi.md says). For every reading of
 * the hand and every place the winning tile can take in it (the wait), it counts fu and han,
 * looks the result up in the settling table, and keeps the arrangement that pays most.
 */
import { isNineGates } from '../analysis.js';
import {
  isDragonTile,
  isHonour,
  isSuited,
  isTerminal,
  isWindTile,
  rankOf,
  suitOf,
  type TileKind,
  windKind,
} from '../tiles.js';
import { arrangementOf, checkHand, type HandSet, type Reading, readings, type TileFacts, tileFacts } from './hand.js';
import { conditionConflict } from './hk.js';
import { redFiveCount } from './options.js';
import { riichiPayments } from './payments.js';
import {
  basicPoints,
  RIICHI,
  type RenhouValue,
  type RiichiOptions,
  type RiichiRuleset,
  type RiichiYaku,
  type RiichiYakuman,
  roundUp,
} from './rulesets.js';
import type { InvalidScore, ScoredPattern, ScoreResult, WaitKind, WinInput } from './types.js';

const invalid = (code: InvalidScore['code'], reason: string): InvalidScore => ({ valid: false, code, reason });

interface Outcome {
  readonly basic: number;
  readonly han: number;
  readonly fu: number | null;
  readonly rawFu: number | null;
  readonly yaku: boolean;
  readonly yakuman: boolean;
  /** Filled only for a recorded count. */
  readonly patterns: ScoredPattern[];
  readonly reading: Reading;
  readonly place: Placement;
}

const NO_PATTERNS: ScoredPattern[] = [];

/** Collects the han, fu and yakuman items of one arrangement. */
class Tally {
  /** The items, kept only when `record` (the chosen arrangement is counted a second time). */
  readonly fuItems: ScoredPattern[];
  readonly hanItems: ScoredPattern[];
  readonly yakuman: ScoredPattern[];
  /** Han of yaku (dora apart), fu, and the yakuman as percent of the limit and as han. */
  han = 0;
  fu = 0;
  yakumanPercent = 0;
  yakumanHan = 0;
  constructor(
    private readonly table: RiichiRuleset,
    private readonly concealedHand: boolean,
    private readonly doubleYakuman: boolean,
    private readonly record: boolean,
  ) {
    // a count that keeps no items shares one empty list (never pushed to)
    this.fuItems = record ? [] : NO_PATTERNS;
    this.hanItems = record ? [] : NO_PATTERNS;
    this.yakuman = record ? [] : NO_PATTERNS;
  }
  yaku(name: RiichiYaku): void {
    const row = this.table.han[name];
    const v = this.concealedHand ? row[1] : row[0];
    if (v > 0) this.addHan(name, v);
  }
  addHan(name: string, v: number): void {
    this.han += v;
    if (this.record) this.hanItems.push({ name, value: v, unit: 'han' });
  }
  addFu(name: string, v: number): void {
    this.fu += v;
    if (this.record) this.fuItems.push({ name, value: v, unit: 'fu' });
  }
  ym(name: RiichiYakuman, double = false): void {
    let pct = this.table.yakuman[name];
    if (pct <= 0) return;
    if (double && this.doubleYakuman) pct *= 2;
    this.yakumanPercent += pct;
    this.yakumanHan += (13 * pct) / 400;
    if (this.record) this.yakuman.push({ name, value: (13 * pct) / 400, unit: 'han' });
  }
}

/** A set holds a tile that passes `pred` (a chow: its first or last tile). */
function setHas(s: HandSet, pred: (k: TileKind) => boolean): boolean {
  return s.kind === 'chow' ? pred(s.tile) || pred((s.tile + 2) as TileKind) : pred(s.tile);
}

/** The kinds three-player riichi takes out of the set: 2m to 8m. */
const isMissingAmongThree = (k: TileKind): boolean => k >= 1 && k <= 7;
const NORTH_KIND = windKind(4);

const isOrphanKind = (k: TileKind): boolean => isTerminal(k) || isHonour(k);

/** Pays more: basic points, then han, then fu, then fu before rounding (the source's 2 extra points). */
function better(o: Outcome, best: Outcome): boolean {
  if (o.basic !== best.basic) return o.basic > best.basic;
  if (o.han !== best.han) return o.han > best.han;
  if ((o.fu ?? 0) !== (best.fu ?? 0)) return (o.fu ?? 0) > (best.fu ?? 0);
  return (o.rawFu ?? 0) > (best.rawFu ?? 0);
}

/** The options of either riichi table, read once per hand into what the count needs. */
interface Play {
  readonly options: RiichiOptions;
  readonly openTanyao: boolean;
  readonly doubleYakuman: boolean;
  /** How renhou counts; the seed's table with `renhouAsYakuman: false` adds 5 han on top. */
  readonly renhou: RenhouValue | 'five-han';
  /** A discard win before the winner's first draw (`renhou`, or riichi's `earthly` on a discard). */
  readonly renhouWin: boolean;
  /** Red fives that count (one han each, like dora). */
  readonly redFives: number;
}

function playOf(input: WinInput, options: RiichiOptions): Play {
  const held = Math.max(0, Math.floor(input.redFives ?? 0));
  return {
    options,
    openTanyao: options.openTanyao,
    doubleYakuman: options.doubleYakuman,
    // the seed's table: renhou a yakuman or 5 han; riichi-modern's: off, a mangan or a yakuman
    renhou: 'renhouAsYakuman' in options ? (options.renhouAsYakuman ? 'yakuman' : 'five-han') : options.renhou,
    renhouWin: !input.selfDrawn && (input.conditions.includes('renhou') || input.conditions.includes('earthly')),
    redFives: Math.min(held, redFiveCount(options)),
  };
}

/** A place for the winning tile: the pair, or one of the concealed groups (by index in `sets`). */
interface Placement {
  readonly wait: WaitKind;
  /** Index of the group the tile completes, or -1 for the pair. */
  readonly group: number;
}

/** Scores a riichi win; `table` is the riichi ruleset's data (a house table may change it). */
/**
 * The seed's optional hands (japanese-fu-han-scoring.txt: "can be considered as optional"),
 * dropped as riichi-modern's table drops them when a `riichi` table turns `optionalYaku` off.
 */
const withoutOptionalYaku = (t: RiichiRuleset): RiichiRuleset => ({
  ...t,
  han: { ...t.han, 'three-identical-chows': [0, 0] },
  yakuman: { ...t.yakuman, 'four-identical-chows': 0, 'consecutive-pairs': 0 },
});

export function scoreRiichi(input: WinInput, options: RiichiOptions, given: RiichiRuleset = RIICHI): ScoreResult {
  const table = 'optionalYaku' in options && !options.optionalYaku ? withoutOptionalYaku(given) : given;
  if (input.bonus.length > 0 || input.win >= 34) {
    return invalid('score/bonus_not_in_play', 'riichi is played without flowers and seasons');
  }
  const north = input.north ?? 0;
  if (!Number.isInteger(north) || north < 0 || north > 4) {
    return invalid('score/bad_tiles', `north set aside must be 0 to 4, got ${String(input.north)}`);
  }
  if (north > 0 && table.threePlayer !== true) {
    return invalid('score/not_in_set', 'North is set aside as a dora at three-player tables only');
  }
  if (
    table.threePlayer === true &&
    [input.win, ...input.concealed, ...input.melds.flatMap((m) => m.tiles)].some(isMissingAmongThree)
  ) {
    return invalid('score/not_in_set', 'the three-player set has no 2 to 8 of characters');
  }
  const conflict = conditionConflict(input);
  if (conflict) return invalid('score/bad_condition_combination', conflict);
  const checked = checkHand(input.concealed, input.melds, input.win, input.bonus);
  if (!checked.ok) return invalid(checked.code, checked.reason);
  const hand = checked.hand;
  if ((hand.allCounts[NORTH_KIND] ?? 0) + north > 4) {
    return invalid('score/too_many_copies', 'more than four North tiles, counting those set aside');
  }
  const ready = input.conditions.includes('riichi') || input.conditions.includes('doubleRiichi');
  if (ready && !hand.concealedHand) {
    return invalid('score/bad_condition_combination', 'riichi is declared on a concealed hand only');
  }
  if (input.conditions.includes('ippatsu') && !ready) {
    return invalid('score/bad_condition_combination', 'ippatsu needs a riichi declaration');
  }
  const rs = readings(hand, { sevenPairs: true, fourAlikePairs: false });
  if (rs.length === 0) {
    return invalid(
      'score/not_complete',
      'the tiles do not make a winning hand (four sets and a pair, seven pairs or thirteen orphans)',
    );
  }
  const facts = tileFacts(hand.allCounts);
  const play = playOf(input, options);
  // Every (reading, place of the winning tile); with one, it is counted once, with its items.
  const arrangements: { r: Reading; p: Placement }[] = [];
  for (const r of rs) for (const p of placements(r, input.win)) arrangements.push({ r, p });
  if (arrangements.length === 0) return invalid('score/not_complete', 'the winning tile has no place in the hand');
  const only = arrangements.length === 1;
  let best: Outcome | undefined;
  for (const { r, p } of arrangements) {
    const o = scoreOne(r, p, hand.counts, facts, hand.concealedHand, input, play, table, only);
    if (best === undefined || better(o, best)) best = o;
  }
  if (best === undefined) return invalid('score/not_complete', 'the winning tile has no place in the hand');
  // count the chosen arrangement again, this time keeping every item
  if (!only) {
    best = scoreOne(best.reading, best.place, hand.counts, facts, hand.concealedHand, input, play, table, true);
  }
  // Renhou at mangan: the hand scores mangan, or its own value when that is higher with a yaku.
  if (play.renhou === 'mangan' && play.renhouWin && !best.yakuman && (!best.yaku || best.basic < table.limit)) {
    best = {
      ...best,
      basic: table.limit,
      han: RENHOU_MANGAN_HAN,
      fu: null,
      rawFu: null,
      yaku: true,
      patterns: [{ name: 'first-turn-discard', value: RENHOU_MANGAN_HAN, unit: 'han' }],
    };
  }
  return {
    valid: true,
    ruleset: table.id,
    faan: null,
    han: best.han,
    fu: best.fu,
    limit: best.basic >= table.limit,
    belowMinimum: !best.yaku,
    patterns: best.patterns,
    arrangement: arrangementOf(best.reading),
    points: riichiPayments(best.basic, { selfDrawn: input.selfDrawn, winner: input.seatWind, dealer: input.dealer }),
    basicPoints: best.basic,
    ...(best.rawFu === null ? {} : { rawFu: best.rawFu }),
    wait: best.place.wait,
  };
}

function placements(r: Reading, win: TileKind): Placement[] {
  switch (r.form) {
    case 'seven-pairs':
    case 'thirteen-orphans':
      return [{ wait: 'tanki', group: -1 }];
    case 'standard': {
      const out: Placement[] = [];
      if (r.pair === win) out.push({ wait: 'tanki', group: -1 });
      const sets = r.sets;
      for (let i = 0; i < sets.length; i++) {
        const s = sets[i] as HandSet;
        if (s.declared) continue;
        let wait: WaitKind | null = null;
        if (s.kind === 'pung' && s.tile === win) wait = 'shanpon';
        if (s.kind === 'chow' && win >= s.tile && win <= s.tile + 2) {
          const pos = win - s.tile;
          const rank = rankOf(s.tile);
          if (pos === 1) wait = 'kanchan';
          else if ((pos === 2 && rank === 1) || (pos === 0 && rank === 7)) wait = 'penchan';
          else wait = 'ryanmen';
        }
        if (wait === null) continue;
        // two alike groups give the same arrangement: keep one
        let seen = false;
        for (const o of out) {
          const g = sets[o.group];
          if (g !== undefined && g.kind === s.kind && g.tile === s.tile && o.wait === wait) seen = true;
        }
        if (!seen) out.push({ wait, group: i });
      }
      return out;
    }
  }
}

function scoreOne(
  r: Reading,
  place: Placement,
  counts: Uint8Array,
  facts: TileFacts,
  concealedHand: boolean,
  input: WinInput,
  play: Play,
  table: RiichiRuleset,
  record: boolean,
): Outcome {
  const t = new Tally(table, concealedHand, play.doubleYakuman, record);
  const F = table.fu;
  const conds = input.conditions;
  const { suits, honours } = facts;
  const cls = facts;
  const seat = windKind(input.seatWind);
  const round = windKind(input.roundWind);

  // Conditions (any form)
  if (conds.includes('heavenly')) t.ym('heavenly-hand');
  if (conds.includes('earthly') && input.selfDrawn) t.ym('first-turn-self-draw');
  if (play.renhouWin && play.renhou === 'yakuman') t.ym('first-turn-discard');
  if (suits === 0) t.ym('all-honours');
  if (cls.terminalsOnly) t.ym('all-terminals');
  if (facts.greenOnly) t.ym('all-green');

  let pinfu = false;
  if (r.form === 'thirteen-orphans') {
    t.ym('thirteen-orphans', (counts[input.win] as number) === 2);
  } else if (r.form === 'seven-pairs') {
    t.yaku('seven-pairs');
    t.addFu('seven-pairs', F.sevenPairs);
    if (suits === 1 && !honours && consecutivePairs(r.pairs)) t.ym('consecutive-pairs');
  } else {
    const sets = r.sets;
    // A pung completed by a discard counts as melded (fu, concealed pungs).
    const ronPung = !input.selfDrawn && place.wait === 'shanpon' ? place.group : -1;
    let chows = 0;
    let kongs = 0;
    let concealedPungs = 0;
    let dragonSets = 0;
    let windSets = 0;
    for (let i = 0; i < sets.length; i++) {
      const s = sets[i] as HandSet;
      if (s.kind === 'chow') {
        chows++;
        continue;
      }
      if (s.kind === 'kong') kongs++;
      if (s.concealed && i !== ronPung) concealedPungs++;
      if (isDragonTile(s.tile)) dragonSets++;
      if (isWindTile(s.tile)) windSets++;
    }
    // yakuman of the standard form
    if (kongs === 4) t.ym('four-kongs');
    if (concealedPungs === 4) t.ym('hidden-treasure', place.wait === 'tanki');
    if (dragonSets === 3) t.ym('big-three-dragons');
    if (windSets === 4) t.ym('big-four-winds', true);
    else if (windSets === 3 && isWindTile(r.pair)) t.ym('little-four-winds');
    if (concealedHand && input.melds.length === 0 && isNineGates(counts)) {
      const before = counts.slice();
      before[input.win] = (before[input.win] as number) - 1;
      const pure = isPureNineGatesWait(before);
      t.ym(pure ? 'nine-gates' : 'impure-nine-gates', pure);
    }
    // chows by their first tile (a scratch array: scoring is synchronous)
    const chowCount = CHOW_COUNT;
    for (const s of sets) if (s.kind === 'chow') chowCount[s.tile] = 0;
    let chowBits = 0;
    let pungBits = 0;
    for (const s of sets) {
      if (s.kind === 'chow') {
        chowCount[s.tile] = (chowCount[s.tile] as number) + 1;
        chowBits |= 1 << s.tile;
      } else if (s.tile < 27) {
        pungBits |= 1 << s.tile;
      }
    }
    let identical4 = false;
    for (const s of sets) if (s.kind === 'chow' && chowCount[s.tile] === 4) identical4 = true;
    if (identical4) t.ym('four-identical-chows');

    // fu
    t.addFu('winning', F.base);
    if (concealedHand && !input.selfDrawn) {
      t.addFu('concealed-ron', F.concealedRon);
    }
    for (let i = 0; i < sets.length; i++) {
      const s = sets[i] as HandSet;
      if (s.kind === 'chow') continue;
      const orphan = isHonour(s.tile) || isTerminal(s.tile);
      let v = orphan ? F.pungOrphan : F.pungSimple;
      const closed = s.concealed && i !== ronPung;
      if (closed) v *= 2;
      if (s.kind === 'kong') v *= 4;
      const what = isDragonTile(s.tile) ? 3 : isWindTile(s.tile) ? 2 : orphan ? 1 : 0;
      t.addFu(MELD_FU_NAMES[(closed ? 8 : 0) + (s.kind === 'kong' ? 4 : 0) + what] as string, v);
    }
    let pairFu = 0;
    if (r.pair === seat) pairFu += F.valuePair;
    if (r.pair === round) pairFu += F.valuePair;
    if (isDragonTile(r.pair)) pairFu += F.valuePair;
    if (pairFu > 0) {
      t.addFu('value-pair', pairFu);
    }
    if (place.wait === 'kanchan' || place.wait === 'penchan') {
      t.addFu(place.wait === 'kanchan' ? 'closed-wait' : 'edge-wait', F.edgeOrClosedWait);
    } else if (place.wait === 'tanki') {
      t.addFu('pair-wait', F.pairWait);
    }
    const noPointsShape = chows === 4 && pairFu === 0 && place.wait === 'ryanmen';
    pinfu = noPointsShape && concealedHand;
    if (input.selfDrawn && !pinfu) {
      t.addFu('self-draw', F.selfDraw);
    }
    if (noPointsShape && !concealedHand && !input.selfDrawn) {
      t.addFu('open-pinfu', F.openPinfu);
    }

    // han of the standard form
    if (pinfu) t.yaku('pinfu');
    for (const s of sets) {
      if (s.kind === 'chow') continue;
      if (isDragonTile(s.tile)) t.yaku('dragon-pung');
      if (s.tile === seat) t.yaku('seat-wind');
      if (s.tile === round) t.yaku('round-wind');
    }
    // Alike chows: three or four count as such where the table values them; otherwise (and for
    // two) they make pairs of identical chows: three alike hold one pair, four alike two.
    let identicalPairs = 0;
    for (let k = 0; k < 27; k++) {
      if ((chowBits & (1 << k)) === 0) continue;
      const n = chowCount[k] as number;
      if (n === 3 && valued(table, 'three-identical-chows', concealedHand)) t.yaku('three-identical-chows');
      else identicalPairs += n >> 1;
    }
    if (identicalPairs === 2 && valued(table, 'two-sets-identical-chows', concealedHand)) {
      t.yaku('two-sets-identical-chows');
    } else {
      for (let i = 0; i < identicalPairs; i++) t.yaku('two-identical-chows');
    }
    if (threeColour(chowBits)) t.yaku('three-colour-chows');
    if (pureStraight(chowBits)) t.yaku('pure-straight');
    if (threeColour(pungBits)) t.yaku('three-colour-pungs');
    if (concealedPungs === 3) t.yaku('three-concealed-pungs');
    if (kongs === 3) t.yaku('three-kongs');
    if (dragonSets === 2 && isDragonTile(r.pair)) t.yaku('little-three-dragons');
    if (chows === 0) t.yaku('all-pungs');
    if (chows > 0) {
      const pairT = isTerminal(r.pair);
      const pairO = pairT || isHonour(r.pair);
      const allTerm = pairT && sets.every((s) => setHas(s, isTerminal));
      const allOrphan = pairO && sets.every((s) => setHas(s, isOrphanKind));
      if (allTerm && !honours) t.yaku('terminals-in-all-sets');
      else if (allOrphan && honours) t.yaku('outside-hand');
    }
  }
  if (concealedHand && input.selfDrawn) t.yaku('fully-concealed-self-draw');
  if (cls.simplesOnly && (concealedHand || play.openTanyao)) t.yaku('all-simples');
  if (cls.orphansOnly && honours && suits > 0) t.yaku('all-terminals-and-honours');
  if (suits === 1 && honours) t.yaku('half-flush');
  if (suits === 1 && !honours) t.yaku('full-flush');
  if (conds.includes('riichi') || conds.includes('doubleRiichi')) t.yaku('riichi');
  if (conds.includes('doubleRiichi')) t.yaku('double-riichi');
  if (conds.includes('ippatsu')) t.yaku('ippatsu');
  if (conds.includes('lastTile')) t.yaku('last-tile-draw');
  if (conds.includes('lastDiscard')) t.yaku('last-discard');
  if (conds.includes('kongReplacement') || conds.includes('doubleKong')) t.yaku('after-kong');
  if (conds.includes('robbingKong')) t.yaku('robbing-kong');
  if (play.renhouWin && play.renhou === 'five-han') {
    t.addHan('first-turn-discard', RENHOU_MANGAN_HAN); // at least the limit (mangan), more with the hand's own
  }

  if (t.yakumanPercent > 0) {
    return {
      basic: (table.limit * t.yakumanPercent) / 100,
      han: t.yakumanHan,
      fu: null,
      rawFu: null,
      yaku: true,
      yakuman: true,
      patterns: t.yakuman,
      reading: r,
      place,
    };
  }
  const yakuHan = t.han;
  const dora = Math.max(0, Math.floor(input.dora ?? 0));
  if (dora > 0) t.addHan('dora', dora);
  if (play.redFives > 0) t.addHan('red-five', play.redFives);
  if ((input.north ?? 0) > 0) t.addHan('north-dora', input.north ?? 0);
  const totalHan = t.han;
  const rounded = r.form === 'seven-pairs' ? t.fu : roundUp(t.fu, 10);
  return {
    basic: basicPoints(rounded, totalHan, play.options, table),
    han: totalHan,
    fu: rounded,
    rawFu: t.fu,
    yaku: yakuHan > 0,
    yakuman: false,
    patterns: record ? [...t.hanItems, ...t.fuItems] : NO_PATTERNS,
    reading: r,
    place,
  };
}

/** Han at which renhou counts when it is a mangan (the first row of the limit). */
const RENHOU_MANGAN_HAN = 5;

/** The table gives `yaku` han in this hand (open or concealed). */
function valued(table: RiichiRuleset, yaku: RiichiYaku, concealedHand: boolean): boolean {
  const row = table.han[yaku];
  return (concealedHand ? row[1] : row[0]) > 0;
}

/** Seven pairs in sequence in one suit (consecutive pairs). */
function consecutivePairs(pairs: readonly TileKind[]): boolean {
  const sorted = [...pairs].sort((a, b) => a - b);
  for (let i = 1; i < sorted.length; i++) {
    if (
      sorted[i] !== (sorted[i - 1] as number) + 1 ||
      suitOf(sorted[i] as TileKind) !== suitOf(sorted[0] as TileKind)
    ) {
      return false;
    }
  }
  return isSuited(sorted[0] as TileKind);
}

/** The thirteen tiles before the win are 1112345678999 of one suit: all nine tiles win. */
function isPureNineGatesWait(before: Uint8Array): boolean {
  const shape = [3, 1, 1, 1, 1, 1, 1, 1, 3];
  for (const base of [0, 9, 18]) {
    if (shape.every((c, i) => before[base + i] === c)) return true;
  }
  return false;
}

/** Fu item names: [melded|concealed] x [pung|kong] x [simples|terminals|winds|dragons]. */
const MELD_FU_NAMES: readonly string[] = ['melded', 'concealed'].flatMap((c) =>
  ['pung', 'kong'].flatMap((k) => ['simples', 'terminals', 'winds', 'dragons'].map((w) => `${c}-${k}-${w}`)),
);

/** Chow counts by first tile, reused (reset for the tiles used before each count). */
const CHOW_COUNT = new Uint8Array(27);

/** The same rank in all three suits, from a bit set of suit tiles (chows by first tile, or pungs). */
function threeColour(bits: number): boolean {
  for (let rank = 0; rank < 9; rank++) {
    if ((bits >> rank) & (bits >> (rank + 9)) & (bits >> (rank + 18)) & 1) return true;
  }
  return false;
}

/** 123, 456, 789 of one suit, from the chows' bit set. */
function pureStraight(chowBits: number): boolean {
  for (const base of [0, 9, 18]) {
    if ((chowBits >> base) & (chowBits >> (base + 3)) & (chowBits >> (base + 6)) & 1) return true;
  }
  return false;
}
