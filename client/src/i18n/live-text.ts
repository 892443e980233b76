/**
 * Words a page builds once and keeps (form labels, headings, buttons), asked for by message id
 * and written again whenever the language shown changes, so a page keeps what was typed in its
 * fields and still switches language. Text nodes and attributes are remembered weakly: a node the
 * page throws away is forgotten with it. Pages that draw a part again anyway (a list, a card) can
 * write `t(id)` there instead; these are for what stays on the page.
 */
import type { Label } from '@mahjong/shared';
import { currentLang, onLangChange, t } from './i18n.js';
import type { MessageId } from './messages.js';

type Write = () => string;
type Values = Readonly<Record<string, string | number>>;

const texts = new WeakMap<Node, Write>();
const attrs = new WeakMap<Element, Map<string, Write>>();

/** A text node showing `write()`, written again on a language change. */
export function live(write: Write): Text {
  const node = document.createTextNode(write());
  texts.set(node, write);
  return node;
}

/** Sets attribute `name` of `e` to `write()`, and again on a language change. */
export function liveAttr<E extends Element>(e: E, name: string, write: Write): E {
  e.setAttribute(name, write());
  let map = attrs.get(e);
  if (!map) {
    map = new Map();
    attrs.set(e, map);
  }
  map.set(name, write);
  return e;
}

/** A text node with message `id` in the language shown. */
export const say = (id: MessageId, values?: Values): Text => live(() => t(id, values));
/** Attribute `name` of `e` holding message `id` in the language shown. */
export const sayAttr = <E extends Element>(e: E, name: string, id: MessageId, values?: Values): E =>
  liveAttr(e, name, () => t(id, values));
/** A text node with a label of both languages (a ruleset descriptor's) in the language shown. */
export const sayLabel = (label: Label): Text => live(() => label[currentLang()]);

/** Every remembered node and attribute on the page, written in the language shown now. */
function rewrite(): void {
  const walker = document.createTreeWalker(document.documentElement, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let n: Node | null = walker.currentNode; n; n = walker.nextNode()) {
    const write = texts.get(n);
    if (write) {
      const now = write();
      if (n.nodeValue !== now) n.nodeValue = now;
      continue;
    }
    const map = attrs.get(n as Element);
    if (map) for (const [name, w] of map) (n as Element).setAttribute(name, w());
  }
}

onLangChange(rewrite);
