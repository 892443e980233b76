/**
 * The Hong Kong scorer (new and old style, and any house table of the same family). Every
 * reading of the hand is scored with the ruleset's values; the one with the most faan wins.
 * Limit hands take only the highest limit criterion plus the winning conditions (no wind,
 * dragon or flower faan), and the total is capped at the table's faan cap.
 */
import { isNineGates } from '../analysis.js';
import {
  bonusWind,
  isDragonTile,
  isFlower,
  isSeason,
  isSuited,
  isWindTile,
  kindOf,
  type TileKind,
  windKind,
} from '../tiles.js';
import { arrangementOf, checkHand, type HandSet, type Reading, readings, suitMask, tileClasses } from './hand.js';
import { hkPayments } from './payments.js';
import type { HkOptions, HkPattern, HkRuleset } from './rulesets.js';
import type { InvalidScore, ScoredPattern, ScoreResult, WinInput } from './types.js';

interface Candidate {
  readonly faan: number;
  readonly raw: number;
  readonly limit: boolean;
  readonly patterns: ScoredPattern[];
  readonly arrangement: string[];
}

const invalid = (code: InvalidScore['code'], reason: string): InvalidScore => ({ valid: false, code, reason });

/** Scores an HK win. `table` is the ruleset's data, `options` resolved for it. */
export function scoreHk(input: WinInput, table: HkRuleset, options: HkOptions): ScoreResult {
  const bonus = input.win >= 34 ? [...input.bonus, input.win] : input.bonus;
  if (!options.flowers && bonus.length > 0) {
    return invalid('score/bonus_not_in_play', 'this table plays without flowers and seasons (flowers: false)');
  }
  const conflict = conditionConflict(input);
  if (conflict) return invalid('score/bad_condition_combination', conflict);

  const candidates: Candidate[] = [];
  const bonusWin = bonusTilesWin(table, options, bonus);

  if (input.win >= 34) {
    // A win declared on the seventh or eighth bonus tile: the hand itself need not be complete.
    if (bonusWin === null) {
      return invalid(
        'score/not_complete',
        `a bonus tile completes nothing; a win on one needs seven or eight bonus tiles${
          table.values['seven-bonus-tiles'] === null ? ' (and this ruleset has no such win)' : ''
        }`,
      );
    }
    const first = input.concealed[0];
    if (first === undefined) return invalid('score/tile_count', 'no concealed tiles beside the bonus tile');
    // the hand held beside the bonus tiles: 13 tiles, a kong counting as three
    const checked = checkHand(input.concealed.slice(1), input.melds, first, input.bonus, 13);
    if (!checked.ok) return invalid(checked.code, checked.reason);
    candidates.push(bonusWin);
  } else {
    const checked = checkHand(input.concealed, input.melds, input.win, input.bonus);
    if (!checked.ok) return invalid(checked.code, checked.reason);
    const hand = checked.hand;
    const rs = readings(hand, { sevenPairs: options.sevenPairs, fourAlikePairs: table.rules.sevenPairsFourAlike });
    if (rs.length === 0) {
      if (bonusWin) candidates.push(bonusWin);
      else return invalid('score/not_complete', notCompleteReason(input.melds.length));
    }
    for (const r of rs) candidates.push(scoreReading(r, hand.counts, hand.allCounts, input, bonus, table, options));
    if (bonusWin) candidates.push(bonusWin);
  }

  let best = candidates[0] as Candidate;
  for (const c of candidates) {
    if (c.faan > best.faan || (c.faan === best.faan && c.raw > best.raw)) best = c;
  }
  return {
    valid: true,
    ruleset: table.id,
    faan: best.faan,
    han: null,
    fu: null,
    limit: best.limit,
    belowMinimum: best.faan < options.minFaan,
    patterns: best.patterns,
    arrangement: best.arrangement,
    points: hkPayments(
      best.faan,
      options,
      { selfDrawn: input.selfDrawn, winner: input.seatWind, discarder: input.discarder },
      table,
    ),
  };
}

function notCompleteReason(meldCount: number): string {
  const groups = 4 - meldCount;
  return `the tiles do not make a winning hand (${groups} set${groups === 1 ? '' : 's'} and a pair${
    meldCount === 0 ? ', seven pairs or thirteen orphans' : ''
  } with the winning tile)`;
}

/** Conditions that cannot go together with how the tile was won. */
export function conditionConflict(input: WinInput): string | null {
  const has = (c: WinInput['conditions'][number]) => input.conditions.includes(c);
  if (has('robbingKong') && input.selfDrawn) return "robbing a kong is a win on another player's tile, not a self-draw";
  if (has('lastDiscard') && input.selfDrawn) return 'a win on the last discard is not self-drawn';
  if (has('lastTile') && !input.selfDrawn) return 'the last tile of the wall is a self-drawn win';
  if ((has('kongReplacement') || has('doubleKong')) && !input.selfDrawn) {
    return 'a win on a replacement tile is self-drawn';
  }
  if (has('heavenly') && (!input.dealer || !input.selfDrawn)) return "the heavenly hand is the dealer's, self-drawn";
  if (has('earthly') && input.dealer) return "the earthly hand is a non-dealer's";
  return null;
}

function value(table: HkRuleset, options: HkOptions, p: HkPattern): number | null {
  const v = table.values[p];
  if (v === null) return null;
  return v === 'limit' ? options.faanCap : v;
}

function bonusTilesWin(table: HkRuleset, options: HkOptions, bonus: readonly TileKind[]): Candidate | null {
  if (!options.flowers) return null;
  const name: HkPattern | null =
    bonus.length === 8 ? 'eight-bonus-tiles' : bonus.length === 7 ? 'seven-bonus-tiles' : null;
  if (name === null) return null;
  const v = value(table, options, name);
  if (v === null) return null;
  const limit = table.limits.includes(name);
  return {
    faan: Math.min(v, options.faanCap),
    raw: v,
    limit: limit || v >= options.faanCap,
    patterns: [{ name, value: v }],
    arrangement: [],
  };
}

function scoreReading(
  r: Reading,
  counts: Uint8Array,
  allCounts: Uint8Array,
  input: WinInput,
  bonus: readonly TileKind[],
  table: HkRuleset,
  options: HkOptions,
): Candidate {
  const hand: { name: HkPattern; value: number }[] = [];
  const honours: { name: HkPattern; value: number }[] = [];
  const flowers: { name: HkPattern; value: number }[] = [];
  const conditions: { name: HkPattern; value: number }[] = [];
  const add = (list: { name: HkPattern; value: number }[], p: HkPattern) => {
    const v = value(table, options, p);
    if (v !== null) list.push({ name: p, value: v });
  };

  const mask = suitMask(allCounts);
  const suits = (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1);
  const honoursPresent = (mask & 8) !== 0;
  const cls = tileClasses(allCounts);
  let concealedByDefinition = false;

  switch (r.form) {
    case 'thirteen-orphans':
      add(hand, 'thirteen-orphans');
      concealedByDefinition = true;
      break;
    case 'seven-pairs':
      add(hand, 'seven-pairs');
      concealedByDefinition = true;
      break;
    case 'standard': {
      const sets = r.sets;
      let chows = 0;
      let kongs = 0;
      let dragonSets = 0;
      let windSets = 0;
      for (const s of sets) {
        if (s.kind === 'chow') chows++;
        if (s.kind === 'kong') kongs++;
        if (s.kind !== 'chow' && isDragonTile(s.tile)) dragonSets++;
        if (s.kind !== 'chow' && isWindTile(s.tile)) windSets++;
      }
      const triplets = chows === 0;
      if (chows === 4 && (!table.rules.commonHandSuitedPair || isSuited(r.pair))) add(hand, 'common-hand');
      if (triplets) add(hand, 'all-in-triplets');
      if (triplets && cls.orphansOnly && honoursPresent && suits > 0) add(hand, 'mixed-orphans');
      if (dragonSets === 2 && isDragonTile(r.pair)) add(hand, 'small-dragons');
      if (dragonSets === 3) add(hand, 'great-dragons');
      if (windSets === 3 && isWindTile(r.pair)) add(hand, 'small-winds');
      if (windSets === 4) add(hand, 'great-winds');
      if (kongs === 4) add(hand, 'all-kongs');
      if (triplets && cls.terminalsOnly) add(hand, 'orphans');
      const selfTriplets =
        triplets &&
        sets.every((s) => s.concealed) &&
        (input.selfDrawn || (table.rules.selfTripletsOnDiscardPair && r.pair === input.win));
      if (selfTriplets) {
        add(hand, 'self-triplets');
        concealedByDefinition = true;
      }
      if (input.melds.length === 0 && isNineGates(counts)) {
        add(hand, 'nine-gates');
        concealedByDefinition = true;
      }
      if (triplets) {
        const gem = gemDragon(mask, allCounts, sets);
        if (gem) add(hand, gem);
      }
      // winds and dragons
      for (const s of sets) {
        if (s.kind === 'chow') continue;
        if (s.tile === windKind(input.seatWind)) add(honours, 'seat-wind');
        if (s.tile === windKind(input.roundWind)) add(honours, 'prevailing-wind');
        if (isDragonTile(s.tile)) add(honours, 'dragon-pung');
      }
      break;
    }
  }
  if (suits === 1 && honoursPresent) add(hand, 'mixed-one-suit');
  if (suits === 1 && !honoursPresent) add(hand, 'all-one-suit');
  if (suits === 0) add(hand, 'all-honours');

  // flowers and seasons
  if (options.flowers) {
    if (bonus.length === 0) add(flowers, 'no-flowers');
    const fl = bonus.filter(isFlower);
    const se = bonus.filter(isSeason);
    const replaces = table.rules.bonusSetReplacesOwn;
    const allFlowers = fl.length === 4;
    const allSeasons = se.length === 4;
    if (allFlowers) add(flowers, 'all-flowers');
    if (allSeasons) add(flowers, 'all-seasons');
    if (!(allFlowers && replaces) && fl.some((k) => bonusWind(k) === input.seatWind)) add(flowers, 'own-flower');
    if (!(allSeasons && replaces) && se.some((k) => bonusWind(k) === input.seatWind)) add(flowers, 'own-season');
  }

  // winning conditions
  const has = (c: WinInput['conditions'][number]) => input.conditions.includes(c);
  const replacement = has('kongReplacement') || has('doubleKong');
  if (input.selfDrawn || replacement) add(conditions, 'self-pick');
  if (input.melds.every((m) => m.kind === 'kong' && m.concealed) && !concealedByDefinition) {
    add(conditions, 'fully-concealed');
  }
  if (has('robbingKong')) add(conditions, 'robbing-kong');
  if (has('lastTile')) add(conditions, table.values['last-tile'] === null ? 'last-catch' : 'last-tile');
  if (has('lastDiscard')) add(conditions, table.values['last-discard'] === null ? 'last-catch' : 'last-discard');
  if (has('doubleKong') && table.values['win-by-double-kong'] !== null) add(conditions, 'win-by-double-kong');
  else if (replacement) add(conditions, 'win-by-kong');
  if (has('heavenly')) add(conditions, 'heavenly-hand');
  if (has('earthly')) add(conditions, 'earthly-hand');

  // Limit criteria (hand patterns or conditions the ruleset counts as limits): only the highest.
  const isLimit = (p: { name: HkPattern }) => table.limits.includes(p.name);
  const limitItems = [...hand, ...conditions].filter(isLimit);
  let counted: { name: HkPattern; value: number }[];
  let limit = false;
  if (limitItems.length > 0) {
    let top = limitItems[0] as { name: HkPattern; value: number };
    for (const p of limitItems) if (p.value > top.value) top = p;
    counted = [top, ...conditions.filter((p) => !isLimit(p))];
    limit = true;
  } else {
    counted = [...hand, ...honours, ...flowers, ...conditions];
  }
  let raw = 0;
  for (const p of counted) raw += p.value;
  const faan = Math.min(raw, options.faanCap);
  return {
    faan,
    raw,
    limit: limit || raw >= options.faanCap,
    patterns: counted.map((p) => ({ name: p.name, value: p.value })),
    arrangement: arrangementOf(r),
  };
}

/** Jade (bamboo + green), ruby (characters + red), pearl (dots + white): all pungs, one suit and its dragon. */
function gemDragon(mask: number, allCounts: Uint8Array, sets: readonly HandSet[]): HkPattern | null {
  const gems: [number, number, HkPattern][] = [
    [4, 6, 'jade-dragon'],
    [1, 7, 'ruby-dragon'],
    [2, 5, 'pearl-dragon'],
  ];
  for (const [suitBit, dragon, name] of gems) {
    if (mask !== (suitBit | 8)) continue;
    const d = kindOf('z', dragon); // (tiles.ts dragonKind is off by one)
    if (!sets.some((s) => s.kind !== 'chow' && s.tile === d)) continue;
    let onlyThatDragon = true;
    for (let k = 27; k < 34; k++) if (k !== d && (allCounts[k] as number) > 0) onlyThatDragon = false;
    if (onlyThatDragon) return name;
  }
  return null;
}
