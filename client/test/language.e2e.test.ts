import { glyphsOf } from './e2e/glyphs.js';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  type RunningServer,
  artifacts,
  closePages,
  launchChromium,
  postJson,
  startTableServer,
} from './e2e/harness.js';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { patternName } from '../src/i18n/pattern-names.js';
import type { Lang } from '../src/settings/settings.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const post = <T>(path: string, body: unknown, token?: string): Promise<T> => postJson<T>(server.url, path, body, token);

async function newPage(locale: string, width = 1000, height = 700): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, locale });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  return page;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

/** A table of three bots and one seat for the page; returns the page, playing seat 0. */
async function seatedTable(locale: string): Promise<{ page: Page; code: string; hostToken: string }> {
  const t = await post<{ code: string; hostToken: string }>('/api/tables', {
    rounds: 1,
    bots: [1, 2, 3],
    options: { claimSeconds: 1, claimMinMs: 0, turnSeconds: 30, resultsSeconds: 30, minFaan: 1 },
  });
  const joined = await post<{ seat: number; token: string }>(`/api/tables/${t.code}/join`, { name: 'Ann', seat: 0 });
  const page = await newPage(locale);
  await page.addInitScript(
    ([code, token]) => {
      localStorage.setItem(`mj.seats.${code}`, JSON.stringify({ 0: { seat: 0, token, name: 'Ann' } }));
      localStorage.setItem('mj.autoPass', '1');
      localStorage.setItem('mj.autoWin', '1');
    },
    [t.code, joined.token],
  );
  await page.goto(`${server.url}/table.html?code=${t.code}&seat=0`);
  return { page, code: t.code, hostToken: t.hostToken };
}

/** Discards the drawn (else last) tile whenever it is the page's turn, until a won hand shows. */
async function playUntilWin(page: Page, deadline: number): Promise<void> {
  for (;;) {
    expect(Date.now(), 'no won hand in time').toBeLessThan(deadline);
    const s = await page.evaluate(() => {
      const mj = (window as Hook).__mj;
      const st = mj.state();
      const v = st.view;
      return {
        won: v?.phase === 'handOver' && v.lastResult?.kind === 'win',
        over: v?.phase === 'matchOver',
        canDiscard: !!v && st.sentAt !== v.seq && v.legalActions.some((a: Hook) => a.type === 'discard'),
        n: mj.hand().length,
      };
    });
    if (s.won) return;
    expect(s.over, 'the match ended without a won hand').toBe(false);
    if (s.canDiscard) await page.evaluate((n) => (window as Hook).__mj.discard(n - 1), s.n);
    else await sleep(60);
  }
}

/** Result card pattern rows and the names the page should show for the view's pattern ids. */
const resultPatterns = (page: Page) =>
  page.evaluate(() => {
    const v = (window as Hook).__mj.state().view;
    const shown = [...document.querySelectorAll('[data-testid="result"] table.patterns tr td:first-child')].map(
      (td) => td.textContent ?? '',
    );
    return { ids: (v.lastResult?.patterns ?? []).map((p: Hook) => p.name as string), shown };
  });

/**
 * The Chinese characters on the page (DOM and canvas texts) that the project's font does not
 * draw: each character is drawn once in "MJ CJK" and once in a family that lacks it; the same
 * pixels mean the font fell back (the missing-glyph box, on a machine without CJK fonts). Also
 * every DOM text with Chinese in it whose computed font-family leaves the project's font out.
 */
const missingGlyphs = (page: Page) =>
  page.evaluate(() => {
    const mj = (window as Hook).__mj;
    // The scene as drawn (translated), not the layout's English; pages without a canvas have none.
    const drawn = mj?.renderer?.current ?? mj?.scene?.();
    const canvasText = (drawn?.items ?? []).filter((i: Hook) => i.type === 'text').map((i: Hook) => i.text);
    const text = document.body.textContent + canvasText.join('');
    const chars = [...new Set([...text].filter((c) => /[\u3000-\u9fff\uff00-\uffef]/.test(c)))];
    const canvas = document.createElement('canvas');
    canvas.width = 40;
    canvas.height = 40;
    const ctx = canvas.getContext('2d', { willReadFrequently: true }) as CanvasRenderingContext2D;
    const draw = (c: string, family: string) => {
      ctx.clearRect(0, 0, 40, 40);
      ctx.font = `32px ${family}`;
      ctx.fillText(c, 2, 32);
      return ctx.getImageData(0, 0, 40, 40).data.join(',');
    };
    const missing = chars.filter((c) => draw(c, '"MJ CJK", monospace') === draw(c, 'monospace'));
    // And the page's CSS draws its Chinese with that font (a style of its own may not name it).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const cjk = [...(n.nodeValue ?? '')].filter((c) => /[\u3000-\u9fff\uff00-\uffef]/.test(c));
      const family = n.parentElement ? getComputedStyle(n.parentElement).fontFamily : '';
      if (cjk.length > 0 && !family.includes('MJ CJK')) missing.push(`${cjk.join('')} (${family})`);
    }
    return { chars: chars.length, missing };
  });

/** The names' characters as the DOM shows them: on the page, in its font, and not boxes. */
async function domNameGlyphs(page: Page, names: readonly string[]): Promise<string[]> {
  const shown = await page.evaluate(
    (names) => names.filter((n) => document.body.textContent?.includes(n)),
    names as string[],
  );
  const missing = names.filter((n) => !shown.includes(n)).map((n) => `${n} (not shown)`);
  return [...missing, ...(await glyphsOf(page, names.join('')))];
}

/**
 * English words visible on a Chinese page, outside what stays as written: players' names, table
 * codes and links, the switch to English ("EN"), tile notation (123m). Text of hidden elements
 * is left out.
 */
const englishWords = (page: Page, keep: readonly string[]) =>
  page.evaluate((keep) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const host = n.parentElement;
      if (!host?.checkVisibility() || host.closest('[data-testid="lang-switch"], .code, code, script, style')) continue;
      let text = n.nodeValue ?? '';
      for (const k of keep) text = text.split(k).join(' ');
      text = text.replace(/https?:\/\/\S+/g, ' ').replace(/\b[0-9]+[mpsz]\b/g, ' ');
      for (const w of text.match(/[A-Za-z]{2,}/g) ?? [])
        words.push(`${w} (${(n.nodeValue ?? '').trim().slice(0, 40)})`);
    }
    return words;
  }, keep as string[]);

beforeAll(async () => {
  server = await startTableServer('lang', { botDelayMs: 30 });
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

describe('a table that speaks its players language', () => {
  test('a hand in 繁體中文 and one in English: names in the language, every glyph from the font, call-outs for all', {
    timeout: 300_000,
  }, async () => {
    const zh = await seatedTable('zh-HK');
    const en = await seatedTable('en-GB');
    const spectator = await newPage('zh-HK', 900, 640);
    await spectator.goto(`${server.url}/table.html?code=${zh.code}&spectate=1`);
    for (const p of [zh.page, en.page, spectator]) await p.waitForFunction(() => (window as Hook).__mj?.state().table);
    // The language comes from the browser; the Chinese page waits for its font.
    await zh.page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    await spectator.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    expect(await en.page.evaluate(() => document.documentElement.lang)).toBe('en');
    await post(`/api/tables/${zh.code}/start`, {}, zh.hostToken);
    await post(`/api/tables/${en.code}/start`, {}, en.hostToken);

    // Each page checks its result card while it is up (the next hand starts after a few seconds).
    const deadline = Date.now() + 240_000;
    const handIn = async (page: Page, lang: Lang, name: string) => {
      await playUntilWin(page, deadline);
      await page.waitForSelector('[data-testid="result"] table.patterns');
      const { ids, shown } = await resultPatterns(page);
      expect(ids.length).toBeGreaterThan(0);
      expect(shown).toEqual(ids.map((id: string) => patternName(id, lang)));
      if (lang === 'zh-HK') for (const s of shown) expect(s).toMatch(/^[\u3400-\u9fff]+$/);
      else for (const s of shown) expect(s).toMatch(/^[A-Z][a-z -]+$/);
      const title = (await page.textContent('[data-testid="result"] h2')) ?? '';
      expect(title).toMatch(lang === 'zh-HK' ? /食糊$/ : /wins$/);
      await page.screenshot({ path: join(artifacts, `${name}.png`) });
      if (lang === 'zh-HK') {
        // The live region announced the turn and the result (in the page's language).
        const said: string[] = await page.evaluate(() => (window as Hook).__mj.feedback.announced);
        expect(said.some((x) => /輪到你/.test(x))).toBe(true);
        expect(said.some((x) => /食糊/.test(x))).toBe(true);
        expect(await page.getAttribute('[data-testid="live"]', 'aria-live')).toBe('polite');
        const glyphs = await missingGlyphs(page);
        expect(glyphs.chars).toBeGreaterThan(10);
        expect(glyphs.missing).toEqual([]);
        // At every screen the card's title is clear of the language and settings buttons and
        // Ready (the result card's last row) is in view, however tall the card.
        for (const [w, h] of [
          [390, 844],
          [844, 390],
          [1280, 800],
        ] as const) {
          await page.setViewportSize({ width: w, height: h });
          await sleep(300);
          const boxes = await page.evaluate(() => {
            const box = (sel: string) => document.querySelector(sel)?.getBoundingClientRect().toJSON() ?? null;
            return {
              title: box('[data-testid="result"] h2'),
              chrome: box('.mj-chrome'),
              ready: box('[data-testid="result"] .ready-row'),
            };
          });
          await page.screenshot({ path: join(artifacts, `${name}-${w}x${h}.png`) });
          const { title, chrome, ready } = boxes;
          const at = `${w}x${h}: ${JSON.stringify(boxes)}`;
          // The card (its title row) starts below the buttons.
          expect(title && chrome && title.top - 16 >= chrome.bottom - 1 && ready, at).toBeTruthy();
          expect(ready.bottom, at).toBeLessThanOrEqual(h + 1);
        }
        return;
      }
      // Switching on the page: the English page turns Chinese and back, its names with it.
      await page.click('[data-testid="lang-switch"]');
      await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
      const switched = await resultPatterns(page);
      expect(switched.shown).toEqual(switched.ids.map((id: string) => patternName(id, 'zh-HK')));
      await page.screenshot({ path: join(artifacts, `${name}-switched.png`) });
      expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mj.settings') ?? '{}').lang)).toBe('zh-HK');
      await page.click('[data-testid="lang-switch"]');
      await page.waitForFunction(() => document.documentElement.lang === 'en');
      expect((await resultPatterns(page)).shown).toEqual(switched.ids.map((id: string) => patternName(id, 'en')));
    };
    await Promise.all([handIn(zh.page, 'zh-HK', 'lang-zh-result'), handIn(en.page, 'en', 'lang-en-result')]);

    // Everyone sees the same call-outs: the player and the spectator of the Chinese table.
    const calls = (p: Page) =>
      p.evaluate(() => (window as Hook).__mj.feedback.shown.map((c: Hook) => `${c.kind}@${c.seat}:${c.text}`));
    // The first hand's call-outs (the table may have dealt the next hand by now).
    const firstHand = (l: string[]) => l.slice(0, l.findIndex((c) => c.startsWith('win@')) + 1);
    const playerCalls = firstHand(await calls(zh.page));
    // A Chinese page says the call in Chinese alone.
    expect(playerCalls.at(-1)).toMatch(/^win@\d:食糊$/);
    expect(firstHand(await calls(spectator))).toEqual(playerCalls);
    await spectator.screenshot({ path: join(artifacts, 'lang-zh-spectator.png') });

    // The shortcut help: `?` opens it (translated), Escape closes it.
    await spectator.keyboard.press('?');
    expect(await spectator.textContent('[data-testid="help"] h2')).toBe('鍵盤快捷鍵');
    await spectator.keyboard.press('Escape');
    expect(await spectator.locator('[data-testid="help"]').count()).toBe(0);

    // The other pages in Chinese: every glyph from the font there too.
    for (const path of ['/', '/calculator.html', '/gallery.html']) {
      await spectator.goto(server.url + path);
      await spectator.waitForFunction(() => document.documentElement.lang === 'zh-HK');
      const g = await missingGlyphs(spectator);
      expect(g.chars, path).toBeGreaterThan(5);
      expect(g.missing, path).toEqual([]);
    }
    await spectator.screenshot({ path: join(artifacts, 'lang-zh-gallery.png') });
  });

  test('names from the whole CJK range and emoji: drawn with their glyphs on the canvas and the pages', {
    timeout: 240_000,
  }, async () => {
    // Common (陳大文), Hong Kong (嘅 噉, 𨋢 of HKSCS in Extension B), Extension A (㐀 㒸), emoji.
    const names = ['陳大文', '㐀㒸嘅噉', '𨋢 🀄😀', 'Ann 👍🏽'];
    const t = await post<{ code: string; hostToken: string }>('/api/tables', {
      rounds: 1,
      options: { turnSeconds: 30, claimSeconds: 1 },
    });
    for (const [seat, name] of names.entries()) await post(`/api/tables/${t.code}/join`, { name, seat });
    const page = await newPage('zh-HK', 1280, 800);
    // The lobby's seats (DOM): every character of every name drawn by the page's own fonts.
    await page.goto(`${server.url}/#/table/${t.code}`);
    await page.waitForFunction((n) => document.body.textContent?.includes(n), names[1] as string);
    // (The name fonts are registered once a text needs them: their glyphs follow shortly.)
    await expect.poll(() => domNameGlyphs(page, names), { timeout: 10_000 }).toEqual([]);
    await page.screenshot({ path: join(artifacts, 'lang-names-lobby.png') });
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);
    // A table page of its own (no font in its cache) whose font pieces come late: the names are
    // first drawn without their glyphs, and must be drawn again once the pieces are in.
    const table = await newPage('zh-HK', 1280, 800);
    await table.route('**/assets/fonts/**', async (route) => {
      await sleep(8000);
      await route.continue();
    });
    await table.goto(`${server.url}/table.html?code=${t.code}&spectate=1`);
    await table.waitForFunction(() => (window as Hook).__mj?.renderer.current?.items.length > 0);
    // Drawn while the pieces are still on their way (the case to cover).
    expect(
      await table.evaluate(
        (names) => names.some((n) => !document.fonts.check(`16px ${getComputedStyle(document.body).fontFamily}`, n)),
        names,
      ),
    ).toBe(true);
    // The canvas: each name's text, as Pixi rasterised it, against the same text rasterised now
    // that every glyph is in (a text drawn before its font piece came and never redrawn differs).
    const canvas = async () =>
      table.evaluate(async (names) => {
        const mj = (window as Hook).__mj;
        const r = mj.renderer;
        const font = `16px ${getComputedStyle(document.body).fontFamily}`;
        for (const n of names) await document.fonts.load(font, n);
        const out: string[] = [];
        let found = 0;
        for (const node of r.nodes.values()) {
          if (node.item.type !== 'text' || !names.some((n: string) => node.item.text.includes(n))) continue;
          found++;
          const shown = node.view.children[0];
          const fresh = new shown.constructor({
            text: `${shown.text}\u200b`, // another key, so Pixi draws it anew instead of sharing the texture
            style: shown.style.clone(),
            resolution: shown.resolution,
          });
          // The textures themselves: the one drawn on the table and one rasterised now.
          const drawnTexture = shown._gpuData[r.app.renderer.uid]?.texture;
          if (!drawnTexture) {
            out.push(`${node.item.text} (not drawn)`);
            continue;
          }
          const a = r.app.renderer.extract.pixels(drawnTexture);
          const b = r.app.renderer.extract.pixels(r.app.renderer.canvasText.getManagedTexture(fresh));
          // Alpha (ink) compared with a tolerance: the two rasters may sit a subpixel apart.
          let ink = 0;
          let off = 0;
          for (let i = 3; i < a.pixels.length; i += 4) {
            ink += a.pixels[i];
            off += Math.abs(a.pixels[i] - (b.pixels[i] ?? 0));
          }
          const ratio = off / Math.max(1, ink);
          if (a.width !== b.width || a.height !== b.height || ratio > 0.2) {
            out.push(
              `${node.item.text} (${a.width}x${a.height} vs ${b.width}x${b.height}, ink off by ${ratio.toFixed(2)})`,
            );
          }
          fresh.destroy();
        }
        return { found, stale: out };
      }, names);
    await expect.poll(async () => (await canvas()).stale, { timeout: 20_000 }).toEqual([]);
    expect((await canvas()).found).toBeGreaterThanOrEqual(names.length);
    // And every character of the names drawn with the page's font is not the fallback's box.
    expect(await glyphsOf(table, names.join(''))).toEqual([]);
    await table.screenshot({ path: join(artifacts, 'lang-names-table.png') });

    // Chinese pages say everything in Chinese: the lobby, the calculator, a link with a code that
    // cannot be one (with the way back to the lobby).
    for (const path of ['/', '/calculator.html', '/table.html?code=NOPE12']) {
      await table.goto(server.url + path);
      await table.waitForFunction(() => document.documentElement.lang === 'zh-HK');
      if (path.includes('NOPE12')) await table.waitForSelector('[data-testid="no-table"]');
      // The browser's own player name (made on its first visit) is a name too.
      const me: string = await table.evaluate(() =>
        fetch('/api/me')
          .then((r) => r.json())
          .then((m) => m.player?.name ?? ''),
      );
      expect(await englishWords(table, [...names, me, 'NOPE12', 'ABC234']), path).toEqual([]);
    }
    expect(await table.textContent('[data-testid="no-table"]')).toContain('NOPE12');
    expect(await table.getAttribute('a[href="/"]', 'href')).toBe('/');
    await table.screenshot({ path: join(artifacts, 'lang-bad-code.png') });
  });

  test('a new player on a Chinese page is named in Chinese, even made before the Chinese font is in', {
    timeout: 60_000,
  }, async () => {
    const page = await newPage('zh-HK', 390, 844);
    // The font held back: the page shows English until it is in, and the player is made before.
    let held = 0;
    await page.route(/_virtual_cjk-font-[^/]*\.js$/, async (route) => {
      held += 1;
      await sleep(2500);
      await route.continue();
    });
    // A first visit asks for nothing that must fail: no 401 from "who am I" (logged as an error).
    const failed: string[] = [];
    page.on('response', (r) => {
      if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
    });
    page.on('console', (m) => {
      if (m.type() === 'error') failed.push(m.text());
    });
    const made = page.waitForResponse((r) => r.url().endsWith('/api/players') && r.status() === 201);
    await page.goto(`${server.url}/`);
    await made;
    expect(failed).toEqual([]);
    let name: string | null = null;
    for (const deadline = Date.now() + 20_000; name === null && Date.now() < deadline; await sleep(200)) {
      name = await page.evaluate(async () => {
        const r = await fetch('/api/me');
        return r.ok ? ((await r.json()) as { player: { name: string } }).player.name : null;
      });
    }
    expect(held).toBeGreaterThan(0);
    expect(name).toMatch(/^玩家 [A-Za-z0-9]{4}$/);
    // Back again: the same player, asked for (not made again), still nothing failed.
    const asked = page.waitForResponse((r) => r.url().endsWith('/api/me') && r.request().method() === 'GET');
    await page.reload();
    expect((await asked).status()).toBe(200);
    expect(failed).toEqual([]);
  });

  test('a Chinese table page of Latin names fetches nothing of the name fonts (its words are in its own font)', {
    timeout: 120_000,
  }, async () => {
    const t = await post<{ code: string; hostToken: string }>('/api/tables', {
      rounds: 1,
      bots: [0, 1, 2, 3],
      options: { turnSeconds: 600 },
    });
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);
    const page = await newPage('zh-HK', 1280, 800);
    const pieces: string[] = [];
    page.on('request', (r) => {
      // The pieces, and even their list (23 KB).
      if (/\/assets\/fonts\/|name-fonts/.test(r.url())) pieces.push(new URL(r.url()).pathname);
    });
    await page.goto(`${server.url}/table.html?code=${t.code}&spectate=1`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    await page.waitForFunction(() => (window as Hook).__mj?.renderer.current?.items.length > 0);
    // Every canvas label asks for its glyphs as it is drawn: time for any fetch to start.
    await sleep(2000);
    expect(await missingGlyphs(page)).toMatchObject({ missing: [] });
    // (Asking the browser for every family of the page's font list fetched ten pieces, 400 KB.)
    expect(pieces).toEqual([]);
  });

  test('sounds: a discard and a claim are scheduled on the AudioContext; mute stops them', {
    timeout: 240_000,
  }, async () => {
    const t = await post<{ code: string; hostToken: string }>('/api/tables', {
      rounds: 1,
      bots: [0, 1, 2, 3],
      options: { claimSeconds: 0.5, claimMinMs: 0, turnSeconds: 2, resultsSeconds: 1 },
    });
    const page = await newPage('en-GB', 900, 640);
    // Observe the real AudioContext: count oscillators started, by the page's own audio layer.
    await page.addInitScript(() => {
      (window as Hook).__oscStarts = 0;
      const start = OscillatorNode.prototype.start;
      OscillatorNode.prototype.start = function (when?: number) {
        (window as Hook).__oscStarts++;
        return start.call(this, when);
      };
    });
    await page.goto(`${server.url}/table.html?code=${t.code}&spectate=1`);
    await page.waitForFunction(() => (window as Hook).__mj?.state().table);
    // Nothing before a user gesture: no context at all.
    expect(await page.evaluate(() => (window as Hook).__mj.audio.ready)).toBe(false);
    await page.mouse.click(10, 300);
    expect(await page.evaluate(() => (window as Hook).__mj.audio.ready)).toBe(true);
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);
    const sounds = () =>
      page.evaluate(() => ({
        ids: (window as Hook).__mj.audio.scheduled.map((s: Hook) => s.id) as string[],
        osc: (window as Hook).__oscStarts as number,
        discards: ((window as Hook).__mj.state().view?.seats ?? []).reduce(
          (n: number, s: Hook) => n + s.discards.length,
          0,
        ) as number,
      }));
    await page.waitForFunction(
      () => (window as Hook).__mj.audio.scheduled.some((s: Hook) => ['chow', 'pung', 'kong'].includes(s.id)),
      undefined,
      { timeout: 200_000, polling: 200 },
    );
    const heard = await sounds();
    expect(heard.ids).toContain('discard');
    expect(heard.osc).toBeGreaterThanOrEqual(heard.ids.length);

    // Mute in the settings panel: play goes on, silently.
    await page.click('[data-testid="settings"]');
    await page.check('[data-setting="muted"]');
    await page.screenshot({ path: join(artifacts, 'lang-settings.png') });
    const before = await sounds();
    await page.waitForFunction(
      (n) => {
        const v = (window as Hook).__mj.state().view;
        const d = (v?.seats ?? []).reduce((m: number, s: Hook) => m + s.discards.length, 0);
        return d >= n + 4 || v?.phase !== 'playing';
      },
      before.discards,
      { timeout: 60_000 },
    );
    const after = await sounds();
    expect(after.ids).toEqual(before.ids);
    expect(after.osc).toBe(before.osc);
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('mj.settings') ?? '{}').muted)).toBe(true);
  });
});
