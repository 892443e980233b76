/**
 * Hand analysis on count arrays (`KindCounts`, only kinds 0-33 are read; bonus tiles never take
 * part in a hand). Everything here works suit by suit: a suit's nine counts (seven for honours)
 * are read as a base-5 number, its "key", and what a suit can be split into depends only on
 * that key. Two lazily filled tables remember per key:
 *
 * - whether the suit splits into groups only, or into groups and one pair (complete checks and
 *   waits: a few table reads per hand), and
 * - for shanten, the most partial sets (two tiles of a group) the suit can hold beside m groups,
 *   with and without a pair, filled by a memoised recursion over the suit's sub-keys.
 *
 * No strings, no per-call allocation in the hot paths. Counts above 4 are not a hand; the
 * complete checks still answer correctly for them (without the tables), shanten clamps them.
 */
import { type KindCounts, ORPHAN_KINDS, type TileKind } from './tiles.js';

/** A group of a standard reading: a chow (named by its lowest tile) or a pung. */
export interface Group {
  readonly kind: 'chow' | 'pung';
  /** The pung's kind, or the chow's lowest tile. */
  readonly first: TileKind;
}

/** One way to read concealed tiles as groups and a pair. */
export interface StandardReading {
  readonly pair: TileKind;
  readonly groups: readonly Group[];
}

export interface AnalysisOptions {
  /** Whether seven pairs counts as a winning form (default true, as in the HK rulesets). */
  readonly sevenPairs?: boolean;
  /** Seven pairs may use four of a kind as two pairs (hk-new `sevenPairsFourAlike`); default
   * false: seven distinct pairs. */
  readonly fourAlikePairs?: boolean;
}

/** Concealed tiles of a complete hand with `meldCount` declared melds: 14, 11, 8, 5, 2. */
export const concealedSizeFor = (meldCount: number): number => 14 - 3 * meldCount;

const SUITED_BASES = [0, 9, 18] as const;
const HONOUR_BASE = 27;
const POW5 = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125] as const;
/** Number of distinct keys of a nine-kind suit with counts 0-4. */
const SUIT_KEYS = 1953125;

/** Number of tiles among the 34 playing kinds. */
export function tileCount(counts: KindCounts): number {
  let n = 0;
  for (let k = 0; k < 34; k++) n += counts[k]!;
  return n;
}

// ---------------------------------------------------------------------------------------------
// Groups-and-pair decomposition of one suit

/** Status bits of a suit: known, splits into groups only, splits into groups and one pair. */
const KNOWN = 1;
const GROUPS = 2;
const WITH_PAIR = 4;

let statusTable: Uint8Array | undefined;
const scratch = new Uint8Array(9);
const work = new Uint8Array(9);

/** Greedy check that `a` (nine counts, destroyed) splits into pungs and chows only. At the
 * lowest kind left, `c % 3` copies must start chows (three equal chows are three pungs). */
function greedyGroups(a: Uint8Array): boolean {
  for (let i = 0; i < 9; i++) {
    const c = a[i]!;
    if (c === 0) continue;
    const r = c % 3;
    if (r === 0) continue;
    if (i > 6 || a[i + 1]! < r || a[i + 2]! < r) return false;
    a[i + 1]! -= r;
    a[i + 2]! -= r;
  }
  return true;
}

/** Status bits of the nine counts in `scratch` (left unchanged). */
function suitedStatus(): number {
  let sum = 0;
  for (let i = 0; i < 9; i++) sum += scratch[i]!;
  let bits = KNOWN;
  const r = sum % 3;
  if (r === 0) {
    work.set(scratch);
    if (greedyGroups(work)) bits |= GROUPS;
  } else if (r === 2) {
    for (let p = 0; p < 9; p++) {
      if (scratch[p]! < 2) continue;
      work.set(scratch);
      work[p]! -= 2;
      if (greedyGroups(work)) {
        bits |= WITH_PAIR;
        break;
      }
    }
  }
  return bits;
}

function statusOfKey(key: number): number {
  statusTable ??= new Uint8Array(SUIT_KEYS);
  const known = statusTable[key]!;
  if (known !== 0) return known;
  let k = key;
  for (let i = 8; i >= 0; i--) {
    scratch[i] = k % 5;
    k = (k - scratch[i]!) / 5;
  }
  const bits = suitedStatus();
  statusTable[key] = bits;
  return bits;
}

/** The key of the suit starting at `base` (nine kinds), or -1 when a count is above 4. */
function suitKey(counts: KindCounts, base: number): number {
  let key = 0;
  for (let i = 0; i < 9; i++) {
    const c = counts[base + i]!;
    if (c > 4) return -1;
    key = key * 5 + c;
  }
  return key;
}

function suitStatus(counts: KindCounts, base: number): number {
  const key = suitKey(counts, base);
  if (key >= 0) return statusOfKey(key);
  for (let i = 0; i < 9; i++) scratch[i] = counts[base + i]!;
  return suitedStatus();
}

/** Honours make no chows: groups only if every count is 0 or 3; one count of 2 makes the pair. */
function honourStatus(counts: KindCounts, extra: number): number {
  let pairs = 0;
  for (let k = HONOUR_BASE; k < 34; k++) {
    const c = counts[k]! + (k === extra ? 1 : 0);
    if (c === 2) pairs++;
    else if (c !== 0 && c !== 3) return KNOWN;
  }
  if (pairs === 0) return KNOWN | GROUPS;
  return pairs === 1 ? KNOWN | WITH_PAIR : KNOWN;
}

/** Standard form: every suit splits into groups, exactly one of them with the pair. */
function standardComplete(counts: KindCounts): boolean {
  let pairSuits = 0;
  for (let s = 0; s < 4; s++) {
    let sum = 0;
    const base = s * 9;
    const end = s === 3 ? 34 : base + 9;
    for (let k = base; k < end; k++) sum += counts[k]!;
    const r = sum % 3;
    if (r === 1) return false;
    if (sum === 0) continue;
    const bits = s === 3 ? honourStatus(counts, -1) : suitStatus(counts, base);
    if (r === 2) {
      if (++pairSuits > 1 || (bits & WITH_PAIR) === 0) return false;
    } else if ((bits & GROUPS) === 0) return false;
  }
  return pairSuits === 1;
}

// ---------------------------------------------------------------------------------------------
// Special forms

/** Seven pairs: 14 concealed tiles as seven pairs. By default seven distinct pairs (four of a
 * kind is not two pairs); with `fourAlikePairs` four of a kind counts as two pairs. */
export function isSevenPairs(counts: KindCounts, fourAlikePairs = false): boolean {
  let pairs = 0;
  for (let k = 0; k < 34; k++) {
    const c = counts[k]!;
    if (c === 2) pairs++;
    else if (c === 4 && fourAlikePairs) pairs += 2;
    else if (c !== 0) return false;
  }
  return pairs === 7;
}

/** Thirteen orphans: one of each terminal and honour plus a second of any of them. */
export function isThirteenOrphans(counts: KindCounts): boolean {
  if (tileCount(counts) !== 14) return false;
  let pair = 0;
  for (const k of ORPHAN_KINDS) {
    const c = counts[k]!;
    if (c === 0 || c > 2) return false;
    if (c === 2) pair++;
  }
  return pair === 1;
}

const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3] as const;

/** Nine gates: 14 concealed tiles of one suit, 1112345678999 plus any tile of that suit. */
export function isNineGates(counts: KindCounts): boolean {
  if (tileCount(counts) !== 14) return false;
  for (const base of SUITED_BASES) {
    let extra = 0;
    let inSuit = 0;
    for (let i = 0; i < 9; i++) {
      const d = counts[base + i]! - NINE_GATES[i]!;
      inSuit += counts[base + i]!;
      if (d < 0) {
        extra = -1;
        break;
      }
      extra += d;
    }
    if (inSuit === 14 && extra === 1) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Complete checks and waits

/**
 * Can these concealed counts, beside `meldCount` declared melds, form a complete hand? Standard
 * form always; seven pairs (unless `opts.sevenPairs === false`; four of a kind as two pairs with
 * `opts.fourAlikePairs`) and thirteen orphans only with no declared meld. The concealed tiles must number 14 - 3 * meldCount.
 */
export function isComplete(counts: KindCounts, meldCount: number, opts?: AnalysisOptions): boolean {
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) return false;
  if (tileCount(counts) !== concealedSizeFor(meldCount)) return false;
  if (standardComplete(counts)) return true;
  if (meldCount !== 0) return false;
  return isThirteenOrphans(counts) || (opts?.sevenPairs !== false && isSevenPairs(counts, opts?.fourAlikePairs));
}

/**
 * The kinds that complete 3n+1 concealed tiles (13 - 3 * meldCount), sorted. A kind the hand
 * already holds four of is not a wait (there is no fifth tile). Works suit by suit: only a suit
 * whose tile count can take one more tile is tried, and each try is one table read.
 */
const suitRem = new Uint8Array(4);
const suitBad = new Uint8Array(4);

/**
 * Fills `suitRem` (each suit's tile count mod 3; honours are suit 3) and `suitBad` (1 for a suit
 * at 0 or 2 mod 3 that does not split as it must: into groups, or groups and the pair).
 */
function suitShapes(counts: KindCounts): void {
  for (let s = 0; s < 4; s++) {
    const base = s * 9;
    const end = s === 3 ? 34 : base + 9;
    let sum = 0;
    for (let k = base; k < end; k++) sum += counts[k]!;
    const r = sum % 3;
    suitRem[s] = r;
    suitBad[s] = 0;
    if (r === 1 || sum === 0) continue;
    const bits = s === 3 ? honourStatus(counts, -1) : suitStatus(counts, base);
    if ((bits & (r === 0 ? GROUPS : WITH_PAIR)) === 0) suitBad[s] = 1;
  }
}

export function waits(counts: KindCounts, meldCount: number, opts?: AnalysisOptions): TileKind[] {
  const out: TileKind[] = [];
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) return out;
  const n = tileCount(counts);
  if (n + 1 !== concealedSizeFor(meldCount)) return out;

  // Per suit: tile count mod 3 and status bits.
  suitShapes(counts);
  const rem = suitRem;
  const bad = suitBad;
  let ones = 0; // suits whose count is 1 mod 3
  let twos = 0; // suits whose count is 2 mod 3
  let broken = 0; // suits at 0 or 2 mod 3 that do not split as they must
  for (let s = 0; s < 4; s++) {
    if (rem[s] === 1) ones++;
    else if (bad[s]) broken++;
    else if (rem[s] === 2) twos++;
  }
  // The new tile goes to suit s; every other suit must already be sound, with at most one pair.
  for (let s = 0; s < 4; s++) {
    const r = rem[s]!;
    if (r === 0) continue; // 0 -> 1 mod 3 can never be sound
    const otherOnes = ones - (r === 1 ? 1 : 0);
    const otherBroken = broken - (bad[s] ? 1 : 0);
    const otherTwos = twos - (r === 2 && !bad[s] ? 1 : 0);
    if (otherOnes > 0 || otherBroken > 0) continue;
    // r === 1: the suit must become groups + pair, so no other pair; r === 2: groups only, one pair elsewhere.
    const need = r === 1 ? WITH_PAIR : GROUPS;
    if ((r === 1 && otherTwos !== 0) || (r === 2 && otherTwos !== 1)) continue;
    if (s === 3) {
      for (let k = HONOUR_BASE; k < 34; k++) {
        if (counts[k]! < 4 && (honourStatus(counts, k) & need) !== 0) out.push(k as TileKind);
      }
      continue;
    }
    const base = s * 9;
    const key = suitKey(counts, base);
    for (let i = 0; i < 9; i++) {
      const k = base + i;
      if (counts[k]! >= 4) continue;
      let bits: number;
      if (key >= 0) bits = statusOfKey(key + POW5[8 - i]!);
      else {
        for (let j = 0; j < 9; j++) scratch[j] = counts[base + j]! + (j === i ? 1 : 0);
        bits = suitedStatus();
      }
      if ((bits & need) !== 0) out.push(k as TileKind);
    }
  }
  if (meldCount === 0) addSpecialWaits(counts, out, opts);
  return out;
}

/** Seven-pairs and thirteen-orphans waits of 13 concealed tiles, merged into sorted `out`. */
function addSpecialWaits(counts: KindCounts, out: TileKind[], opts: AnalysisOptions | undefined): void {
  let extra = -1;
  let extra2 = -1;
  if (opts?.sevenPairs !== false) {
    const fourAlike = opts?.fourAlikePairs === true;
    let pairs = 0;
    let single = -1;
    let singles = 0;
    for (let k = 0; k < 34; k++) {
      const c = counts[k]!;
      if (c === 2) pairs++;
      else if (c === 1 || (c === 3 && fourAlike)) {
        // Three of a kind: a pair and a single, whose fourth tile makes a second pair.
        if (c === 3) pairs++;
        singles++;
        single = k;
      } else if (c === 4 && fourAlike) pairs += 2;
    }
    if (pairs === 6 && singles === 1) extra = single;
  }
  // Thirteen orphans: all thirteen held once (13-sided), or twelve with one doubled (one wait).
  let orphanTiles = 0;
  let distinct = 0;
  let missing = -1;
  let doubled = 0;
  for (const k of ORPHAN_KINDS) {
    const c = counts[k]!;
    orphanTiles += c;
    if (c > 0) distinct++;
    else missing = k;
    if (c === 2) doubled++;
    if (c > 2) doubled = 99;
  }
  if (orphanTiles === 13 && doubled <= 1) {
    if (distinct === 13) {
      for (const k of ORPHAN_KINDS) mergeSorted(out, k);
    } else if (distinct === 12 && doubled === 1) extra2 = missing;
  }
  if (extra >= 0) mergeSorted(out, extra as TileKind);
  if (extra2 >= 0) mergeSorted(out, extra2 as TileKind);
}

function mergeSorted(out: TileKind[], k: TileKind): void {
  let i = out.length;
  while (i > 0 && out[i - 1]! > k) i--;
  if (i > 0 && out[i - 1] === k) return;
  out.splice(i, 0, k);
}

// ---------------------------------------------------------------------------------------------
// Readings

/**
 * Every distinct way to split concealed counts (3n+2 tiles) into n groups and a pair, ordered by
 * pair, then pung before chow at the lowest kind. 111222333m55p reads two ways (three pungs or
 * three 123m chows). Empty when the tiles do not split.
 */
export function standardReadings(counts: KindCounts): StandardReading[] {
  const out: StandardReading[] = [];
  const n = tileCount(counts);
  if (n % 3 !== 2) return out;
  const a = new Uint8Array(34);
  for (let k = 0; k < 34; k++) a[k] = counts[k]!;
  const groups: Group[] = [];
  for (let p = 0; p < 34; p++) {
    if (a[p]! < 2) continue;
    a[p]! -= 2;
    readGroups(a, 0, p as TileKind, groups, out);
    a[p]! += 2;
  }
  return out;
}

/** At the lowest kind left, its copies start either one pung and the rest chows, or only chows:
 * choosing the number of pungs (not their order) makes every reading come out once. */
function readGroups(a: Uint8Array, from: number, pair: TileKind, groups: Group[], out: StandardReading[]): void {
  let i = from;
  while (i < 34 && a[i] === 0) i++;
  if (i === 34) {
    out.push({ pair, groups: [...groups] });
    return;
  }
  const c = a[i]!;
  const chowable = i < 27 && i % 9 <= 6;
  for (let pungs = c >= 3 ? 1 : 0; pungs >= 0; pungs--) {
    const chows = c - 3 * pungs;
    if (chows > 0 && (!chowable || a[i + 1]! < chows || a[i + 2]! < chows)) continue;
    a[i] = 0;
    a[i + 1]! -= chows;
    a[i + 2]! -= chows;
    const before = groups.length;
    if (pungs) groups.push({ kind: 'pung', first: i as TileKind });
    for (let j = 0; j < chows; j++) groups.push({ kind: 'chow', first: i as TileKind });
    readGroups(a, i + 1, pair, groups, out);
    groups.length = before;
    a[i] = c;
    a[i + 1]! += chows;
    a[i + 2]! += chows;
  }
}

// ---------------------------------------------------------------------------------------------
// Shanten

/**
 * Per suit key: for m = 0..4 groups and p = 0/1 pair, the most partial sets (pairs, 12, 13
 * shapes) that fit beside them, stored at [key * 10 + m * 2 + p] as value + 2 (so 0 = not yet
 * computed, 1 = impossible). Filled lazily by a recursion on the lowest tile of the suit.
 */
let suitedBlocks: Int8Array | undefined;
let honourBlocks: Int8Array | undefined;

function blockTable(chows: boolean): Int8Array {
  if (chows) {
    suitedBlocks ??= new Int8Array(SUIT_KEYS * 10);
    return suitedBlocks;
  }
  honourBlocks ??= new Int8Array(78125 * 10);
  return honourBlocks;
}

function blocks(key: number, chows: boolean): number {
  const len = chows ? 9 : 7;
  const table = blockTable(chows);
  const at = key * 10;
  if (table[at] !== 0) return at;
  if (key === 0) {
    table.fill(1, at, at + 10);
    table[at] = 2;
    return at;
  }
  // Result accumulates in a local buffer first: recursion re-enters this function.
  const best = [1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
  let i = 0;
  let w = POW5[len - 1]!;
  while (Math.floor(key / w) % 5 === 0) {
    i++;
    w /= 5;
  }
  const c = Math.floor(key / w) % 5;
  const next1 = i + 1 < len ? Math.floor(key / (w / 5)) % 5 : 0;
  const next2 = i + 2 < len ? Math.floor(key / (w / 25)) % 5 : 0;
  const take = (sub: number, dm: number, dt: number, dp: number): void => {
    const from = blocks(sub, chows);
    for (let m = 0; m + dm <= 4; m++) {
      for (let p = 0; p + dp <= 1; p++) {
        const v = table[from + m * 2 + p]!;
        if (v === 1) continue;
        const slot = (m + dm) * 2 + p + dp;
        if (v + dt > best[slot]!) best[slot] = v + dt;
      }
    }
  };
  take(key - w, 0, 0, 0); // the tile stays alone
  if (c >= 2) {
    take(key - 2 * w, 0, 1, 0); // a pair as a partial set
    take(key - 2 * w, 0, 0, 1); // the pair of the hand
  }
  if (c >= 3) take(key - 3 * w, 1, 0, 0);
  if (chows) {
    if (next1 > 0) {
      take(key - w - w / 5, 0, 1, 0);
      if (next2 > 0) take(key - w - w / 5 - w / 25, 1, 0, 0);
    }
    if (next2 > 0) take(key - w - w / 25, 0, 1, 0);
  }
  for (let j = 0; j < 10; j++) table[at + j] = best[j]!;
  return at;
}

/** Running best partial counts over suits, per (m, p), as value + 2 (1 = impossible). */
const acc = new Int8Array(10);
const accNext = new Int8Array(10);

/** The possible (m, p) slots of the suit entry being combined (most suits allow only a few). */
const suitSlots = new Int8Array(10);

function combine(table: Int8Array, at: number): void {
  accNext.fill(1);
  let n = 0;
  for (let slot = 0; slot < 10; slot++) if (table[at + slot] !== 1) suitSlots[n++] = slot;
  for (let s1 = 0; s1 < 10; s1++) {
    const a = acc[s1]!;
    if (a === 1) continue;
    const m1 = s1 >> 1;
    const p1 = s1 & 1;
    for (let i = 0; i < n; i++) {
      const s2 = suitSlots[i]!;
      const m2 = s2 >> 1;
      const p2 = s2 & 1;
      if (m1 + m2 > 4 || p1 + p2 > 1) continue;
      const slot = s1 + s2; // (m1 + m2) * 2 + p1 + p2
      const v = a + table[at + s2]! - 2;
      if (v > accNext[slot]!) accNext[slot] = v;
    }
  }
  acc.set(accNext);
}

function standardShanten(counts: KindCounts, meldCount: number): number {
  acc.fill(1);
  acc[0] = 2;
  for (let s = 0; s < 4; s++) {
    const chows = s < 3;
    const base = s * 9;
    const len = chows ? 9 : 7;
    let key = 0;
    for (let i = 0; i < len; i++) key = key * 5 + Math.min(4, counts[base + i]!);
    // An empty suit adds nothing: its entry (no group, no pair, no partial) is the identity of `combine`.
    if (key === 0) continue;
    const at = blocks(key, chows);
    combine(blockTable(chows), at);
  }
  let best = 8;
  for (let m = 0; m + meldCount <= 4; m++) {
    for (let p = 0; p <= 1; p++) {
      const v = acc[m * 2 + p]!;
      if (v === 1) continue;
      const partials = Math.min(v - 2, 4 - meldCount - m);
      const s = 8 - 2 * (m + meldCount) - partials - p;
      if (s < best) best = s;
    }
  }
  return best;
}

/** Seven pairs: 6 - pairs, plus one for each kind short of seven distinct kinds; with
 * `fourAlike`, four of a kind is two pairs (and distinct kinds do not matter). */
function sevenPairsShanten(counts: KindCounts, fourAlike: boolean): number {
  let pairs = 0;
  let kinds = 0;
  for (let k = 0; k < 34; k++) {
    const c = counts[k]!;
    if (c > 0) kinds++;
    if (c >= 2) pairs += fourAlike && c === 4 ? 2 : 1;
  }
  return fourAlike ? 6 - Math.min(7, pairs) : 6 - pairs + Math.max(0, 7 - kinds);
}

function orphansShanten(counts: KindCounts): number {
  let kinds = 0;
  let pair = 0;
  for (const k of ORPHAN_KINDS) {
    const c = counts[k]!;
    if (c > 0) kinds++;
    if (c >= 2) pair = 1;
  }
  return 13 - kinds - pair;
}

/**
 * Tiles away from ready: -1 complete, 0 ready (one tile from complete), and so on; the minimum
 * over the standard form, seven pairs (unless turned off) and thirteen orphans (both only with
 * no declared meld and 13-14 concealed tiles). Standard form: 8 - 2 * groups - partials - pair,
 * with groups + partials at most 4, maximised over every split of every suit.
 * Like every shanten count it does not look at tiles out of play: a hand waiting only on a
 * kind it holds four of counts as ready.
 */
export function shanten(counts: KindCounts, meldCount: number, opts?: AnalysisOptions): number {
  const melds = Math.max(0, Math.min(4, Math.trunc(meldCount)));
  let best = standardShanten(counts, melds);
  if (melds === 0) {
    const n = tileCount(counts);
    if (n === 13 || n === 14) {
      best = Math.min(best, orphansShanten(counts));
      if (opts?.sevenPairs !== false) best = Math.min(best, sevenPairsShanten(counts, opts?.fourAlikePairs === true));
    }
  }
  return best;
}

/**
 * Bit s set for each suit s (honours 3) that does not split as a complete hand's suit must: into
 * groups (count 0 mod 3) or groups and the pair (2 mod 3); a count of 1 mod 3 never does.
 */
function unsoundSuits(counts: KindCounts): number {
  suitShapes(counts);
  let out = 0;
  for (let s = 0; s < 4; s++) if (suitRem[s] === 1 || suitBad[s]) out |= 1 << s;
  return out;
}

const popcount4 = (m: number): number => (m & 1) + ((m >> 1) & 1) + ((m >> 2) & 1) + ((m >> 3) & 1);

/**
 * Whether 14 concealed tiles might be one discard from a seven-pairs or thirteen-orphans wait
 * (which the suit count above does not see): six pairs, or thirteen terminals and honours. A
 * loose test: it only decides whether the exact check runs for every discard.
 */
function specialFormNear(counts: KindCounts, opts: AnalysisOptions | undefined): boolean {
  let orphanTiles = 0;
  for (const k of ORPHAN_KINDS) orphanTiles += counts[k]!;
  if (orphanTiles >= 13) return true;
  if (opts?.sevenPairs === false) return false;
  // Pairs a discard could leave: a kind held twice or more is one; with four alike as two pairs,
  // four of a kind is two.
  const fourAlike = opts?.fourAlikePairs === true;
  let pairs = 0;
  for (let k = 0; k < 34; k++) {
    const c = counts[k]!;
    if (c >= 2) pairs += fourAlike ? c >> 1 : 1;
  }
  return pairs >= 6;
}

/** A discard that leaves the hand ready, and what the hand then waits on. */
export interface ReadyDiscard {
  readonly discard: TileKind;
  readonly waits: readonly TileKind[];
}

/**
 * For 3n+2 concealed tiles (14 - 3 * meldCount): every kind whose discard leaves the hand ready,
 * in kind order, with the waits after it (for "ready" hints and bots). Empty when none does.
 */
export function readyDiscards(counts: KindCounts, meldCount: number, opts?: AnalysisOptions): ReadyDiscard[] {
  const out: ReadyDiscard[] = [];
  if (!Number.isInteger(meldCount) || meldCount < 0 || meldCount > 4) return out;
  if (tileCount(counts) !== concealedSizeFor(meldCount)) return out;
  // Which suits a discard may come from (bit s: suit s). Bots and riichi offers ask this of every
  // hand on every turn, and most hands are far from ready: a cheap count of unsound suits answers
  // them before fourteen calls to `waits`.
  let suits = 0b1111;
  if (meldCount > 0 || !specialFormNear(counts, opts)) {
    const unsound = unsoundSuits(counts);
    const n = popcount4(unsound);
    // A ready hand has every suit sound but the one its winning tile goes to; a discard mends at
    // most one more (its own suit). So three unsound suits are never ready after one discard, and
    // with two the discard is from one of them.
    if (n >= 3) return out;
    if (n === 2) suits = unsound;
  }
  const rest = Uint8Array.from(counts);
  for (let k = 0; k < 34; k++) {
    if (rest[k] === 0 || (suits & (1 << (k < HONOUR_BASE ? (k / 9) | 0 : 3))) === 0) continue;
    rest[k]!--;
    const w = waits(rest, meldCount, opts);
    rest[k]!++;
    if (w.length > 0) out.push({ discard: k as TileKind, waits: w });
  }
  return out;
}
