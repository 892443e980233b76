/**
 * The scene's live texts (`TextItem.live`: the running clock) written in the page over the
 * canvas instead of into it. The clock's number changes every second, and a canvas cannot draw
 * one label again: it draws the whole table, which on a phone's screen through a software
 * renderer costs a tenth of a second or more, every second a turn is waited for. A line of the
 * page's own text costs the browser next to nothing.
 *
 * Drawn as the canvas draws a text item: the same font, size, weight and colour, the item's
 * anchor at its (x, y) in CSS pixels from the canvas's corner, turned about the anchor.
 */
import { UI_FONT } from '../i18n/font.js';
import type { TextItem } from '../table/layout.js';

export class LiveTextLayer {
  private readonly root: HTMLDivElement;
  private readonly shown = new Map<string, { readonly el: HTMLSpanElement; item: TextItem | null }>();

  /** A layer over `host`'s whole box (the host is the canvas's positioned container). */
  constructor(host: HTMLElement) {
    if (getComputedStyle(host).position === 'static') host.style.position = 'relative';
    this.root = document.createElement('div');
    this.root.className = 'live-texts';
    this.root.setAttribute('aria-hidden', 'true'); // the page's status line says the same in words
    Object.assign(this.root.style, { position: 'absolute', inset: '0', pointerEvents: 'none', overflow: 'hidden' });
    host.append(this.root);
  }

  /** Shows exactly `items` (by key); each property is written only when it changed. */
  show(items: readonly TextItem[]): void {
    const keys = new Set<string>();
    for (const item of items) {
      keys.add(item.key);
      let entry = this.shown.get(item.key);
      if (!entry) {
        const el = document.createElement('span');
        el.dataset.key = item.key;
        Object.assign(el.style, { position: 'absolute', lineHeight: '1.25', fontFamily: UI_FONT });
        this.root.append(el);
        entry = { el, item: null };
        this.shown.set(item.key, entry);
      }
      write(entry.el, entry.item, item);
      entry.item = item;
    }
    for (const [key, entry] of this.shown) {
      if (keys.has(key)) continue;
      entry.el.remove();
      this.shown.delete(key);
    }
  }
}

/** Writes what differs between `old` (null: nothing written yet) and `item` into `el`. */
function write(el: HTMLSpanElement, old: TextItem | null, item: TextItem): void {
  // Setting a text or a style again, even to the same value, lays the line out and paints it again.
  if (old?.text !== item.text) el.textContent = item.text;
  if (old?.color !== item.color) el.style.color = item.color;
  if (old?.size !== item.size) el.style.fontSize = `${item.size}px`;
  if (old?.bold !== item.bold) el.style.fontWeight = item.bold ? '700' : '400';
  if (old?.x !== item.x) el.style.left = `${item.x}px`;
  if (old?.y !== item.y) el.style.top = `${item.y}px`;
  if (old?.maxWidth !== item.maxWidth) {
    el.style.whiteSpace = item.maxWidth === undefined ? 'pre' : 'pre-wrap';
    el.style.width = item.maxWidth === undefined ? '' : `${item.maxWidth}px`;
  }
  if (old?.anchorX !== item.anchorX || old?.anchorY !== item.anchorY || old?.rotation !== item.rotation) {
    // The anchor goes to (left, top); the turn is about the anchor.
    const ax = `${item.anchorX * 100}%`;
    const ay = `${item.anchorY * 100}%`;
    el.style.transformOrigin = `${ax} ${ay}`;
    el.style.transform = `translate(-${ax}, -${ay}) rotate(${item.rotation ?? 0}rad)`;
  }
}
