/**
 * The player's own preferences, kept in localStorage on this device: language, tile face set,
 * sound volume and mute, the optional hints and the call-outs. Plain data with a parser that turns anything
 * stored (old, hand-edited, from another version) into valid settings; pages subscribe to
 * changes so that a switch on one control repaints what depends on it.
 */
import { type FaceSet, isFaceSet } from '../art/tile-svg.js';

export const LANGS = ['en', 'zh-HK'] as const;
export type Lang = (typeof LANGS)[number];
export const isLang = (x: unknown): x is Lang => LANGS.includes(x as Lang);
/** Each language named in itself (never translated). */
export const LANG_NAMES: Readonly<Record<Lang, string>> = { en: 'English', 'zh-HK': '繁體中文' };

export interface Settings {
  readonly lang: Lang;
  readonly faces: FaceSet;
  /** 0..1, applied to every sound. */
  readonly volume: number;
  readonly muted: boolean;
  /** Tiles left per wait, shanten, "not enough faan" (off by default, like the apps' assist modes). */
  readonly hints: boolean;
  /** The large words at a seat when it calls (碰 Pung...); off for players who find them in the way. */
  readonly callouts: boolean;
}

/** The language a browser asks for: any Chinese but the simplified mainland variants reads zh-HK. */
export function langFromBrowser(languages: readonly string[]): Lang {
  for (const raw of languages) {
    const l = raw.toLowerCase();
    if (l.startsWith('zh')) return 'zh-HK';
    if (l.startsWith('en')) return 'en';
  }
  return 'en';
}

const KEY = 'mj.settings';

export function defaultSettings(languages: readonly string[]): Settings {
  return {
    lang: langFromBrowser(languages),
    faces: 'classic',
    volume: 0.7,
    muted: false,
    hints: false,
    callouts: true,
  };
}

/** Reads stored settings over the defaults; a field that does not parse keeps its default. */
export function parseSettings(stored: string | null, defaults: Settings): Settings {
  if (!stored) return defaults;
  let raw: unknown;
  try {
    raw = JSON.parse(stored);
  } catch {
    return defaults;
  }
  if (typeof raw !== 'object' || raw === null) return defaults;
  const r = raw as Record<string, unknown>;
  const volume = typeof r.volume === 'number' && r.volume >= 0 && r.volume <= 1 ? r.volume : defaults.volume;
  return {
    lang: isLang(r.lang) ? r.lang : defaults.lang,
    faces: isFaceSet(r.faces) ? r.faces : defaults.faces,
    volume,
    muted: typeof r.muted === 'boolean' ? r.muted : defaults.muted,
    hints: typeof r.hints === 'boolean' ? r.hints : defaults.hints,
    callouts: typeof r.callouts === 'boolean' ? r.callouts : defaults.callouts,
  };
}

type Listener = (now: Settings, before: Settings) => void;

/** The page's one settings store. */
export class SettingsStore {
  private value: Settings;
  private readonly listeners = new Set<Listener>();

  constructor(
    private readonly storage: Pick<Storage, 'getItem' | 'setItem'> | null,
    languages: readonly string[],
  ) {
    this.value = parseSettings(storage?.getItem(KEY) ?? null, defaultSettings(languages));
  }

  get(): Settings {
    return this.value;
  }

  set(patch: Partial<Settings>): void {
    const before = this.value;
    this.value = parseSettings(JSON.stringify({ ...before, ...patch }), before);
    try {
      this.storage?.setItem(KEY, JSON.stringify(this.value));
    } catch {
      // Private mode or a full quota: the choice holds for this page only.
    }
    for (const l of this.listeners) l(this.value, before);
  }

  subscribe(l: Listener): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
}

const browserStorage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
};

/** The settings of this page (one store per page, shared by every module on it). */
export const settings = new SettingsStore(
  browserStorage(),
  typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? [navigator.language])],
);
