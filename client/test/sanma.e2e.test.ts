/**
 * A three-player riichi table through the lobby in Chromium: the host picks "Japanese riichi,
 * three players", sees its house rules (the tsumo payment, red fives, uma) and a bots count of at
 * most two, and creates the table with two bots; the lobby shows three seats (no fourth to take);
 * the match starts with the three filled. The first hand is dealt from a script (FIRST_HAND): the
 * host, East, holds a North it sets aside with the 北 button's key (b), draws its replacement and
 * wins on it. The vacant North seat is drawn as vacant (no tiles, its label "Vacant seat"), the
 * North set aside lies by the host's hand, the result card lists three seats, and the match card
 * three places. Screens for looking at, in artifacts/sanma/: the host's table and card at
 * 1280x800, a spectator's phone (390x844, DPR 3) with the table and the card, the match card,
 * the replay; with `E2E_ALL_SCREENS=1` a spectator's table at 1280x800 (DPR 1 and 2) and on a
 * phone in landscape (844x390, DPR 3) too.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  artifacts,
  launchChromium,
  postJson,
  type RunningServer,
  repoRoot,
  startTableServer,
  onTablePage,
} from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const shots = join(artifacts, 'sanma');

/**
 * The host (East, the dealer) is dealt 123p 456p 789s, three East winds, a 9m and a North: ready
 * on 9m once the North is set aside (East wind pung is its yaku), and the North's replacement is
 * the 9m. South and West hold nothing that wins on the North.
 */
const FIRST_HAND = {
  three: true,
  hands: ['123456p789s111z9m4z', '1m147p258s235677z', '1m258p369s234567z', ''],
  replacements: '9m',
};

/**
 * The spectator's screens: a phone in portrait (DPR 3), which also shows the result card; the
 * host's own page is the desktop at DPR 1. `E2E_ALL_SCREENS=1` adds the desktop at DPR 1 and 2
 * and the phone in landscape as a spectator sees them (every spectator page costs seconds of
 * software WebGL, so the suite's default keeps to one).
 */
const PHONE = [390, 844, 3] as const;
const MORE_SCREENS = [
  [1280, 800, 1],
  [1280, 800, 2],
  [844, 390, 3],
] as const;
const SCREENS = process.env.E2E_ALL_SCREENS === '1' ? MORE_SCREENS : [];

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

async function newPage(width: number, height: number, dpr = 1): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
  contexts.push(ctx);
  await ctx.addInitScript(() => {
    const s = JSON.parse(localStorage.getItem('mj.settings') ?? '{}');
    localStorage.setItem('mj.settings', JSON.stringify({ ...s, lang: 'en' }));
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  return page;
}

/** What the page draws of the vacant seat: its tiles (there should be none) and its label. */
const vacantDrawn = (page: Page) =>
  page.evaluate(() => {
    const items = ((window as Hook).__mj.scene()?.items ?? []) as Hook[];
    return {
      tiles: items.filter((i) => i.type === 'tile' && /^(c|d|m|f):3:/.test(i.key)).length,
      label: items.find((i) => i.key === 'seat:3')?.text ?? null,
      labels: items.filter((i) => /^seat:\d$/.test(i.key)).length,
    };
  });

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const testing = (await import(pathToFileURL(resolve(repoRoot, 'server/src/table/testing.ts')).href)) as {
    scriptedWall(s: unknown): unknown;
  };
  server = await startTableServer('sanma-e2e', {
    botDelayMs: 100,
    engineInternals: { walls: [testing.scriptedWall(FIRST_HAND)] },
  });
  browser = await launchChromium();
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

describe('a three-player riichi table in Chromium', () => {
  test('one player and two bots through the lobby: a North set aside, a win, three seats', {
    // About a minute on an idle machine; minutes when the machine runs other suites.
    timeout: 240_000,
  }, async () => {
    const host = await newPage(1280, 800);
    await host.goto(`${server.url}/`);
    await host.fill('[data-testid="create"] input[name="name"]', 'Ann');
    await host.selectOption('[data-testid="create"] select[name="ruleset"]', 'riichi-sanma');
    // Bots for the two other seats at most; the house rules are the three-player ones.
    expect(await host.getAttribute('[data-testid="create"] input[name="bots"]', 'max')).toBe('2');
    await host.fill('[data-testid="create"] input[name="bots"]', '2');
    await host.selectOption('[data-testid="create"] select[name="rounds"]', '1');
    await host.click('[data-testid="create"] summary');
    expect(await host.isVisible('[data-testid="create"] select[name="tsumoPayment"]')).toBe(true);
    await host.screenshot({ path: join(shots, 'lobby-form.png'), fullPage: true });
    // Time to photograph the table while the host holds its win, and the card after.
    await host.route('**/api/tables', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({
        postData: JSON.stringify({ ...body, options: { ...body.options, turnSeconds: 120, resultsSeconds: 120 } }),
      });
    });
    await host.click('[data-testid="create"] button[type="submit"]');
    await host.waitForSelector('[data-testid="code"]');
    await host.unroute('**/api/tables');
    const code = (await host.textContent('[data-testid="code"]'))?.trim() ?? '';
    const info = (await (await fetch(`${server.url}/api/tables/${code}`)).json()) as {
      ruleset: string;
      seats: { bot: boolean; vacant?: true }[];
    };
    expect(info.ruleset).toBe('riichi-sanma');
    expect(info.seats.map((s) => [s.bot, s.vacant === true])).toEqual([
      [false, false],
      [true, false],
      [true, false],
      [false, true],
    ]);
    // Three seats in the lobby, East South West; nothing to take in a fourth.
    await host.waitForSelector('[data-testid="go-table"]');
    expect(await host.locator('.seat-card').count()).toBe(3);
    expect(await host.locator('[data-bot="3"], [data-seat="3"]').count()).toBe(0);
    await host.screenshot({ path: join(shots, 'lobby-table.png'), fullPage: true });
    await host.click('[data-testid="start"]');
    // The lobby goes to the table by itself once the match starts.
    await onTablePage(host);
    await host.waitForFunction(() => (window as Hook).__mj?.buttons().includes('north'), undefined, {
      timeout: 30_000,
    });

    // The vacant seat: no tiles, its label says it is not played; three seats' labels besides.
    const vacant = await vacantDrawn(host);
    expect(vacant).toEqual({ tiles: 0, label: 'Vacant seat', labels: 4 });
    const winds = await host.evaluate(() =>
      ((window as Hook).__mj.state().view.seats as Hook[]).map((s) => [s.wind, s.vacant === true]),
    );
    expect(winds).toEqual([
      [1, false],
      [2, false],
      [3, false],
      [4, true],
    ]);

    // The North set aside with its key; the replacement wins.
    await host.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await host.keyboard.press('b');
    await host.waitForFunction(() => (window as Hook).__mj.buttons().includes('win'), undefined, { timeout: 20_000 });
    expect(await host.evaluate(() => (window as Hook).__mj.sent().at(-1))).toEqual({ type: 'north' });
    const aside = await host.evaluate(() =>
      ((window as Hook).__mj.scene().items as Hook[]).filter((i) => i.type === 'tile' && i.key.startsWith('f:0:')),
    );
    expect(aside.map((t: Hook) => t.face)).toEqual([30]);

    // The table with the North aside, as a spectator sees it, on each screen.
    await host.screenshot({ path: join(shots, 'table-host-1280x800@1.png') });
    const watch = async ([w, h, dpr]: readonly [number, number, number]): Promise<Page> => {
      const watcher = await newPage(w, h, dpr);
      await watcher.goto(`${server.url}/table.html?code=${code}&spectate=1`);
      await watcher.waitForFunction(
        () => ((window as Hook).__mj?.state().view?.seats[0].bonus.length ?? 0) > 0 && (window as Hook).__mj.scene(),
        undefined,
        { timeout: 30_000 },
      );
      expect(await vacantDrawn(watcher)).toMatchObject({ tiles: 0, label: 'Vacant seat' });
      await watcher.screenshot({ path: join(shots, `table-${w}x${h}@${dpr}.png`) });
      return watcher;
    };
    for (const screen of SCREENS) await (await watch(screen)).close();
    const phone = await watch(PHONE);

    await host.click('[data-action="win"]');
    const card = await host.waitForSelector('[data-testid="result"]', { timeout: 20_000 });
    const rows = await card.$$eval('table.list:not(.patterns) tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows).toHaveLength(3);
    expect(await card.textContent()).toMatch(/han/);
    await host.screenshot({ path: join(shots, 'result-1280x800@1.png') });
    await phone.waitForSelector('[data-testid="result"]', { timeout: 30_000 });
    await phone.screenshot({ path: join(shots, 'result-390x844@3.png') });
    await phone.close();

    // The host ends the match: three places.
    const hostToken = await host.evaluate((c) => localStorage.getItem(`mj.host.${c}`), code);
    await postJson(server.url, `/api/tables/${code}/end`, {}, hostToken ?? '');
    const over = await host.waitForSelector('[data-testid="match-over"]', { timeout: 20_000 });
    expect(await over.$$eval('table.list tr', (trs) => trs.length)).toBe(4);
    expect(await over.$$eval('[data-testid="chart-legend"] > span', (s) => s.length)).toBe(3);
    await host.screenshot({ path: join(shots, 'match-over-1280x800@1.png'), fullPage: true });

    // The replay: three seats' hands.
    const list = (await (await fetch(`${server.url}/api/matches`)).json()) as {
      matches: { id: string; code: string }[];
    };
    const id = list.matches.find((m) => m.code === code)?.id;
    const replay = await newPage(1280, 800);
    await replay.goto(`${server.url}/replay.html?match=${id}`);
    await replay.waitForFunction(() => ((window as Hook).__mj?.state().frames ?? 0) > 0, undefined, {
      timeout: 30_000,
    });
    await replay.check('[data-testid="show-all"]');
    await replay.waitForTimeout(500);
    expect(await vacantDrawn(replay)).toMatchObject({ tiles: 0, label: 'Vacant seat' });
    expect(await replay.locator('#replay-bottom option').count()).toBe(3);
    await replay.screenshot({ path: join(shots, 'replay-1280x800@1.png') });
  });
});
