/**
 * Layout maths: from a TableView (plus local UI state) and a window size to a flat list of
 * things to draw — tiles, labels, panels — with positions in CSS pixels. Pure data and no Pixi,
 * so it is tested without a canvas; the renderer only turns items into sprites by `key` (and
 * animates an item whose key survives from one scene to the next).
 *
 * Each seat is laid out in its own frame: `u` runs along its edge from the player's left to
 * their right, `v` from the edge towards the centre. Seat frames are then turned onto the
 * screen: the viewer at the bottom, the next seat in turn order on the right, then top, left.
 */
import {
  type BySeat,
  type Seat,
  type SeatPublicView,
  SEATS,
  type TableView,
  type TileKind,
  sortKinds,
} from '@mahjong/shared';
import { meldRedIndex } from './red-fives.js';
import type { MessageId } from '../i18n/messages.js';
import { displayName, message } from '../i18n/translate.js';
import type { Lang } from '../settings/settings.js';

export const POSITIONS = ['bottom', 'right', 'top', 'left'] as const;
export type Position = (typeof POSITIONS)[number];

/** Tile height over width as drawn (face plus the tile's side). */
export const TILE_ASPECT = 86 / 60;

export type Highlight = 'lastDiscard' | 'drawn' | 'selected' | 'wait' | 'claimed' | 'winTile';

export interface TileItem {
  readonly type: 'tile';
  readonly key: string;
  readonly face: TileKind | 'back';
  /** Centre, in CSS pixels. */
  readonly x: number;
  readonly y: number;
  /** Width of the upright tile; its height is w * TILE_ASPECT. */
  readonly w: number;
  /** Radians, clockwise. */
  readonly rotation: number;
  readonly highlight?: Highlight;
  /** Drawn greyed (a claimed discard, a tile that cannot be discarded now). */
  readonly dim?: boolean;
  /** A discard of the tile just drawn (tsumogiri): a light shade, lighter than `dim`. */
  readonly shade?: boolean;
  /** The red five of its suit (riichi tables with red fives): drawn with the red five's face. */
  readonly red?: true;
  /** Index in the viewer's hand (0-based, the drawn tile last): the tile can be clicked. */
  readonly handIndex?: number;
  /** Raised a little (selected). */
  readonly raised?: boolean;
  /** Where a newly drawn item starts its slide (a fresh discard comes from its player's hand). */
  readonly from?: { readonly x: number; readonly y: number };
}

export interface TextItem {
  readonly type: 'text';
  readonly key: string;
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly size: number;
  readonly color: string;
  readonly bold?: boolean;
  /** 0 left, 0.5 centre, 1 right. */
  readonly anchorX: number;
  readonly anchorY: number;
  /** Radians, clockwise, about the anchor (the side seats' labels). */
  readonly rotation?: number;
  /** Wraps at this width. */
  readonly maxWidth?: number;
  /**
   * Changes by itself every second (the running clock): the renderer writes it in the page over
   * the canvas, so that a table at rest draws no canvas frame for it.
   */
  readonly live?: true;
}

export interface RectItem {
  readonly type: 'rect';
  readonly key: string;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
  readonly color: string;
  readonly alpha: number;
  readonly radius: number;
}

export type SceneItem = TileItem | TextItem | RectItem;

export interface Scene {
  readonly width: number;
  readonly height: number;
  readonly items: readonly SceneItem[];
  /** Tile widths used (the viewer's hand, other seats' rows, discards, the viewer's melds). */
  readonly sizes: { readonly hand: number; readonly other: number; readonly discard: number; readonly meld: number };
  /**
   * Places free of tiles: `bar` for the page's action bar, `waits` (where the viewer's waits
   * are drawn), `menu` for the page's switches (top right), `box` the area between the seats'
   * strips; and `clock`, the centre panel's band (its whole width) that holds the running
   * clock's line, kept while no clock runs: what the page puts over the panel keeps off it.
   */
  readonly regions: {
    readonly bar: Box;
    readonly waits: Box;
    readonly menu: Box;
    readonly box: Box;
    readonly clock: Box;
  };
}

/** Local state of the viewer's UI that changes the picture. */
export interface UiState {
  /** Index into `handOrder(view)` of the raised tile. */
  readonly selected: number | null;
  /** Every seat's concealed tiles, face up (replays with "show all hands", results). */
  readonly reveal?: BySeat<readonly TileKind[]> | null;
  /** For a spectator or a replay: the seat drawn at the bottom. */
  readonly bottomSeat?: Seat;
  /** Seconds left on the running clock (turn or claim window), shown in the centre. */
  readonly clock?: { readonly kind: 'turn' | 'claim'; readonly seconds: number } | null;
  /**
   * The riichi choice (Riichi pressed, a tile to pick): the hand tiles that may go with the
   * declaration (the others are dimmed), and what the raised one would wait on (drawn in the
   * waits corner; empty when no such tile is raised).
   */
  readonly riichiChoice?: { readonly tiles: ReadonlySet<TileKind>; readonly waits: readonly TileKind[] } | null;
  /**
   * The hints, when on (table/hints.ts): the copies left of each wait, drawn under its tile, and
   * the hint's line (shanten, or "not enough faan"; `warn` draws it red), last in the waits corner.
   */
  readonly hints?: {
    readonly left: ReadonlyMap<TileKind, number>;
    readonly line: { readonly text: string; readonly warn: boolean } | null;
  } | null;
  /**
   * The seats given to an outside AI whose decisions the built-in bot had to make (a timeout, a
   * bad answer, the process gone): their label carries the fallback mark (↻), as the lobby says.
   */
  readonly aiFallback?: ReadonlySet<Seat>;
  /** The page's language, for the seats' names (the server's bot names are translated; default English). */
  readonly lang?: Lang;
  /**
   * The width of a text as the page draws it (its fonts, its language), for the seat labels: the
   * estimate (`textWidth`) counts an emoji or a skin tone as a whole Chinese character, and cut
   * "N Ann 👍🏽 25000" to "N Ann …" on a portrait phone that had room for all of it.
   */
  readonly measure?: MeasureText;
}

/** Width in pixels of `text` drawn at `size` (bold or not). */
export type MeasureText = (text: string, size: number, bold: boolean) => number;

/** Where `seat` sits on the screen for `viewer` (turn order runs counter-clockwise). */
export function positionOf(seat: Seat, bottom: Seat): Position {
  return POSITIONS[(seat - bottom + 4) % 4] as Position;
}

export function bottomSeatOf(view: TableView, ui: UiState): Seat {
  return typeof view.viewer === 'number' ? view.viewer : (ui.bottomSeat ?? 0);
}

/**
 * The viewer's concealed tiles in drawing order: sorted, with the drawn tile taken out (one
 * copy) and put last, apart from the others.
 */
export function handOrder(view: TableView): { tiles: TileKind[]; drawnIndex: number | null } {
  const hand = view.hand;
  if (!hand) return { tiles: [], drawnIndex: null };
  const sorted = sortKinds(hand.concealed);
  if (hand.drawn === null) return { tiles: sorted, drawnIndex: null };
  const at = sorted.indexOf(hand.drawn);
  if (at < 0) return { tiles: sorted, drawnIndex: null };
  sorted.splice(at, 1);
  sorted.push(hand.drawn);
  return { tiles: sorted, drawnIndex: sorted.length - 1 };
}

/**
 * Which of the viewer's hand tiles (indices into `handOrder(view).tiles`) are red fives: the drawn
 * tile when `hand.drawnRed`, and for every other kind in `hand.red` the first tile of that kind
 * (a suit has one red five; it sorts first among its fives, as the red copy's tile id does).
 */
export function redInHand(view: TableView): ReadonlySet<number> {
  const hand = view.hand;
  const out = new Set<number>();
  if (!hand?.red || hand.red.length === 0) return out;
  const { tiles, drawnIndex } = handOrder(view);
  const drawnKind = drawnIndex === null ? null : tiles[drawnIndex];
  for (const kind of hand.red) {
    if (hand.drawnRed && kind === drawnKind && drawnIndex !== null) {
      out.add(drawnIndex);
      continue;
    }
    const at = tiles.findIndex((t, i) => t === kind && i !== drawnIndex);
    if (at >= 0) out.add(at);
  }
  return out;
}

const WIND_LETTERS = ['E', 'S', 'W', 'N'] as const;
export const windLetter = (w: number): string => WIND_LETTERS[(w - 1 + 4) % 4] as string;
const WIND_NAMES = ['East', 'South', 'West', 'North'] as const;
export const windName = (w: number): string => WIND_NAMES[(w - 1 + 4) % 4] as string;

/** An axis-aligned box in CSS pixels. */
export interface Box {
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

interface Frame {
  /** Where this seat's row may run along its edge, in its own `u`. */
  readonly u0: number;
  readonly u1: number;
  readonly toScreen: (u: number, v: number) => { x: number; y: number };
  readonly rotation: number;
}

/** A tile of one seat's row before it is placed: its width in pixels and its group. */
interface RowTile {
  readonly face: TileKind | 'back';
  readonly key: string;
  readonly w: number;
  /** Laid sideways (the claimed tile of a meld). */
  readonly sideways?: boolean;
  readonly highlight?: Highlight;
  readonly dim?: boolean;
  readonly red?: boolean;
  readonly handIndex?: number;
  readonly raised?: boolean;
}

/** Tiles that stay together on one line (the concealed hand, one meld, one bonus tile). */
interface Group {
  readonly tiles: readonly RowTile[];
  /** Space before the group when it is not first on its line (pixels). */
  readonly gap: number;
  /** The drawn tile: on the hand's line when it fits, else at the right end of the next line. */
  readonly drawn?: boolean;
}

const along = (t: RowTile): number => (t.sideways ? t.w * TILE_ASPECT : t.w);
const depth = (t: RowTile): number => (t.sideways ? t.w : t.w * TILE_ASPECT);
const groupLength = (g: Group): number => g.tiles.reduce((s, t) => s + along(t), 0);

interface Line {
  readonly groups: Group[];
  length: number;
  /** Width kept free at the line's right end (the drawn tile moved up). */
  reserved: number;
}

/**
 * Lines of a seat's row, the first along the edge: groups in order, a new line when one is full.
 * A drawn tile that does not fit beside the hand goes to the next line (kept at its right end).
 */
function flow(groups: readonly Group[], L: number): Line[] {
  const lines: Line[] = [{ groups: [], length: 0, reserved: 0 }];
  let drawnUp: Group | null = null;
  for (const g of groups) {
    let line = lines[lines.length - 1] as Line;
    const need = (line.groups.length > 0 ? g.gap : 0) + groupLength(g);
    if (g.drawn && line.length + need > L + 0.01) {
      drawnUp = g;
      lines.push({ groups: [], length: 0, reserved: g.gap + groupLength(g) });
      continue;
    }
    if (line.groups.length > 0 && line.length + need + line.reserved > L + 0.01) {
      line = { groups: [], length: 0, reserved: 0 };
      lines.push(line);
    }
    line.length += (line.groups.length > 0 ? g.gap : 0) + groupLength(g);
    line.groups.push(g);
  }
  const second = lines[1];
  if (drawnUp && second) {
    second.groups.push(drawnUp);
    second.length += second.reserved;
    second.reserved = 0;
  }
  return lines;
}

const lineDepth = (line: Line): number => line.groups.reduce((m, g) => Math.max(m, ...g.tiles.map(depth)), 0);

/** How deep a seat's strip is: its lines, a small gap between them, and room to raise a tile. */
function stripDepth(lines: readonly Line[], lineGap: number, firstGap: number): number {
  return lines.reduce((s, l, i) => s + lineDepth(l) + (i === 0 ? 0 : i === 1 ? firstGap : lineGap), 0);
}

function meldGroups(view: TableView, seat: Seat, w: number, gap: number): Group[] {
  const robbing = view.robbing?.seat === seat ? view.robbing : undefined;
  return view.seats[seat].melds.map((m, mi) => {
    const claimedAt = m.claimed === undefined ? -1 : m.tiles.indexOf(m.claimed);
    const red = meldRedIndex(m, m.from === undefined ? [] : view.seats[m.from].discards);
    const tiles: RowTile[] = m.tiles.map((t, ti) => ({
      // A concealed kong shows its two end tiles face down.
      face: m.concealed && m.kind === 'kong' && (ti === 0 || ti === 3) ? ('back' as const) : t,
      key: `m:${seat}:${mi}:${ti}`,
      w,
      sideways: ti === claimedAt,
      ...(ti === red ? { red: true } : {}),
    }));
    // A robbing window: the tile being added to this pung shows beside it, marked, until the
    // kong is made (it then keeps its place as the kong's fourth tile) or robbed.
    if (robbing && m.kind === 'pung' && m.tiles[0] === robbing.tile)
      tiles.push({
        face: robbing.tile,
        key: `m:${seat}:${mi}:3`,
        w,
        highlight: 'lastDiscard',
        ...(robbing.red ? { red: true } : {}),
      });
    return { gap, tiles };
  });
}

const bonusGroups = (seat: SeatPublicView, w: number, gap: number): Group[] =>
  seat.bonus.map((b, i) => ({ gap: i === 0 ? gap : w * 0.05, tiles: [{ face: b, key: `f:${seat.seat}:${i}`, w }] }));

interface SeatSizes {
  /** Concealed (or revealed) tiles. */
  readonly hand: number;
  readonly meld: number;
  readonly bonus: number;
}

function seatGroups(view: TableView, seat: SeatPublicView, isBottom: boolean, ui: UiState, z: SeatSizes): Group[] {
  const groups: Group[] = [];
  const reveal = ui.reveal?.[seat.seat];
  if (isBottom && view.hand) {
    const { tiles, drawnIndex } = handOrder(view);
    const can =
      ui.riichiChoice?.tiles ?? new Set(view.legalActions.filter((a) => a.type === 'discard').map((a) => a.tile));
    const reds = redInHand(view);
    const counts = new Map<number, number>();
    const hand: RowTile[] = [];
    let drawn: RowTile | null = null;
    tiles.forEach((t, i) => {
      const red = reds.has(i);
      // Plain copies are numbered among themselves: the red one has a key of its own.
      const n = red ? 0 : (counts.get(t) ?? 0);
      if (!red) counts.set(t, n + 1);
      const tile: RowTile = {
        face: t,
        key: i === drawnIndex ? 'h:drawn' : red ? `h:${t}:red` : `h:${t}:${n}`,
        w: z.hand,
        handIndex: i,
        ...(red ? { red: true } : {}),
        ...(ui.selected === i ? { raised: true } : {}),
        ...(i === drawnIndex ? { highlight: 'drawn' as const } : {}),
        ...(can.size > 0 && !can.has(t) ? { dim: true } : {}),
      };
      if (i === drawnIndex) drawn = tile;
      else hand.push(tile);
    });
    groups.push({ gap: 0, tiles: hand });
    if (drawn) groups.push({ gap: z.hand * 0.3, tiles: [drawn], drawn: true });
  } else if (reveal) {
    groups.push({
      gap: 0,
      tiles: sortKinds(reveal).map((t, i) => ({ face: t, key: `c:${seat.seat}:${i}`, w: z.hand })),
    });
  } else {
    const n = seat.concealedCount - (seat.hasDrawn ? 1 : 0);
    const backs = (from: number, to: number): RowTile[] =>
      Array.from({ length: to - from }, (_, i) => ({
        face: 'back' as const,
        key: `c:${seat.seat}:${from + i}`,
        w: z.hand,
      }));
    groups.push({ gap: 0, tiles: backs(0, Math.max(0, n)) });
    if (seat.hasDrawn && seat.concealedCount > 0)
      groups.push({ gap: z.hand * 0.3, tiles: backs(n, seat.concealedCount) });
  }
  groups.push(...meldGroups(view, seat.seat, z.meld, z.meld * 0.3));
  groups.push(...bonusGroups(seat, z.bonus, z.bonus * 0.4));
  return groups.filter((g) => g.tiles.length > 0);
}

const COLORS = {
  text: '#f4f1e6',
  stick: '#f4f1e6',
  stickDot: '#d32f2f',
  muted: '#b8d4c6',
  gold: '#f2b705',
  red: '#ffb0a4', // 4.8:1 on the felt (WCAG AA); the old #e05545 was 2.2:1
  panel: '#0a3d2a',
  turn: '#f2b705',
} as const;

/**
 * Every text of the scene, asked for by message id. The layout measures and places them in
 * English; the page draws them in its language (i18n/scene.ts translates the scene's texts).
 */
const en = (id: MessageId, values?: Readonly<Record<string, string | number>>) => message(id, 'en', values);
export const TABLE_TEXT = {
  round: (wind: string, hand: number) => en('canvas.round', { wind, n: hand }),
  wall: (wall: number, dead: number) => en('canvas.wall', { n: wall, n2: dead }),
  clock: (kind: 'turn' | 'claim', s: number) =>
    en(kind === 'claim' ? 'canvas.claimClock' : 'canvas.turnClock', { n: s }),
  seatName: (s: Seat) => en('seat.n', { n: s + 1 }),
  bot: en('seat.bot'),
  away: ' ⚠',
  aiFallback: ' ↻',
  waits: en('canvas.ready'),
  waitsLeft: en('canvas.readyLeft'),
  riichiWaits: en('canvas.riichiWaits'),
  missedWin: en('canvas.missedWin'),
  furiten: en('canvas.furiten'),
  riichiWall: (wall: number) => en('canvas.riichiWall', { n: wall }),
  pot: (honba: number, sticks: number) => en(sticks === 1 ? 'canvas.potOne' : 'canvas.pot', { n: honba, n2: sticks }),
  shortPot: (honba: number, sticks: number) => en('canvas.shortPot', { n: honba, n2: sticks }),
  honba: (honba: number) => en('canvas.honba', { n: honba }),
  sticks: (sticks: number) => en(sticks === 1 ? 'canvas.stick' : 'canvas.sticks', { n: sticks }),
  doraIndicator: en('canvas.doraIndicator'),
  doraIndicators: en('canvas.doraIndicators'),
  vacant: en('canvas.vacant'),
} as const;

/** Rough width of a text in pixels (layout and tests only; the renderer measures for real). */
/** First strong isolate and pop directional isolate: the bidi isolates, drawn as nothing. */
const ISOLATE = /[\u2068\u2069]/;
/**
 * A player's name set apart from the text around it (U+2068 … U+2069): a right-to-left name
 * then keeps to its own place, instead of pulling the wind and score beside it into its order
 * ("S 0 123 مرحبا بك" for "S مرحبا بك 0 123"). Names cannot hold direction controls themselves
 * (shared/src/display-name.ts), so the isolate is always closed.
 */
export const isolate = (name: string): string => `\u2068${name}\u2069`;

export function textWidth(text: string, size: number, bold = false): number {
  let w = 0;
  for (const ch of text) {
    if (ISOLATE.test(ch)) continue; // drawn as nothing
    w += /[\u1100-\uffff]/.test(ch) ? 1 : /[A-Z0-9●⚠·]/.test(ch) ? 0.66 : 0.55;
  }
  return w * size * (bold ? 1.06 : 1);
}

/**
 * The lines a bold text of `size` takes when wrapped at `width` as the renderer wraps it (at
 * spaces, a word too long for a line broken anywhere; CJK between any two characters), with a
 * margin on the estimated widths: a wrapped warning once took a line more than its room and
 * went over the waits under it.
 */
export function wrappedLines(text: string, size: number, width: number): number {
  const room = Math.max(1, width);
  const w = (s: string) => textWidth(s, size, true) * 1.1;
  const space = w(' ');
  const tokens = text.split(/(?<=[\u3000-\u9fff\uff00-\uffef])|(?=[\u3000-\u9fff\uff00-\uffef])|\s+/).filter(Boolean);
  let lines = 1;
  let used = 0;
  for (const token of tokens) {
    const tw = w(token);
    const cjk = /^[\u3000-\u9fff\uff00-\uffef]$/.test(token);
    const gap = used === 0 || cjk ? 0 : space;
    if (used + gap + tw <= room) {
      used += gap + tw;
      continue;
    }
    if (used > 0) lines++;
    // A word longer than a line is broken over as many lines as it needs.
    lines += Math.max(0, Math.ceil(tw / room) - 1);
    used = tw > room ? tw - Math.floor(tw / room) * room : tw;
  }
  return lines;
}

/** The characters of `text` as a reader sees them: an emoji with its skin tone is one (👍🏽), never cut in two. */
const graphemes = (text: string): string[] =>
  typeof Intl.Segmenter === 'function'
    ? Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (g) => g.segment)
    : [...text];

/**
 * A seat label that fits `width`: the whole of `prefix + name + suffix` at `size` if it fits,
 * else at a smaller size (down to three quarters), else with the name cut (never below three
 * characters), measured by `measure` (the page's fonts) when given.
 */
function fitLabel(
  prefix: string,
  name: string,
  suffix: string,
  size: number,
  width: number,
  measure: MeasureText = textWidth,
): { text: string; size: number } {
  const wide = (t: string, at: number) => measure(t, at, true);
  const full = `${prefix}${isolate(name)}${suffix}`;
  // Type does not scale in proportion (a smaller size is drawn a little wider for its size): one
  // proportional step left the label a pixel too wide and the name was cut ("W Bot We… 25000" on
  // a panel with room for all of it). A few steps reach the size that fits.
  let shrunk = size;
  for (let step = 0; step < 4 && shrunk > size * 0.75 && wide(full, shrunk) > width; step += 1)
    shrunk = Math.max(size * 0.75, (shrunk * width * 0.995) / Math.max(1, wide(full, shrunk)));
  if (wide(full, shrunk) <= width) return { text: full, size: shrunk };
  const chars = graphemes(name);
  let text = full;
  while (chars.length > 3) {
    chars.pop();
    text = `${prefix}${isolate(`${chars.join('').trimEnd()}…`)}${suffix}`;
    if (wide(text, shrunk) <= width) break;
  }
  return { text, size: Math.min(shrunk, (shrunk * width) / Math.max(1, wide(text, shrunk))) };
}

/** Minimum number of discards a pond is sized for, so that sizes do not change within a hand. */
const POND_MIN = 24;

interface Centre {
  readonly d: number;
  readonly colsV: number;
  readonly colsS: number;
  readonly rowsV: number;
  readonly rowsS: number;
  /** Panel size in pixels. */
  readonly pw: number;
  readonly ph: number;
}

/**
 * The four discard ponds around the centre panel: the largest discard that fits `box`, trying
 * six or eight tiles per row on each axis (a wide window takes longer rows at the top and
 * bottom, a tall one at the sides). A box taller than wide (a portrait phone) may also give the
 * side ponds rows of up to fourteen: fewer rows across the narrow width, the panel and the ponds
 * taller, so that the height above and below them is used.
 */
function fitCentre(box: Box, count: (s: 'v' | 's') => number, cap: number, maxPw: number): Centre {
  let best: Centre | null = null;
  const sideCols = box.h > box.w ? [6, 8, 10, 12, 14] : [6, 8];
  for (const colsV of [6, 8]) {
    for (const colsS of sideCols) {
      const rowsV = Math.ceil(Math.max(POND_MIN, count('v')) / colsV);
      const rowsS = Math.ceil(Math.max(POND_MIN, count('s')) / colsS);
      const pwU = colsV + 0.4;
      const phU = colsS + 0.4;
      const d = Math.min(
        cap,
        maxPw / pwU,
        box.w / (pwU + 2 * rowsS * TILE_ASPECT),
        box.h / (phU + 2 * rowsV * TILE_ASPECT),
      );
      if (!best || d > best.d + 0.01) best = { d, colsV, colsS, rowsV, rowsS, pw: pwU * d, ph: phU * d };
    }
  }
  return best as Centre;
}

const clamp = (x: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, x));

/** Room the page's action bar needs (CSS px): a row of buttons. */
const BAR = { w: 120, h: 48, room: 64 } as const;
/** The least width of the corners beside the panel (the page's switches, the waits). */
const CORNER_W = 60;

interface Placement {
  readonly cx: number;
  readonly cy: number;
  readonly bar: Box;
  readonly waits: Box;
  readonly menu: Box;
}

/**
 * Where the ponds and the panel sit in `box`: centred, with spare height below them first given
 * to the action bar; the free corners beside the ponds take the waits (left) and, when nothing is
 * free below, the bar (right).
 */
function place(box: Box, c: Centre, m: number): Placement {
  const dh = c.d * TILE_ASPECT;
  const blockH = c.ph + 2 * c.rowsV * dh;
  const barRoom = Math.min(Math.max(0, box.h - blockH), BAR.room);
  const cx = box.x + box.w / 2;
  const cy = box.y + (box.h - barRoom) / 2;
  const pondBottom = cy + c.ph / 2 + c.rowsV * dh;
  const boxBottom = box.y + box.h;
  const below: Box = { x: box.x + m, y: pondBottom + m, w: box.w - 2 * m, h: boxBottom - pondBottom - 2 * m };
  const useBelow = below.h >= BAR.h;
  const cornerTop = cy + c.ph / 2 + m;
  const cornerEnd = useBelow ? pondBottom : boxBottom - m;
  const cornerW = box.x + box.w / 2 - c.pw / 2 - box.x - 2 * m;
  const waits: Box = { x: box.x + m, y: cornerTop, w: cornerW, h: cornerEnd - cornerTop };
  const cornerR: Box = { x: cx + c.pw / 2 + m, y: cornerTop, w: cornerW, h: cornerEnd - cornerTop };
  const menu: Box = { x: cx + c.pw / 2 + m, y: box.y + m, w: cornerW, h: cy - c.ph / 2 - box.y - 2 * m };
  return { cx, cy, waits, bar: useBelow ? below : cornerR, menu };
}

const barFits = (b: Box): boolean => b.w >= BAR.w && b.h >= BAR.h;

/**
 * How many tiles the bottom seat's concealed hand puts on its first line. The viewer's own hand
 * keeps the drawn tile apart (it may go up a line); a hand shown face up to a spectator or a
 * replay ("show all hands") is sorted, its drawn tile among the others and never moved up: the
 * dealer's fourteen once ran past a portrait phone's right edge, sized for thirteen.
 */
function bottomHandAcross(view: TableView, ui: UiState, bottom: Seat): number {
  if (view.hand) {
    const { tiles, drawnIndex } = handOrder(view);
    return tiles.length - (drawnIndex === null ? 0 : 1);
  }
  return ui.reveal?.[bottom]?.length ?? 0;
}

/** The scene for one view at one window size. */
export function layoutTable(view: TableView, width: number, height: number, ui: UiState): Scene {
  const W = Math.max(200, width);
  const H = Math.max(200, height);
  const items: SceneItem[] = [];
  const bottom = bottomSeatOf(view, ui);
  const short = Math.min(W, H);
  const m = clamp(short * 0.01, 3, 10);
  const posOf = (s: Seat) => positionOf(s, bottom);
  const seatAt = (p: Position): Seat => ((bottom + POSITIONS.indexOf(p)) % 4) as Seat;

  // The viewer's hand: thirteen tiles (the drawn one may go up a line) across the window, at
  // most an eighth of its height and 64 px wide; fourteen when a win by a discard ended the hand
  // (the tile won on is among the concealed ones, none drawn apart).
  const across = Math.max(13, bottomHandAcross(view, ui, bottom));
  const hand = Math.min(64, (H * 0.118) / TILE_ASPECT, (W - 2 * m) / (across + 0.3));
  const raise = hand * 0.22;
  let bottomSizes: SeatSizes = { hand, meld: hand * 0.74, bonus: hand * 0.6 };
  let bottomLines = flow(seatGroups(view, view.seats[bottom], true, ui, bottomSizes), W - 2 * m);
  // Melds and bonus tiles that would need a third line are drawn smaller instead.
  for (let k = 0.95; bottomLines.length > 2 && k > 0.5; k -= 0.05) {
    bottomSizes = { hand, meld: hand * 0.74 * k, bonus: hand * 0.6 * k };
    bottomLines = flow(seatGroups(view, view.seats[bottom], true, ui, bottomSizes), W - 2 * m);
  }
  // Room to raise the selected tile: between the hand's line and the next, or above a lone line,
  // and above the second line when the drawn tile went up to it (a riichi is often declared
  // with the drawn tile: raised, it must not reach the action bar's corner).
  const drawnUp = bottomLines[1]?.groups.some((g) => g.drawn) ?? false;
  const bottomD =
    m + stripDepth(bottomLines, hand * 0.12, raise + hand * 0.06) + (bottomLines.length === 1 || drawnUp ? raise : 0);

  // The other seats and the ponds: the largest size for their tiles whose strips leave the most
  // room for the discards (tried from large to small).
  type Plan = {
    o: number;
    lines: Record<Position, Line[]>;
    depths: Record<Position, number>;
    centre: Centre;
    box: Box;
    at: Placement;
  };
  let plan: Plan | null = null;
  const oMax = Math.min(hand * 0.72, short * 0.06);
  for (let o = oMax; o >= 6; o *= 0.95) {
    const z: SeatSizes = { hand: o, meld: o, bonus: o * 0.9 };
    const lines = { bottom: bottomLines } as Record<Position, Line[]>;
    const depths = { bottom: bottomD } as Record<Position, number>;
    const topLines = flow(seatGroups(view, view.seats[seatAt('top')], false, ui, z), W - 2 * m);
    lines.top = topLines;
    depths.top = m + stripDepth(topLines, o * 0.12, o * 0.12) + m;
    const sideL = H - bottomD - depths.top - 2 * m;
    for (const p of ['left', 'right'] as const) {
      lines[p] = flow(seatGroups(view, view.seats[seatAt(p)], false, ui, z), sideL);
      depths[p] = m + stripDepth(lines[p], o * 0.12, o * 0.12) + m;
    }
    const box = { x: depths.left, y: depths.top, w: W - depths.left - depths.right, h: H - depths.top - bottomD };
    // A riichi seat's sideways tile takes two places of its row (see the discards below).
    const slots = (p: Position) => {
      const seat = view.seats[seatAt(p)];
      return seat.discards.length + (seat.riichi ? 2 : 0);
    };
    const count = (axis: 'v' | 's') =>
      axis === 'v' ? Math.max(slots('bottom'), slots('top')) : Math.max(slots('left'), slots('right'));
    // Discards no larger than most of a hand tile; a tall box (the hand kept small by the
    // window's width, height to spare) lets them come closer to it.
    const cap = box.h > box.w ? Math.min(hand * 0.95, o * 1.3) : Math.min(hand * 0.8, o * 1.25);
    // The panel leaves the corners beside it their width (see place).
    const maxPw = Math.max(box.w * 0.3, box.w - 2 * (CORNER_W + 2 * m));
    let centre = fitCentre(box, count, cap, maxPw);
    let at = place(box, centre, m);
    // No room for the action bar beside the ponds: keep a strip below them.
    if (!barFits(at.bar)) {
      centre = fitCentre({ ...box, h: Math.max(1, box.h - BAR.room) }, count, cap, maxPw);
      at = place(box, centre, m);
    }
    const candidate = { o, lines, depths, centre, box, at };
    const score = (p: Plan) => Math.min(p.o, p.centre.d);
    if (!plan || score(candidate) > score(plan) + 0.01) plan = candidate;
    // Smaller seat tiles only help while the ponds are the smaller of the two.
    if (centre.d >= o) break;
  }
  const { o, lines, depths, box } = plan as Plan;
  let { centre, at: placed } = plan as Plan;
  const d = centre.d;
  const dh = d * TILE_ASPECT;
  const pot = view.riichi;

  // A riichi panel holds the dora indicators above four lines: on a short panel (a phone held
  // sideways) that left the lines 6-7 px high. Where that is too small to read and the window is
  // wide enough, the panel grows sideways instead and the indicators go beside the lines, which
  // then take the panel's height. Larger screens keep the compact panel.
  let beside = false;
  if (pot) {
    const ph = centre.ph - d * 0.3;
    const stacked = middleBlock(view, panelBands(centre.pw - d * 0.3, ph, true), d, false);
    // The side ponds and the corners beside the panel keep their room, and the action bar its
    // place (the plan above made sure of it for the compact panel).
    const widest = Math.min(box.w - 2 * (CORNER_W + 2 * m), box.w - 2 * centre.rowsS * dh - 2 * m) - d * 0.3;
    const wideBands = panelBands(widest, ph, true);
    const wide = widest > centre.pw - d * 0.3 ? middleBlock(view, wideBands, d, true) : null;
    const needed = wide ? wide.width + 2 * wideBands.edge : Number.POSITIVE_INFINITY;
    if (wide && stacked.fs < READABLE && wide.fs >= stacked.fs * 1.15 && needed <= widest) {
      const grown = { ...centre, pw: Math.max(centre.pw, needed + d * 0.3) };
      const at = place(box, grown, m);
      if (barFits(at.bar)) {
        beside = true;
        centre = grown;
        placed = at;
      }
    }
  }

  const { cx, cy } = placed;

  const frame = (p: Position): Frame => {
    switch (p) {
      case 'bottom':
        return { u0: m, u1: W - m, toScreen: (u, v) => ({ x: u, y: H - v }), rotation: 0 };
      case 'top':
        return { u0: m, u1: W - m, toScreen: (u, v) => ({ x: W - u, y: v }), rotation: Math.PI };
      case 'right':
        return {
          u0: bottomD + m,
          u1: H - depths.top - m,
          toScreen: (u, v) => ({ x: W - v, y: H - u }),
          rotation: -Math.PI / 2,
        };
      case 'left':
        return {
          u0: depths.top + m,
          u1: H - bottomD - m,
          toScreen: (u, v) => ({ x: v, y: u }),
          rotation: Math.PI / 2,
        };
    }
  };

  // Each seat's lines along its edge, the first one nearest the edge.
  for (const p of POSITIONS) {
    const f = frame(p);
    const ls = lines[p];
    const isBottom = p === 'bottom';
    let v0 = m;
    ls.forEach((line, li) => {
      if (li > 0) v0 += isBottom && li === 1 ? raise + hand * 0.06 : (isBottom ? hand : o) * 0.12;
      const ld = lineDepth(line);
      const span = f.u1 - f.u0;
      const hasDrawnUp = li === 1 && line.groups.some((g) => g.drawn);
      let u = f.u0 + Math.max(0, (span - line.length) / 2);
      if (hasDrawnUp) u = f.u0 + Math.max(0, (span - (lines[p][0]?.length ?? 0)) / 2);
      line.groups.forEach((g, gi) => {
        if (g.drawn && li === 1) {
          // Above the right end of the hand.
          const first = lines[p][0] as Line;
          u = f.u0 + Math.max(0, (span - first.length) / 2) + first.length - groupLength(g);
        } else if (gi > 0) u += g.gap;
        for (const t of g.tiles) {
          const a = along(t);
          const v = v0 + depth(t) / 2 + (t.raised ? raise : 0);
          const pt = f.toScreen(u + a / 2, v);
          items.push({
            type: 'tile',
            key: t.key,
            face: t.face,
            x: pt.x,
            y: pt.y,
            w: t.w,
            rotation: f.rotation + (t.sideways ? Math.PI / 2 : 0),
            ...(t.highlight ? { highlight: t.highlight } : {}),
            ...(t.dim ? { dim: true } : {}),
            ...(t.red ? { red: true as const } : {}),
            ...(t.handIndex !== undefined ? { handIndex: t.handIndex } : {}),
            ...(t.raised ? { raised: true } : {}),
          });
          u += a;
        }
      });
      v0 += ld;
    });
  }

  // Discards, first row nearest the centre panel.
  const last = view.lastDiscard;
  for (const s of SEATS) {
    const p = posOf(s);
    const f = frame(p);
    const seat = view.seats[s];
    const vertical = p === 'bottom' || p === 'top';
    const cols = vertical ? centre.colsV : centre.colsS;
    const halfPanel = (vertical ? centre.ph : centre.pw) / 2;
    // The centre in this seat's frame.
    const cu = p === 'bottom' ? cx : p === 'top' ? W - cx : p === 'right' ? H - cy : cy;
    const cv = p === 'bottom' ? H - cy : p === 'top' ? cy : p === 'right' ? W - cx : cx;
    const from = f.toScreen((f.u0 + f.u1) / 2, m + (p === 'bottom' ? hand : o) * TILE_ASPECT * 0.5);
    // The riichi declaration's tile lies sideways, full size: it takes two places of its row (the
    // next row when it would be the row's last) and the tiles after it in that row close up on it.
    const side = seat.riichi?.discard ?? -1;
    const sideSlot = side < 0 ? -1 : side % cols === cols - 1 ? side + 1 : side;
    seat.discards.forEach((disc, i) => {
      const sideways = i === side;
      const v = side < 0 || i < side ? i : sideways ? sideSlot : i + 1 + (sideSlot - side);
      const r = Math.floor(v / cols);
      const c = v % cols;
      let u = cu - (cols * d) / 2 + c * d;
      if (sideways) u += (TILE_ASPECT * d) / 2;
      else if (side >= 0 && i > side && r === Math.floor(sideSlot / cols)) u += d / 2 - (2 - TILE_ASPECT) * d;
      else u += d / 2;
      const pt = f.toScreen(u, cv - halfPanel - (r + 0.5) * dh);
      const isLast = last !== null && last.seat === s && i === seat.discards.length - 1 && !disc.claimed;
      items.push({
        type: 'tile',
        key: `d:${s}:${i}`,
        face: disc.tile,
        x: pt.x,
        y: pt.y,
        w: d,
        rotation: f.rotation + (sideways ? Math.PI / 2 : 0),
        ...(isLast ? { highlight: 'lastDiscard' as const, from } : {}),
        ...(disc.claimed ? { dim: true } : disc.tsumogiri ? { shade: true } : {}),
        ...(disc.red ? { red: true as const } : {}),
      });
    });
  }

  // The centre panel: each seat's wind, name and score on its side (the side ones turned),
  // the round, the wall and the running clock in the middle. From each edge inwards: the turn
  // bar's own band (nothing else is drawn under the bar), the seat's label, and at a riichi
  // table the place of the seat's riichi stick; the middle block within.
  const pw = centre.pw - d * 0.3;
  const ph = centre.ph - d * 0.3;
  items.push({
    type: 'rect',
    key: 'panel',
    x: cx - pw / 2,
    y: cy - ph / 2,
    w: pw,
    h: ph,
    color: COLORS.panel,
    alpha: 0.85,
    radius: Math.min(pw, ph) * 0.08,
  });
  const bands = panelBands(pw, ph, Boolean(pot));
  const { ls, barT, barBand, strip, stickBand, edge } = bands;
  const block = middleBlock(view, bands, d, beside);
  const { fs, dora, round, wall, potLines, slots } = block;
  const middle: { key: string; text: string; color: string; bold: boolean; live?: true }[] = [
    { key: 'round', text: round, color: COLORS.text, bold: true },
    { key: 'wall', text: wall, color: COLORS.muted, bold: false },
    ...potLines.map((text, i) => ({ key: i === 0 ? 'pot' : 'sticks', text, color: COLORS.muted, bold: false })),
  ];
  if (ui.clock)
    middle.push({
      key: 'clock',
      text: TABLE_TEXT.clock(ui.clock.kind, ui.clock.seconds),
      color: ui.clock.seconds <= 3 ? COLORS.red : COLORS.gold,
      bold: true,
      live: true,
    });
  const lineH = fs * 1.3;
  // Beside: the indicators' column on the left, the lines on the right, the two centred as one.
  // Stacked: the indicators' row above the lines, centred as one block.
  const left = cx - block.width / 2;
  const linesX = block.beside ? left + block.width - block.linesW / 2 : cx;
  const above = dora && !block.beside ? dora.h + fs * 0.3 : 0;
  const firstY = cy - ((slots - 1) * lineH) / 2 + above / 2;
  // The clock's line is the last kept.
  const clockBand: Box = { x: cx - pw / 2, y: firstY + (slots - 1.5) * lineH, w: pw, h: lineH };
  if (dora && block.beside) items.push(...dora.place(left + block.doraW / 2, cy));
  else if (dora) items.push(...dora.place(cx, firstY - lineH / 2 - fs * 0.3 - dora.h / 2));
  middle.forEach((t, i) => {
    items.push({
      type: 'text',
      key: t.key,
      text: t.text,
      x: linesX,
      y: firstY + i * lineH,
      size: fs,
      color: t.color,
      bold: t.bold,
      anchorX: 0.5,
      anchorY: 0.5,
      ...(t.live ? { live: t.live } : {}),
    });
  });
  for (const s of SEATS) {
    const p = posOf(s);
    const seat = view.seats[s];
    const turn = view.turn === s && view.phase === 'playing';
    if (seat.vacant) {
      // A three-player table's fourth side: said to be unplayed, in muted type, no wind or score
      // (its strip and pond are empty: no tiles are dealt there).
      items.push(vacantLabel(s, p, { cx, cy, pw, ph }, barBand + strip / 2, ls, ui.measure));
      continue;
    }
    // A player's name as written; a bot's ("Bot East") and an empty seat's in the page's language.
    const name =
      seat.name == null && seat.isBot ? TABLE_TEXT.bot : displayName(seat.name, s, seat.isBot, ui.lang ?? 'en');
    const across = p === 'bottom' || p === 'top';
    const along = across ? pw : ph;
    // Clear of the other sides' bands (their bars and labels) at both ends. The labels of the
    // longer sides keep out of the shorter sides' bands, so the shorter sides' labels may run
    // into the corners, clear of the turn bars only: a portrait phone cut the top name ("W Bot
    // We… 0") on a panel with room for all of it.
    const shorter = across ? pw <= ph : ph < pw;
    const room = shorter
      ? along - 2 * barBand - Math.min(pw, ph) * 0.08 - ls * 0.5
      : along - 2 * (barBand + strip) - ls * 0.5;
    const label = fitLabel(
      `${windLetter(seat.wind)}${seat.isDealer ? '●' : ''} `,
      name,
      ` ${seat.score}${seat.connected || seat.isBot ? '' : TABLE_TEXT.away}${ui.aiFallback?.has(s) ? TABLE_TEXT.aiFallback : ''}`,
      ls,
      room,
      ui.measure,
    );
    // A point at distance `inward` from this seat's edge of the panel, on the panel's middle line.
    const from = (inward: number) =>
      p === 'bottom'
        ? { x: cx, y: cy + ph / 2 - inward }
        : p === 'top'
          ? { x: cx, y: cy - ph / 2 + inward }
          : p === 'left'
            ? { x: cx - pw / 2 + inward, y: cy }
            : { x: cx + pw / 2 - inward, y: cy };
    const at = from(barBand + strip / 2);
    const rotation = p === 'left' ? Math.PI / 2 : p === 'right' ? -Math.PI / 2 : 0;
    items.push({
      type: 'text',
      key: `seat:${s}`,
      text: label.text,
      x: at.x,
      y: at.y,
      size: label.size,
      color: turn ? COLORS.turn : COLORS.text,
      bold: turn,
      anchorX: 0.5,
      anchorY: 0.5,
      ...(rotation ? { rotation } : {}),
    });
    // A seat in riichi: its 1,000 stick on the table in front of its label.
    if (seat.riichi)
      items.push(...riichiStick(s, from(barBand + strip + stickBand / 2), p, stickBand, along - 2 * edge));
    if (turn) {
      // A bar along the panel's edge towards the seat whose move it is, in a band of its own (it
      // once went through the own seat's label); one key per seat, so that a new turn's bar
      // fades in at its side instead of sliding across the table from the last one's.
      const bar =
        p === 'bottom'
          ? { x: cx - pw / 2, y: cy + ph / 2 - barT, w: pw, h: barT }
          : p === 'top'
            ? { x: cx - pw / 2, y: cy - ph / 2, w: pw, h: barT }
            : p === 'left'
              ? { x: cx - pw / 2, y: cy - ph / 2, w: barT, h: ph }
              : { x: cx + pw / 2 - barT, y: cy - ph / 2, w: barT, h: ph };
      items.push({ type: 'rect', key: `turnbar:${s}`, ...bar, color: COLORS.turn, alpha: 1, radius: barT / 2 });
    }
  }

  const cornerL = placed.waits;
  const barBox = placed.bar;

  // Riichi tables say furiten (which covers a passed win); Hong Kong tables the missed-win rule.
  const warning = view.hand?.furiten ? TABLE_TEXT.furiten : view.hand?.missedWin && !pot ? TABLE_TEXT.missedWin : null;
  // In the riichi choice, the waits the raised tile's discard would leave.
  const preview = ui.riichiChoice && ui.riichiChoice.waits.length > 0 ? ui.riichiChoice.waits : null;
  const waits = preview ?? view.hand?.waits ?? [];
  const hintLine = ui.hints?.line ?? null;
  if (view.hand && (waits.length > 0 || warning !== null || hintLine !== null)) {
    items.push(...waitsCorner(cornerL, hand, warning, waits, preview !== null, ui.hints?.left, hintLine));
  }

  return {
    width: W,
    height: H,
    items,
    sizes: { hand, other: o, discard: d, meld: bottomSizes.meld },
    regions: { bar: barBox, waits: cornerL, menu: placed.menu, box, clock: clockBand },
  };
}

/** The label of a seat nobody plays, on its side of the centre panel (turned as the side's labels). */
function vacantLabel(
  s: Seat,
  p: Position,
  panel: { cx: number; cy: number; pw: number; ph: number },
  inward: number,
  ls: number,
  measure: MeasureText | undefined,
): TextItem {
  const { cx, cy, pw, ph } = panel;
  const along = p === 'bottom' || p === 'top' ? pw : ph;
  const text = TABLE_TEXT.vacant;
  const width = measure ? measure(text, ls, false) : textWidth(text, ls);
  const size = Math.max(6, Math.min(ls, (ls * along * 0.6) / Math.max(1, width)));
  const at =
    p === 'bottom'
      ? { x: cx, y: cy + ph / 2 - inward }
      : p === 'top'
        ? { x: cx, y: cy - ph / 2 + inward }
        : p === 'left'
          ? { x: cx - pw / 2 + inward, y: cy }
          : { x: cx + pw / 2 - inward, y: cy };
  const rotation = p === 'left' ? Math.PI / 2 : p === 'right' ? -Math.PI / 2 : 0;
  return {
    type: 'text',
    key: `seat:${s}`,
    text,
    ...at,
    size,
    color: COLORS.muted,
    anchorX: 0.5,
    anchorY: 0.5,
    ...(rotation ? { rotation } : {}),
  };
}

/** The panel's type size (CSS px) below which a wide window lays a riichi panel out sideways. */
const READABLE = 11;
/** The most dora indicators a hand turns: the first and one for each of four kongs. */
const DORA_MAX = 5;

interface PanelBands {
  /** The seat labels' type size. */
  readonly ls: number;
  /** The turn bar's thickness, and the band it has to itself along each edge. */
  readonly barT: number;
  readonly barBand: number;
  /** The seat label's band, inside the bar's. */
  readonly strip: number;
  /** A riichi stick's band, inside the label's (none at a Hong Kong table). */
  readonly stickBand: number;
  /** The three bands together: from each edge to the middle block. */
  readonly edge: number;
  readonly innerW: number;
  readonly innerH: number;
}

/** The bands along a panel's edges (turn bar, seat label, riichi stick) and the room inside. */
function panelBands(pw: number, ph: number, riichi: boolean): PanelBands {
  const ls = clamp(Math.min(pw, ph) / 11, 8, 17);
  const barT = Math.max(2.5, ls * 0.2);
  const barBand = barT + Math.max(1, ls * 0.08);
  // A label's box is 1.25 of its type's size high.
  const strip = ls * 1.35;
  const stickBand = riichi ? Math.max(4, ls * 0.4) : 0;
  const edge = barBand + strip + stickBand;
  return { ls, barT, barBand, strip, stickBand, edge, innerW: pw - 2 * edge, innerH: ph - 2 * edge };
}

interface MiddleBlock {
  readonly fs: number;
  readonly round: string;
  readonly wall: string;
  readonly potLines: readonly string[];
  /** Lines kept for: round, wall, the pot's, and the clock (kept when it is not running). */
  readonly slots: number;
  readonly dora: ReturnType<typeof doraRow> | null;
  /** Indicators beside the lines (a column `doraW` wide, then the lines) or above them. */
  readonly beside: boolean;
  readonly doraW: number;
  readonly linesW: number;
  /** The block's width: beside, the column, a gap and the lines; stacked, the room inside. */
  readonly width: number;
}

/** The middle of the centre panel (round, wall, pot, clock, dora indicators) in its inner room. */
function middleBlock(view: TableView, b: PanelBands, d: number, beside: boolean): MiddleBlock {
  const { ls, innerW, innerH } = b;
  const pot = view.riichi;
  const round = TABLE_TEXT.round(windName(view.prevailingWind), view.handNumber + 1);
  // Riichi: the live wall alone (the dead wall is always 14), honba and sticks on their own line.
  const wall = pot ? TABLE_TEXT.riichiWall(view.wallCount) : TABLE_TEXT.wall(view.wallCount, view.deadWallCount);
  const fullPot = pot ? TABLE_TEXT.pot(pot.honba, pot.sticks) : '';
  const clockW = textWidth(TABLE_TEXT.clock('claim', 20), 1, true);
  if (beside && pot) {
    // The lines take the panel's height; the indicators' column is kept as wide as five of them,
    // so that a kong's new indicator does not widen the panel and move the side ponds.
    const slots = 4;
    const widest = Math.max(textWidth(round, 1, true), textWidth(wall, 1), textWidth(fullPot, 1), clockW);
    const fs = clamp(Math.min(ls * 1.1, innerH / (slots * 1.3)), 6, 18);
    const linesW = widest * fs;
    const labelSize = Math.max(6, fs * 0.8);
    const tw = Math.max(1, Math.min(d, (innerH - labelSize * 1.3) / TILE_ASPECT));
    const doraW = Math.max(textWidth(TABLE_TEXT.doraIndicators, labelSize), DORA_MAX * tw * 1.05);
    const dora = doraRow(pot.doraIndicators, doraW, innerH, fs, d);
    const width = (doraW + fs + linesW) / 0.94;
    return { fs, round, wall, potLines: [fullPot], slots, dora, beside: true, doraW, linesW, width };
  }
  // Honba and sticks: on two lines in a tall panel (a portrait phone's: narrow, height to spare),
  // else on one, in the short form (H12 · S4) on the narrowest panels.
  const potLines = !pot
    ? []
    : innerH > innerW * 1.5
      ? [TABLE_TEXT.honba(pot.honba), TABLE_TEXT.sticks(pot.sticks)]
      : [(innerW * 0.94) / textWidth(fullPot, 1) < 7 ? TABLE_TEXT.shortPot(pot.honba, pot.sticks) : fullPot];
  const widest = Math.max(
    textWidth(round, 1, true),
    textWidth(wall, 1),
    ...potLines.map((t) => textWidth(t, 1)),
    clockW,
  );
  // The lines (and, at a riichi table, the dora indicators above them) centred as one block, with
  // a place kept for the clock so that nothing moves when it comes and goes. The indicators' row
  // takes at least two lines' height and what the lines leave; on a short panel the type gives
  // way (down to 80% of its size) until the indicators are nearly a discard's size.
  const slots = 3 + potLines.length;
  const doraAt = (size: number) =>
    pot ? doraRow(pot.doraIndicators, innerW * 0.94, innerH - slots * size * 1.3 - size * 0.3, size, d) : null;
  const fsMax = clamp(Math.min(ls * 1.1, (innerW * 0.94) / widest, innerH / ((slots + (pot ? 2 : 0)) * 1.3)), 6, 18);
  let fs = fsMax;
  let dora = doraAt(fs);
  while (dora && dora.tw < d * 0.9 && fs > Math.max(6, fsMax * 0.8) + 0.01) {
    fs = Math.max(6, fsMax * 0.8, fs * 0.95);
    dora = doraAt(fs);
  }
  return { fs, round, wall, potLines, slots, dora, beside: false, doraW: 0, linesW: widest * fs, width: innerW };
}

/**
 * The dora indicators' row of a riichi table's centre panel, in a room `w` x `h`: its label
 * beside the tiles, or above them where that leaves them larger; the tiles as large as the room
 * allows, at most a discard's size (`d`). Its height, and its items placed about a centre.
 */
function doraRow(
  indicators: readonly TileKind[],
  w: number,
  h: number,
  fs: number,
  d: number,
): { h: number; tw: number; place: (x: number, y: number) => SceneItem[] } {
  const n = Math.max(1, indicators.length);
  const text = indicators.length > 1 ? TABLE_TEXT.doraIndicators : TABLE_TEXT.doraIndicator;
  const size = Math.max(6, fs * 0.8);
  const gap = size * 0.5;
  const tileIn = (rw: number, rh: number) => Math.max(1, Math.min(d, rh / TILE_ASPECT, rw / (n * 1.05)));
  const besideTile = tileIn(w - textWidth(text, size) - gap, h);
  const aboveSize = Math.max(6, Math.min(size, w / textWidth(text, 1)));
  const aboveTile = tileIn(w, h - aboveSize * 1.3);
  const beside = besideTile >= aboveTile;
  const tw = beside ? besideTile : aboveTile;
  const th = tw * TILE_ASPECT;
  const tiles = (x0: number, y: number): SceneItem[] =>
    indicators.map((face, i) => ({
      type: 'tile' as const,
      key: `dora:${i}`,
      face,
      x: x0 + (i + 0.5) * tw * 1.05,
      y,
      w: tw,
      rotation: 0,
    }));
  const label = (x: number, y: number, ts: number, anchorX: number): SceneItem => ({
    type: 'text',
    key: 'doraLabel',
    text,
    x,
    y,
    size: ts,
    color: COLORS.muted,
    anchorX,
    anchorY: 0.5,
  });
  if (beside) {
    const lw = textWidth(text, size);
    return {
      h: Math.max(th, size * 1.3),
      tw,
      place: (x, y) => {
        const x0 = x - (lw + gap + n * tw * 1.05) / 2;
        return [label(x0, y, size, 0), ...tiles(x0 + lw + gap, y)];
      },
    };
  }
  const lh = aboveSize * 1.3;
  return {
    h: lh + th,
    tw,
    place: (x, y) => {
      const top = y - (lh + th) / 2;
      return [label(x, top + lh / 2, aboveSize, 0.5), ...tiles(x - (n * tw * 1.05) / 2, top + lh + th / 2)];
    },
  };
}

/**
 * A riichi stick (1,000 points: white, one red dot) lying along seat `s`'s side of the centre
 * panel, centred at `c`, in a band `band` deep, at most `room` long.
 */
function riichiStick(s: Seat, c: { x: number; y: number }, p: Position, band: number, room: number): SceneItem[] {
  const t = band * 0.6;
  const l = Math.max(t * 4, Math.min(room * 0.6, t * 11));
  const flat = p === 'bottom' || p === 'top';
  const dot = t * 0.75;
  return [
    {
      type: 'rect',
      key: `stick:${s}`,
      x: c.x - (flat ? l : t) / 2,
      y: c.y - (flat ? t : l) / 2,
      w: flat ? l : t,
      h: flat ? t : l,
      color: COLORS.stick,
      alpha: 1,
      radius: t / 2,
    },
    {
      type: 'rect',
      key: `stick:${s}:dot`,
      x: c.x - dot / 2,
      y: c.y - dot / 2,
      w: dot,
      h: dot,
      color: COLORS.stickDot,
      alpha: 1,
      radius: dot / 2,
    },
  ];
}

/**
 * The waits corner, top to bottom inside `r`: the warning (furiten, missed win), the label and the
 * waits (as large as the corner allows, in as many rows as needed, at most most of a hand tile),
 * with the hints' count of copies left under each wait, then the hints' line. Everything has its
 * room here: nothing drawn later goes over it. A crowded corner takes smaller type first (down to
 * 8 px) so that the waits keep their size; a corner too small for everything (the waits below
 * 70% of their size without the hints) drops the hints' line, then the counts.
 */
function waitsCorner(
  r: Box,
  hand: number,
  warning: string | null,
  waits: readonly TileKind[],
  preview: boolean,
  left: ReadonlyMap<TileKind, number> | undefined,
  line: { readonly text: string; readonly warn: boolean } | null,
): SceneItem[] {
  const big = clamp(Math.min(r.w / 12, hand * 0.3), 8, 15);
  const sizes: number[] = [];
  for (let ts = big; ts > 8; ts *= 0.9) sizes.push(ts);
  sizes.push(8);
  const counts = left !== undefined && waits.some((t) => left.has(t)) ? left : undefined;
  const smallest = (l: typeof line, c: typeof counts) => cornerAt(r, hand, 8, warning, waits, preview, c, l);
  // What fits: everything, else without the line, else without the counts either.
  let keepLine = line;
  let keepCounts = counts;
  // The hints may cost the waits some size, not most of it.
  const enough = Math.max(Math.min(8, hand * 0.3), smallest(null, undefined).ws * 0.7);
  if (waits.length > 0 && smallest(keepLine, keepCounts).ws < enough) keepLine = null;
  if (waits.length > 0 && smallest(keepLine, keepCounts).ws < enough) keepCounts = undefined;
  const best = smallest(keepLine, keepCounts);
  // The largest type that leaves the waits (nearly) as large as the smallest type does.
  const want = Math.min(best.ws, hand * 0.45) * 0.999;
  for (const ts of sizes) {
    const at = cornerAt(r, hand, ts, warning, waits, preview, keepCounts, keepLine);
    if (waits.length === 0 || at.ws >= want) return at.items;
  }
  return best.items;
}

/** The waits corner laid out with type of size `ts`, and the size its wait tiles get. */
function cornerAt(
  r: Box,
  hand: number,
  ts: number,
  warning: string | null,
  waits: readonly TileKind[],
  preview: boolean,
  left: ReadonlyMap<TileKind, number> | undefined,
  line: { readonly text: string; readonly warn: boolean } | null,
): { items: SceneItem[]; ws: number } {
  const items: SceneItem[] = [];
  const linesOf = (text: string) => wrappedLines(text, ts, r.w);
  const text = (key: string, t: string, y: number, color: string) =>
    items.push({
      type: 'text',
      key,
      text: t,
      x: r.x,
      y,
      size: ts,
      color,
      bold: true,
      anchorX: 0,
      anchorY: 0,
      maxWidth: r.w,
    });
  let y = r.y;
  if (warning !== null) {
    text('missedWin', warning, y, COLORS.red);
    y += linesOf(warning) * ts * 1.3 + ts * 0.3;
  }
  // The hint's line goes last: its room is kept below the waits.
  const lineRoom = line === null ? 0 : linesOf(line.text) * ts * 1.3 + ts * 0.3;
  let ws = 0;
  if (waits.length > 0) {
    const counted = left !== undefined;
    const label = preview ? TABLE_TEXT.riichiWaits : counted ? TABLE_TEXT.waitsLeft : TABLE_TEXT.waits;
    text('waitsLabel', label, y, COLORS.gold);
    y += linesOf(label) * ts * 1.3 + ts * 0.3;
    const room = Math.max(1, r.y + r.h - y - lineRoom);
    // A count (0-4) under each wait: its size follows the tile's, within the label's.
    const countSize = (w: number) => clamp(w * 0.5, Math.min(8, ts), ts);
    const pitch = (w: number) => Math.max(w * 1.08, counted ? textWidth('4', countSize(w), true) + 2 : 0);
    const rowH = (w: number) => w * TILE_ASPECT * 1.08 + (counted ? countSize(w) * 1.3 : 0);
    ws = 4;
    // The row length the size was found for (recomputing it from the size can round down a
    // tile: 91.6 / (16.97 x 1.08) is 4.9999, a third row below the corner).
    let perRow = Math.max(1, Math.floor(r.w / pitch(ws)));
    for (let n = waits.length; n >= 1; n--) {
      const rowsN = Math.ceil(waits.length / n);
      let w = Math.min(hand * 0.6, r.w / (n * 1.08));
      while (w > ws && (n * pitch(w) > r.w || rowsN * rowH(w) > room)) w *= 0.97;
      if (w > ws) {
        ws = w;
        perRow = n;
      }
    }
    const cs = countSize(ws);
    const p = pitch(ws);
    const h = ws * TILE_ASPECT * 1.08;
    waits.forEach((t, i) => {
      const row = Math.floor(i / perRow);
      const x = r.x + (i % perRow) * p + p / 2;
      const top = y + row * rowH(ws);
      items.push({ type: 'tile', key: `w:${t}`, face: t, x, y: top + h / 2, w: ws, rotation: 0, highlight: 'wait' });
      const n = left?.get(t);
      if (n !== undefined)
        items.push({
          type: 'text',
          key: `hint:left:${t}`,
          text: String(n),
          x,
          y: top + h,
          size: cs,
          color: n === 0 ? COLORS.red : COLORS.text,
          bold: true,
          anchorX: 0.5,
          anchorY: 0,
        });
    });
    y += Math.ceil(waits.length / perRow) * rowH(ws);
  }
  if (line !== null) text('hint:line', line.text, y + ts * 0.3, line.warn ? COLORS.red : COLORS.gold);
  return { items, ws };
}

/**
 * The viewer's hand tile under (x, y), CSS pixels, by the scene's geometry: where the layout puts
 * each tile (raised or not), with a margin over its top as high as the hover lifts it. Its hand
 * index, or null.
 */
export function handTileAt(scene: Scene, x: number, y: number): number | null {
  for (let i = scene.items.length - 1; i >= 0; i--) {
    const t = scene.items[i];
    if (t?.type !== 'tile' || t.handIndex === undefined) continue;
    const b = tileBounds(t);
    if (x >= b.x0 && x <= b.x1 && y >= b.y0 - t.w * 0.12 && y <= b.y1) return t.handIndex;
  }
  return null;
}

/** Screen-space bounding box of a tile item (rotation by multiples of 90° only). */
export function tileBounds(t: TileItem): { x0: number; y0: number; x1: number; y1: number } {
  const h = t.w * TILE_ASPECT;
  const quarter = Math.round(t.rotation / (Math.PI / 2));
  const sideways = Math.abs(quarter) % 2 === 1;
  const bw = sideways ? h : t.w;
  const bh = sideways ? t.w : h;
  return { x0: t.x - bw / 2, y0: t.y - bh / 2, x1: t.x + bw / 2, y1: t.y + bh / 2 };
}

/** Estimated screen-space box of a text item (for tests: labels must not cover tiles or each other). */
export function textBounds(t: TextItem): { x0: number; y0: number; x1: number; y1: number } {
  const full = textWidth(t.text, t.size, t.bold);
  const w = t.maxWidth === undefined ? full : Math.min(full, t.maxWidth);
  const lines = t.maxWidth === undefined ? t.text.split('\n').length : Math.ceil(full / Math.max(1, t.maxWidth));
  const h = lines * t.size * 1.25;
  const sideways = t.rotation !== undefined && Math.abs(Math.round(t.rotation / (Math.PI / 2))) % 2 === 1;
  const bw = sideways ? h : w;
  const bh = sideways ? w : h;
  const ax = sideways ? 0.5 : t.anchorX;
  const ay = sideways ? 0.5 : t.anchorY;
  return { x0: t.x - ax * bw, y0: t.y - ay * bh, x1: t.x + (1 - ax) * bw, y1: t.y + (1 - ay) * bh };
}
