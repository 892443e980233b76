/**
 * What the four-players run's photographs showed wrong (four-players.e2e.test.ts), each checked
 * at the four screens of that run (1280x800 at DPR 1 and 2, a phone in landscape and in portrait
 * at DPR 3) and photographed into artifacts/four-screens/:
 *
 *  1. a seat label with an emoji name ("N Ann 👍🏽 25000") is drawn whole where it fits: it was cut
 *     to "北 Ann …" on the portrait phone, measured by an estimate instead of its fonts;
 *  2. a seat taken between the page's look and its tap: the refusal is in view (on the landscape
 *     phone it was half below the fold, under the seats);
 *  3. the result card's call-out badge (食糊, Tsumo...) follows the call-outs setting;
 *  4. a win by a discard puts fourteen concealed tiles under the card: they stay inside the
 *     window (they ran off the portrait phone's right edge), as do the card's own tiles;
 *  5. the host's buttons (座位連結, seat links) are hidden while a card is open (they showed above
 *     the portrait phone's card).
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifacts, launchChromium, postJson, type RunningServer, repoRoot, startTableServer } from './e2e/harness.js';

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

const shots = join(artifacts, 'four-screens');
/** Long enough for a page to react on a machine busy with other suites. */
const SLOW = 60_000;

/** As in four-players.e2e.test.ts: the dealer throws 9m, on which seat 1 wins a limit hand. */
const HK_HAND = {
  hands: ['9m147p258s369s1234z', '111m9m555z666z777z', '23m258p147s11223z', '4567m369p1469s44z'],
};
const M9 = 8;

interface Screen {
  readonly name: string;
  readonly lang: 'en' | 'zh-HK';
  readonly options: BrowserContextOptions;
}
const phone = { hasTouch: true, isMobile: true, deviceScaleFactor: 3 } as const;
const DESKTOP1: Screen = {
  name: '1280x800@1',
  lang: 'en',
  options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 },
};
const DESKTOP2: Screen = {
  name: '1280x800@2',
  lang: 'en',
  options: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 },
};
const LANDSCAPE: Screen = {
  name: '844x390@3',
  lang: 'en',
  options: { viewport: { width: 844, height: 390 }, ...phone },
};
const PORTRAIT: Screen = {
  name: '390x844@3',
  lang: 'zh-HK',
  options: { viewport: { width: 390, height: 844 }, ...phone, locale: 'zh-HK' },
};
const SCREENS = [DESKTOP1, DESKTOP2, LANDSCAPE, PORTRAIT] as const;

const EMOJI_NAME = 'Ann 👍🏽';
const PHONE_NAME = '𠀋記😀';
const HOST_NAME = '陳大文';

let server: RunningServer;
let hkServer: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

interface Opening {
  readonly callouts?: boolean;
  /** The table whose host this browser is. */
  readonly host?: { readonly code: string; readonly token: string };
  /** The seat this browser holds. */
  readonly seat?: { readonly code: string; readonly seat: number; readonly token: string; readonly name: string };
}

async function open(screen: Screen, o: Opening = {}): Promise<Page> {
  const ctx = await browser.newContext(screen.options);
  contexts.push(ctx);
  await ctx.addInitScript(
    ([lang, o]) => {
      localStorage.setItem('mj.settings', JSON.stringify({ lang, callouts: o.callouts !== false }));
      if (o.host) localStorage.setItem(`mj.host.${o.host.code}`, o.host.token);
      if (o.seat)
        localStorage.setItem(
          `mj.seats.${o.seat.code}`,
          JSON.stringify({ [o.seat.seat]: { seat: o.seat.seat, token: o.seat.token, name: o.seat.name } }),
        );
    },
    [screen.lang, o] as const,
  );
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  return page;
}

const shot = (page: Page, name: string) => page.screenshot({ path: join(shots, `${name}.png`) });

const tableReady = (page: Page) =>
  page.waitForFunction(() => (window as Hook).__mj?.state().view && (window as Hook).__mj.scene(), undefined, {
    timeout: SLOW,
  });

/** The tiles of the page's scene that reach past the window's edges (rotation by quarter turns). */
const tilesOutside = (page: Page) =>
  page.evaluate(() => {
    const aspect = 86 / 60; // a tile face is 60 wide, 86 high (screens.e2e.test.ts)
    return (window as Hook).__mj
      .scene()
      .items.filter((t: Hook) => t.type === 'tile')
      .filter((t: Hook) => {
        const side = Math.abs(Math.round(t.rotation / (Math.PI / 2))) % 2 === 1;
        const [w, h] = side ? [t.w * aspect, t.w] : [t.w, t.w * aspect];
        return (
          t.x - w / 2 < -0.5 || t.x + w / 2 > innerWidth + 0.5 || t.y - h / 2 < -0.5 || t.y + h / 2 > innerHeight + 0.5
        );
      })
      .map((t: Hook) => t.key as string);
  });

/** The seat label of `seat` as drawn on the page's canvas, isolates taken out. */
const seatLabel = (page: Page, seat: number) =>
  page.evaluate(
    (seat) =>
      (
        ((window as Hook).__mj.renderer.current?.items ?? []).find((i: Hook) => i.key === `seat:${seat}`)?.text ?? ''
      ).replace(/[\u2068\u2069]/g, '') as string,
    seat,
  );

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const testing = (await import(pathToFileURL(resolve(repoRoot, 'server/src/table/testing.ts')).href)) as {
    scriptedWall(s: unknown): unknown;
  };
  server = await startTableServer('four-screens', { botDelayMs: 300 });
  hkServer = await startTableServer('four-screens-hk', {
    botDelayMs: 100,
    engineInternals: { walls: [testing.scriptedWall(HK_HAND)] },
  });
  browser = await launchChromium();
}, 180_000);

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
  await hkServer?.close();
});

describe('the four-players run looked at again', () => {
  test('a seat taken under the tap is refused in view; an emoji name drawn whole on every screen', {
    timeout: 400_000,
  }, async () => {
    // (2) On every screen, a table of its own: the page sees seat 3 free; the host puts a bot
    // there just before the page's request arrives.
    let land: Page | null = null;
    let table = { code: '', hostToken: '' };
    for (const screen of [DESKTOP1, DESKTOP2, PORTRAIT, LANDSCAPE]) {
      table = await postJson<{ code: string; hostToken: string }>(server.url, '/api/tables', {
        ruleset: 'riichi-modern',
        rounds: 1,
        bots: [0],
        options: { turnSeconds: 600, claimSeconds: 120, claimMinMs: 0 },
      });
      const { code, hostToken } = table;
      const page = await open(screen);
      await page.goto(`${server.url}/#/table/${code}`);
      await page.waitForSelector('[data-seat="2"]', { timeout: SLOW });
      await page.fill('[data-testid="name"]', EMOJI_NAME);
      await page.route('**/api/tables/*/join', async (route) => {
        await postJson(server.url, `/api/tables/${code}/bot`, { seat: 2 }, hostToken);
        await route.continue();
      });
      if (screen.options.hasTouch) await page.tap('[data-seat="2"]');
      else await page.click('[data-seat="2"]');
      await page.waitForSelector('[data-testid="error"]', { timeout: SLOW });
      // Brought into view a frame after the lobby is drawn again.
      await page.waitForTimeout(300);
      const box = await page.evaluate(() => {
        const r = document.querySelector('[data-testid="error"]')?.getBoundingClientRect();
        return { top: r?.top ?? -1, bottom: r?.bottom ?? 1e9, h: innerHeight };
      });
      expect.soft(box.top, `${screen.name}: ${JSON.stringify(box)}`).toBeGreaterThanOrEqual(0);
      expect.soft(box.bottom, `${screen.name}: ${JSON.stringify(box)}`).toBeLessThanOrEqual(box.h + 1);
      await shot(page, `1-seat-race-refused-${screen.name}`);
      if (screen !== LANDSCAPE) await page.context().close();
      else land = page;
    }
    // The landscape phone, the last, sits at seat 4 of its table.
    const { code, hostToken } = table;
    if (!land) throw new Error('no landscape page');
    await land.unroute('**/api/tables/*/join');
    await land.tap('[data-seat="3"]');
    await land.waitForSelector('[data-testid="go-table"]', { timeout: SLOW });

    // (1) The portrait phone sits at seat 2; two spectators watch from the desktops.
    const joined = await postJson<{ token: string }>(server.url, `/api/tables/${code}/join`, {
      name: PHONE_NAME,
      seat: 1,
    });
    const zh = await open(PORTRAIT, { seat: { code, seat: 1, token: joined.token, name: PHONE_NAME } });
    await zh.goto(`${server.url}/table.html?code=${code}&seat=1`);
    await land.click('[data-testid="go-table"]');
    await postJson(server.url, `/api/tables/${code}/start`, {}, hostToken);
    const watchers = [await open(DESKTOP1), await open(DESKTOP2)];
    for (const w of watchers) await w.goto(`${server.url}/table.html?code=${code}&spectate=1`);
    const pages = [...watchers, land, zh];
    await Promise.all(pages.map(tableReady));
    for (const [i, page] of pages.entries()) {
      const screen = SCREENS[i] as Screen;
      // Drawn again once the emoji's font is in: the label measured with it holds the whole name.
      const label = await page
        .waitForFunction(
          (n) =>
            (window as Hook).__mj.renderer.current?.items.some((t: Hook) => t.key === 'seat:3' && t.text.includes(n)),
          EMOJI_NAME,
          { timeout: 15_000 },
        )
        .then(() => seatLabel(page, 3))
        .catch(() => seatLabel(page, 3));
      expect.soft(label, screen.name).toContain(EMOJI_NAME);
      await shot(page, `2-emoji-label-${screen.name}`);
    }
  });

  test('a Hong Kong win by a discard: the card and the hand under it fit, its badge follows the call-outs, the host buttons hide', {
    timeout: 400_000,
  }, async () => {
    const t = await postJson<{ code: string; hostToken: string }>(hkServer.url, '/api/tables', {
      ruleset: 'hk-new',
      rounds: 1,
      bots: [2, 3],
      options: { turnSeconds: 600, claimSeconds: 120, claimMinMs: 0, resultsSeconds: 600 },
    });
    const host = { code: t.code, token: t.hostToken };
    const seated: Page[] = [];
    for (const [seat, screen, name, callouts] of [
      [0, DESKTOP1, HOST_NAME, true],
      [1, PORTRAIT, EMOJI_NAME, false],
    ] as const) {
      const joined = await postJson<{ token: string }>(hkServer.url, `/api/tables/${t.code}/join`, { name, seat });
      const page = await open(screen, { callouts, host, seat: { code: t.code, seat, token: joined.token, name } });
      await page.goto(`${hkServer.url}/table.html?code=${t.code}&seat=${seat}`);
      seated.push(page);
    }
    const [en, zh] = seated as [Page, Page];
    // Spectators, also the host's browsers: the landscape one with call-outs off.
    const watchers: Page[] = [];
    for (const [screen, callouts] of [
      [DESKTOP2, true],
      [LANDSCAPE, false],
    ] as const) {
      const page = await open(screen, { callouts, host });
      await page.goto(`${hkServer.url}/table.html?code=${t.code}&spectate=1`);
      watchers.push(page);
    }
    await postJson(hkServer.url, `/api/tables/${t.code}/start`, {}, t.hostToken);
    const pages = [en, watchers[0], watchers[1], zh] as Page[];
    await Promise.all(pages.map(tableReady));
    await zh.waitForSelector('[data-testid="seat-links"]', { state: 'visible', timeout: SLOW });

    await en.waitForFunction(
      (k) => (window as Hook).__mj.state().view?.legalActions.some((a: Hook) => a.type === 'discard' && a.tile === k),
      M9,
      { timeout: SLOW },
    );
    await en.evaluate((k) => {
      const mj = (window as Hook).__mj;
      mj.discard(mj.hand().indexOf(k));
    }, M9);
    await zh.waitForSelector('[data-action="win"]', { timeout: SLOW });
    await zh.tap('[data-action="win"]');
    for (const p of pages) await p.waitForSelector('[data-testid="result"]', { timeout: SLOW, state: 'visible' });

    for (const [i, page] of pages.entries()) {
      const screen = SCREENS[i] as Screen;
      const callouts = await page.evaluate(() => JSON.parse(localStorage.getItem('mj.settings') ?? '{}').callouts);
      // (3) The badge only with call-outs on.
      expect.soft(await page.locator('[data-testid="result"] .call-badge').count(), screen.name).toBe(callouts ? 1 : 0);
      // (4) Every tile of the table inside the window, every tile of the card inside the card.
      expect.soft(await tilesOutside(page), screen.name).toEqual([]);
      const over = await page.evaluate(() => {
        const card = document.querySelector('[data-testid="result"]')?.getBoundingClientRect();
        if (!card) return ['no card'];
        return [...document.querySelectorAll('[data-testid="result"] .result-tiles img')]
          .map((img) => img.getBoundingClientRect())
          .filter((r) => r.left < card.left - 0.5 || r.right > Math.min(card.right, innerWidth) + 0.5)
          .map((r) => `${r.left}-${r.right} beyond ${card.left}-${card.right}`);
      });
      expect.soft(over, screen.name).toEqual([]);
      // (5) The host's buttons hidden under the card.
      expect.soft(await page.isVisible('[data-testid="seat-links"]'), screen.name).toBe(false);
      await shot(page, `3-hk-result-${screen.name}`);
    }
    // The card closed: the host's buttons back.
    await en.click('[data-testid="close-result"]');
    await en.waitForSelector('[data-testid="seat-links"]', { state: 'visible', timeout: 10_000 });
  });
});
