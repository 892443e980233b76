/**
 * Translates the page's own DOM in place: every text node and the readable attributes (title,
 * aria-label, placeholder, alt) are passed through the translator, now and whenever the page
 * writes new text (a MutationObserver; its callback runs before the next paint, so English never
 * shows in a Chinese page). Each node keeps the English the page wrote, so switching back and
 * forth is exact. The pages keep writing English; they need no change to be translated.
 */
import type { Translate } from './translate.js';

const ATTRS = ['title', 'aria-label', 'placeholder', 'alt'] as const;
const SKIP = new Set(['SCRIPT', 'STYLE', 'TEXTAREA', 'CANVAS', 'SVG']);

export class DomTranslator {
  /** The English the page wrote, and what this translator wrote over it. */
  private readonly source = new WeakMap<Node, string>();
  private readonly written = new WeakMap<Node, string>();
  private readonly attrSource = new WeakMap<Element, Map<string, { source: string; written: string }>>();
  private readonly observer: MutationObserver;

  constructor(
    private readonly root: Element,
    private translate: Translate,
  ) {
    this.observer = new MutationObserver((records) => {
      for (const r of records) {
        if (r.type === 'characterData') this.text(r.target);
        else if (r.type === 'attributes' && r.attributeName) this.attr(r.target as Element, r.attributeName);
        else for (const n of r.addedNodes) this.walk(n);
      }
    });
    this.walk(root);
    this.observer.observe(root, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: [...ATTRS],
    });
  }

  /** Switches language: every node is written again from its English. */
  use(translate: Translate): void {
    this.translate = translate;
    this.walk(this.root);
  }

  private walk(node: Node): void {
    if (node.nodeType === Node.TEXT_NODE) {
      this.text(node);
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const e = node as Element;
    if (SKIP.has(e.tagName.toUpperCase()) || e.hasAttribute('data-no-translate')) return;
    for (const a of ATTRS) if (e.hasAttribute(a)) this.attr(e, a);
    for (const child of e.childNodes) this.walk(child);
  }

  private text(node: Node): void {
    const now = node.nodeValue ?? '';
    if (node.parentElement?.closest('[data-no-translate],script,style,textarea')) return;
    // Text the page wrote since (or never seen): that is the new English.
    if (this.written.get(node) !== now) this.source.set(node, now);
    const out = this.translate(this.source.get(node) ?? now);
    this.written.set(node, out);
    if (out !== now) node.nodeValue = out;
  }

  private attr(e: Element, name: string): void {
    const now = e.getAttribute(name);
    if (now === null) return;
    let map = this.attrSource.get(e);
    if (!map) {
      map = new Map();
      this.attrSource.set(e, map);
    }
    const known = map.get(name);
    const source = known && known.written === now ? known.source : now;
    const out = this.translate(source);
    map.set(name, { source, written: out });
    if (out !== now) e.setAttribute(name, out);
  }
}
