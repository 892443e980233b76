/**
 * Tile codes of the two riichi log formats, to and from the table's tiles (a kind, and for a
 * five whether it is the red copy). tenhou.net/6: 11-19 characters, 21-29 dots, 31-39 bamboo,
 * 41-47 East, South, West, North, White, Green, Red; 51, 52, 53 the red fives of those suits.
 * mjai: `1m`..`9m`, `1p`..`9p`, `1s`..`9s`, `E S W N P F C`, red fives `5mr`, `5pr`, `5sr`.
 */
import type { TileId, TileKind } from '@mahjong/shared';

/** A tile as the logs see it: its kind, and whether it is the red five of its suit. */
export interface LogTile {
  readonly kind: TileKind;
  readonly red: boolean;
}

const FIVES: readonly number[] = [4, 13, 22];

/** The tile id a table uses for the red five of a kind (its first copy: 16, 52, 88). */
export const redIdOf = (kind: TileKind): TileId => (kind * 4) as TileId;

export const isFiveKind = (kind: TileKind): boolean => FIVES.includes(kind);

/** The tenhou.net/6 code of a tile (`red` only matters for a five). */
export function tenhouCode(t: LogTile): number {
  if (t.red && isFiveKind(t.kind)) return 51 + FIVES.indexOf(t.kind);
  if (t.kind < 27) return (Math.floor(t.kind / 9) + 1) * 10 + (t.kind % 9) + 1;
  return 41 + (t.kind - 27);
}

/** A tenhou.net/6 code as a tile; null for anything else (0, 60, 10, 20, 48...). */
export function fromTenhouCode(code: unknown): LogTile | null {
  if (typeof code !== 'number' || !Number.isInteger(code)) return null;
  if (code >= 51 && code <= 53) return { kind: FIVES[code - 51] as TileKind, red: true };
  const suit = Math.floor(code / 10);
  const rank = code % 10;
  if (suit >= 1 && suit <= 3 && rank >= 1) return { kind: ((suit - 1) * 9 + rank - 1) as TileKind, red: false };
  if (suit === 4 && rank >= 1 && rank <= 7) return { kind: (27 + rank - 1) as TileKind, red: false };
  return null;
}

const HONOURS = ['E', 'S', 'W', 'N', 'P', 'F', 'C'] as const;
const SUIT_LETTERS = ['m', 'p', 's'] as const;

/** The mjai name of a tile. */
export function mjaiName(t: LogTile): string {
  if (t.kind >= 27) return HONOURS[t.kind - 27] as string;
  const name = `${(t.kind % 9) + 1}${SUIT_LETTERS[Math.floor(t.kind / 9)]}`;
  return t.red && isFiveKind(t.kind) ? `${name}r` : name;
}

/** A mjai tile name as a tile; null for anything else. */
export function fromMjaiName(name: unknown): LogTile | null {
  if (typeof name !== 'string') return null;
  const h = (HONOURS as readonly string[]).indexOf(name);
  if (h >= 0) return { kind: (27 + h) as TileKind, red: false };
  const m = /^([1-9])([mps])(r?)$/.exec(name);
  if (m === null) return null;
  const kind = (SUIT_LETTERS.indexOf(m[2] as 'm') * 9 + Number(m[1]) - 1) as TileKind;
  if (m[3] === 'r' && !isFiveKind(kind)) return null;
  return { kind, red: m[3] === 'r' };
}

/** A table tile id as a log tile (`redFives`: whether the table plays them). */
export const logTileOf = (id: TileId, redFives: boolean): LogTile => {
  const kind = Math.floor(id / 4) as TileKind;
  return { kind, red: redFives && isFiveKind(kind) && id === redIdOf(kind) };
};
