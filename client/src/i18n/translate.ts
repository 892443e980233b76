/**
 * The translator: English UI text in, the same text in the chosen language out. Exact texts are
 * a map look-up; texts with placeholders are matched by a regular expression compiled once from
 * the English side of their entry. Tile names, wind names and pattern names inside a text are
 * translated too; a player's name is kept as written. Text that no entry matches comes back
 * unchanged (a name, a number, a code), so translating twice is harmless.
 */
import { ALL_KINDS, rulesetLabels, type TileKind, tileName } from '@mahjong/shared';
import { RED_FIVES } from '../table/red-fives.js';
import type { Lang } from '../settings/settings.js';
import { type Message, MESSAGES, type MessageId } from './messages.js';
import { patternNamePairs } from './pattern-names.js';

const WINDS: readonly Message[] = [
  { en: 'East', 'zh-HK': '東' },
  { en: 'South', 'zh-HK': '南' },
  { en: 'West', 'zh-HK': '西' },
  { en: 'North', 'zh-HK': '北' },
];
const WIND_LETTERS: readonly Message[] = [
  { en: 'E', 'zh-HK': '東' },
  { en: 'S', 'zh-HK': '南' },
  { en: 'W', 'zh-HK': '西' },
  { en: 'N', 'zh-HK': '北' },
];
const NUMERALS = ['一', '二', '三', '四', '五', '六', '七', '八', '九'] as const;
const SUIT_ZH = { Characters: '萬', Dots: '筒', Bamboo: '索' } as const;
const HONOUR_ZH: Readonly<Record<string, string>> = {
  'East Wind': '東風',
  'South Wind': '南風',
  'West Wind': '西風',
  'North Wind': '北風',
  'White Dragon': '白板',
  'Green Dragon': '發財',
  'Red Dragon': '紅中',
  Plum: '梅',
  Orchid: '蘭',
  Chrysanthemum: '菊',
  Bamboo: '竹',
  Spring: '春',
  Summer: '夏',
  Autumn: '秋',
  Winter: '冬',
};

/** A tile's name in `lang` ("5 Dots" / 五筒). */
export function tileNameIn(kind: TileKind, lang: Lang): string {
  const en = tileName(kind);
  if (lang === 'en') return en;
  const suited = /^(\d) (Characters|Dots|Bamboo)$/.exec(en);
  if (suited) return `${NUMERALS[Number(suited[1]) - 1]}${SUIT_ZH[suited[2] as keyof typeof SUIT_ZH]}`;
  return HONOUR_ZH[en] ?? en;
}

/** A tile's name in English, "Red 5 Dots" for the red five of a suit (riichi tables with red fives). */
export const tileLabel = (kind: TileKind, red = false): string => (red ? `Red ${tileName(kind)}` : tileName(kind));

/** A tile's name in `lang`, the red five of a suit as such ("Red 5 Dots" / 赤五筒). */
export const tileLabelIn = (kind: TileKind, red: boolean, lang: Lang): string =>
  lang === 'en' ? tileLabel(kind, red) : `${red ? '赤' : ''}${tileNameIn(kind, lang)}`;

const TILE_PAIRS: readonly Message[] = [
  ...Array.from({ length: ALL_KINDS }, (_, k) => ({
    en: tileName(k as TileKind),
    'zh-HK': tileNameIn(k as TileKind, 'zh-HK'),
  })),
  // The red fives: 赤五筒, as the red five is called (赤寶牌, "red dora").
  ...RED_FIVES.map((k) => ({
    en: tileLabel(k, true),
    'zh-HK': `赤${tileNameIn(k, 'zh-HK')}`,
  })),
];

/** Every pair the translator knows besides MESSAGES: tiles, winds, pattern names, the rulesets' words. */
export const EXTRA_PAIRS: readonly Message[] = [...TILE_PAIRS, ...WINDS, ...patternNamePairs(), ...rulesetLabels()];

type Slot = 'name' | 'n' | 'tile' | 'wind' | 'wl';
const slotOf = (placeholder: string): Slot => {
  for (const s of ['name', 'tile', 'wind', 'wl', 'n'] as const) if (placeholder.startsWith(s)) return s;
  throw new Error(`unknown placeholder {${placeholder}}`);
};

const escapeRe = (s: string) => s.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
const alternatives = (pairs: readonly Message[]) =>
  pairs
    .map((p) => escapeRe(p.en))
    .sort((a, b) => b.length - a.length)
    .join('|');
const SLOT_RE: Record<Slot, string> = {
  // A name never spans a " · " (texts joined by it are translated part by part).
  name: '((?:(?! · ).)+?)',
  n: '(-?\\d+(?:\\.\\d+)?)',
  tile: `(${alternatives(TILE_PAIRS)})`,
  wind: `(${alternatives(WINDS)})`,
  wl: '([ESWN])(?=●? )',
};

/** The placeholders of a text, in order ("{name} pays {name2} {n}" -> name, name2, n). */
export const placeholders = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);

interface Rule {
  readonly re: RegExp;
  readonly names: readonly string[];
  readonly out: string;
}

export type Translate = (text: string) => string;

const cache = new Map<Lang, Translate>();

/** The translating function for `lang` (identity for English). */
export function translator(lang: Lang): Translate {
  const known = cache.get(lang);
  if (known) return known;
  if (lang === 'en') {
    const id: Translate = (t) => t;
    cache.set(lang, id);
    return id;
  }
  const exact = new Map<string, string>();
  const rules: Rule[] = [];
  const byEn = (pairs: readonly Message[]) => new Map(pairs.map((p) => [p.en, p[lang]]));
  const fill: Record<Slot, (v: string) => string> = {
    // Players' names stay as written; the server's bot names ("Bot North") are translated.
    name: (v) => {
      const bot = /^([\s●]*)Bot (East|South|West|North)$/.exec(v);
      return bot ? `${bot[1]}電腦${byEn(WINDS).get(bot[2] as string) ?? ''}` : v;
    },
    n: (v) => v,
    tile: (v) => byEn(TILE_PAIRS).get(v) ?? v,
    wind: (v) => byEn(WINDS).get(v) ?? v,
    wl: (v) => byEn(WIND_LETTERS).get(v) ?? v,
  };
  for (const m of [...Object.values(MESSAGES), ...EXTRA_PAIRS] as Message[]) {
    const names = placeholders(m.en);
    if (names.length === 0) {
      if (!exact.has(m.en)) exact.set(m.en, m[lang]);
      continue;
    }
    let src = '^';
    let rest = m.en;
    for (const name of names) {
      const at = rest.indexOf(`{${name}}`);
      src += escapeRe(rest.slice(0, at)) + SLOT_RE[slotOf(name)];
      rest = rest.slice(at + name.length + 2);
    }
    rules.push({ re: new RegExp(`${src}${escapeRe(rest)}$`), names, out: m[lang] });
  }
  const one = (line: string): string => {
    const trimmed = line.trim();
    if (trimmed === '') return line;
    let out = exact.get(trimmed);
    if (out === undefined) {
      for (const r of rules) {
        const match = r.re.exec(trimmed);
        if (!match) continue;
        out = r.out;
        r.names.forEach((name, i) => {
          out = (out as string).replace(`{${name}}`, fill[slotOf(name)](match[i + 1] as string));
        });
        break;
      }
    }
    // Texts joined by " · " (payments, a status and its clock): each part on its own.
    if (out === undefined && trimmed.includes(' · ')) {
      const parts = trimmed.split(' · ');
      const each = parts.map(one);
      if (each.some((p, i) => p !== parts[i])) out = each.join(' · ');
    }
    if (out === undefined) return line;
    // Keep the spacing around the text (labels written as "Speed " before their control).
    const lead = line.slice(0, line.length - line.trimStart().length);
    const tail = line.slice(line.trimEnd().length);
    return lead + out + tail;
  };
  const t: Translate = (text) => (text.includes('\n') ? text.split('\n').map(one).join('\n') : one(text));
  cache.set(lang, t);
  return t;
}

/** One message by id, with its placeholders filled (for text the pages build in the language). */
export function message(id: MessageId, lang: Lang, values: Readonly<Record<string, string | number>> = {}): string {
  let out: string = MESSAGES[id][lang];
  // A function, so that a name holding `$&` is written as it is.
  for (const [k, v] of Object.entries(values)) out = out.replace(`{${k}}`, () => String(v));
  return out;
}

/**
 * A seat's name as the pages show it: a player's name exactly as written; the server's bot names
 * ("Bot North") and the stand-ins for a seat with no name ("Bot 2", "Seat 2") in `lang`.
 */
export function displayName(name: string | null | undefined, seat: number, isBot: boolean, lang: Lang): string {
  if (name == null) return message(isBot ? 'seat.botN' : 'seat.n', lang, { n: seat + 1 });
  const bot = /^Bot (East|South|West|North)$/.exec(name);
  if (!bot) return name;
  const wind = WINDS.find((w) => w.en === bot[1]) as Message;
  return message('seat.botWind', lang, { wind: wind[lang] });
}

/** Every character the Chinese texts use (for the font subset). */
export function chineseCharacters(): string {
  const all = [...Object.values(MESSAGES), ...EXTRA_PAIRS].map((m) => (m as Message)['zh-HK']).join('');
  return [...new Set([...all.replace(/\{\w+\}/g, '')])].filter((c) => c.charCodeAt(0) > 0x7f).join('');
}
