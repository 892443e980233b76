/**
 * Fonts for players' names: any Chinese character (not only the UI's few hundred) and emoji.
 * Names are typed by players, so no build can know their characters: the pages get whole fonts
 * cut into unicode-range pieces, and the browser fetches only the pieces a name on screen needs
 * (`virtual:name-fonts`, registered by src/i18n/font.ts as FontFace objects with URL sources).
 *
 * - `MJ Han`: Noto Sans HK (@fontsource/noto-sans-hk, SIL OFL 1.1), every fontsource slice, its
 *   ranges cut to the CJK blocks so that Latin text keeps the system's fonts: the common and Hong
 *   Kong characters (HKSCS, e.g. 嘅 噉 𨋢).
 * - `MJ Han Extra`: what Noto Sans HK lacks of Extension A (all of it, e.g. 㐀) and the rest of
 *   the supplementary ideographic plane it has, from UnifontEX (@fontsource/unifontex, SIL OFL
 *   1.1; one 2 MB file, cut here by harfbuzz into pieces of 1,024 code points).
 * - `MJ Emoji`: Noto Emoji (@fontsource/noto-emoji, SIL OFL 1.1), its slices cut to the
 *   pictographs (U+1F000 up) and their joiners, so that digits, ©, ▶ and ⚠ stay the UI's. The
 *   monochrome outlines, because fontsource's Noto Color Emoji is an OpenType-SVG font, which
 *   Chromium draws as nothing.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, resolve } from 'node:path';
import subsetFont from 'subset-font';
import wawoff2 from 'wawoff2';
import type { Plugin } from 'vite';
import { NAME_CJK, NAME_EMOJI } from '../src/i18n/name-font-ranges.js';
import { type Range, slices } from './cjk-font.js';

const here = import.meta.dirname;
const VIRTUAL = 'virtual:name-fonts';

export interface NameFace {
  readonly family: 'MJ Han' | 'MJ Han Extra' | 'MJ Emoji';
  readonly ranges: readonly Range[];
  /** The woff2 file, absolute, or the bytes made here. */
  readonly file: string;
}

const CJK = NAME_CJK;
const EMOJI = NAME_EMOJI;

/** The parts of `ranges` inside `keep`. */
export function clip(ranges: readonly Range[], keep: readonly Range[]): Range[] {
  const out: Range[] = [];
  for (const [lo, hi] of ranges) {
    for (const [a, b] of keep) {
      const l = Math.max(lo, a);
      const h = Math.min(hi, b);
      if (l <= h) out.push([l, h]);
    }
  }
  return out;
}

export const rangeText = (ranges: readonly Range[]): string =>
  ranges.map(([a, b]) => (a === b ? `U+${a.toString(16)}` : `U+${a.toString(16)}-${b.toString(16)}`)).join(',');

/**
 * The font with only the tables a subset needs: harfbuzz refuses UnifontEX whole (one of its
 * BASE, JSTF, MATH, TeX or vertical-metrics tables), and names need none of them.
 */
export function keepTables(font: Buffer, keep: ReadonlySet<string>): Buffer {
  const n = font.readUInt16BE(4);
  const tables: { tag: string; sum: number; data: Buffer }[] = [];
  for (let i = 0; i < n; i++) {
    const at = 12 + 16 * i;
    const tag = font.subarray(at, at + 4).toString('latin1');
    const offset = font.readUInt32BE(at + 8);
    if (keep.has(tag)) {
      const data = font.subarray(offset, offset + font.readUInt32BE(at + 12));
      tables.push({ tag, sum: font.readUInt32BE(at + 4), data });
    }
  }
  const directory = Buffer.alloc(12 + 16 * tables.length);
  directory.writeUInt32BE(0x00010000, 0);
  directory.writeUInt16BE(tables.length, 4);
  const parts: Buffer[] = [directory];
  let offset = directory.length;
  tables.forEach((t, i) => {
    const at = 12 + 16 * i;
    directory.write(t.tag, at, 'latin1');
    directory.writeUInt32BE(t.sum, at + 4);
    directory.writeUInt32BE(offset, at + 8);
    directory.writeUInt32BE(t.data.length, at + 12);
    const pad = Buffer.alloc((4 - (t.data.length % 4)) % 4);
    parts.push(t.data, pad);
    offset += t.data.length + pad.length;
  });
  return Buffer.concat(parts);
}

const GLYPH_TABLES = new Set(['cmap', 'glyf', 'head', 'hhea', 'hmtx', 'loca', 'maxp', 'name', 'OS/2', 'post']);

const covers = (ranges: readonly Range[], cp: number): boolean => ranges.some(([a, b]) => cp >= a && cp <= b);

/** The UnifontEX pieces for what Noto Sans HK lacks, made once and cached on disk. */
async function extraPieces(han: readonly Range[]): Promise<NameFace[]> {
  const require = createRequire(import.meta.url);
  const src = require.resolve('@fontsource/unifontex/files/unifontex-latin-400-normal.woff2');
  const version = (require('@fontsource/unifontex/package.json') as { version: string }).version;
  const dir = resolve(here, '../node_modules/.cache/name-fonts');
  mkdirSync(dir, { recursive: true });
  const blocks: Range[] = [];
  for (let lo = 0x3400; lo <= 0x4dbf; lo += 1024) blocks.push([lo, Math.min(lo + 1023, 0x4dbf)]);
  blocks.push([0x20000, 0x3ffff]);
  let font: Buffer | null = null;
  const out: NameFace[] = [];
  for (const [lo, hi] of blocks) {
    let text = '';
    for (let cp = lo; cp <= hi; cp++) if (!covers(han, cp)) text += String.fromCodePoint(cp);
    const key = createHash('sha256').update(`${version}\n${text}`).digest('hex').slice(0, 12);
    const file = resolve(dir, `unifontex-${lo.toString(16)}-${key}.woff2`);
    if (!existsSync(file)) {
      font ??= keepTables(Buffer.from(await wawoff2.decompress(readFileSync(src))), GLYPH_TABLES);
      writeFileSync(file, await subsetFont(font, text, { targetFormat: 'woff2' }));
    }
    out.push({ family: 'MJ Han Extra', ranges: [[lo, hi]], file });
  }
  return out;
}

/** Every face of the name fonts. */
export async function nameFaces(): Promise<NameFace[]> {
  const han = slices('@fontsource/noto-sans-hk');
  const faces: NameFace[] = [];
  for (const s of han) {
    const ranges = clip(s.ranges, CJK);
    if (ranges.length > 0) faces.push({ family: 'MJ Han', ranges, file: s.file });
  }
  faces.push(...(await extraPieces(han.flatMap((s) => s.ranges))));
  for (const s of slices('@fontsource/noto-emoji')) {
    const ranges = clip(s.ranges, EMOJI);
    if (ranges.length > 0) faces.push({ family: 'MJ Emoji', ranges, file: s.file });
  }
  return faces;
}

/**
 * The Vite plugin serving `virtual:name-fonts`: `export default [{ family, range, url }]`. A
 * build emits each piece as `assets/fonts/NAME-HASH.woff2`; the dev server serves the files where
 * they are (Vite's fs prefix).
 */
export function nameFonts(): Plugin {
  let serve = false;
  return {
    name: 'mahjong-name-fonts',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId: (id) => (id === VIRTUAL ? `\0${id}` : undefined),
    async load(id) {
      if (id !== `\0${VIRTUAL}`) return undefined;
      const list = [];
      for (const f of await nameFaces()) {
        let url = `/@fs${f.file}`;
        if (!serve) {
          const data = readFileSync(f.file);
          const hash = createHash('sha256').update(data).digest('hex').slice(0, 8);
          const fileName = `assets/fonts/${basename(f.file, '.woff2')}-${hash}.woff2`;
          this.emitFile({ type: 'asset', fileName, source: data });
          url = `/${fileName}`;
        }
        list.push({ family: f.family, range: rangeText(f.ranges), url });
      }
      return `export default ${JSON.stringify(list)};`;
    },
  };
}
