/**
 * The compact tile notation of docs/rules/tiles.md: digits then a suit letter, `123m456p789s11z`,
 * bonus tiles as `15f`. Parsing never skips anything silently: every bad part is named.
 */
import { fail, ok, type Result } from './result.js';
import { copiesOf, kindOf, rankOf, SUIT_SIZE, type Suit, suitOf, type TileKind, tileName } from './tiles.js';

export type NotationErrorCode =
  | 'notation/empty'
  | 'notation/bad_char'
  | 'notation/bad_rank'
  | 'notation/no_suit'
  | 'notation/too_many_copies';

const SUIT_LETTERS: ReadonlySet<string> = new Set(['m', 'p', 's', 'z', 'f']);

export interface ParseOptions {
  /** Allow an empty string (no tiles). Default false. */
  readonly allowEmpty?: boolean;
  /** Check that no kind appears more often than the tile set holds (4, or 1 for bonus). Default true. */
  readonly checkCopies?: boolean;
}

/** Parses notation into tile kinds, in written order. */
export function parseTiles(text: string, options: ParseOptions = {}): Result<TileKind[], NotationErrorCode> {
  const src = text.trim();
  if (src.length === 0) {
    return options.allowEmpty ? ok([]) : fail('notation/empty', 'no tiles given', {});
  }
  const kinds: TileKind[] = [];
  let pending: { digit: number; at: number }[] = [];
  for (let i = 0; i < src.length; i++) {
    const ch = src[i] as string;
    if (ch >= '0' && ch <= '9') {
      pending.push({ digit: ch.charCodeAt(0) - 48, at: i });
      continue;
    }
    if (ch === ' ') {
      if (pending.length > 0) {
        const at = pending[0]?.at ?? 0;
        return fail('notation/no_suit', `digits "${digitsOf(pending)}" at ${at} have no suit letter`, {
          name: digitsOf(pending),
          n: at,
        });
      }
      continue;
    }
    if (!SUIT_LETTERS.has(ch)) {
      return fail('notation/bad_char', `unexpected character "${ch}" at ${i} (use digits and m, p, s, z, f)`, {
        name: ch,
        n: i,
      });
    }
    const suit = ch as Suit;
    if (pending.length === 0) {
      // `name2`: the letter (not `name`, the digits of the other two cases)
      return fail('notation/no_suit', `suit letter "${ch}" at ${i} has no digits before it`, { name2: ch, n: i });
    }
    for (const { digit } of pending) {
      if (digit < 1 || digit > SUIT_SIZE[suit]) {
        return fail('notation/bad_rank', `"${digit}${suit}" is not a tile (${suit} ranks are 1-${SUIT_SIZE[suit]})`, {
          name: `${digit}${suit}`,
          name2: suit,
          n: SUIT_SIZE[suit],
        });
      }
      kinds.push(kindOf(suit, digit));
    }
    pending = [];
  }
  if (pending.length > 0) {
    return fail('notation/no_suit', `digits "${digitsOf(pending)}" at the end have no suit letter`, {
      name: digitsOf(pending),
    });
  }
  if (options.checkCopies !== false) {
    const seen = new Map<TileKind, number>();
    for (const k of kinds) {
      const n = (seen.get(k) ?? 0) + 1;
      seen.set(k, n);
      if (n > copiesOf(k)) {
        return fail(
          'notation/too_many_copies',
          `${n} copies of ${formatTiles([k])} (${tileName(k)}); the set has ${copiesOf(k)}`,
          { n, name: formatTiles([k]), n2: copiesOf(k) },
        );
      }
    }
  }
  return ok(kinds);
}

const digitsOf = (pending: readonly { digit: number }[]): string => pending.map((p) => p.digit).join('');

/**
 * Formats kinds in notation. Consecutive tiles of one suit share a letter; order is kept,
 * so sort first (`sortKinds`) for the canonical form.
 */
export function formatTiles(kinds: readonly TileKind[]): string {
  let out = '';
  let run = '';
  let runSuit: Suit | undefined;
  for (const k of kinds) {
    const suit = suitOf(k);
    if (runSuit !== undefined && suit !== runSuit) {
      out += run + runSuit;
      run = '';
    }
    runSuit = suit;
    run += String(rankOf(k));
  }
  if (runSuit !== undefined) out += run + runSuit;
  return out;
}

/** Parses one tile such as `5p` or `7z`. */
export function parseTile(text: string): Result<TileKind, NotationErrorCode | 'notation/not_one_tile'> {
  const parsed = parseTiles(text);
  if (!parsed.ok) return parsed;
  if (parsed.value.length !== 1) {
    return fail('notation/not_one_tile', `"${text}" is ${parsed.value.length} tiles, not one`, {
      name: text,
      n: parsed.value.length,
    });
  }
  return ok(parsed.value[0] as TileKind);
}

/** Parses notation that the caller wrote (fixtures, tests); throws on bad input. */
export function tiles(text: string): TileKind[] {
  const r = parseTiles(text, { allowEmpty: true });
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}

/** One tile from trusted notation; throws on bad input. */
export function tile(text: string): TileKind {
  const r = parseTile(text);
  if (!r.ok) throw new Error(`${r.error.code}: ${r.error.message}`);
  return r.value;
}
