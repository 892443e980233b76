/**
 * Build-time Chinese font: the characters the UI's Chinese texts use, cut from Noto Sans HK
 * (@fontsource/noto-sans-hk, SIL Open Font License) with harfbuzz's subsetter (subset-font).
 * Fontsource ships the font in ~100 unicode-range slices; each slice holding some of our
 * characters is cut down to just those, and the slices become one lazily imported module,
 * `virtual:cjk-font` (the font data inline as base64, registered with the FontFace API), that
 * only a page in zh-HK loads. Machines without CJK system fonts then still draw every text.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

const here = import.meta.dirname;
/** The files whose string literals hold the UI's Chinese. */
export const TEXT_SOURCES = [
  'src/i18n/messages.ts',
  '../shared/src/scoring/pattern-names.ts',
  'src/i18n/translate.ts',
  // the rulesets' names and option labels (each descriptor holds its own words)
  ...readdirSync(resolve(here, '../../shared/src/rulesets'))
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => `../shared/src/rulesets/${f}`),
].map((f) => resolve(here, '..', f));

/**
 * CJK characters and punctuation, full-width forms: what the subset carries. Other symbols
 * (· — ✓ …) come from the system's Latin fonts, as in the English pages.
 */
export const isCjk = (c: string): boolean => /[\u2e80-\u9fff\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffef]/u.test(c);

/** Every CJK character inside a string literal of `source` (comments are left out). */
export function literalCharacters(source: string): string {
  const chars = new Set<string>();
  for (const m of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) {
    for (const c of m[1] as string) if (isCjk(c)) chars.add(c);
  }
  return [...chars].sort().join('');
}

export type Range = readonly [number, number];

export interface Slice {
  /** The slice's woff2 file, absolute. */
  readonly file: string;
  readonly ranges: readonly Range[];
}

/** A fontsource package's weight-400 slices and their unicode ranges (its 400.css). */
export function slices(pkg = '@fontsource/noto-sans-hk'): Slice[] {
  const require = createRequire(import.meta.url);
  const css = require.resolve(`${pkg}/400.css`);
  const text = readFileSync(css, 'utf8');
  const out: Slice[] = [];
  for (const block of text.split('@font-face').slice(1)) {
    const file = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(block)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(block)?.[1];
    if (!file || !range) continue;
    out.push({ file: join(dirname(css), file), ranges: parseRanges(range) });
  }
  return out;
}

/** `U+41-5a,U+3000` -> [[0x41, 0x5a], [0x3000, 0x3000]]. */
export function parseRanges(range: string): Range[] {
  return range.split(',').map((r) => {
    const [a, b] = r.trim().replace(/^U\+/i, '').split('-');
    const lo = Number.parseInt(a as string, 16);
    return [lo, b === undefined ? lo : Number.parseInt(b, 16)] as const;
  });
}

export interface CjkFace {
  /** unicode-range for the FontFace descriptor. */
  readonly range: string;
  readonly woff2: Buffer;
}

/** The subset slices for `chars`, cached on disk by their characters and the font's version. */
export async function buildFaces(chars: string): Promise<CjkFace[]> {
  const require = createRequire(import.meta.url);
  const version = (require('@fontsource/noto-sans-hk/package.json') as { version: string }).version;
  const key = createHash('sha256').update(`${version}\n${chars}`).digest('hex').slice(0, 16);
  const cacheDir = resolve(here, '../node_modules/.cache/cjk-font');
  const cached = join(cacheDir, `${key}.json`);
  if (existsSync(cached)) {
    const raw = JSON.parse(readFileSync(cached, 'utf8')) as { range: string; b64: string }[];
    return raw.map((f) => ({ range: f.range, woff2: Buffer.from(f.b64, 'base64') }));
  }
  const bySlice = new Map<Slice, string[]>();
  const all = slices();
  for (const c of chars) {
    const cp = c.codePointAt(0) ?? 0;
    const slice = all.find((s) => s.ranges.some(([lo, hi]) => cp >= lo && cp <= hi));
    if (!slice) continue; // a character the font lacks (none today) falls back to system fonts
    bySlice.set(slice, [...(bySlice.get(slice) ?? []), c]);
  }
  const faces: CjkFace[] = [];
  for (const [slice, cs] of bySlice) {
    const woff2 = await subsetFont(readFileSync(slice.file), cs.join(''), { targetFormat: 'woff2' });
    const range = cs.map((c) => `U+${(c.codePointAt(0) ?? 0).toString(16)}`).join(',');
    faces.push({ range, woff2: Buffer.from(woff2) });
  }
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cached, JSON.stringify(faces.map((f) => ({ range: f.range, b64: f.woff2.toString('base64') }))));
  return faces;
}

/**
 * The few characters every page shows whatever its language: the language switch (中, 繁體中文)
 * and the call-outs (上 碰 槓 花 食糊). A tiny font of these loads on every page.
 */
export const CORE_CJK = '中繁體文上碰槓花食糊立直榮和自摸';

const VIRTUAL = 'virtual:cjk-font';
const CORE = 'virtual:cjk-font-core';

/**
 * The Vite plugin serving `virtual:cjk-font` (every Chinese character of the UI) and
 * `virtual:cjk-font-core` (CORE_CJK): `export default [{ range, data }]` (woff2 as base64).
 */
export function cjkFont(): Plugin {
  return {
    name: 'mahjong-cjk-font',
    resolveId: (id) => (id === VIRTUAL || id === CORE ? `\0${id}` : undefined),
    async load(id) {
      if (id !== `\0${VIRTUAL}` && id !== `\0${CORE}`) return undefined;
      for (const f of TEXT_SOURCES) this.addWatchFile(f);
      const chars =
        id === `\0${CORE}` ? CORE_CJK : TEXT_SOURCES.map((f) => literalCharacters(readFileSync(f, 'utf8'))).join('');
      const faces = await buildFaces([...new Set(chars)].sort().join(''));
      const list = faces.map((f) => ({ range: f.range, data: f.woff2.toString('base64') }));
      return `export default ${JSON.stringify(list)};`;
    },
  };
}
