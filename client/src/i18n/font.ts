/**
 * The UI's fonts. Latin text uses the system's sans-serif; Chinese text uses the project's
 * subset of Noto Sans HK (scripts/cjk-font.ts), fetched only when a page switches to zh-HK, so
 * an English page pays nothing for it. The family is limited to the characters it holds
 * (unicode-range), so naming it first changes no Latin glyph.
 */
export const CJK_FAMILY = 'MJ CJK';
export const UI_FONT = `"${CJK_FAMILY}", system-ui, -apple-system, "Segoe UI", Roboto, sans-serif`;

let loading: Promise<number> | null = null;
let loadingCore: Promise<number> | null = null;
type Faces = readonly { readonly range: string; readonly data: string }[];

const bytes = (b64: string): Uint8Array<ArrayBuffer> => {
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

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
