/**
 * The riichi scorer (japanese-fu-han-scoring.txt, RULES.md's readings). For every reading of
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
import { arrangementOf, checkHand, type HandSet, type Reading, readings, suitMask, tileClasses } from './hand.js';
import { conditionConflict } from './hk.js';
import { riichiPayments } from './payments.js';
import { basicPoints, RIICHI, type RiichiOptions, type RiichiYaku, type RiichiYakuman, roundUp } from './rulesets.js';
import type { InvalidScore, ScoredPattern, ScoreResult, WaitKind, WinInput } from './types.js';

const invalid = (code: InvalidScore['code'], reason: string): InvalidScore => ({ valid: false, code, reason });

interface Outcome {
  readonly basic: number;
  readonly han: number;
  readonly fu: number | null;
  readonly rawFu: number | null;
  readonly yaku: boolean;
  readonly yakuman: boolean;
  readonly patterns: ScoredPattern[];
  readonly arrangement: string[];
  readonly wait: WaitKind;
}

/** A place for the winning tile: the pair, or one of the concealed groups (by index in `sets`). */
interface Placement {
  readonly wait: WaitKind;
  /** Index of the group the tile completes, or -1 for the pair. */
  readonly group: number;
}

export function scoreRiichi(input: WinInput, options: RiichiOptions): ScoreResult {
  if (input.bonus.length > 0 || input.win >= 34) {
    return invalid('score/bonus_not_in_play', 'riichi is played without flowers and seasons');
  }
  const conflict = conditionConflict(input);
  if (conflict) return invalid('score/bad_condition_combination', conflict);
  const checked = checkHand(input.concealed, input.melds, input.win, input.bonus);
  if (!checked.ok) return invalid(checked.code, checked.reason);
  const hand = checked.hand;
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
  let best: Outcome | undefined;
  for (const r of rs) {
    for (const p of placements(r, input.win)) {
      const o = scoreOne(r, p, hand.counts, hand.allCounts, hand.concealedHand, input, options);
      if (
        best === undefined ||
        o.basic > best.basic ||
        (o.basic === best.basic &&
          (o.han > best.han ||
            (o.han === best.han &&
              ((o.fu ?? 0) > (best.fu ?? 0) || (o.fu === best.fu && (o.rawFu ?? 0) > (best.rawFu ?? 0))))))
      ) {
        best = o;
      }
    }
  }
  if (best === undefined) return invalid('score/not_complete', 'the winning tile has no place in the hand');
  return {
    valid: true,
    ruleset: 'riichi',
    faan: null,
    han: best.han,
    fu: best.fu,
    limit: best.basic >= RIICHI.limit,
    belowMinimum: !best.yaku,
    patterns: best.patterns,
    arrangement: best.arrangement,
    points: riichiPayments(best.basic, { selfDrawn: input.selfDrawn, winner: input.seatWind, dealer: input.dealer }),
    basicPoints: best.basic,
    ...(best.rawFu === null ? {} : { rawFu: best.rawFu }),
    wait: best.wait,
  };
}

function placements(r: Reading, win: TileKind): Placement[] {
  switch (r.form) {
    case 'seven-pairs':
    case 'thirteen-orphans':
      return [{ wait: 'tanki', group: -1 }];
    case 'standard': {
      const out: Placement[] = [];
      const seen = new Set<string>();
      if (r.pair === win) out.push({ wait: 'tanki', group: -1 });
      r.sets.forEach((s, i) => {
        if (s.declared) return;
        let wait: WaitKind | null = null;
        if (s.kind === 'pung' && s.tile === win) wait = 'shanpon';
        if (s.kind === 'chow' && win >= s.tile && win <= s.tile + 2) {
          const pos = win - s.tile;
          const rank = rankOf(s.tile);
          if (pos === 1) wait = 'kanchan';
          else if ((pos === 2 && rank === 1) || (pos === 0 && rank === 7)) wait = 'penchan';
          else wait = 'ryanmen';
        }
        if (wait === null) return;
        const key = `${s.kind}${s.tile}${wait}`;
        if (seen.has(key)) return;
        seen.add(key);
        out.push({ wait, group: i });
      });
      return out;
    }
  }
}

function scoreOne(
  r: Reading,
  place: Placement,
  counts: Uint8Array,
  allCounts: Uint8Array,
  concealedHand: boolean,
  input: WinInput,
  options: RiichiOptions,
): Outcome {
  const fuItems: ScoredPattern[] = [];
  const hanItems: ScoredPattern[] = [];
  const yakuman: ScoredPattern[] = [];
  const H = RIICHI.han;
  const F = RIICHI.fu;
  const han = (name: RiichiYaku, times = 1) => {
    const v = (concealedHand ? H[name][1] : H[name][0]) * times;
    if (v > 0) hanItems.push({ name, value: v, unit: 'han' });
  };
  const fu = (name: string, v: number) => fuItems.push({ name, value: v, unit: 'fu' });
  const ym = (name: RiichiYakuman, double = false) =>
    yakuman.push({ name, value: double && options.doubleYakuman ? 26 : 13, unit: 'han' });

  const has = (c: WinInput['conditions'][number]) => input.conditions.includes(c);
  const mask = suitMask(allCounts);
  const suits = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
  const honours = (mask & 8) !== 0;
  const cls = tileClasses(allCounts);
  const seat = windKind(input.seatWind);
  const round = windKind(input.roundWind);

  // Conditions (any form)
  if (has('heavenly')) ym('heavenly-hand');
  if (has('earthly')) {
    if (input.selfDrawn) ym('first-turn-self-draw');
    else if (options.renhouAsYakuman) ym('first-turn-discard');
  }
  if (suits === 0) ym('all-honours');
  if (cls.terminalsOnly) ym('all-terminals');
  if (allGreen(allCounts)) ym('all-green');

  let fuTotal = 0;
  let pinfu = false;
  if (r.form === 'thirteen-orphans') {
    ym('thirteen-orphans', (counts[input.win] as number) === 2);
  } else if (r.form === 'seven-pairs') {
    han('seven-pairs');
    fu('seven-pairs', F.sevenPairs);
    fuTotal = F.sevenPairs;
    if (suits === 1 && !honours && consecutivePairs(r.pairs)) ym('consecutive-pairs');
  } else {
    const sets = r.sets;
    // A pung completed by a discard counts as melded (fu, concealed pungs).
    const ronPung = !input.selfDrawn && place.wait === 'shanpon' ? place.group : -1;
    const isConcealedSet = (s: HandSet, i: number) => s.concealed && i !== ronPung;
    let chows = 0;
    let kongs = 0;
    let concealedPungs = 0;
    let dragonSets = 0;
    let windSets = 0;
    sets.forEach((s, i) => {
      if (s.kind === 'chow') {
        chows++;
        return;
      }
      if (s.kind === 'kong') kongs++;
      if (isConcealedSet(s, i)) concealedPungs++;
      if (isDragonTile(s.tile)) dragonSets++;
      if (isWindTile(s.tile)) windSets++;
    });
    // yakuman of the standard form
    if (kongs === 4) ym('four-kongs');
    if (concealedPungs === 4) ym('hidden-treasure', place.wait === 'tanki');
    if (dragonSets === 3) ym('big-three-dragons');
    if (windSets === 4) ym('big-four-winds', true);
    else if (windSets === 3 && isWindTile(r.pair)) ym('little-four-winds');
    if (concealedHand && input.melds.length === 0 && isNineGates(counts)) {
      const before = counts.slice();
      before[input.win] = (before[input.win] as number) - 1;
      const pure = isPureNineGatesWait(before);
      ym(pure ? 'nine-gates' : 'impure-nine-gates', pure);
    }
    const chowCount = new Map<number, number>();
    for (const s of sets) if (s.kind === 'chow') chowCount.set(s.tile, (chowCount.get(s.tile) ?? 0) + 1);
    if ([...chowCount.values()].some((n) => n === 4)) ym('four-identical-chows');

    // fu
    fu('winning', F.base);
    fuTotal = F.base;
    if (concealedHand && !input.selfDrawn) {
      fu('concealed-ron', F.concealedRon);
      fuTotal += F.concealedRon;
    }
    sets.forEach((s, i) => {
      if (s.kind === 'chow') return;
      const orphan = isHonour(s.tile) || isTerminal(s.tile);
      let v = orphan ? F.pungOrphan : F.pungSimple;
      const closed = isConcealedSet(s, i);
      if (closed) v *= 2;
      if (s.kind === 'kong') v *= 4;
      const what = isDragonTile(s.tile) ? 'dragons' : isWindTile(s.tile) ? 'winds' : orphan ? 'terminals' : 'simples';
      fu(`${closed ? 'concealed' : 'melded'}-${s.kind}-${what}`, v);
      fuTotal += v;
    });
    let pairFu = 0;
    if (r.pair === seat) pairFu += F.valuePair;
    if (r.pair === round) pairFu += F.valuePair;
    if (isDragonTile(r.pair)) pairFu += F.valuePair;
    if (pairFu > 0) {
      fu('value-pair', pairFu);
      fuTotal += pairFu;
    }
    if (place.wait === 'kanchan' || place.wait === 'penchan') {
      fu(place.wait === 'kanchan' ? 'closed-wait' : 'edge-wait', F.edgeOrClosedWait);
      fuTotal += F.edgeOrClosedWait;
    } else if (place.wait === 'tanki') {
      fu('pair-wait', F.pairWait);
      fuTotal += F.pairWait;
    }
    const noPointsShape = chows === 4 && pairFu === 0 && place.wait === 'ryanmen';
    pinfu = noPointsShape && concealedHand;
    if (input.selfDrawn && !pinfu) {
      fu('self-draw', F.selfDraw);
      fuTotal += F.selfDraw;
    }
    if (noPointsShape && !concealedHand && !input.selfDrawn) {
      fu('open-pinfu', F.openPinfu);
      fuTotal += F.openPinfu;
    }

    // han of the standard form
    if (pinfu) han('pinfu');
    for (const s of sets) {
      if (s.kind === 'chow') continue;
      if (isDragonTile(s.tile)) han('dragon-pung');
      if (s.tile === seat) han('seat-wind');
      if (s.tile === round) han('round-wind');
    }
    for (const n of chowCount.values()) {
      if (n === 2) han('two-identical-chows');
      if (n === 3) han('three-identical-chows');
    }
    if (threeColour(sets, 'chow')) han('three-colour-chows');
    if (pureStraight(chowCount)) han('pure-straight');
    if (threeColour(sets, 'pung')) han('three-colour-pungs');
    if (concealedPungs === 3) han('three-concealed-pungs');
    if (kongs === 3) han('three-kongs');
    if (dragonSets === 2 && isDragonTile(r.pair)) han('little-three-dragons');
    if (chows === 0) han('all-pungs');
    if (chows > 0) {
      const pairT = isTerminal(r.pair);
      const pairO = pairT || isHonour(r.pair);
      const setHas = (s: HandSet, pred: (k: TileKind) => boolean) =>
        s.kind === 'chow' ? pred(s.tile) || pred((s.tile + 2) as TileKind) : pred(s.tile);
      const allTerm = pairT && sets.every((s) => setHas(s, isTerminal));
      const allOrphan = pairO && sets.every((s) => setHas(s, (k) => isTerminal(k) || isHonour(k)));
      if (allTerm && !honours) han('terminals-in-all-sets');
      else if (allOrphan && honours) han('outside-hand');
    }
  }
  if (concealedHand && input.selfDrawn) han('fully-concealed-self-draw');
  if (cls.simplesOnly && (concealedHand || options.openTanyao)) han('all-simples');
  if (cls.orphansOnly && honours && suits > 0) han('all-terminals-and-honours');
  if (suits === 1 && honours) han('half-flush');
  if (suits === 1 && !honours) han('full-flush');
  if (has('riichi') || has('doubleRiichi')) han('riichi');
  if (has('doubleRiichi')) han('double-riichi');
  if (has('ippatsu')) han('ippatsu');
  if (has('lastTile')) han('last-tile-draw');
  if (has('lastDiscard')) han('last-discard');
  if (has('kongReplacement') || has('doubleKong')) han('after-kong');
  if (has('robbingKong')) han('robbing-kong');
  if (has('earthly') && !input.selfDrawn && !options.renhouAsYakuman) {
    hanItems.push({ name: 'first-turn-discard', value: 5, unit: 'han' }); // counted at the limit (mangan)
  }

  const arrangement = arrangementOf(r);
  if (yakuman.length > 0) {
    let total = 0;
    for (const y of yakuman) total += y.value;
    return {
      basic: (RIICHI.limit * RIICHI.yakumanPercent * (total / 13)) / 100,
      han: total,
      fu: null,
      rawFu: null,
      yaku: true,
      yakuman: true,
      patterns: yakuman,
      arrangement,
      wait: place.wait,
    };
  }
  let yakuHan = 0;
  for (const h of hanItems) yakuHan += h.value;
  const dora = Math.max(0, Math.floor(input.dora ?? 0));
  if (dora > 0) hanItems.push({ name: 'dora', value: dora, unit: 'han' });
  const red = options.akaDora ? Math.max(0, Math.floor(input.redFives ?? 0)) : 0;
  if (red > 0) hanItems.push({ name: 'red-five', value: red, unit: 'han' });
  const totalHan = yakuHan + dora + red;
  const rounded = r.form === 'seven-pairs' ? fuTotal : roundUp(fuTotal, 10);
  return {
    basic: basicPoints(rounded, totalHan, options),
    han: totalHan,
    fu: rounded,
    rawFu: fuTotal,
    yaku: yakuHan > 0,
    yakuman: false,
    patterns: [...hanItems, ...fuItems],
    arrangement,
    wait: place.wait,
  };
}

/** Bamboo 2, 3, 4, 6, 8 and Green Dragon only. */
function allGreen(allCounts: Uint8Array): boolean {
  const green = new Set([19, 20, 21, 23, 25, 32]);
  for (let k = 0; k < 34; k++) if ((allCounts[k] as number) > 0 && !green.has(k)) return false;
  return true;
}

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

/** Three chows (or pungs/kongs) of the same rank in the three suits. */
function threeColour(sets: readonly HandSet[], kind: 'chow' | 'pung'): boolean {
  const seen = new Set<number>();
  for (const s of sets) {
    const matches = kind === 'chow' ? s.kind === 'chow' : s.kind !== 'chow';
    if (matches && isSuited(s.tile)) seen.add(s.tile);
  }
  for (let rank = 0; rank < 9; rank++) if (seen.has(rank) && seen.has(rank + 9) && seen.has(rank + 18)) return true;
  return false;
}

/** 123, 456, 789 of one suit. */
function pureStraight(chowCount: ReadonlyMap<number, number>): boolean {
  for (const base of [0, 9, 18]) {
    if (chowCount.has(base) && chowCount.has(base + 3) && chowCount.has(base + 6)) return true;
  }
  return false;
}
