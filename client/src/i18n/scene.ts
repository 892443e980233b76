/** Canvas texts in the page's language: the layout writes English, this translates a Scene's texts. */
import type { Scene } from '../table/layout.js';
import { currentLang, tr } from './i18n.js';

export function localiseScene(scene: Scene): Scene {
  if (currentLang() === 'en') return scene;
  return { ...scene, items: scene.items.map((i) => (i.type === 'text' ? { ...i, text: tr(i.text) } : i)) };
}

/** One of the layout's texts as `localiseScene` will show it (the layout measures what is drawn). */
export const localiseText = (text: string): string => (currentLang() === 'en' ? text : tr(text));
