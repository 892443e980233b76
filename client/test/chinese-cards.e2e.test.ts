/**
 * The result card, the match summary and the replay in 繁體中文 hold no English word: a Hong Kong
 * and a riichi match, each of two scripted hands (a heavenly hand, a limit; then a plain win
 * with its han and fu), ended by the host, then replayed. Every text of the cards, the replay's
 * controls and caption and the canvas is read; once the player's name (陳大文), the seed and its
 * hash are taken out, no run of two Latin letters may be left. The same screens switch to
 * English and back (the cards are written again in the language chosen), and are photographed
 * at the four screens of the brief (1280x800 at DPR 1 and 2, a phone in portrait and landscape).
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import {
  artifacts,
  closePages,
  launchChromium,
  postJson,
  type RunningServer,
  repoRoot,
  startTableServer,
} from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const NAME = '陳大文';

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

/**
 * Hand 1: the dealer (seat 0, the page) is dealt a complete hand (heavenly hand: a limit in Hong
 * Kong, a yakuman in riichi). Hand 2 (the dealer deals again after its win): it throws 9p and
 * draws 4s to a pure straight with every set a chow (1s-4s, two-sided); the others hold nothing
 * that pairs with what is thrown, so nobody calls on the way.
 */
const HEAVENLY = {
  bonus: false,
  hands: ['123456789m11p234s', '58m147p369s12367z', '27m258p27s134567z', '36m36p58s1234567z'],
};
const PLAIN = {
  bonus: false,
  hands: ['123456789m11p23s9p', '58m147p369s12367z', '27m258p27s134567z', '36m36p58s1234567z'],
  draws: '4m1m9m4s',
};

beforeAll(async () => {
  const testing = (await import(pathToFileURL(resolve(repoRoot, 'server/src/table/testing.ts')).href)) as {
    scriptedWall(s: unknown): unknown;
  };
  server = await startTableServer('chinese-cards', {
    botDelayMs: 50,
    engineInternals: { walls: [testing.scriptedWall(HEAVENLY), testing.scriptedWall(PLAIN)] },
    // An outside AI whose process exits at once: the built-in bot plays its seat (its fallback).
    mjaiBots: [
      {
        name: 'Gone',
        command: 'false',
        args: [],
        timeoutMs: 500,
        startupMs: 1000,
        memoryMb: 256,
        cpuSeconds: 10,
        addressSpaceMb: 0,
        maxLineBytes: 4096,
      },
    ],
  });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

async function newPage(w: number, h: number, dpr: number, init: (page: Page) => Promise<void>): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr, locale: 'zh-HK' });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.addInitScript(() => localStorage.setItem('mj.settings', JSON.stringify({ lang: 'zh-HK' })));
  await init(page);
  return page;
}

/**
 * The English words left in `selectors`' texts (and attributes people read) and the canvas's
 * texts, once the name, the seed and the hash are taken out.
 */
const englishOn = (page: Page, selectors: readonly string[]) =>
  page.evaluate(
    ([selectors, name]) => {
      const mj = (window as Hook).__mj;
      const drawn = mj.renderer?.current ?? null;
      const texts: string[] = [];
      for (const sel of selectors) {
        for (const e of document.querySelectorAll(sel)) {
          const walker = document.createTreeWalker(e, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) texts.push(n.nodeValue ?? '');
          for (const a of e.querySelectorAll('[title],[aria-label],[alt]')) {
            for (const attr of ['title', 'aria-label', 'alt']) texts.push(a.getAttribute(attr) ?? '');
          }
        }
      }
      for (const i of drawn?.items ?? []) if (i.type === 'text') texts.push(i.text);
      // Names and the log files' formats, called by their own names in every language.
      const cut = [name, 'sha256', 'tenhou.net/6', 'mjai', 'JSON'];
      // The whole texts that hold an English word, so that a failure says where it is (the
      // seed and its hash, hex of 16 digits or more, are no words).
      return texts
        .map((t) => cut.reduce((s, c) => s.split(c).join(' '), t).replace(/[0-9a-f]{16,}/g, ' '))
        .filter((t) => /[A-Za-z]{2,}/.test(t));
    },
    [selectors, NAME] as const,
  );

/** Plays the page's seat: wins when offered, discards `first` when it may, else the drawn tile. */
async function playUntilResult(page: Page, hand: number, first: number | null): Promise<void> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    expect(Date.now(), `hand ${hand + 1} did not end in time`).toBeLessThan(deadline);
    const phase = await page.evaluate(
      ([hand, first]) => {
        const mj = (window as Hook).__mj;
        const s = mj.state();
        const v = s.view;
        if (v?.lastResult?.handNumber === hand) return 'over';
        if (v?.phase !== 'playing') return 'waiting';
        const click = (id: string) => (document.querySelector(`[data-action="${id}"]`) as HTMLElement | null)?.click();
        const buttons: string[] = mj.buttons();
        if (buttons.includes('win')) click('win');
        else if (buttons.includes('pass')) click('pass');
        else if (s.sentAt !== v.seq && v.legalActions.some((a: Hook) => a.type === 'discard')) {
          const tiles: number[] = mj.hand();
          const at = first === null ? -1 : tiles.indexOf(first);
          mj.discard(at >= 0 ? at : tiles.length - 1);
        }
        return 'playing';
      },
      [hand, first] as const,
    );
    if (phase === 'over') return;
    await sleep(60);
  }
}

/** Switches the page's language with its quick button (中 / EN) and waits until it shows. */
async function switchTo(page: Page, lang: 'en' | 'zh-HK'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) !== lang)
    await page.click('[data-testid="lang-switch"]');
  await page.waitForFunction((lang) => document.documentElement.lang === lang, lang);
  await sleep(300);
}

const CARD = ['[data-testid="result"]'];
const SUMMARY = ['[data-testid="result"]', '[data-testid="match-over"]'];
const REPLAY = ['#replay-controls', '[data-testid="result"]', '[data-testid="match-over"]'];

type Screen = readonly [number, number, number];

async function shoot(page: Page, name: string): Promise<void> {
  await sleep(300);
  await page.screenshot({ path: join(artifacts, `${name}.png`) });
}

/** A match of two scripted hands on `ruleset`, played, ended and replayed in Chinese. */
async function chineseMatch(ruleset: 'hk-new' | 'riichi-modern', table: Screen, replay: Screen): Promise<void> {
  const hk = ruleset === 'hk-new';
  const t = await postJson<{ code: string; hostToken: string }>(server.url, '/api/tables', {
    ruleset,
    rounds: 1,
    bots: [1, 2, 3],
    options: {
      turnSeconds: 60,
      claimSeconds: 1,
      claimMinMs: 0,
      resultsSeconds: 300,
      ...(hk ? { minFaan: 1 } : {}),
    },
  });
  const joined = await postJson<{ token: string }>(server.url, `/api/tables/${t.code}/join`, { name: NAME, seat: 0 });
  const [w, h, dpr] = table;
  const page = await newPage(w, h, dpr, async (p) => {
    await p.addInitScript(
      ([code, token, host, name]) => {
        localStorage.setItem(`mj.seats.${code}`, JSON.stringify({ 0: { seat: 0, token, name } }));
        localStorage.setItem(`mj.host.${code}`, host as string);
        localStorage.setItem('mj.autoWin', '1');
      },
      [t.code, joined.token, t.hostToken, NAME] as const,
    );
  });
  await page.goto(`${server.url}/table.html?code=${t.code}&seat=0`);
  await postJson(server.url, `/api/tables/${t.code}/start`, {}, t.hostToken);
  const tag = `zh-cards-${ruleset}`;

  // Hand 1: the heavenly hand, a limit (爆棚) or a yakuman (役滿).
  await playUntilResult(page, 0, null);
  await page.waitForSelector('[data-testid="result"]');
  const title = await page.textContent('[data-testid="result"] p.muted');
  await shoot(page, `${tag}-limit-${w}x${h}@${dpr}`);
  expect(title).toMatch(hk ? /爆棚/ : /役滿/);
  expect(await englishOn(page, CARD)).toEqual([]);
  // In English and back: the card is written again in the language chosen.
  await switchTo(page, 'en');
  expect(await page.textContent('[data-testid="result"] h2')).toMatch(/wins/);
  await shoot(page, `${tag}-limit-en-${w}x${h}@${dpr}`);
  await switchTo(page, 'zh-HK');
  expect(await englishOn(page, CARD)).toEqual([]);

  // Hand 2: a plain win, with faan, or han and fu (and the honba of the dealer's repeat).
  await page.click('[data-testid="ready"]');
  await page.waitForFunction(() => (window as Hook).__mj.state().view?.handNumber === 1, undefined, {
    timeout: 30_000,
  });
  await playUntilResult(page, 1, 17 /* 9p */);
  await page.waitForSelector('[data-testid="result"]');
  const r = await page.evaluate(() => (window as Hook).__mj.state().view.lastResult);
  expect(r.kind).toBe('win');
  const total = await page.textContent('[data-testid="result"] table.patterns tr:last-child');
  expect(total).toMatch(hk ? /\d+番/ : /\d+飜(\d+符)? · \d+點/);
  expect(await englishOn(page, CARD)).toEqual([]);
  await shoot(page, `${tag}-win-${w}x${h}@${dpr}`);

  // The host ends the match: the summary, its chart with both axes named.
  await postJson(server.url, `/api/tables/${t.code}/end`, {}, t.hostToken);
  await page.waitForSelector('[data-testid="match-over"]', { timeout: 30_000 });
  await page.waitForFunction(
    () => /相符/.test(document.querySelector('[data-testid="seed-check"]')?.textContent ?? ''),
    undefined,
    { timeout: 20_000 },
  );
  expect(await page.textContent('[data-testid="chart-y-title"]')).toMatch(hk ? /分數/ : /點數/);
  expect(await page.textContent('[data-testid="chart-x"]')).toMatch(/已打局數/);
  expect(await englishOn(page, SUMMARY)).toEqual([]);
  await shoot(page, `${tag}-summary-${w}x${h}@${dpr}`);
  await page.evaluate(() => document.querySelector('[data-testid="chart-legend"]')?.scrollIntoView({ block: 'end' }));
  await shoot(page, `${tag}-summary-chart-${w}x${h}@${dpr}`);
  await switchTo(page, 'en');
  expect(await page.textContent('[data-testid="chart-x"]')).toMatch(/Hands played/);
  await shoot(page, `${tag}-summary-chart-en-${w}x${h}@${dpr}`);

  // The replay, by the summary's link, at the second hand's result (its last frame).
  const href = (await page.getAttribute('[data-testid="summary-replay"]', 'href')) ?? '';
  const [rw, rh, rdpr] = replay;
  const viewer = await newPage(rw, rh, rdpr, async () => {});
  await viewer.goto(`${server.url}${href}`);
  await viewer.waitForFunction(() => (window as Hook).__mj?.state().frames > 0, undefined, { timeout: 30_000 });
  const shot = async (index: number, name: string) => {
    await viewer.evaluate((i) => (window as Hook).__mj.seek(i), index);
    await sleep(400);
    expect(await englishOn(viewer, REPLAY), name).toEqual([]);
    await shoot(viewer, `${tag}-replay-${name}-${rw}x${rh}@${rdpr}`);
  };
  const frames = await viewer.evaluate(() => (window as Hook).__mj.state().frames as number);
  const starts = await viewer.evaluate(() => (window as Hook).__mj.state().handStarts as number[]);
  // Mid-hand (a discard's caption), the first hand's result, the last frame (the summary).
  await shot((starts[1] ?? 2) + 2, 'discard');
  const firstOver = await viewer.evaluate((n) => {
    for (let i = 0; i < n; i++) {
      (window as Hook).__mj.seek(i);
      if ((window as Hook).__mj.state().view?.phase === 'handOver') return i;
    }
    return -1;
  }, frames);
  expect(firstOver).toBeGreaterThan(0);
  await shot(firstOver, 'limit');
  await shot(frames - 1, 'end');
  await switchTo(viewer, 'en');
  expect(await viewer.textContent('[data-testid="play"]')).toMatch(/Play/);
  await shoot(viewer, `${tag}-replay-end-en-${rw}x${rh}@${rdpr}`);
}

/** The seat labels drawn on the table's canvas, isolates taken out. */
const seatLabels = (page: Page) =>
  page.evaluate(() =>
    ((window as Hook).__mj.renderer.current?.items ?? [])
      .filter((i: Hook) => i.type === 'text' && /^seat:\d$/.test(i.key))
      .map((i: Hook) => (i.text as string).replace(/[\u2068\u2069]/g, '')),
  ) as Promise<string[]>;

describe('Chinese result cards, summaries and replays', () => {
  test("an outside AI's seat the built-in bot played for is marked on the table, in both languages", {
    timeout: 300_000,
  }, async () => {
    const t = await postJson<{ code: string; hostToken: string }>(server.url, '/api/tables', {
      ruleset: 'riichi-modern',
      rounds: 1,
      bots: [1, 2, 3],
      options: { turnSeconds: 60, claimSeconds: 1, claimMinMs: 0, resultsSeconds: 300 },
    });
    await postJson(server.url, `/api/tables/${t.code}/bot`, { seat: 2, ai: 'Gone' }, t.hostToken);
    const joined = await postJson<{ token: string }>(server.url, `/api/tables/${t.code}/join`, { name: NAME, seat: 0 });
    const page = await newPage(844, 390, 3, async (p) => {
      await p.addInitScript(
        ([code, token, name]) => {
          localStorage.setItem(`mj.seats.${code}`, JSON.stringify({ 0: { seat: 0, token, name } }));
        },
        [t.code, joined.token, NAME] as const,
      );
    });
    await page.goto(`${server.url}/table.html?code=${t.code}&seat=0`);
    await postJson(server.url, `/api/tables/${t.code}/start`, {}, t.hostToken);
    // The dealer's heavenly hand is not taken: it discards, and the AI's seat has a turn.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const labels = await seatLabels(page);
      if (Date.now() > deadline) {
        const seats = await page.evaluate(() => JSON.stringify((window as Hook).__mj.state().table?.seats));
        await shoot(page, 'zh-cards-ai-fallback-debug');
        expect.fail(`no fallback mark in time: ${JSON.stringify(labels)} ${seats}`);
      }
      if (labels.some((l) => l.endsWith('↻')) && (await page.isVisible('[data-testid="ai-fallback-legend"]'))) break;
      // A hand over (a draw): its card closed, the table in view again.
      if (await page.isVisible('[data-testid="close-result"]')) await page.click('[data-testid="close-result"]');
      await page.evaluate(() => {
        const mj = (window as Hook).__mj;
        const s = mj.state();
        const v = s.view;
        if (v?.phase !== 'playing' || s.sentAt === v.seq) return;
        const click = (id: string) => (document.querySelector(`[data-action="${id}"]`) as HTMLElement | null)?.click();
        const buttons: string[] = mj.buttons();
        if (buttons.includes('pass')) click('pass');
        else if (v.legalActions.some((a: Hook) => a.type === 'discard')) mj.discard(mj.hand().length - 1);
      });
      await sleep(200);
    }
    const labels = await seatLabels(page);
    // Seat 2 sits opposite: its label (Mortal's name would be its own; this AI is "Gone").
    expect(labels.filter((l) => l.endsWith('↻'))).toEqual([expect.stringMatching(/^西 Gone -?\d+ ↻$/)]);
    expect(await page.textContent('[data-testid="ai-fallback-legend"]')).toContain('AI 由內置電腦代打');
    await shoot(page, 'zh-cards-ai-fallback-844x390@3');
    await switchTo(page, 'en');
    expect(await page.textContent('[data-testid="ai-fallback-legend"]')).toContain('AI fallback');
    expect((await seatLabels(page)).some((l) => /^W Gone -?\d+ ↻$/.test(l))).toBe(true);
    await shoot(page, 'zh-cards-ai-fallback-en-844x390@3');
  });

  test('Hong Kong: a limit hand and a plain win, the summary and the replay in 繁體中文', { timeout: 400_000 }, () =>
    chineseMatch('hk-new', [390, 844, 3], [844, 390, 3]),
  );
  test('riichi: a yakuman and a plain win, the summary and the replay in 繁體中文', { timeout: 400_000 }, () =>
    chineseMatch('riichi-modern', [1280, 800, 2], [1280, 800, 1]),
  );
});
