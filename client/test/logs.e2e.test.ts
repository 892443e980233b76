/**
 * The replay page's log files in Chromium on the real server: a real tenhou.net/6 log opened
 * from the page's file picker and watched, an imported log whose stated result differs from the
 * table's shown as such, the download links serving the files; screenshots of the page with its
 * log files open at phone and desktop sizes, DPR 1/2/3, in English and Chinese.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  artifacts,
  closePages,
  launchChromium,
  postJson,
  repoRoot,
  type RunningServer,
  startTableServer,
} from './e2e/harness.js';

const TESTDATA = join(repoRoot, 'server/src/logs/testdata');

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let differs = '';

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

async function newPage(locale: string, width: number, height: number, dpr: number): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, locale });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  return page;
}

const loaded = (page: Page) => page.waitForFunction(() => ((window as Hook).__mj?.state().frames ?? 0) > 0);

beforeAll(async () => {
  server = await startTableServer('logs');
  browser = await launchChromium();
  const log = JSON.parse(readFileSync(join(TESTDATA, 'confusing_nakis_1.json'), 'utf8')) as unknown;
  differs = (await postJson<{ id: string }>(server.url, '/api/matches/import', log)).id;
}, 120_000);

afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

describe('replay page: log files', () => {
  test('a log opened from the page is watched, and the hand that differs is shown', async () => {
    const page = await newPage('en-GB', 1100, 760, 1);
    await page.goto(`${server.url}/replay.html`);
    // No match: the page offers to open a log, and says so (no refusal of a match nobody asked for).
    await expect.poll(() => page.textContent('#banner')).toBe('Open a tenhou.net/6 log file below to watch it here.');
    const picker = page.getByTestId('log-file');
    await picker.setInputFiles(join(TESTDATA, 'double_ron.json'));
    await page.waitForURL(/match=[0-9a-f-]{36}/);
    await loaded(page);
    await expect.poll(() => page.getByTestId('import-note').textContent()).toContain('1 of 1 hands as the file states');
    const frames = await page.evaluate(() => (window as Hook).__mj.state().frames as number);
    expect(frames).toBeGreaterThan(70);

    // The downloads serve the match as the engine played it.
    await page.getByTestId('log-files').locator('summary').click();
    const href = await page.getByTestId('download-tenhou6').getAttribute('href');
    const file = (await (await fetch(server.url + href)).json()) as { log: unknown[][] };
    const original = JSON.parse(readFileSync(join(TESTDATA, 'double_ron.json'), 'utf8')) as { log: unknown[][] };
    // The same wins, score changes and score texts (the yaku are named as Tenhou names them, in the scorer's order).
    const head = (r: unknown) => (r as unknown[]).map((x) => (Array.isArray(x) && x.length > 4 ? x.slice(0, 4) : x));
    expect(head(file.log[0]?.[16])).toEqual(head(original.log[0]?.[16]));
    expect(await page.getByTestId('download-mjai').getAttribute('href')).toContain('format=mjai');

    // A bad file is refused on the page, said by the checker's reason.
    await picker.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{"log": [') });
    await expect
      .poll(() => page.getByTestId('log-status').textContent())
      .toBe('The log was refused: the file is not JSON.');

    await page.goto(`${server.url}/replay.html?match=${differs}`);
    await loaded(page);
    const note = page.getByTestId('import-note');
    await expect.poll(() => note.textContent()).toContain('0 of 1 hands as the file states');
    expect(await note.textContent()).toContain(
      'the file says +1600 / 0 / -1600 / 0, the table computes +2600 / 0 / -1600 / 0',
    );
  });

  test('a three-player log opened from the page plays at a three-seat table', async () => {
    const page = await newPage('en-GB', 390, 844, 2);
    await page.goto(`${server.url}/replay.html`);
    await page.getByTestId('log-file').setInputFiles(join(TESTDATA, 'three-player', 'double_nukidora.json'));
    await page.waitForURL(/match=[0-9a-f-]{36}/);
    await loaded(page);
    await expect
      .poll(() => page.getByTestId('import-note').textContent())
      .toContain('12 of 12 hands as the file states');
    const id = new URL(page.url()).searchParams.get('match');
    const replay = (await (await fetch(`${server.url}/api/matches/${id}/replay`)).json()) as {
      match: { ruleset: string };
    };
    expect(replay.match.ruleset).toBe('riichi-sanma');
    // Show every hand, and look at a moment with Norths set aside.
    await page.goto(`${server.url}/replay.html?match=${id}&hand=0&step=30`);
    await loaded(page);
    await page.screenshot({ path: join(artifacts, 'logs-replay-three-player-390x844.png') });
    // The analysis reviews the file's three players (no line for the vacant seat).
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByTestId('analysis-toggle').click();
    const lines = page.getByTestId('analysis-summary').locator('tbody tr');
    await expect.poll(() => lines.count()).toBe(3);
    expect(await lines.first().textContent()).toMatch(/^しめじん\d+ of [1-9]\d* \(\d+%\)/);
    await page.screenshot({ path: join(artifacts, 'logs-replay-three-player-analysis-1280x800.png') });
    await page.getByTestId('analysis-toggle').click();
    await page.screenshot({ path: join(artifacts, 'logs-replay-three-player-1280x800.png') });
  });

  test('a refused log is said in Chinese by its reason, hand and step, and again after a switch', async () => {
    const page = await newPage('zh-HK', 1100, 760, 1);
    await page.goto(`${server.url}/replay.html`);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
    expect(await page.locator('.log-files-pick span').textContent()).toBe('開啟 tenhou.net/6 牌譜');
    // Seat 2's pung of 2m claims from the wrong seat: the checker names hand 1 and its step.
    const good = readFileSync(join(TESTDATA, 'double_ron.json'), 'utf8');
    const bad = good.replace('"1212p12"', '"p121212"');
    expect(bad).not.toBe(good);
    await page
      .getByTestId('log-file')
      .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(bad) });
    const status = page.getByTestId('log-status');
    await expect
      .poll(() => status.textContent())
      .toMatch(/^牌譜被拒（第1局第\d+步）：有上、碰、槓或打出的牌與牌局不符。$/);
    const step = /第(\d+)步/.exec((await status.textContent()) ?? '')?.[1];
    await page.click('[data-testid="lang-switch"]');
    await page.waitForFunction(() => document.documentElement.lang === 'en');
    expect(await status.textContent()).toBe(
      `The log was refused at hand 1, step ${step}: a call, kong or discard does not fit the hand.`,
    );
  });

  const screens = [
    { name: 'desktop', width: 1280, height: 800, dpr: 1 },
    { name: 'desktop2x', width: 1280, height: 800, dpr: 2 },
    { name: 'phone-landscape', width: 844, height: 390, dpr: 3 },
    { name: 'phone-portrait', width: 390, height: 844, dpr: 3 },
    { name: 'phone-portrait-2x', width: 360, height: 740, dpr: 2 },
  ];
  for (const lang of ['en', 'zh-HK'] as const) {
    test(`screenshots (${lang})`, async () => {
      for (const s of screens) {
        const page = await newPage(lang === 'en' ? 'en-GB' : 'zh-HK', s.width, s.height, s.dpr);
        await page.goto(`${server.url}/replay.html?match=${differs}&hand=1&step=40`);
        await loaded(page);
        await page.waitForFunction((l) => document.documentElement.lang === l, lang);
        await page.screenshot({ path: join(artifacts, `logs-replay-${lang}-${s.name}-closed.png`) });
        await page.getByTestId('log-files').locator('summary').click();
        const summary = await page.getByTestId('log-files').locator('summary').textContent();
        expect(summary).toBe(lang === 'en' ? 'Log files' : '牌譜檔案');
        const note = await page.getByTestId('import-note').textContent();
        expect(note).toContain(lang === 'en' ? 'hands as the file states' : '與檔案所記相同');
        await page.screenshot({ path: join(artifacts, `logs-replay-${lang}-${s.name}.png`) });
        // One page at a time: software WebGL at DPR 3 is heavy for this machine.
        await page.context().close();
      }
    });
  }
});
