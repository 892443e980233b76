/**
 * The page's language: what the settings ask for, shown once its font is in (Chinese waits for
 * the lazily loaded font, so no text is ever drawn as empty boxes). Pages translate the DOM
 * through DomTranslator and their canvas texts through `tr()`, and repaint on `onLangChange`.
 */
import { type Lang, settings } from '../settings/settings.js';
import { DomTranslator } from './dom-translate.js';
import { loadChineseFont, loadCoreFont, watchNames } from './font.js';
import type { MessageId } from './messages.js';
import { message, type Translate, translator } from './translate.js';

let shown: Lang = 'en';
let dom: DomTranslator | null = null;
const listeners = new Set<(lang: Lang) => void>();
let ready: Promise<void> = Promise.resolve();

/** The language the page shows now. */
export const currentLang = (): Lang => shown;
/** The translator of the language shown now (identity for English). */
export const tr = (text: string): string => translator(shown)(text);
/** Message `id` in the language shown now, its placeholders filled with `values` (kept as given). */
export const t = (id: MessageId, values?: Readonly<Record<string, string | number>>): string =>
  message(id, shown, values);
export const currentTranslate = (): Translate => translator(shown);

export function onLangChange(f: (lang: Lang) => void): () => void {
  listeners.add(f);
  return () => listeners.delete(f);
}

/** Resolves once the language asked for is on screen (tests and first paints wait on it). */
export const langReady = (): Promise<void> => ready;

async function show(lang: Lang): Promise<void> {
  if (lang === 'zh-HK') await loadChineseFont();
  // A later choice may have come in while the font loaded: only the newest one shows.
  if (settings.get().lang !== lang) return;
  shown = lang;
  document.documentElement.lang = lang;
  dom?.use(translator(lang));
  for (const f of listeners) f(lang);
}

/** Starts translating this page (once per page, by ui/page-chrome.ts). */
export function startI18n(): void {
  if (dom) return;
  dom = new DomTranslator(document.documentElement, translator('en'));
  void loadCoreFont();
  ready = show(settings.get().lang);
  watchNames(document.documentElement);
  settings.subscribe((now, before) => {
    if (now.lang !== before.lang) ready = show(now.lang);
  });
}
