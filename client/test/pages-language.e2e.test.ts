/**
 * The pages around the table in both languages, in Chromium against the real server: the lobby
 * (home and a table's lobby), the scoring calculator with a scored hand, the player page and a
 * circle's page. In 繁體中文 no English word may show (players' and circles' names, table codes,
 * links, tile notation, a currency and the device's label stay as written); switching language on a page
 * writes its words again and keeps what was typed; a server's refusal is said by its code, with
 * the values it names. Screenshots at a desktop and a phone size go
 * to artifacts/pages-*.png.
 */
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { artifacts, closePages, launchChromium, type RunningServer, startTableServer } from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

const NAME = 'Ann';
const CIRCLE = 'Tea Club';

beforeAll(async () => {
  server = await startTableServer('pages-lang');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

/** POSTs JSON from the page (its player cookie goes with it). */
const post = <T>(page: Page, path: string, body: unknown) =>
  page.evaluate(
    async ([path, body]) => {
      const res = await fetch(path as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
      return (await res.json()) as unknown;
    },
    [path, body] as const,
  ) as Promise<T>;

/**
 * English words shown on the page, outside what stays as written (`keep`; the language switch,
 * table codes, code blocks, links' addresses and tile notation). Hidden text is left out.
 */
const englishWords = (page: Page, keep: readonly string[]) =>
  page.evaluate((keep) => {
    const words: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const host = n.parentElement;
      if (!host?.checkVisibility() || host.closest('[data-testid="lang-switch"], .code, code, pre, script, style'))
        continue;
      let text = n.nodeValue ?? '';
      for (const k of keep) text = text.split(k).join(' ');
      text = text.replace(/https?:\/\/\S+/g, ' ').replace(/\b[0-9]+[mpsz]\b/g, ' ');
      for (const w of text.match(/[A-Za-z]{2,}/g) ?? [])
        words.push(`${w} (${(n.nodeValue ?? '').trim().slice(0, 50)})`);
    }
    // The readable attributes too: a field's placeholder, a control's name for screen readers.
    for (const e of document.body.querySelectorAll('[placeholder], [aria-label], [title], img[alt]')) {
      if (!(e as HTMLElement).checkVisibility()) continue;
      for (const a of ['placeholder', 'aria-label', 'title', 'alt']) {
        let text = e.getAttribute(a) ?? '';
        for (const k of keep) text = text.split(k).join(' ');
        // the notation field shows an example hand, the code fields an example code, a swatch its colour
        text = text
          .replace(/\b[0-9mpsz]+\b/g, ' ')
          .replace(/\bABC[A-Z0-9]+\b/g, ' ')
          .replace(/#[0-9a-f]{3,8}\b/gi, ' ');
        for (const w of text.match(/[A-Za-z]{2,}/g) ?? []) words.push(`${w} (@${a}: ${e.getAttribute(a)})`);
      }
    }
    return words;
  }, keep as string[]);

const setLang = (page: Page, lang: 'en' | 'zh-HK') =>
  page.evaluate((lang) => localStorage.setItem('mj.settings', JSON.stringify({ lang })), lang);

describe('the pages around the table, in both languages', () => {
  test('lobby, calculator, player and circle pages: no English word in 繁體中文, at a desktop and a phone size', {
    timeout: 300_000,
  }, async () => {
    const sizes = [
      [1280, 800, 1],
      [390, 844, 3],
    ] as const;
    for (const [width, height, dpr] of sizes) {
      const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
      contexts.push(ctx);
      await ctx.addInitScript((n) => {
        if (!localStorage.getItem('mj.name')) localStorage.setItem('mj.name', n);
      }, NAME);
      const page = await ctx.newPage();
      page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
      // The first visit makes the player; then a circle and a table of theirs.
      await page.goto(server.url);
      await page.waitForSelector('[data-testid="you-name"]');
      const circle = await post<{ id: string }>(page, '/api/circles', { name: CIRCLE });
      const table = await post<{ code: string }>(page, '/api/tables', {
        ruleset: 'hk-new',
        rounds: 1,
        options: {},
        bots: [],
        spectatorsAllowed: true,
        hostName: NAME,
      });
      const device = await page.evaluate(async () => {
        const me = (await (await fetch('/api/me')).json()) as { devices: { label: string }[] };
        return me.devices.map((d) => d.label);
      });
      const pages: readonly (readonly [string, string, string])[] = [
        ['lobby', '/', '[data-testid="matches"] p, [data-testid="matches"] table'],
        ['table-lobby', `/#/table/${table.code}`, '[data-testid="code"]'],
        ['calculator', '/calculator.html', '#calc-palette'],
        ['player', '/player.html', '[data-testid="my-stats"][data-loaded="hk"]'],
        ['circle', `/circle.html?id=${encodeURIComponent(circle.id)}`, '[data-testid="league"][data-loaded]'],
      ];
      for (const lang of ['zh-HK', 'en'] as const) {
        await setLang(page, lang);
        for (const [name, path, ready] of pages) {
          await page.goto(server.url + path);
          await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
          await page.waitForSelector(ready);
          if (name === 'calculator') {
            // A scored hand: its headline, sets, patterns and payments are words too.
            await page.evaluate(() =>
              (window as unknown as { __calc: { load(t: string, w: string): string | null } }).__calc.load(
                '123m456p789s111z5p',
                '5p',
              ),
            );
            await page.waitForSelector('#calc-payments');
          }
          await page.evaluate(() => document.fonts.ready);
          const shot = `pages-${name}-${lang}-${width}x${height}@${dpr}.png`;
          await page.screenshot({ path: join(artifacts, shot), fullPage: true });
          if (lang === 'zh-HK') {
            // (HK$: the currency field's example, a currency as written)
            const keep = [NAME, CIRCLE, table.code, 'HK$', ...device];
            expect(await englishWords(page, keep), `${name} ${width}x${height}`).toEqual([]);
          }
        }
      }
    }
  });

  test('a refusal of the server is said by its code in the language shown, with its values, and again on a switch', {
    timeout: 120_000,
  }, async () => {
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2 });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('mj.settings', JSON.stringify({ lang: 'zh-HK' })));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="you-name"]');
    // A table nobody sits at, that no bot fills: its host's start is refused (`table/not_ready`).
    const table = await post<{ code: string; hostToken: string }>(page, '/api/tables', {
      ruleset: 'hk-new',
      rounds: 1,
      options: {},
      bots: [],
      fillWithBots: false,
      spectatorsAllowed: true,
      hostName: NAME,
    });
    await page.evaluate(
      ([code, token]) => localStorage.setItem(`mj.host.${code}`, token as string),
      [table.code, table.hostToken],
    );
    await page.goto(`${server.url}/#/table/${table.code}`);
    await page.click('[data-testid="start"]');
    const told = () => page.textContent('[data-testid="error"]');
    await page.waitForSelector('[data-testid="error"]');
    expect(await told()).toContain('第1, 2, 3, 4位仍然空着。');
    await page.evaluate(() => document.fonts.ready);
    await page.screenshot({ path: join(artifacts, 'pages-refusal-zh-HK-390x844@2.png') });
    await page.click('[data-testid="lang-switch"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await told()).toContain('Seats 1, 2, 3, 4 are empty.');
    await page.screenshot({ path: join(artifacts, 'pages-refusal-en-390x844@2.png') });
  });

  test('switching language on the lobby writes its words again and keeps the name typed', {
    timeout: 120_000,
  }, async () => {
    const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    contexts.push(ctx);
    const page = await ctx.newPage();
    await page.addInitScript(() => localStorage.setItem('mj.settings', JSON.stringify({ lang: 'en' })));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="create"]');
    const heading = () => page.textContent('[data-testid="create"] h2');
    expect(await heading()).toBe('New table');
    await page.fill('[data-testid="create"] input[name="name"]', 'Bea');
    await page.selectOption('[data-testid="create"] select[name="rounds"]', '2');
    await page.click('[data-testid="lang-switch"]');
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    expect(await heading()).toBe('開新枱');
    const form = await page.evaluate(() => {
      const f = document.querySelector('[data-testid="create"]') as HTMLFormElement;
      const field = (n: string) => f.querySelector(`[name="${n}"]`) as HTMLInputElement | HTMLSelectElement;
      const rounds = field('rounds') as HTMLSelectElement;
      return {
        name: field('name').value,
        placeholder: field('name').getAttribute('placeholder'),
        rounds: rounds.value,
        shown: rounds.selectedOptions[0]?.textContent,
        ruleset: (field('ruleset') as HTMLSelectElement).selectedOptions[0]?.textContent,
      };
    });
    expect(form).toEqual({
      name: 'Bea',
      placeholder: '你的名字',
      rounds: '2',
      shown: '東南兩圈',
      ruleset: '香港新章',
    });
    await page.click('[data-testid="lang-switch"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await heading()).toBe('New table');
    expect(await page.inputValue('[data-testid="create"] input[name="name"]')).toBe('Bea');
  });
});
