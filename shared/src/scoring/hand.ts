/**
 * What both scorers need before counting anything: the input checked (tile count, copies,
 * melds that really are melds) and every reading of the hand as sets and a pair (standard
 * readings from `analysis.ts`, seven pairs, thirteen orphans), plus the facts about tiles
 * (suits, orphans) that patterns are made of.
 */
import { type StandardReading, standardReadings } from '../analysis.js';
import { formatTiles } from '../notation.js';
import { MELD_KINDS, type Meld } from '../table-types.js';
import {
  copiesOf,
  isBonus,
  isHonour,
  isSuited,
  isTerminal,
  isTileKind,
  type KindCounts,
  ORPHAN_KINDS,
  suitOf,
  type TileKind,
  tileName,
} from '../tiles.js';
import type { ScoreErrorCode } from './types.js';

/** A set of a reading: a declared meld or a group read from the concealed tiles. */
export interface HandSet {
  readonly kind: 'chow' | 'pung' | 'kong';
  /** The pung's kind or the chow's lowest tile. */
  readonly tile: TileKind;
  /** Declared melds: only a concealed kong; read groups: true. */
  readonly concealed: boolean;
  /** Declared (a meld on the table) rather than read from the concealed tiles. */
  readonly declared: boolean;
}

export type Reading =
  | { readonly form: 'standard'; readonly sets: readonly HandSet[]; readonly pair: TileKind }
  | { readonly form: 'seven-pairs'; readonly pairs: readonly TileKind[] }
  | { readonly form: 'thirteen-orphans'; readonly pair: TileKind };

export interface CheckedHand {
  /** Concealed tiles plus the winning tile (14 - 3 x melds). */
  readonly counts: KindCounts;
  /** Every tile of the hand, melds included (a kong as four). */
  readonly allCounts: KindCounts;
  readonly declared: readonly HandSet[];
  /** No meld but concealed kongs. */
  readonly concealedHand: boolean;
}

export type Checked = { readonly ok: true; readonly hand: CheckedHand } | Problem;
export interface Problem {
  readonly ok: false;
  readonly code: ScoreErrorCode;
  readonly reason: string;
}

const problem = (code: ScoreErrorCode, reason: string): Problem => ({ ok: false, code, reason });

const fmt = (k: TileKind): string => formatTiles([k]);

/** Checks one declared meld: a chow of three consecutive suit tiles, a pung of three alike, a kong of four. */
export function checkMeld(meld: Meld): Problem | HandSet {
  const t = meld.tiles;
  if (!(MELD_KINDS as readonly string[]).includes(meld.kind) || !Array.isArray(t)) {
    return problem('score/bad_meld', `a meld is a chow, pung or kong with its tiles, not ${JSON.stringify(meld)}`);
  }
  const n = t.length;
  let lo = 99;
  let hi = -1;
  for (let i = 0; i < n; i++) {
    const k = t[i] as number;
    if (k >= 34 || k < 0)
      return problem('score/bad_meld', `meld ${text(t)} holds a bonus tile (${tileName(k as TileKind)})`);
    if (k < lo) lo = k;
    if (k > hi) hi = k;
  }
  const first = lo as TileKind;
  switch (meld.kind) {
    case 'chow': {
      if (n !== 3) return problem('score/bad_meld', `a chow is three tiles; ${text(t) || 'none'} is ${n}`);
      if (!isSuited(first) || !isSuited(hi as TileKind)) {
        return problem('score/bad_meld', `${text(t)} is a chow of honours; chows are made of suit tiles only`);
      }
      const mid = (t[0] as number) + (t[1] as number) + (t[2] as number) - lo - hi;
      if (mid !== lo + 1 || hi !== lo + 2 || suitOf(hi as TileKind) !== suitOf(first)) {
        return problem('score/bad_meld', `${text(t)} is not a chow (three consecutive tiles of one suit)`);
      }
      return { kind: 'chow', tile: first, concealed: false, declared: true };
    }
    case 'pung':
    case 'kong': {
      const size = meld.kind === 'pung' ? 3 : 4;
      if (n !== size) {
        const what = meld.kind === 'kong' ? 'a kong is four tiles' : 'a pung is three tiles';
        return problem('score/bad_meld', `${what}; ${text(t) || 'none'} is ${n === 1 ? 'one tile' : `${n} tiles`}`);
      }
      if (lo !== hi) return problem('score/bad_meld', `${text(t)} is not a ${meld.kind} (${size} tiles alike)`);
      return { kind: meld.kind, tile: first, concealed: meld.kind === 'kong' && meld.concealed, declared: true };
    }
  }
}

const text = (t: readonly TileKind[]): string => formatTiles([...t].sort((a, b) => a - b));

/** Checks counts, copies and melds; does not yet ask whether the hand is complete. */
export function checkHand(
  concealed: readonly TileKind[],
  melds: readonly Meld[],
  win: TileKind,
  bonus: readonly TileKind[],
  expected = 14,
): Checked {
  if (melds.length > 4) return problem('score/tile_count', `${melds.length} melds; a hand has at most four`);
  const declared: HandSet[] = [];
  for (const m of melds) {
    const r = checkMeld(m);
    if ('ok' in r) return r;
    declared.push(r);
  }
  for (let i = 0; i <= concealed.length; i++) {
    const k = i < concealed.length ? (concealed[i] as TileKind) : win;
    if (!isTileKind(k)) return problem('score/bad_tiles', `${String(k)} is not a tile kind (0-41)`);
    if (isBonus(k)) {
      return problem('score/bonus_in_hand', `${tileName(k)} (${fmt(k)}) is a bonus tile; put it among the flowers`);
    }
  }
  const total = concealed.length + 1 + 3 * melds.length;
  if (total !== expected) {
    const kongs = melds.some((m) => m.kind === 'kong') ? ' (a kong counting as three)' : '';
    return problem('score/tile_count', `the hand has ${total} tiles${kongs}; a winning hand has ${expected}`);
  }
  const counts = new Uint8Array(42);
  for (const k of concealed) counts[k] = (counts[k] as number) + 1;
  counts[win] = (counts[win] as number) + 1;
  const allCounts = counts.slice();
  for (const m of melds) for (const k of m.tiles) allCounts[k] = (allCounts[k] as number) + 1;
  for (const k of bonus) {
    if (!isTileKind(k)) return problem('score/bad_tiles', `${String(k)} is not a tile kind (0-41)`);
    if (!isBonus(k)) return problem('score/bad_tiles', `${tileName(k)} (${fmt(k)}) is not a flower or season`);
    allCounts[k] = (allCounts[k] as number) + 1;
  }
  for (let k = 0; k < 42; k++) {
    const n = allCounts[k] as number;
    if (n > copiesOf(k as TileKind)) {
      return problem(
        'score/too_many_copies',
        `${n} copies of ${fmt(k as TileKind)} (${tileName(k as TileKind)}); the set has ${copiesOf(k as TileKind)}`,
      );
    }
  }
  return {
    ok: true,
    hand: { counts, allCounts, declared, concealedHand: declared.every((s) => s.concealed) },
  };
}

/** Every reading of the hand: standard ones, and with no declared meld seven pairs / thirteen orphans. */
export function readings(
  hand: CheckedHand,
  opts: { readonly sevenPairs: boolean; readonly fourAlikePairs: boolean },
): Reading[] {
  const out: Reading[] = [];
  for (const r of standardReadings(hand.counts) as StandardReading[]) {
    const sets: HandSet[] = [...hand.declared];
    for (const g of r.groups) sets.push({ kind: g.kind, tile: g.first, concealed: true, declared: false });
    out.push({ form: 'standard', sets, pair: r.pair });
  }
  if (hand.declared.length === 0) {
    if (opts.sevenPairs) {
      const pairs = sevenPairsOf(hand.counts, opts.fourAlikePairs);
      if (pairs) out.push({ form: 'seven-pairs', pairs });
    }
    const pair = thirteenOrphansPair(hand.counts);
    if (pair !== undefined) out.push({ form: 'thirteen-orphans', pair });
  }
  return out;
}

function sevenPairsOf(counts: KindCounts, fourAlike: boolean): TileKind[] | null {
  const pairs: TileKind[] = [];
  for (let k = 0; k < 34; k++) {
    const c = counts[k] as number;
    if (c === 0) continue;
    if (c === 2) pairs.push(k as TileKind);
    else if (c === 4 && fourAlike) pairs.push(k as TileKind, k as TileKind);
    else return null;
  }
  return pairs.length === 7 ? pairs : null;
}

function thirteenOrphansPair(counts: KindCounts): TileKind | undefined {
  let pair: TileKind | undefined;
  let n = 0;
  for (const k of ORPHAN_KINDS) {
    const c = counts[k] as number;
    if (c === 0 || c > 2) return undefined;
    if (c === 2) pair = k;
    n += c;
  }
  return n === 14 ? pair : undefined;
}

/** Tiles of a set, for notation. */
export function setTiles(s: HandSet): TileKind[] {
  switch (s.kind) {
    case 'chow':
      return [s.tile, (s.tile + 1) as TileKind, (s.tile + 2) as TileKind];
    case 'pung':
      return [s.tile, s.tile, s.tile];
    case 'kong':
      return [s.tile, s.tile, s.tile, s.tile];
  }
}

/** The reading in notation, declared melds first: `['555z', '567s', '123s', '22s']`. */
export function arrangementOf(r: Reading): string[] {
  switch (r.form) {
    case 'standard':
      return [...r.sets.map((s) => formatTiles(setTiles(s))), formatTiles([r.pair, r.pair])];
    case 'seven-pairs':
      return r.pairs.map((k) => formatTiles([k, k]));
    case 'thirteen-orphans':
      return [formatTiles([...ORPHAN_KINDS, r.pair].sort((a, b) => a - b))];
  }
}

/** Facts about every tile of a hand that no reading changes. */
export interface TileFacts {
  /** Suits present: bit 0 m, 1 p, 2 s, 3 honours. */
  readonly mask: number;
  /** Number of the three suits present. */
  readonly suits: number;
  readonly honours: boolean;
  /** Every tile a terminal or honour / a terminal / a simple (2-8) / "green" (2, 3, 4, 6, 8 bamboo, green dragon). */
  readonly orphansOnly: boolean;
  readonly terminalsOnly: boolean;
  readonly simplesOnly: boolean;
  readonly greenOnly: boolean;
}

// Per kind: bit 0 terminal, 1 honour, 2 green; bits 4-5 the suit (0 m, 1 p, 2 s, 3 honours).
const KIND_BITS = new Uint8Array(34);
for (let k = 0; k < 34; k++) {
  const kind = k as TileKind;
  const suit = k < 9 ? 0 : k < 18 ? 1 : k < 27 ? 2 : 3;
  const green = k === 19 || k === 20 || k === 21 || k === 23 || k === 25 || k === 32;
  KIND_BITS[k] = (isTerminal(kind) ? 1 : 0) | (isHonour(kind) ? 2 : 0) | (green ? 4 : 0) | (suit << 4);
}

/** One pass over the 34 playing kinds. */
export function tileFacts(counts: KindCounts): TileFacts {
  let mask = 0;
  let all = 7; // terminal, honour, green: which hold for every tile
  let anyOrphan = 0;
  let notOrphan = false;
  for (let k = 0; k < 34; k++) {
    if ((counts[k] as number) === 0) continue;
    const b = KIND_BITS[k] as number;
    mask |= 1 << (b >> 4);
    all &= b;
    if ((b & 3) !== 0) anyOrphan = 1;
    else notOrphan = true;
  }
  const orphansOnly = !notOrphan;
  return {
    mask,
    suits: (mask & 1) + ((mask >> 1) & 1) + ((mask >> 2) & 1),
    honours: (mask & 8) !== 0,
    orphansOnly,
    terminalsOnly: (all & 1) !== 0,
    simplesOnly: anyOrphan === 0,
    greenOnly: (all & 4) !== 0,
  };
}
