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
  type Meld,
  type Seat,
  type SeatPublicView,
  SEATS,
  type TableView,
  type TileKind,
  sortKinds,
} from '@mahjong/shared';

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
  /** Sizes used, for tests and the renderer's hit areas. */
  readonly sizes: { readonly hand: number; readonly other: number; readonly discard: number };
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
}

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

const WIND_LETTERS = ['E', 'S', 'W', 'N'] as const;
export const windLetter = (w: number): string => WIND_LETTERS[(w - 1 + 4) % 4] as string;
const WIND_NAMES = ['East', 'South', 'West', 'North'] as const;
export const windName = (w: number): string => WIND_NAMES[(w - 1 + 4) % 4] as string;

interface Frame {
  /** Length along the edge and depth across. */
  readonly L: number;
  readonly D: number;
  readonly toScreen: (u: number, v: number) => { x: number; y: number };
  readonly rotation: number;
}

function frames(W: number, H: number): Record<Position, Frame> {
  return {
    bottom: { L: W, D: H, toScreen: (u, v) => ({ x: u, y: H - v }), rotation: 0 },
    right: { L: H, D: W, toScreen: (u, v) => ({ x: W - v, y: H - u }), rotation: -Math.PI / 2 },
    top: { L: W, D: H, toScreen: (u, v) => ({ x: W - u, y: v }), rotation: Math.PI },
    left: { L: H, D: W, toScreen: (u, v) => ({ x: v, y: u }), rotation: Math.PI / 2 },
  };
}

/** Tiles in one seat's row along its edge: concealed, then melds, then bonus tiles. */
interface RowTile {
  readonly face: TileKind | 'back';
  readonly key: string;
  /** Width in units of the row's tile width. */
  readonly scale: number;
  /** Laid sideways (the claimed tile of a meld). */
  readonly sideways?: boolean;
  readonly gapBefore: number;
  readonly highlight?: Highlight;
  readonly dim?: boolean;
  readonly handIndex?: number;
  readonly raised?: boolean;
}

function meldTiles(seat: Seat, melds: readonly Meld[], scale: number): RowTile[] {
  const out: RowTile[] = [];
  melds.forEach((m, mi) => {
    const claimedAt = m.claimed === undefined ? -1 : m.tiles.indexOf(m.claimed);
    m.tiles.forEach((t, ti) => {
      // A concealed kong shows its two middle tiles face down... the classic look is two backs at the ends.
      const hidden = m.concealed && m.kind === 'kong' && (ti === 0 || ti === 3);
      out.push({
        face: hidden ? 'back' : t,
        key: `m:${seat}:${mi}:${ti}`,
        scale,
        sideways: ti === claimedAt,
        gapBefore: ti === 0 ? 0.35 : 0,
      });
    });
  });
  return out;
}

const rowWidth = (row: readonly RowTile[]): number =>
  row.reduce((sum, t) => sum + t.gapBefore + (t.sideways ? TILE_ASPECT : 1) * t.scale, 0);

function seatRow(view: TableView, seat: SeatPublicView, isBottom: boolean, ui: UiState): RowTile[] {
  const row: RowTile[] = [];
  const reveal = ui.reveal?.[seat.seat];
  if (isBottom && view.hand) {
    const { tiles, drawnIndex } = handOrder(view);
    const can = new Set(view.legalActions.filter((a) => a.type === 'discard').map((a) => a.tile));
    const counts = new Map<number, number>();
    tiles.forEach((t, i) => {
      const n = counts.get(t) ?? 0;
      counts.set(t, n + 1);
      row.push({
        face: t,
        key: i === drawnIndex ? 'h:drawn' : `h:${t}:${n}`,
        scale: 1,
        gapBefore: i === drawnIndex ? 0.4 : 0,
        handIndex: i,
        raised: ui.selected === i,
        highlight: i === drawnIndex ? 'drawn' : undefined,
        dim: can.size > 0 && !can.has(t),
      });
    });
  } else if (reveal) {
    sortKinds(reveal).forEach((t, i) => {
      row.push({ face: t, key: `c:${seat.seat}:${i}`, scale: 1, gapBefore: 0 });
    });
  } else {
    for (let i = 0; i < seat.concealedCount; i++) {
      row.push({
        face: 'back',
        key: `c:${seat.seat}:${i}`,
        scale: 1,
        gapBefore: seat.hasDrawn && i === seat.concealedCount - 1 ? 0.3 : 0,
      });
    }
  }
  const meldScale = isBottom ? 0.78 : 1;
  const melds = meldTiles(seat.seat, seat.melds, meldScale);
  if (melds[0]) melds[0] = { ...melds[0], gapBefore: 0.6 };
  row.push(...melds);
  seat.bonus.forEach((b, i) => {
    row.push({ face: b, key: `f:${seat.seat}:${i}`, scale: isBottom ? 0.6 : 0.8, gapBefore: i === 0 ? 0.5 : 0 });
  });
  return row;
}

const COLORS = {
  text: '#f4f1e6',
  muted: '#b8d4c6',
  gold: '#f2b705',
  red: '#e05545',
  panel: '#0a3d2a',
  turn: '#f2b705',
} as const;

/** The scene for one view at one window size. */
export function layoutTable(view: TableView, width: number, height: number, ui: UiState): Scene {
  const W = Math.max(200, width);
  const H = Math.max(200, height);
  const items: SceneItem[] = [];
  const bottom = bottomSeatOf(view, ui);
  const fr = frames(W, H);
  const portrait = H > W * 1.15;
  const margin = Math.max(4, Math.min(W, H) * 0.015);

  const rows = SEATS.map((s) => seatRow(view, view.seats[s], s === bottom, ui));
  const bottomRow = rows[bottom] ?? [];

  // The viewer's tiles: as large as the bottom edge allows, at most 13% of the height.
  const handW = Math.min((W - 2 * margin) / Math.max(10, rowWidth(bottomRow)), (H * 0.13) / TILE_ASPECT, 64);
  // Other seats: their row must fit along their edge, leaving the corners free.
  const otherW = Math.min(
    ...SEATS.filter((s) => s !== bottom).map((s) => {
      const pos = positionOf(s, bottom);
      const L = fr[pos].L;
      const free = pos === 'top' ? L - 2 * margin : L - 2 * (handW * TILE_ASPECT + 2 * margin);
      return free / Math.max(12, rowWidth(rows[s] ?? []));
    }),
    handW * (portrait ? 0.62 : 0.7),
    (portrait ? W : H) * 0.045,
  );
  const depthOf = (pos: Position): number =>
    (pos === 'bottom' ? handW : otherW) * TILE_ASPECT + margin * 2 + (pos === 'bottom' ? handW * 0.35 : 0);

  // Discards: six per row in front of each seat around a centre panel, four rows before crowding.
  const innerW = W - depthOf('left') - depthOf('right');
  const innerH = H - depthOf('bottom') - depthOf('top') - (view.hand ? handW * 0.7 : 0);
  const maxRows = (seat: Seat) => Math.max(4, Math.ceil(view.seats[seat].discards.length / 6));
  const rowsSide = Math.max(maxRows(SEATS[(bottom + 1) % 4] as Seat), maxRows(SEATS[(bottom + 3) % 4] as Seat));
  const rowsVert = Math.max(maxRows(bottom), maxRows(SEATS[(bottom + 2) % 4] as Seat));
  const discardStep = TILE_ASPECT * 1.01; // row pitch in tile widths
  const half = 3.3; // centre panel half-size in tile widths (six tiles plus a little)
  const discardW = Math.max(
    8,
    Math.min(
      innerW / (2 * (half + rowsSide * discardStep)),
      innerH / (2 * (half + rowsVert * discardStep)),
      otherW * 1.05,
      handW * 0.8,
    ),
  );
  const centre = {
    x: depthOf('left') + innerW / 2,
    y: depthOf('top') + innerH / 2,
  };

  // Hand rows along each edge.
  for (const s of SEATS) {
    const pos = positionOf(s, bottom);
    const f = fr[pos];
    const row = rows[s] ?? [];
    const w = pos === 'bottom' ? handW : otherW;
    const total = rowWidth(row) * w;
    let u = pos === 'bottom' ? Math.max(margin, (f.L - total) / 2) : (f.L - total) / 2;
    const vBase = margin + (w * TILE_ASPECT) / 2;
    for (const t of row) {
      u += t.gapBefore * w;
      const tw = t.scale * w;
      const along = t.sideways ? tw * TILE_ASPECT : tw;
      const v = vBase - ((1 - t.scale) * w * TILE_ASPECT) / 2 + (t.raised ? w * 0.3 : 0);
      const p = f.toScreen(u + along / 2, pos === 'bottom' ? v + (t.sideways ? -(tw * (TILE_ASPECT - 1)) / 2 : 0) : v);
      items.push({
        type: 'tile',
        key: t.key,
        face: t.face,
        x: p.x,
        y: p.y,
        w: tw,
        rotation: f.rotation + (t.sideways ? Math.PI / 2 : 0),
        ...(t.highlight ? { highlight: t.highlight } : {}),
        ...(t.dim ? { dim: true } : {}),
        ...(t.handIndex !== undefined ? { handIndex: t.handIndex } : {}),
        ...(t.raised ? { raised: true } : {}),
      });
      u += along;
    }
  }

  // Discards, first row nearest the centre.
  const dh = discardW * discardStep;
  const last = view.lastDiscard;
  for (const s of SEATS) {
    const pos = positionOf(s, bottom);
    const f = fr[pos];
    const seat = view.seats[s];
    // Centre of the table in this seat's frame.
    const cu = pos === 'bottom' ? centre.x : pos === 'top' ? W - centre.x : pos === 'right' ? H - centre.y : centre.y;
    const cv = pos === 'bottom' ? H - centre.y : pos === 'top' ? centre.y : pos === 'right' ? W - centre.x : centre.x;
    seat.discards.forEach((d, i) => {
      const r = Math.floor(i / 6);
      const c = i % 6;
      const u = cu - 3 * discardW + (c + 0.5) * discardW;
      const v = cv - half * discardW - (r + 0.5) * dh;
      const p = f.toScreen(u, v);
      const isLast = last !== null && last.seat === s && i === seat.discards.length - 1 && !d.claimed;
      const hand = f.toScreen(f.L / 2, margin + (pos === 'bottom' ? handW : otherW) * TILE_ASPECT * 0.5);
      items.push({
        type: 'tile',
        key: `d:${s}:${i}`,
        face: d.tile,
        x: p.x,
        y: p.y,
        w: discardW,
        rotation: f.rotation,
        ...(isLast ? { highlight: 'lastDiscard' as const, from: hand } : {}),
        ...(d.claimed ? { dim: true } : {}),
      });
    });
  }

  // Centre panel: prevailing wind, hand, wall counts, and each seat's wind, name and score on its side.
  const P = half * discardW * 2 - discardW * 0.3;
  items.push({
    type: 'rect',
    key: 'panel',
    x: centre.x - P / 2,
    y: centre.y - P / 2,
    w: P,
    h: P,
    color: COLORS.panel,
    alpha: 0.85,
    radius: P * 0.08,
  });
  const fs = Math.max(9, Math.min(18, P / 12.5));
  items.push(
    {
      type: 'text',
      key: 'round',
      text: `${windName(view.prevailingWind)} · hand ${view.handNumber + 1}`,
      x: centre.x,
      y: centre.y - fs * 0.9,
      size: fs,
      color: COLORS.text,
      bold: true,
      anchorX: 0.5,
      anchorY: 0.5,
    },
    {
      type: 'text',
      key: 'wall',
      text: `Wall ${view.wallCount} · dead ${view.deadWallCount}`,
      x: centre.x,
      y: centre.y + fs * 0.5,
      size: fs * 0.85,
      color: COLORS.muted,
      anchorX: 0.5,
      anchorY: 0.5,
    },
  );
  if (ui.clock) {
    items.push({
      type: 'text',
      key: 'clock',
      text: `${ui.clock.kind === 'claim' ? 'claim' : 'turn'} ${ui.clock.seconds}s`,
      x: centre.x,
      y: centre.y + fs * 1.9,
      size: fs,
      color: ui.clock.seconds <= 3 ? COLORS.red : COLORS.gold,
      bold: true,
      anchorX: 0.5,
      anchorY: 0.5,
    });
  }

  // Seat labels: bottom and top inside the panel, left and right beside the ends of their rows.
  const rowBox = (s: Seat) => {
    const own = items.filter(
      (i): i is TileItem => i.type === 'tile' && (i.key.startsWith(`c:${s}:`) || i.key.startsWith(`m:${s}:`)),
    );
    const boxes = own.map(tileBounds);
    return {
      y0: Math.min(...boxes.map((b) => b.y0), H / 2),
      y1: Math.max(...boxes.map((b) => b.y1), H / 2),
    };
  };
  for (const s of SEATS) {
    const pos = positionOf(s, bottom);
    const seat = view.seats[s];
    const inset = fs * 1.2;
    const name = seat.name ?? (seat.isBot ? 'Bot' : `Seat ${s + 1}`);
    const shortName = name.length > 12 ? `${name.slice(0, 11)}…` : name;
    const turn = view.turn === s && view.phase === 'playing';
    const label = `${windLetter(seat.wind)}${seat.isDealer ? '●' : ''} ${shortName}${seat.connected || seat.isBot ? '' : ' ⚠'}`;
    const common = { size: fs * 0.9, color: turn ? COLORS.turn : COLORS.text, bold: turn } as const;
    if (pos === 'bottom' || pos === 'top') {
      const y = pos === 'bottom' ? centre.y + P / 2 - inset : centre.y - P / 2 + inset;
      items.push({
        type: 'text',
        key: `seat:${s}`,
        text: `${label} · ${seat.score}`,
        x: centre.x,
        y,
        ...common,
        anchorX: 0.5,
        anchorY: 0.5,
      });
    } else {
      const box = rowBox(s);
      const lf = Math.max(10, Math.min(fs * 0.85, otherW * 0.6));
      items.push({
        type: 'text',
        key: `seat:${s}`,
        text: `${label}\n${seat.score}`,
        x: pos === 'left' ? margin : W - margin,
        y: pos === 'left' ? box.y0 - 4 : box.y1 + 4,
        ...common,
        size: lf,
        anchorX: pos === 'left' ? 0 : 1,
        anchorY: pos === 'left' ? 1 : 0,
      });
    }
    if (turn) {
      // A bar on the panel's edge towards the seat whose move it is.
      const t = Math.max(3, fs * 0.25);
      const bar =
        pos === 'bottom'
          ? { x: centre.x - P / 2, y: centre.y + P / 2 - t, w: P, h: t }
          : pos === 'top'
            ? { x: centre.x - P / 2, y: centre.y - P / 2, w: P, h: t }
            : pos === 'left'
              ? { x: centre.x - P / 2, y: centre.y - P / 2, w: t, h: P }
              : { x: centre.x + P / 2 - t, y: centre.y - P / 2, w: t, h: P };
      items.push({ type: 'rect', key: 'turnbar', ...bar, color: COLORS.turn, alpha: 1, radius: t / 2 });
    }
  }

  // Above the viewer's hand: waits when ready, the missed-win marker.
  if (view.hand) {
    const y = H - depthOf('bottom') + handW * 0.05;
    let x = margin;
    if (view.hand.missedWin) {
      items.push({
        type: 'text',
        key: 'missedWin',
        text: 'Missed win: no discard wins until your next draw',
        x,
        y,
        size: Math.max(11, handW * 0.28),
        color: COLORS.red,
        bold: true,
        anchorX: 0,
        anchorY: 0.5,
      });
      x += Math.max(11, handW * 0.28) * 26;
    }
    if (view.hand.waits.length > 0) {
      const ws = Math.max(10, handW * 0.42);
      items.push({
        type: 'text',
        key: 'waitsLabel',
        text: 'Ready · waits',
        x,
        y,
        size: Math.max(11, handW * 0.26),
        color: COLORS.gold,
        bold: true,
        anchorX: 0,
        anchorY: 0.5,
      });
      x += Math.max(11, handW * 0.26) * 7;
      view.hand.waits.forEach((t, i) => {
        items.push({
          type: 'tile',
          key: `w:${t}`,
          face: t,
          x: x + (i + 0.5) * ws * 1.05,
          y,
          w: ws,
          rotation: 0,
          highlight: 'wait',
        });
      });
    }
  }

  // A narrow portrait screen leaves the tiles small: suggest turning the phone.
  if (portrait && W < 520 && view.phase === 'playing') {
    items.push({
      type: 'text',
      key: 'rotateHint',
      text: 'Turn your phone sideways for bigger tiles',
      x: W / 2,
      y: depthOf('top') + fs,
      size: Math.max(10, fs * 0.8),
      color: COLORS.muted,
      anchorX: 0.5,
      anchorY: 0.5,
    });
  }

  return { width: W, height: H, items, sizes: { hand: handW, other: otherW, discard: discardW } };
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
