/**
 * The Hong Kong scorer (new and old style, and any house table of the same family). Every
 * reading of the hand is scored with the ruleset's values; the one with the most faan wins.
 * Limit hands take only the highest limit criterion plus the winning conditions (no wind,
 * dragon or flower faan), and the total is capped at the table's faan cap.
 */
import { isNineGates } from '../analysis.js';
import {
  bonusWind,
  type Dragon,
  isDragonTile,
  isFlower,
  isSeason,
  isSuited,
  isWindTile,
  dragonKind,
  type TileKind,
  windKind,
} from '../tiles.js';
import { arrangementOf, checkHand, type HandSet, type Reading, readings, type TileFacts, tileFacts } from './hand.js';
import { hkPayments } from './payments.js';
import { type HkOptions, type HkPattern, type HkRuleset, tablePoints } from './rulesets.js';
import type { InvalidScore, ScoredPattern, ScoreResult, WinInput } from './types.js';

interface Candidate {
  readonly faan: number;
  readonly raw: number;
  readonly limit: boolean;
  readonly patterns: ScoredPattern[];
  /** The reading (its arrangement is written out for the chosen candidate only). */
  readonly reading: Reading | null;
}

const limitSets = new WeakMap<HkRuleset, ReadonlySet<HkPattern>>();
function limitSet(table: HkRuleset): ReadonlySet<HkPattern> {
  let set = limitSets.get(table);
  if (!set) {
    set = new Set(table.limits);
    limitSets.set(table, set);
  }
  return set;
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
  if (input.selfDrawn && input.conditions.includes('earthly')) {
    return invalid('score/bad_condition_combination', "the earthly hand is won on the dealer's first discard");
  }

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
    if (!input.selfDrawn) return invalid('score/bad_condition_combination', 'a bonus tile is drawn, never discarded');
    if (input.bonus.includes(input.win)) {
      return invalid('score/too_many_copies', 'the winning bonus tile is already among the flowers');
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
    const facts = tileFacts(hand.allCounts);
    for (const r of rs)
      candidates.push(scoreReading(r, hand.counts, hand.allCounts, facts, input, bonus, table, options));
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
    arrangement: best.reading ? arrangementOf(best.reading) : [],
    basicPoints: tablePoints(options.table, best.faan) / options.divisor,
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
  if (input.discarder === input.seatWind && !input.selfDrawn) return 'the discarder cannot be the winner';
  const conds = input.conditions;
  if (conds.length === 0) return null;
  if (conds.includes('robbingKong') && input.selfDrawn)
    return "robbing a kong is a win on another player's tile, not a self-draw";
  if (conds.includes('lastDiscard') && input.selfDrawn) return 'a win on the last discard is not self-drawn';
  if (conds.includes('lastTile') && !input.selfDrawn) return 'the last tile of the wall is a self-drawn win';
  if ((conds.includes('kongReplacement') || conds.includes('doubleKong')) && !input.selfDrawn) {
    return 'a win on a replacement tile is self-drawn';
  }
  if (conds.includes('heavenly') && (!input.dealer || !input.selfDrawn))
    return "the heavenly hand is the dealer's, self-drawn";
  if (conds.includes('earthly') && input.dealer) return "the earthly hand is a non-dealer's";
  if (conds.includes('renhou') && (input.dealer || input.selfDrawn)) {
    return "renhou is a non-dealer's win on a discard before their first draw";
  }
  // What the declared tiles rule out: a replacement needs something replaced, and the hands won
  // before anybody's first go-round has ended have no meld (a call or a kong ends them).
  const kongs = input.melds.filter((m) => m.kind === 'kong').length;
  const replaced = kongs + input.bonus.length + (input.north ?? 0);
  if (conds.includes('doubleKong') && kongs < 2) return 'a win on a double kong needs two kongs';
  if (conds.includes('kongReplacement') && replaced === 0) {
    return 'a win on a replacement tile needs a kong (or a bonus tile, or a North set aside) it replaced';
  }
  const first = (['heavenly', 'earthly', 'renhou'] as const).find((c) => conds.includes(c));
  if (first !== undefined && input.melds.length > 0) return `the ${first} hand has no declared meld`;
  if (conds.includes('lastTile') && (conds.includes('kongReplacement') || conds.includes('doubleKong'))) {
    return "a replacement tile is not the wall's last tile";
  }
  if (conds.includes('robbingKong') && conds.includes('lastDiscard')) return 'a robbed kong tile is not a discard';
  return null;
}

type Counted = { name: HkPattern; value: number }[];

function add(list: Counted, table: HkRuleset, options: HkOptions, p: HkPattern): void {
  const v = value(table, options, p);
  if (v !== null) list.push({ name: p, value: v });
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
    reading: null,
  };
}

function scoreReading(
  r: Reading,
  counts: Uint8Array,
  allCounts: Uint8Array,
  facts: TileFacts,
  input: WinInput,
  bonus: readonly TileKind[],
  table: HkRuleset,
  options: HkOptions,
): Candidate {
  const hand: { name: HkPattern; value: number }[] = [];
  const honours: { name: HkPattern; value: number }[] = [];
  const flowers: { name: HkPattern; value: number }[] = [];
  const conditions: { name: HkPattern; value: number }[] = [];

  const { mask, suits } = facts;
  const honoursPresent = facts.honours;
  const cls = facts;
  let concealedByDefinition = false;

  switch (r.form) {
    case 'thirteen-orphans':
      add(hand, table, options, 'thirteen-orphans');
      concealedByDefinition = true;
      break;
    case 'seven-pairs':
      add(hand, table, options, 'seven-pairs');
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
      if (chows === 4 && (!table.rules.commonHandSuitedPair || isSuited(r.pair)))
        add(hand, table, options, 'common-hand');
      if (triplets) add(hand, table, options, 'all-in-triplets');
      if (triplets && cls.orphansOnly && honoursPresent && suits > 0) add(hand, table, options, 'mixed-orphans');
      if (dragonSets === 2 && isDragonTile(r.pair)) add(hand, table, options, 'small-dragons');
      if (dragonSets === 3) add(hand, table, options, 'great-dragons');
      if (windSets === 3 && isWindTile(r.pair)) add(hand, table, options, 'small-winds');
      if (windSets === 4) add(hand, table, options, 'great-winds');
      if (kongs === 4) add(hand, table, options, 'all-kongs');
      if (triplets && cls.terminalsOnly) add(hand, table, options, 'orphans');
      const selfTriplets =
        triplets &&
        sets.every((s) => s.concealed) &&
        (input.selfDrawn || (table.rules.selfTripletsOnDiscardPair && r.pair === input.win));
      if (selfTriplets) {
        add(hand, table, options, 'self-triplets');
        concealedByDefinition = true;
      }
      if (input.melds.length === 0 && isNineGates(counts)) {
        add(hand, table, options, 'nine-gates');
        concealedByDefinition = true;
      }
      if (triplets) {
        const gem = gemDragon(mask, allCounts, sets);
        if (gem) add(hand, table, options, gem);
      }
      // winds and dragons
      for (const s of sets) {
        if (s.kind === 'chow') continue;
        if (s.tile === windKind(input.seatWind)) add(honours, table, options, 'seat-wind');
        if (s.tile === windKind(input.roundWind)) add(honours, table, options, 'prevailing-wind');
        if (isDragonTile(s.tile)) add(honours, table, options, 'dragon-pung');
      }
      break;
    }
  }
  if (suits === 1 && honoursPresent) add(hand, table, options, 'mixed-one-suit');
  if (suits === 1 && !honoursPresent) add(hand, table, options, 'all-one-suit');
  if (suits === 0) add(hand, table, options, 'all-honours');

  // flowers and seasons
  if (options.flowers) {
    if (bonus.length === 0) add(flowers, table, options, 'no-flowers');
    const fl = bonus.filter(isFlower);
    const se = bonus.filter(isSeason);
    const replaces = table.rules.bonusSetReplacesOwn;
    const allFlowers = fl.length === 4;
    const allSeasons = se.length === 4;
    if (allFlowers) add(flowers, table, options, 'all-flowers');
    if (allSeasons) add(flowers, table, options, 'all-seasons');
    if (!(allFlowers && replaces) && fl.some((k) => bonusWind(k) === input.seatWind))
      add(flowers, table, options, 'own-flower');
    if (!(allSeasons && replaces) && se.some((k) => bonusWind(k) === input.seatWind))
      add(flowers, table, options, 'own-season');
  }

  // winning conditions
  const conds = input.conditions;
  const replacement = conds.includes('kongReplacement') || conds.includes('doubleKong');
  if (input.selfDrawn || replacement) add(conditions, table, options, 'self-pick');
  if (input.melds.every((m) => m.kind === 'kong' && m.concealed) && !concealedByDefinition) {
    add(conditions, table, options, 'fully-concealed');
  }
  if (conds.includes('robbingKong')) add(conditions, table, options, 'robbing-kong');
  if (conds.includes('lastTile'))
    add(conditions, table, options, table.values['last-tile'] === null ? 'last-catch' : 'last-tile');
  if (conds.includes('lastDiscard'))
    add(conditions, table, options, table.values['last-discard'] === null ? 'last-catch' : 'last-discard');
  if (conds.includes('doubleKong') && table.values['win-by-double-kong'] !== null)
    add(conditions, table, options, 'win-by-double-kong');
  else if (replacement) add(conditions, table, options, 'win-by-kong');
  if (conds.includes('heavenly')) add(conditions, table, options, 'heavenly-hand');
  if (conds.includes('earthly')) add(conditions, table, options, 'earthly-hand');

  // Limit criteria (hand patterns or conditions the ruleset counts as limits): only the highest.
  const limits = limitSet(table);
  let top: { name: HkPattern; value: number } | undefined;
  for (const p of hand) if (limits.has(p.name) && (top === undefined || p.value > top.value)) top = p;
  for (const p of conditions) if (limits.has(p.name) && (top === undefined || p.value > top.value)) top = p;
  let counted: Counted;
  let limit = false;
  if (top !== undefined) {
    counted = [top];
    const stacks = table.limitStacks[top.name];
    if (stacks) for (const p of hand) if (stacks.includes(p.name)) counted.push(p);
    for (const p of conditions) if (!limits.has(p.name)) counted.push(p);
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
    patterns: counted,
    reading: r,
  };
}

/** Jade (bamboo + green), ruby (characters + red), pearl (dots + white): all pungs, one suit and its dragon. */
function gemDragon(mask: number, allCounts: Uint8Array, sets: readonly HandSet[]): HkPattern | null {
  const gems: [number, Dragon, HkPattern][] = [
    [4, 6, 'jade-dragon'],
    [1, 7, 'ruby-dragon'],
    [2, 5, 'pearl-dragon'],
  ];
  for (const [suitBit, dragon, name] of gems) {
    if (mask !== (suitBit | 8)) continue;
    const d = dragonKind(dragon);
    if (!sets.some((s) => s.kind !== 'chow' && s.tile === d)) continue;
    let onlyThatDragon = true;
    for (let k = 27; k < 34; k++) if (k !== d && (allCounts[k] as number) > 0) onlyThatDragon = false;
    if (onlyThatDragon) return name;
  }
  return null;
}
