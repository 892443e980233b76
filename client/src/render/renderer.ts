/**
 * The Pixi v8 side of the table: one canvas that follows its element's size, tile textures
 * rasterised from the project's SVG art, and a keyed reconciliation of the plain Scene from
 * table/layout.ts into sprites. An item whose key survives from one scene to the next slides to
 * its new place (a sorted hand, a claimed tile), new items fade in (both at once under "reduce
 * motion"). A still table draws no frames; its running clock is page text over the canvas
 * (live-text.ts). All game logic stays in the plain-data modules; this
 * file only draws and reports taps.
 */
import { ALL_KINDS, type TileKind } from '@mahjong/shared';
// Pixi's shader glue without eval: the pages' Content-Security-Policy allows no eval.
import 'pixi.js/unsafe-eval';
import { Application, Container, Graphics, Sprite, Text, Texture } from 'pixi.js';
import { backSvg, type FaceSet, RED_FIVES, svgDataUrl, tileSvg } from '../art/tile-svg.js';
import { glyphsFor, UI_FONT } from '../i18n/font.js';
import {
  handTileAt,
  type Scene,
  type SceneItem,
  type TextItem,
  TILE_ASPECT,
  type TileItem,
  textWidth,
} from '../table/layout.js';
import { LiveTextLayer } from './live-text.js';

/**
 * A discard of the tile just drawn (tsumogiri) is drawn a shade darker, as the tables people play
 * on show it: light enough to stay apart from a claimed discard's grey (0x9a9a9a).
 */
const TSUMOGIRI_TINT = 0xcdcdcd;

/** The device's pixels per CSS pixel, as far as it is worth drawing (3 covers every phone). */
export const deviceScale = (): number => Math.min(3, Math.max(1, window.devicePixelRatio || 1));

/**
 * The player's "reduce motion" setting (the system's, or the browser's): sprites are put in their
 * place at once instead of sliding and fading, as the page's own animations already do.
 */
const reducedMotion = typeof matchMedia === 'function' ? matchMedia('(prefers-reduced-motion: reduce)') : null;

/** Texture width per tile: a 64 CSS px tile (the largest drawn) at the device's resolution. */
const rasterWidth = (): number => Math.min(192, Math.max(120, Math.ceil(64 * deviceScale())));

async function rasterise(svg: string): Promise<Texture> {
  const img = new Image();
  img.src = svgDataUrl(svg);
  await img.decode();
  const canvas = document.createElement('canvas');
  const w = rasterWidth();
  canvas.width = w;
  canvas.height = Math.round(w * TILE_ASPECT);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
  return Texture.from(canvas);
}

export interface TileTextures {
  readonly faces: readonly Texture[];
  /** The red five of each suit, by kind. */
  readonly red: ReadonlyMap<TileKind, Texture>;
  readonly back: Texture;
}

export async function loadTileTextures(set: FaceSet = 'classic'): Promise<TileTextures> {
  const faces = await Promise.all(Array.from({ length: ALL_KINDS }, (_, k) => rasterise(tileSvg(k as TileKind, set))));
  const reds = await Promise.all(RED_FIVES.map((k) => rasterise(tileSvg(k, set, true))));
  return { faces, red: new Map(RED_FIVES.map((k, i) => [k, reds[i] as Texture])), back: await rasterise(backSvg()) };
}

/** The texture of a tile item: its face (the red five's when marked red), or the back. */
const textureOf = (tex: TileTextures, item: TileItem): Texture =>
  item.face === 'back'
    ? tex.back
    : ((item.red ? tex.red.get(item.face) : undefined) ?? tex.faces[item.face] ?? tex.back);

interface Node {
  item: SceneItem;
  view: Container;
  /** Current animated values. */
  x: number;
  y: number;
  rotation: number;
  alpha: number;
  targetAlpha: number;
  dying: boolean;
}

const HIGHLIGHT_COLORS = {
  lastDiscard: 0xf2b705,
  drawn: 0x8fd3ff,
  selected: 0xf2b705,
  wait: 0xf2b705,
  claimed: 0x999999,
  winTile: 0xe05545,
} as const;

export interface RendererOptions {
  readonly onTileTap?: (handIndex: number) => void;
  /** Some glyphs `measure` was asked about came in: a layout measured without them is due again. */
  readonly onGlyphs?: () => void;
}

export class TableRenderer {
  readonly app = new Application();
  private textures: TileTextures | null = null;
  private readonly nodes = new Map<string, Node>();
  private readonly layer = new Container();
  private scene: Scene | null = null;
  /** Frames drawn since start; the budgets script and tests read it. */
  frames = 0;

  constructor(private readonly options: RendererOptions = {}) {}

  /** Redraws every tile from face set `set` (the player's choice in the settings). */
  async useFaces(set: FaceSet): Promise<void> {
    this.textures = await loadTileTextures(set);
    this.faceSet = set;
    for (const [key, node] of this.nodes) this.remove(key, node, true);
    if (this.scene) this.draw(this.scene);
  }

  private faceSet: FaceSet = 'classic';
  /** The scene's live texts, in the page over the canvas (from `init` on). */
  private live: LiveTextLayer | null = null;

  async init(host: HTMLElement, faces: FaceSet = 'classic'): Promise<void> {
    this.faceSet = faces;
    await this.app.init({
      resizeTo: host,
      background: '#0f5a3d',
      antialias: false, // sprites carry their own smooth edges; MSAA costs a lot on software GL
      // Drawn at the device's resolution and shown at CSS size: crisp on high-DPI screens.
      resolution: deviceScale(),
      autoDensity: true,
      preference: 'webgl',
    });
    host.append(this.app.canvas);
    this.live = new LiveTextLayer(host);
    // A tap on the hand is found from the scene's own geometry (where the layout puts each tile),
    // not by Pixi's hit test, which reads the transforms of the last frame drawn: a tile drawn or
    // rebuilt since (the new drawn tile, a tile no longer dimmed) missed taps until the next frame,
    // which on a slow device is long enough to lose one.
    this.app.canvas.addEventListener('click', (e) => {
      const at = this.scene && this.options.onTileTap ? handTileAt(this.scene, e.offsetX, e.offsetY) : null;
      if (at !== null) this.options.onTileTap?.(at);
    });
    this.app.stage.addChild(this.layer);
    this.textures = await loadTileTextures(this.faceSet);
    this.app.ticker.add((t) => this.tick(t.deltaMS));
    // A window moved to another screen, or zoomed: follow the new pixel ratio.
    window.addEventListener('resize', () => {
      const r = deviceScale();
      if (r !== this.app.renderer.resolution) {
        this.app.renderer.resolution = r;
        this.app.resize();
      }
    });
  }

  private measuring: CanvasRenderingContext2D | null = null;
  /** The texts `measure` fetched glyphs for (each once). */
  private readonly measured = new Set<string>();

  /**
   * The width of `text` as this renderer draws it (the page's fonts, the name fonts' emoji and
   * rare characters included), for the layout's labels. A text whose glyphs are still to come
   * is measured in the fonts there are; `onGlyphs` says when to measure again.
   */
  readonly measure = (text: string, size: number, bold: boolean): number => {
    this.measuring ??= document.createElement('canvas').getContext('2d');
    if (!this.measuring) return textWidth(text, size, bold);
    if (!this.measured.has(text)) {
      this.measured.add(text);
      void glyphsFor(text).then((fetched) => {
        if (fetched) this.options.onGlyphs?.();
      });
    }
    this.measuring.font = `${bold ? '700' : '400'} ${size}px ${UI_FONT}`;
    return this.measuring.measureText(text).width;
  };

  /** Size of the drawing area in CSS pixels (the layout's units; `screen` is never in device pixels). */
  get width(): number {
    return this.app.screen.width;
  }

  get height(): number {
    return this.app.screen.height;
  }

  /**
   * Draws `scene`: keeps, moves, adds and removes sprites by key, and writes its live texts in the
   * page. Frames are drawn only when a sprite changed: a scene that differs from the last only in
   * its live texts (the clock's second) costs no frame.
   */
  draw(scene: Scene): void {
    if (!this.textures) return;
    this.scene = scene;
    let changed = false;
    const seen = new Set<string>();
    const live: TextItem[] = [];
    scene.items.forEach((item, z) => {
      if (item.type === 'text' && item.live) {
        live.push(item);
        return;
      }
      seen.add(item.key);
      const node = this.nodes.get(item.key);
      if (node && sameShape(node.item, item)) {
        if (node.dying || node.view.zIndex !== z || !sameItem(node.item, item)) changed = true;
        this.update(node, item);
        node.view.zIndex = z;
        node.dying = false;
        node.targetAlpha = 1;
      } else {
        changed = true;
        if (node) this.remove(item.key, node, true);
        const view = this.build(item);
        view.zIndex = z;
        const fresh: Node = {
          item,
          view,
          x: item.type === 'tile' && item.from ? item.from.x : itemX(item),
          y: item.type === 'tile' && item.from ? item.from.y : itemY(item),
          rotation: itemRotation(item),
          alpha: node || (item.type === 'tile' && item.from) ? 1 : 0,
          targetAlpha: 1,
          dying: false,
        };
        this.nodes.set(item.key, fresh);
        this.layer.addChild(view);
        this.place(fresh);
      }
    });
    for (const [key, node] of this.nodes) {
      if (seen.has(key) || node.dying) continue;
      this.remove(key, node, false);
      changed = true;
    }
    this.layer.sortableChildren = true;
    this.live?.show(live);
    if (changed) this.wake();
  }

  private remove(key: string, node: Node, now: boolean): void {
    if (now) {
      node.view.destroy({ children: true });
      this.nodes.delete(key);
      return;
    }
    node.dying = true;
    node.targetAlpha = 0;
  }

  private build(item: SceneItem): Container {
    const c = new Container();
    switch (item.type) {
      case 'tile':
        this.buildTile(c, item);
        break;
      case 'text':
        c.addChild(textOf(item));
        this.awaitGlyphs(item.text);
        break;
      case 'rect': {
        const g = new Graphics()
          .roundRect(0, 0, item.w, item.h, item.radius)
          .fill({ color: item.color, alpha: item.alpha });
        c.addChild(g);
        break;
      }
    }
    return c;
  }

  /**
   * A canvas text is drawn with the glyphs there are when it is rasterised: a name whose
   * characters' font pieces are still being fetched would stay boxes. Once they are in, every
   * text holding that name is drawn again.
   */
  private awaitGlyphs(text: string): void {
    void glyphsFor(text).then((fetched) => {
      if (!fetched) return;
      for (const node of this.nodes.values()) {
        if (node.item.type !== 'text' || !node.item.text.includes(text) || node.view.destroyed) continue;
        for (const child of node.view.removeChildren()) child.destroy();
        node.view.addChild(textOf(node.item));
      }
      this.wake();
    });
  }

  private buildTile(c: Container, item: TileItem): void {
    const tex = this.textures;
    if (!tex) return;
    const h = item.w * TILE_ASPECT;
    if (item.highlight) {
      const pad = Math.max(2, item.w * 0.08);
      const g = new Graphics()
        .roundRect(-item.w / 2 - pad, -h / 2 - pad, item.w + 2 * pad, h + 2 * pad, item.w * 0.16)
        .fill({ color: HIGHLIGHT_COLORS[item.highlight], alpha: item.highlight === 'drawn' ? 0.55 : 0.9 });
      c.addChild(g);
    }
    const s = new Sprite(textureOf(tex, item));
    s.anchor.set(0.5);
    s.width = item.w;
    s.height = h;
    if (item.dim) s.tint = 0x9a9a9a;
    else if (item.shade) s.tint = TSUMOGIRI_TINT;
    c.addChild(s);
    if (item.handIndex !== undefined && this.options.onTileTap) {
      // Taps: see init. Pixi's events only show the pointer and the hover.
      c.eventMode = 'static';
      c.cursor = item.dim ? 'default' : 'pointer';
      // A hovered tile lifts a little (the sprite inside the container, so the slide is untouched).
      c.on('pointerover', () => {
        if (!item.dim) s.y = -item.w * 0.12;
        this.wake();
      });
      c.on('pointerout', () => {
        s.y = 0;
        this.wake();
      });
    }
  }

  private update(node: Node, item: SceneItem): void {
    const old = node.item;
    node.item = item;
    if (item.type === 'text' && old.type === 'text') {
      const t = node.view.children[0] as Text | undefined;
      // Every style change re-renders the text's texture: touch only what changed.
      if (t) {
        if (t.text !== item.text) {
          t.text = item.text;
          this.awaitGlyphs(item.text);
        }
        if (old.color !== item.color) t.style.fill = item.color;
        if (old.size !== item.size) t.style.fontSize = item.size;
        if (old.bold !== item.bold) t.style.fontWeight = item.bold ? '700' : '400';
        if (old.anchorX !== item.anchorX || old.anchorY !== item.anchorY) t.anchor.set(item.anchorX, item.anchorY);
      }
    } else if (item.type === 'rect' && old.type === 'rect') {
      if (old.w !== item.w || old.h !== item.h || old.color !== item.color) {
        const g = node.view.children[0] as Graphics;
        g.clear().roundRect(0, 0, item.w, item.h, item.radius).fill({ color: item.color, alpha: item.alpha });
      }
    } else if (item.type === 'tile' && old.type === 'tile') {
      if (
        old.face !== item.face ||
        old.red !== item.red ||
        old.w !== item.w ||
        old.highlight !== item.highlight ||
        old.dim !== item.dim ||
        old.shade !== item.shade ||
        old.handIndex !== item.handIndex
      ) {
        for (const child of node.view.removeChildren()) child.destroy();
        node.view.removeAllListeners();
        this.buildTile(node.view, item);
      }
    }
  }

  private place(node: Node): void {
    node.view.position.set(node.x, node.y);
    node.view.rotation = node.rotation;
    node.view.alpha = node.alpha;
  }

  private tick(dtMs: number): void {
    this.frames++;
    const k = reducedMotion?.matches ? 1 : 1 - Math.exp(-dtMs / 70);
    for (const [key, node] of this.nodes) {
      const tx = itemX(node.item);
      const ty = itemY(node.item);
      const tr = itemRotation(node.item);
      node.x += (tx - node.x) * k;
      node.y += (ty - node.y) * k;
      node.rotation += (tr - node.rotation) * k;
      node.alpha += (node.targetAlpha - node.alpha) * Math.min(1, k * 1.5);
      // Each value lands exactly on its target, so that a table comes to rest (and stops drawing).
      if (Math.abs(tx - node.x) < 0.05) node.x = tx;
      if (Math.abs(ty - node.y) < 0.05) node.y = ty;
      if (Math.abs(tr - node.rotation) < 0.001) node.rotation = tr;
      if (Math.abs(node.targetAlpha - node.alpha) < 0.01) node.alpha = node.targetAlpha;
      if (node.dying && node.alpha === 0) {
        node.view.destroy({ children: true });
        this.nodes.delete(key);
        continue;
      }
      this.place(node);
    }
    // A still table costs nothing: no frame is drawn until something changes (batteries, and a
    // software-rendered page in CI, where a frame of a phone's canvas costs a tenth of a second or
    // more). The frame of this tick is still drawn (the ticker renders after its listeners), and
    // it is the resting picture. A scene that changes no sprite (the clock's second, written in
    // the page: see LiveTextLayer) does not start the ticker at all.
    if (!this.animating) this.app.ticker.stop();
  }

  /**
   * Frames again from now: every change to what is drawn comes through here (a scene, a name's
   * glyphs arriving, a hovered tile lifting). A resize draws its own frame: Pixi's resize plugin
   * renders after resizing.
   */
  private wake(): void {
    if (!this.app.ticker.started) this.app.ticker.start();
  }

  /** Whether any sprite is still moving, turning or fading (tests wait for a still table before screenshots). */
  get animating(): boolean {
    for (const node of this.nodes.values()) {
      if (
        node.x !== itemX(node.item) ||
        node.y !== itemY(node.item) ||
        node.rotation !== itemRotation(node.item) ||
        node.alpha !== node.targetAlpha ||
        node.dying
      )
        return true;
    }
    return false;
  }

  get current(): Scene | null {
    return this.scene;
  }

  destroy(): void {
    this.app.destroy(true, { children: true });
  }
}

function textOf(item: TextItem): Text {
  const t = new Text({
    text: item.text,
    style: {
      fill: item.color,
      fontSize: item.size,
      fontWeight: item.bold ? '700' : '400',
      fontFamily: UI_FONT,
      ...(item.maxWidth === undefined ? {} : { wordWrap: true, wordWrapWidth: item.maxWidth, breakWords: true }),
    },
    resolution: Math.max(2, deviceScale()),
  });
  t.anchor.set(item.anchorX, item.anchorY);
  return t;
}

const itemX = (i: SceneItem): number => i.x;
const itemRotation = (i: SceneItem): number => (i.type === 'rect' ? 0 : (i.rotation ?? 0));
const itemY = (i: SceneItem): number => i.y;
const sameShape = (a: SceneItem, b: SceneItem): boolean => a.type === b.type;

/** Whether two items of a key would be drawn alike: every field equal (a tile's `from` by value). */
function sameItem(a: SceneItem, b: SceneItem): boolean {
  const ra = a as unknown as Record<string, unknown>;
  const rb = b as unknown as Record<string, unknown>;
  const keys = Object.keys(ra);
  if (keys.length !== Object.keys(rb).length) return false;
  for (const k of keys) {
    const x = ra[k];
    const y = rb[k];
    if (x === y) continue;
    if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
    if (JSON.stringify(x) !== JSON.stringify(y)) return false;
  }
  return true;
}
