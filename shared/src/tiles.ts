/**
 * The tile model. A tile *kind* is a small integer so that hand analysis can work on
 * count arrays: 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-33 honours (z:
 * East, South, West, North, White, Green, Red) and 34-41 bonus tiles (f: four flowers, then
 * four seasons). A physical tile has an id 0-143: `kind * 4 + copy` for the 136 playing
 * tiles, then 136-143 for the eight bonus tiles, one copy each.
 */

export const SUITS = ['m', 'p', 's', 'z', 'f'] as const;
export type Suit = (typeof SUITS)[number];

/** The suits a chow can be made in. */
export const NUMBER_SUITS = ['m', 'p', 's'] as const;
export type NumberSuit = (typeof NUMBER_SUITS)[number];

/** A tile kind 0-41. Branded so that a raw number (a count, an id) is not taken for a kind. */
export type TileKind = number & { readonly __brand: 'TileKind' };
/** A physical tile 0-143. */
export type TileId = number & { readonly __brand: 'TileId' };

/** Number of kinds that take part in hands (everything but bonus tiles). */
export const PLAYING_KINDS = 34;
/** Number of kinds including the eight bonus tiles. */
export const ALL_KINDS = 42;
export const PLAYING_TILES = 136;
export const ALL_TILES = 144;

/** Seat winds and prevailing winds: 1 East, 2 South, 3 West, 4 North (as in the notation). */
export const WINDS = [1, 2, 3, 4] as const;
export type Wind = (typeof WINDS)[number];

/** Dragons as honour ranks: 5 White, 6 Green, 7 Red. */
export const DRAGONS = [5, 6, 7] as const;
export type Dragon = (typeof DRAGONS)[number];

/** The highest rank per suit. */
export const SUIT_SIZE: Readonly<Record<Suit, number>> = { m: 9, p: 9, s: 9, z: 7, f: 8 };
const SUIT_BASE: Readonly<Record<Suit, number>> = { m: 0, p: 9, s: 18, z: 27, f: 34 };

export function isTileKind(n: number): n is TileKind {
  return Number.isInteger(n) && n >= 0 && n < ALL_KINDS;
}

/** The kind of `rank` in `suit`; the caller guarantees the rank is in range. */
export function kindOf(suit: Suit, rank: number): TileKind {
  if (!Number.isInteger(rank) || rank < 1 || rank > SUIT_SIZE[suit]) {
    throw new RangeError(`rank ${rank} is not a rank of suit ${suit}`);
  }
  return (SUIT_BASE[suit] + rank - 1) as TileKind;
}

export function suitOf(kind: TileKind): Suit {
  if (kind < 9) return 'm';
  if (kind < 18) return 'p';
  if (kind < 27) return 's';
  if (kind < 34) return 'z';
  return 'f';
}

/** 1-9 for suits, 1-7 for honours, 1-8 for bonus tiles. */
export function rankOf(kind: TileKind): number {
  return kind - SUIT_BASE[suitOf(kind)] + 1;
}

export const isBonus = (kind: TileKind): boolean => kind >= 34;
export const isHonour = (kind: TileKind): boolean => kind >= 27 && kind < 34;
export const isSuited = (kind: TileKind): boolean => kind < 27;
export const isTerminal = (kind: TileKind): boolean => kind < 27 && (kind % 9 === 0 || kind % 9 === 8);
/** Terminals and honours. */
export const isOrphan = (kind: TileKind): boolean => isHonour(kind) || isTerminal(kind);
export const isWindTile = (kind: TileKind): boolean => kind >= 27 && kind <= 30;
export const isDragonTile = (kind: TileKind): boolean => kind >= 31 && kind <= 33;
/** Flower 1-4 or season 5-8 belongs to seat wind ((rank - 1) % 4) + 1. */
export const bonusWind = (kind: TileKind): Wind => (((rankOf(kind) - 1) % 4) + 1) as Wind;
export const isFlower = (kind: TileKind): boolean => kind >= 34 && kind <= 37;
export const isSeason = (kind: TileKind): boolean => kind >= 38 && kind <= 41;

export const windKind = (wind: Wind): TileKind => (26 + wind) as TileKind;
export const dragonKind = (dragon: Dragon): TileKind => (26 + dragon) as TileKind;

/** The 13 kinds of thirteen orphans. */
export const ORPHAN_KINDS: readonly TileKind[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33] as TileKind[];

/** How many physical copies a kind has: 4 for playing tiles, 1 for bonus tiles. */
export const copiesOf = (kind: TileKind): number => (isBonus(kind) ? 1 : 4);

export function kindOfId(id: TileId): TileKind {
  return (id < PLAYING_TILES ? Math.floor(id / 4) : id - PLAYING_TILES + PLAYING_KINDS) as TileKind;
}

/** Every physical tile in a fixed order: 136 playing tiles, then (with bonus) the 8 bonus tiles. */
export function allTileIds(withBonus = true): TileId[] {
  const n = withBonus ? ALL_TILES : PLAYING_TILES;
  return Array.from({ length: n }, (_, i) => i as TileId);
}

/** Count array over the 42 kinds. */
export type KindCounts = Uint8Array;

export function countKinds(kinds: readonly TileKind[]): KindCounts {
  const counts = new Uint8Array(ALL_KINDS);
  for (const k of kinds) counts[k] = (counts[k] ?? 0) + 1;
  return counts;
}

/** Sorts kinds in notation order (m, p, s, z, f), returning a new array. */
export const sortKinds = (kinds: readonly TileKind[]): TileKind[] => [...kinds].sort((a, b) => a - b);

const HONOUR_NAMES = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'] as const;
const BONUS_NAMES = ['Plum', 'Orchid', 'Chrysanthemum', 'Bamboo', 'Spring', 'Summer', 'Autumn', 'Winter'] as const;
const SUIT_NAMES = { m: 'Characters', p: 'Dots', s: 'Bamboo' } as const;

/** An English name for people: "5 Dots", "Red Dragon", "East Wind", "Plum". */
export function tileName(kind: TileKind): string {
  const suit = suitOf(kind);
  const rank = rankOf(kind);
  switch (suit) {
    case 'm':
    case 'p':
    case 's':
      return `${rank} ${SUIT_NAMES[suit]}`;
    case 'z':
      return rank <= 4 ? `${HONOUR_NAMES[rank - 1]} Wind` : `${HONOUR_NAMES[rank - 1]} Dragon`;
    case 'f':
      return BONUS_NAMES[rank - 1] ?? 'Bonus';
  }
}
