/**
 * Tile art drawn by the project: every one of the 42 kinds (34 playing tiles, 8 bonus tiles),
 * the red five of each suit (riichi tables with red fives) and the tile back as a self-contained
 * SVG string. No text elements and no fonts: numerals,
 * letters and the few Chinese characters are stroke paths defined below, so a tile looks the
 * same on every machine. The table rasterises these into Pixi textures (`loadTileTextures` in render/renderer.ts);
 * HTML pages use them as <img> data URLs.
 */
import { rankOf, suitOf, type TileKind } from '@mahjong/shared';
import { isFive } from '../table/red-fives.js';

/** The face is TILE_W x TILE_H units; the SVG adds TILE_DEPTH below it for the tile's side. */
export const TILE_W = 60;
export const TILE_H = 80;
export const TILE_DEPTH = 6;

const INK = '#1d2a44'; // dark blue-black, the "black" of the tiles
const RED = '#c62828';
const GREEN = '#1b7a3a';
const BLUE = '#1f4fa8';

/**
 * Stroke glyphs. Digits and letters live in a 6 x 10 box, Chinese characters in a 10 x 10
 * box. Each is one SVG path drawn with round caps, so the weight follows the stroke width.
 */
const LATIN: Readonly<Record<string, string>> = {
  '1': 'M1.5 1.8 L3.4 0 V10',
  '2': 'M0.4 2.6 C0.4 -0.6 5.6 -0.6 5.6 2.6 C5.6 4.8 0.4 7 0.4 10 H5.8',
  '3': 'M0.4 1.2 C2 -0.6 5.6 -0.2 5.6 2.5 C5.6 4.4 3.6 5 2.2 5 C4.3 5 5.9 6 5.9 7.5 C5.9 10.6 1.4 10.7 0.2 8.8',
  '4': 'M4.4 10 V0 L0 7 H6',
  '5': 'M5.6 0 H1 L0.5 4.6 C3 3.4 6 4.4 6 7.1 C6 10.6 1.4 10.6 0.2 8.9',
  '6': 'M5.2 0.6 C1.6 -0.4 0 3.2 0 6.6 C0 8.9 1.3 10 3 10 C4.8 10 6 8.8 6 7 C6 5.1 4.6 4 3 4 C1.5 4 0.3 5 0 6.6',
  '7': 'M0 0 H6 L2.2 10',
  '8': 'M3 4.9 C0.1 4.9 0.3 0 3 0 C5.7 0 5.9 4.9 3 4.9 C-0.3 4.9 -0.3 10 3 10 C6.3 10 6.3 4.9 3 4.9',
  '9': 'M0.8 9.4 C4.4 10.4 6 7 6 3.4 C6 1.1 4.6 0 3 0 C1.2 0 0 1.3 0 3 C0 4.9 1.4 6 3 6 C4.6 6 5.7 5 6 3.4',
  E: 'M5.6 0 H0.4 V10 H5.6 M0.4 4.9 H4.6',
  S: 'M5.5 1.3 C4.6 -0.1 0.6 -0.5 0.5 2.5 C0.4 5 5.7 4.8 5.7 7.5 C5.7 10.6 1.1 10.6 0.2 8.6',
  W: 'M0 0 L1.5 10 L3 3.2 L4.5 10 L6 0',
  N: 'M0.4 10 V0 L5.6 10 V0',
};

/** Chinese numerals one to nine (the characters suit), then 万 (ten thousand) and the dragons. */
const HANZI_NUMERALS: readonly string[] = [
  'M1 5 H9',
  'M2 3 H8 M1 7.5 H9',
  'M2 1.5 H8 M2.6 5 H7.4 M1 8.6 H9',
  'M1 1.5 V9.4 M1 1.5 H9 V9.4 M1 8.6 H9 M4 1.6 C4 4.8 3.6 6 2.4 7 M6 1.6 V5.6 C6 6.8 6.6 7 8.2 7',
  'M1.6 1.4 H8.4 M4.6 1.4 L3.4 8.8 M2 5 H7.4 V8.8 M1 8.8 H9',
  'M4.6 0.4 L5.6 2 M1 3.6 H9 M4 5.6 L1.6 9.2 M6 5.6 L8.6 9.2',
  'M1 5.8 L9 4 M4 0.8 V7.6 C4 9.4 5 9.4 9 9.4 V7.8',
  'M4 2 C4 6 3 8 1 9.6 M6 2 C6.4 6 7.4 8 9 9.6',
  'M1 4 H6.4 C6.4 7.2 6.6 9.4 9 9.4 V7.8 M4.6 0.8 C4.6 5 3.6 8 1 9.6',
];
/**
 * 萬 (ten thousand) as Hong Kong sets print it, not the simplified 万: 艹 on top, the boxed
 * 田 of 禺, and the open 禸 below with its 厶 inside.
 */
const WAN =
  'M1 1.5 H9 M3.4 0.3 V2.6 M6.6 0.3 V2.6 M2.6 3.4 H7.4 V6 H2.6 Z M2.6 4.7 H7.4 M5 3.4 V7.6 ' +
  'M1.4 9.8 V7 H8.6 V9.2 C8.6 9.8 8.2 9.9 7.4 9.6 M5 7.6 L3.8 9.1 L6.8 8.9 M6 8 L6.9 9';
const ZHONG = 'M1.6 3 V7.2 M1.6 3 H8.4 V7.2 M1.6 7.2 H8.4 M5 0.4 V9.8';
/**
 * 發 (the green dragon): 癶 over 弓 (left) and 殳 (right). Drawn thinner than 中, it has
 * three times the strokes.
 */
const FA =
  'M1.2 0.8 H3.8 L1.4 3.4 M2.4 2 L3.6 3 ' + // 癶, left half
  'M5.6 0.5 L6.1 1.3 M7.4 0.3 L7.9 1.1 M5.4 1.9 H8 M6.2 1.9 C7.2 3 8 3.4 9.4 3.7 M4.8 0.4 C4.6 2.2 3.6 3.2 2 4 ' + // 癶, right half
  'M1.3 4.9 H4.1 V6.3 H1.6 V7.7 H4.3 C4.3 9.2 4 9.8 2.9 9.5 ' + // 弓
  'M6.2 4.7 C6.2 5.9 6 6.5 5.3 7 M6.2 4.7 H7.9 V6 C7.9 6.5 8.3 6.7 9.2 6.7 ' + // 几 of 殳
  'M5.5 7.5 H8.5 C7.8 8.8 6.8 9.5 5.3 9.9 M6.2 8 C7 9 8 9.5 9.3 9.9'; // 又 of 殳

/** The winds as Hong Kong sets print them: 東 南 西 北. */
const WINDS_ZH: readonly string[] = [
  'M1 2 H9 M2.4 3.4 H7.6 V6.6 H2.4 Z M2.4 5 H7.6 M5 0.4 V9.8 M4.6 6.8 C3.6 8.2 2.4 9 0.8 9.6 M5.4 6.8 C6.4 8.2 7.6 9 9.2 9.6',
  'M1 1.8 H9 M5 0.3 V3.2 M1.8 9.8 V3.4 H8.2 V9.2 C8.2 9.8 7.6 9.9 6.8 9.6 M3.6 4.3 L4.3 5.2 M6.4 4.3 L5.7 5.2 M3 6.2 H7 M3.2 7.8 H6.8 M5 6.2 V9.6',
  'M1 1.4 H9 M1.8 3.6 H8.2 V9.6 H1.8 Z M4 1.4 V5.2 C4 6.4 3.4 7 2.2 7.6 M6 1.4 V6.2 C6 7 6.6 7.3 8.1 7.3',
  'M3.8 0.6 V9.4 M1 3.8 H3.8 M0.8 8.4 L3.8 6.8 M6.4 0.6 V8.4 C6.4 9.4 7 9.6 9.2 9.6 V8.2 M6.4 4.4 L9 3',
];

const stroke = (d: string, color: string, width: number, transform: string): string =>
  `<path d="${d}" transform="${transform}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round" stroke-linejoin="round"/>`;

/** A Latin glyph with its 6 x 10 box scaled to `height` and its top-left at (x, y). */
function latin(ch: string, x: number, y: number, height: number, color: string, weight = 1.3): string {
  const d = LATIN[ch];
  if (d === undefined) throw new RangeError(`no glyph for ${ch}`);
  const s = height / 10;
  return stroke(d, color, weight / s, `translate(${x} ${y}) scale(${s})`);
}

/** A Chinese glyph with its 10 x 10 box scaled to `size` and centred on (cx, cy). */
function hanzi(d: string, cx: number, cy: number, size: number, color: string, weight: number): string {
  const s = size / 10;
  return stroke(d, color, weight / s, `translate(${cx - size / 2} ${cy - size / 2}) scale(${s})`);
}

function dot(cx: number, cy: number, r: number, color: string): string {
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${color}"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.62}" fill="#fbf8ee"/>` +
    `<circle cx="${cx}" cy="${cy}" r="${r * 0.36}" fill="${color}"/>`
  );
}

/** Dot positions per rank in the 60 x 80 face, with the traditional colours (`red`: the red five, every dot red). */
function dotsFace(rank: number, red = false): string {
  const cx = TILE_W / 2;
  const cy = TILE_H / 2 + 2;
  switch (rank) {
    case 1:
      return (
        `<circle cx="${cx}" cy="${cy}" r="21" fill="${GREEN}"/><circle cx="${cx}" cy="${cy}" r="17" fill="#fbf8ee"/>` +
        `<circle cx="${cx}" cy="${cy}" r="14" fill="${BLUE}"/><circle cx="${cx}" cy="${cy}" r="9" fill="#fbf8ee"/>` +
        `<circle cx="${cx}" cy="${cy}" r="6" fill="${RED}"/>`
      );
    case 2:
      return dot(cx, 26, 10, GREEN) + dot(cx, 58, 10, BLUE);
    case 3:
      return dot(16, 20, 8.5, BLUE) + dot(cx, cy, 8.5, RED) + dot(44, 64, 8.5, GREEN);
    case 4:
      return dot(18, 26, 9, BLUE) + dot(42, 26, 9, GREEN) + dot(18, 58, 9, GREEN) + dot(42, 58, 9, BLUE);
    case 5:
      return red
        ? [18, 42].map((x) => dot(x, 26, 8, RED) + dot(x, 58, 8, RED)).join('') + dot(cx, cy, 8, RED)
        : dotsFace(4).replace(/r="9"/g, 'r="8"') + dot(cx, cy, 8, RED);
    case 6:
      return [18, 42].map((x) => dot(x, 18, 7.5, GREEN) + dot(x, 44, 7.5, RED) + dot(x, 64, 7.5, RED)).join('');
    case 7:
      return (
        dot(14, 13, 6.5, GREEN) +
        dot(cx, 22, 6.5, GREEN) +
        dot(46, 31, 6.5, GREEN) +
        [19, 41].map((x) => dot(x, 50, 7, RED) + dot(x, 68, 7, RED)).join('')
      );
    case 8:
      return [18, 42].map((x) => [15, 32, 49, 66].map((y) => dot(x, y, 7, BLUE)).join('')).join('');
    case 9:
      return [
        [18, GREEN],
        [cy, RED],
        [66, BLUE],
      ]
        .map(([y, c]) => [13, cx, 47].map((x) => dot(x, y as number, 6.8, c as string)).join(''))
        .join('');
    default:
      throw new RangeError(`dots rank ${rank}`);
  }
}

/** One bamboo stick, centred on (cx, cy). */
function stick(cx: number, cy: number, h: number, color: string): string {
  const w = 6;
  return (
    `<rect x="${cx - w / 2}" y="${cy - h / 2}" width="${w}" height="${h}" rx="3" fill="${color}"/>` +
    `<path d="M${cx} ${cy - h / 2 + 2} V${cy + h / 2 - 2}" stroke="#fbf8ee" stroke-width="1" opacity="0.7"/>` +
    `<path d="M${cx - w / 2} ${cy} H${cx + w / 2}" stroke="#fbf8ee" stroke-width="1.4"/>`
  );
}

/** Sticks per rank, with the traditional colours (`red`: the red five, every stick red). */
function bambooFace(rank: number, red = false): string {
  const cx = TILE_W / 2;
  const cols = (xs: number[], ys: number[], h: number, color: (x: number, y: number) => string) =>
    xs.flatMap((x) => ys.map((y) => stick(x, y, h, color(x, y)))).join('');
  switch (rank) {
    case 1: // the bird
      return (
        `<path d="M14 54 C14 36 30 28 42 34 C48 37 48 46 42 50 C36 55 24 58 14 54 Z" fill="${GREEN}"/>` +
        `<path d="M16 52 C8 60 8 70 18 72 C16 64 22 60 26 56 Z" fill="${RED}"/>` +
        `<path d="M24 44 C28 40 36 40 38 44 C34 46 28 48 24 44 Z" fill="${BLUE}"/>` +
        `<circle cx="44" cy="26" r="7" fill="${GREEN}"/><circle cx="46" cy="24.5" r="1.6" fill="#fbf8ee"/>` +
        `<path d="M50 25 L56 27 L50 29 Z" fill="${RED}"/>` +
        `<path d="M28 57 V66 M34 56 V66 M26 66 H36" stroke="${INK}" stroke-width="1.6" fill="none" stroke-linecap="round"/>`
      );
    case 2:
      return stick(cx, 26, 24, GREEN) + stick(cx, 58, 24, BLUE);
    case 3:
      return stick(cx, 26, 24, BLUE) + cols([19, 41], [58], 24, () => GREEN);
    case 4:
      return cols([19, 41], [26, 58], 24, (x, y) => ((x === 19) === (y === 26) ? BLUE : GREEN));
    case 5:
      return cols([14, 46], [26, 58], 24, () => (red ? RED : GREEN)) + stick(cx, 42, 24, RED);
    case 6:
      return cols([14, cx, 46], [26, 58], 24, (_x, y) => (y === 26 ? GREEN : BLUE));
    case 7:
      return stick(cx, 15, 18, RED) + cols([14, cx, 46], [38, 64], 20, (_x, y) => (y === 38 ? GREEN : BLUE));
    case 8:
      return cols([10, 23, 37, 50], [26, 58], 24, (x) => (x === 23 || x === 37 ? BLUE : GREEN));
    case 9:
      return cols([14, cx, 46], [16, 41, 66], 20, (x) => (x === cx ? RED : x === 14 ? GREEN : BLUE));
    default:
      throw new RangeError(`bamboo rank ${rank}`);
  }
}

function flower(cx: number, cy: number, color: string): string {
  const petals = [0, 72, 144, 216, 288]
    .map((a) => {
      const r = (a * Math.PI) / 180;
      return `<ellipse cx="${(cx + Math.sin(r) * 9).toFixed(2)}" cy="${(cy - Math.cos(r) * 9).toFixed(2)}" rx="6" ry="8.5" transform="rotate(${a} ${(cx + Math.sin(r) * 9).toFixed(2)} ${(cy - Math.cos(r) * 9).toFixed(2)})" fill="${color}"/>`;
    })
    .join('');
  return (
    petals +
    `<circle cx="${cx}" cy="${cy}" r="5" fill="#f2c230"/>` +
    `<path d="M${cx} ${cy + 14} C${cx - 2} ${cy + 22} ${cx + 4} ${cy + 26} ${cx} ${cy + 32}" stroke="${GREEN}" stroke-width="2.4" fill="none"/>`
  );
}

function sun(cx: number, cy: number, color: string): string {
  const rays = Array.from({ length: 12 }, (_, i) => {
    const a = (i * Math.PI) / 6;
    const x1 = cx + Math.cos(a) * 13;
    const y1 = cy + Math.sin(a) * 13;
    const x2 = cx + Math.cos(a) * 19;
    const y2 = cy + Math.sin(a) * 19;
    return `M${x1.toFixed(2)} ${y1.toFixed(2)} L${x2.toFixed(2)} ${y2.toFixed(2)}`;
  }).join(' ');
  return (
    `<path d="${rays}" stroke="${color}" stroke-width="2.6" stroke-linecap="round"/>` +
    `<circle cx="${cx}" cy="${cy}" r="10" fill="${color}"/><circle cx="${cx}" cy="${cy}" r="5" fill="#fbf8ee"/>`
  );
}

const BONUS_COLORS = ['#d0346b', '#7b3fb8', '#e0852a', GREEN] as const;

/**
 * The face sets a player may choose. "classic" draws the pips as Hong Kong sets print them;
 * "high-contrast" is for small screens and colour-blind players: every suited tile carries its
 * rank as a large numeral (7, 8 and 9 differ by shape, not by the colour of their pips) over a
 * one-symbol suit sign that differs by shape too (ring, stick, 萬), in dark inks only.
 */
export const FACE_SETS = ['classic', 'high-contrast'] as const;
export type FaceSet = (typeof FACE_SETS)[number];
export const isFaceSet = (x: unknown): x is FaceSet => FACE_SETS.includes(x as FaceSet);

function classicFace(kind: TileKind, red: boolean): string {
  const suit = suitOf(kind);
  const rank = rankOf(kind);
  switch (suit) {
    case 'm': {
      // The red five: 五 (and its corner numeral) in red over the red 萬, as Japanese sets print it.
      const ink = red ? RED : INK;
      return (
        hanzi(HANZI_NUMERALS[rank - 1] as string, 33, 24, 26, ink, 3.2) +
        hanzi(WAN, 31, 57, 30, RED, 2.5) +
        latin(String(rank), 4, 4, 11, ink, 1.8)
      );
    }
    case 'p':
      return dotsFace(rank, red);
    case 's':
      return bambooFace(rank, red);
    case 'z':
      return honourFace(rank, GREEN, RED, BLUE);
    case 'f':
      return bonusFace(rank, 11);
  }
}

/**
 * Winds, white, green and red dragon; the colours are parameters of the face set. Classic winds
 * are the Chinese characters with the letter small in the corner; high-contrast winds the letter
 * large.
 */
function honourFace(rank: number, green: string, red: string, blue: string, chineseWinds = true): string {
  switch (rank) {
    case 1:
    case 2:
    case 3:
    case 4:
      return chineseWinds
        ? hanzi(WINDS_ZH[rank - 1] as string, 30, 42, 44, INK, 4.2) +
            latin('ESWN'[rank - 1] as string, 4, 4, 11, INK, 1.8)
        : latin('ESWN'[rank - 1] as string, 16, 17, 44, INK, 5.6);
    case 5: // white dragon: the blue frame
      return (
        `<rect x="11" y="12" width="38" height="58" rx="3" fill="none" stroke="${blue}" stroke-width="4"/>` +
        `<rect x="18" y="19" width="24" height="44" rx="2" fill="none" stroke="${blue}" stroke-width="2" stroke-dasharray="4 3"/>`
      );
    case 6:
      return hanzi(FA, 30, 41, 46, green, 3.3);
    default:
      return hanzi(ZHONG, 30, 41, 46, red, 5.4);
  }
}

function bonusFace(rank: number, numeral: number): string {
  const n = ((rank - 1) % 4) + 1;
  const color = BONUS_COLORS[n - 1] as string;
  return (rank <= 4 ? flower(32, 36, color) : sun(32, 40, color)) + latin(String(n), 4, 4, numeral, color, numeral / 6);
}

/** Dark inks of the high-contrast set: each at least 7:1 against the face. */
const HC = { ink: '#111a2e', red: '#8f1414', green: '#0b4f24', blue: '#12337a' } as const;

/**
 * The high-contrast red five: numeral and suit sign in the dark red, and a solid diamond in the
 * top right corner, a mark of shape for players who do not tell the red from the ink.
 */
const RED_MARK = `<path d="M50 3.5 L56.5 11 L50 18.5 L43.5 11 Z" fill="${HC.red}"/>`;

function highContrastFace(kind: TileKind, red: boolean): string {
  const suit = suitOf(kind);
  const rank = rankOf(kind);
  const numeral = (color: string) => latin(String(rank), 19, 6, 36, red ? HC.red : color, 5.2);
  const mark = red ? RED_MARK : '';
  switch (suit) {
    case 'm':
      return numeral(HC.ink) + hanzi(WAN, 30, 62, 26, HC.red, 2.6) + mark;
    case 'p': {
      const ring = red ? HC.red : HC.blue;
      return (
        numeral(HC.ink) +
        `<circle cx="30" cy="62" r="11" fill="none" stroke="${ring}" stroke-width="4.5"/>` +
        `<circle cx="30" cy="62" r="3.5" fill="${ring}"/>` +
        mark
      );
    }
    case 's':
      return (
        numeral(HC.ink) +
        [23, 37]
          .map(
            (x) =>
              `<rect x="${x - 3.5}" y="50" width="7" height="24" rx="3.5" fill="${red ? HC.red : HC.green}"/>` +
              `<path d="M${x - 3.5} 62 H${x + 3.5}" stroke="#fbf8ee" stroke-width="1.8"/>`,
          )
          .join('') +
        mark
      );
    case 'z':
      return honourFace(rank, HC.green, HC.red, HC.blue, false);
    case 'f':
      return bonusFace(rank, 20);
  }
}

function faceArt(kind: TileKind, set: FaceSet, red: boolean): string {
  switch (set) {
    case 'classic':
      return classicFace(kind, red);
    case 'high-contrast':
      return highContrastFace(kind, red);
  }
}

function frame(inner: string, face: string): string {
  const h = TILE_H + TILE_DEPTH;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${TILE_W}" height="${h}" viewBox="0 0 ${TILE_W} ${h}">` +
    `<rect x="0.5" y="${TILE_DEPTH}" width="${TILE_W - 1}" height="${TILE_H - 0.5}" rx="7" fill="#1b5e46"/>` +
    `<rect x="0.5" y="${TILE_DEPTH - 2}" width="${TILE_W - 1}" height="${TILE_H - 2}" rx="7" fill="#e9e2cc"/>` +
    `<rect x="0.5" y="0.5" width="${TILE_W - 1}" height="${TILE_H - 1}" rx="7" fill="${face}" stroke="#b9b19a" stroke-width="1"/>` +
    inner +
    `</svg>`
  );
}

/** The red five of each suit (5m, 5p, 5s): the kinds that have a red copy at tables with red fives. */
export { isFive, RED_FIVES } from '../table/red-fives.js';

/**
 * The SVG of a tile face in a face set (classic unless told); `red` draws the red five of its
 * suit (only a five has one).
 */
export function tileSvg(kind: TileKind, set: FaceSet = 'classic', red = false): string {
  if (red && !isFive(kind)) throw new RangeError(`kind ${kind} has no red copy`);
  return frame(faceArt(kind, set, red), '#fbf8ee');
}

/** The SVG of a tile back (other players' concealed tiles, the wall). */
export function backSvg(): string {
  const inner =
    `<rect x="5" y="5" width="${TILE_W - 10}" height="${TILE_H - 10}" rx="5" fill="none" stroke="#9fd3b8" stroke-width="1.5" opacity="0.8"/>` +
    `<path d="M30 24 L42 40 L30 56 L18 40 Z" fill="none" stroke="#9fd3b8" stroke-width="2" opacity="0.8"/>`;
  return frame(inner, '#2c8a63');
}

/** A data: URL for an <img> or an Image to rasterise. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
