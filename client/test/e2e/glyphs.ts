/**
 * Whether a page draws text with its own glyphs: on this machine, with no CJK or emoji font of
 * its own, a character the page's fonts lack falls back to the missing-glyph box.
 */
import type { Page } from 'playwright-core';

/**
 * The characters of `text` that the page's font list (body's) draws as the system's fallback
 * would: each grapheme drawn once with the page's fonts (their pieces loaded for it) and once in
 * monospace alone. With `allLoaded`, also a note when the font set says a piece the text needs is
 * not in.
 */
export async function glyphsOf(page: Page, text: string, allLoaded = false): Promise<string[]> {
  // A piece the page asked for a moment ago may still be on its way, and Chromium's canvas has
  // drawn a just-loaded emoji with the fallback once (a CI run, the spectator page): what is
  // missing is asked again for a few seconds before it counts.
  const deadline = Date.now() + 5_000;
  for (;;) {
    const missing = await glyphsOnce(page, text, allLoaded);
    if (missing.length === 0 || Date.now() > deadline) return missing;
    await new Promise((r) => setTimeout(r, 250));
  }
}

const glyphsOnce = (page: Page, text: string, allLoaded: boolean): Promise<string[]> =>
  page.evaluate(
    async ([text, allLoaded]) => {
      const family = getComputedStyle(document.body).fontFamily;
      await document.fonts.load(`32px ${family}`, text);
      const canvas = document.createElement('canvas');
      canvas.width = 48;
      canvas.height = 48;
      const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
      const draw = (c: string, f: string) => {
        ctx.clearRect(0, 0, 48, 48);
        ctx.font = `32px ${f}`;
        ctx.fillText(c, 2, 36);
        return ctx.getImageData(0, 0, 48, 48).data.join(',');
      };
      const graphemes = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(text)].map((g) => g.segment);
      const blank = draw(' ', family);
      const missing = graphemes.filter((c) => {
        if (!c.trim() || /^[\x20-\x7e]$/.test(c)) return false;
        const own = draw(c, family);
        return own === blank || own === draw(c, 'monospace');
      });
      if (allLoaded && !document.fonts.check(`16px ${family}`, text)) {
        missing.push('(document.fonts.check: pieces missing)');
      }
      return missing;
    },
    [text, allLoaded] as const,
  );
