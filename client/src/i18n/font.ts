/**
 * The UI's fonts. Latin text uses the system's sans-serif; Chinese text uses the project's
 * subset of Noto Sans HK (scripts/cjk-font.ts), fetched only when a page switches to zh-HK, so
 * an English page pays nothing for it. The family is limited to the characters it holds
 * (unicode-range), so naming it first changes no Latin glyph.
 */
import { inNameFonts } from './name-font-ranges.js';

export const CJK_FAMILY = 'MJ CJK';
/**
 * The name fonts (scripts/name-fonts.ts): any Chinese character and emoji a player's name holds,
 * in pieces the browser fetches only when a text on screen needs them. Their ranges leave Latin
 * out, so naming them before the system's fonts changes no Latin glyph either.
 */
export const NAME_FAMILIES = ['MJ Han', 'MJ Han Extra', 'MJ Emoji'] as const;
export const UI_FONT = `"${CJK_FAMILY}", ${NAME_FAMILIES.map((f) => `"${f}"`).join(', ')}, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

let loading: Promise<number> | null = null;
let loadingCore: Promise<number> | null = null;
type Faces = readonly { readonly range: string; readonly data: string }[];

const bytes = (b64: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

/** The characters the UI's Chinese font holds on this page (the core, and all of it in zh-HK). */
const uiCharacters = new Set<number>();

/** The code points of a unicode-range (`U+4e2d,U+5000-5010`). */
export function rangeCodePoints(range: string): number[] {
  const out: number[] = [];
  for (const part of range.split(',')) {
    const m = /^\s*U\+([0-9a-f]+)(?:-([0-9a-f]+))?\s*$/i.exec(part);
    if (!m) continue;
    const lo = Number.parseInt(m[1] as string, 16);
    const hi = m[2] === undefined ? lo : Number.parseInt(m[2], 16);
    for (let c = lo; c <= hi; c++) out.push(c);
  }
  return out;
}

/** Adds font slices to the page; resolves with the bytes of font data added. */
async function addFaces(faces: Faces): Promise<number> {
  let size = 0;
  await Promise.all(
    faces.map(async (f) => {
      const data = bytes(f.data);
      const face = new FontFace(CJK_FAMILY, data, { unicodeRange: f.range, display: 'block' });
      // A slice the browser refuses leaves its characters to the system fonts, not the page broken.
      try {
        await face.load();
        document.fonts.add(face);
        for (const c of rangeCodePoints(f.range)) uiCharacters.add(c);
        size += data.byteLength;
      } catch {
        /* counted as not added */
      }
    }),
  );
  return size;
}

/** Loads the Chinese font of every UI text once (zh-HK pages). */
export function loadChineseFont(): Promise<number> {
  loading ??= import('virtual:cjk-font').then(({ default: faces }) => addFaces(faces));
  return loading;
}

/** Loads the few characters every page shows (language switch, call-outs). */
export function loadCoreFont(): Promise<number> {
  loadingCore ??= import('virtual:cjk-font-core').then(({ default: faces }) => addFaces(faces));
  return loadingCore;
}

let naming: Promise<void> | null = null;

/**
 * Registers the name fonts' pieces (once, when some text needs them: `watchNames`, `glyphsFor`):
 * URL sources, so the browser fetches a piece only when some text needs one of its characters.
 */
export function registerNameFonts(): Promise<void> {
  naming ??= import('virtual:name-fonts').then(({ default: faces }) => {
    for (const f of faces)
      document.fonts.add(new FontFace(f.family, `url(${f.url}) format("woff2")`, { unicodeRange: f.range }));
  });
  return naming;
}

/** Whether `text` holds anything beyond Latin, which the name fonts may have to fetch. */
const beyondLatin = (text: string): boolean => /[^\u0020-\u024f\u2000-\u206f]/u.test(text);

/**
 * Resolves true once the glyphs of `text` are in (fetched now: false when nothing had to be),
 * for canvas texts, which the browser does not redraw by itself when a font arrives.
 */
export async function glyphsFor(text: string): Promise<boolean> {
  if (!beyondLatin(text)) return false;
  // Only what the UI's font lacks, and only from the name fonts: `fonts.load` fetches every face
  // of every family in the list whose range meets the text, so asking with the whole UI_FONT for
  // a Chinese label fetched a dozen name-font pieces (about 400 KB) for characters the UI's font
  // already draws.
  const missing = beyondUiFont(text);
  if (missing === '') return false;
  await registerNameFonts();
  const font = `16px ${NAME_FAMILIES.map((f) => `"${f}"`).join(', ')}`;
  if (document.fonts.check(font, missing)) return false;
  await document.fonts.load(font, missing);
  return true;
}

/** The characters of `text` the name fonts draw and the UI's font, as loaded so far, does not. */
function beyondUiFont(text: string): string {
  let missing = '';
  for (const c of text) {
    const cp = c.codePointAt(0) ?? 0;
    if (inNameFonts(cp) && !uiCharacters.has(cp)) missing += c;
  }
  return missing;
}

/**
 * Registers the name fonts once a text of the page needs them: a DOM text (a name in the lobby,
 * the summary, a replay) or a field typed in. Canvas texts ask through `glyphsFor`. A page whose
 * texts the UI's font draws never fetches even the list of the pieces (23 KB).
 */
export function watchNames(root: HTMLElement): void {
  const look = async (text: string) => {
    // Most changes (a countdown, a score, a line break) hold nothing the name fonts draw: they
    // are passed over at once, without waiting for anything.
    if (naming !== null || beyondUiFont(text) === '') return;
    // What the UI's font holds is known once the fonts this page asked for are in.
    await Promise.all([loadingCore, loading]);
    if (beyondUiFont(text) === '') return;
    observer.disconnect();
    void registerNameFonts();
  };
  const observer = new MutationObserver((records) => {
    for (const r of records) {
      if (r.type === 'characterData') void look(r.target.nodeValue ?? '');
      for (const n of r.addedNodes) void look(n.textContent ?? '');
    }
  });
  observer.observe(root, { subtree: true, childList: true, characterData: true });
  root.addEventListener('input', (e) => {
    const field = e.target;
    if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) void look(field.value);
  });
  void look(root.textContent ?? '');
}
