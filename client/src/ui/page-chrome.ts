/**
 * What every page carries besides its own content: the language switch and the settings panel
 * (language, tile faces, volume, mute, hints, call-outs), top right, and the page's translation. Imported
 * once at the top of each page module; the choice is remembered (settings/settings.ts).
 */
import { FACE_SETS, type FaceSet } from '../art/tile-svg.js';
import { startI18n } from '../i18n/i18n.js';
import { say, sayAttr } from '../i18n/live-text.js';
import type { MessageId } from '../i18n/messages.js';
import { LANG_NAMES, LANGS, type Lang, settings } from '../settings/settings.js';
import { el as node } from './dom.js';
import './chrome.css';

const FACE_LABELS: Readonly<Record<FaceSet, MessageId>> = {
  classic: 'settings.classic',
  'high-contrast': 'settings.highContrast',
};

function panel(): HTMLElement {
  const s = settings.get();
  const lang = node('select', { 'data-setting': 'lang', 'data-no-translate': '' });
  for (const l of LANGS) {
    const o = node('option', { value: l, lang: l }, LANG_NAMES[l]);
    o.selected = l === s.lang;
    lang.append(o);
  }
  lang.addEventListener('change', () => settings.set({ lang: lang.value as Lang }));
  const faces = node('select', { 'data-setting': 'faces' });
  for (const f of FACE_SETS) {
    const o = node('option', { value: f }, say(FACE_LABELS[f]));
    o.selected = f === s.faces;
    faces.append(o);
  }
  faces.addEventListener('change', () => settings.set({ faces: faces.value as FaceSet }));
  const volume = node('input', {
    type: 'range',
    min: '0',
    max: '100',
    step: '5',
    value: String(Math.round(s.volume * 100)),
    'data-setting': 'volume',
  });
  volume.addEventListener('input', () => settings.set({ volume: Number(volume.value) / 100 }));
  const box = (key: 'muted' | 'hints' | 'callouts') => {
    const b = node('input', { type: 'checkbox', 'data-setting': key });
    b.checked = s[key];
    b.addEventListener('change', () => settings.set({ [key]: b.checked }));
    return b;
  };
  const close = node('button', { type: 'button', 'data-testid': 'settings-close' }, say('settings.close'));
  const wrap = sayAttr(
    node(
      'div',
      { class: 'mj-settings-panel', role: 'dialog', 'data-testid': 'settings-panel' },
      node('h2', {}, say('settings.title')),
      node('label', {}, node('span', {}, say('settings.language')), lang),
      node('label', {}, node('span', {}, say('settings.tiles')), faces),
      node('label', {}, node('span', {}, say('settings.volume')), volume),
      node('label', {}, box('muted'), say('settings.mute')),
      node('label', {}, box('hints'), say('settings.hints')),
      node('label', {}, box('callouts'), say('settings.callouts')),
      close,
    ),
    'aria-label',
    'settings.title',
  );
  close.addEventListener('click', () => toggle(false));
  return wrap;
}

let open: HTMLElement | null = null;
let button: HTMLButtonElement | null = null;

function toggle(show = !open): void {
  if (open) {
    open.remove();
    open = null;
  }
  if (show) {
    open = panel();
    document.body.append(open);
    open.querySelector('select')?.focus();
  }
  button?.setAttribute('aria-expanded', String(show));
}

function mount(): void {
  const quick = node(
    'button',
    { type: 'button', class: 'mj-lang', 'data-testid': 'lang-switch', 'data-no-translate': '' },
    settings.get().lang === 'en' ? '中' : 'EN',
  );
  sayAttr(quick, 'title', 'settings.language');
  quick.addEventListener('click', () => settings.set({ lang: settings.get().lang === 'en' ? 'zh-HK' : 'en' }));
  button = sayAttr(
    node('button', { type: 'button', class: 'mj-gear', 'aria-expanded': 'false', 'data-testid': 'settings' }, '⚙'),
    'aria-label',
    'settings.title',
  );
  button.addEventListener('click', () => toggle());
  settings.subscribe((now) => {
    quick.textContent = now.lang === 'en' ? '中' : 'EN';
    if (open) {
      const sel = open.querySelector<HTMLSelectElement>('[data-setting="lang"]');
      if (sel) sel.value = now.lang;
    }
  });
  document.body.append(node('div', { class: 'mj-chrome' }, quick, button));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && open) toggle(false);
  });
}

startI18n();
if (document.body) mount();
else document.addEventListener('DOMContentLoaded', mount);

/**
 * Moves the language switch and settings into `menu`, a corner of the table the layout keeps
 * free of tiles (at the window's corner they covered the top seat's tiles on a portrait phone),
 * and tells the overlays (result card, summary) where it ends, so that they start below it.
 * Returns the chrome's height (0 on a page without it).
 */
export function placeChrome(
  menu: { readonly x: number; readonly y: number; readonly w: number },
  width: number,
): number {
  const chrome = document.querySelector<HTMLElement>('.mj-chrome');
  if (!chrome) return 0;
  // The scene is laid out in the stage, which is not always the whole window (the replay's
  // analysis panel takes its right side): the chrome, fixed in the window, goes by the stage's
  // place, or it sat over the panel's first lines.
  const stage = document.getElementById('stage')?.getBoundingClientRect();
  const right = stage ? document.documentElement.clientWidth - stage.right : 0;
  const top = (stage?.top ?? 0) + menu.y;
  chrome.style.right = `${Math.round(right + width - (menu.x + menu.w))}px`;
  chrome.style.top = `${Math.round(top)}px`;
  document.documentElement.style.setProperty('--chrome-bottom', `${Math.round(top + chrome.offsetHeight)}px`);
  return chrome.offsetHeight;
}
