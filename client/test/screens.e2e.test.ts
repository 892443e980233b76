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

const TILE_ASPECT = 86 / 60;

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
/** What the pages' Content-Security-Policy refused (the server sends one with every page): none. */
const cspRefusals: string[] = [];

const post = <T>(path: string, body: unknown, token?: string): Promise<T> => postJson<T>(server.url, path, body, token);

async function newContext(width: number, height: number, dpr: number): Promise<BrowserContext> {
  const ctx = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr });
  contexts.push(ctx);
  return ctx;
}

async function open(ctx: BrowserContext, url: string): Promise<Page> {
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) cspRefusals.push(`${url}: ${m.text()}`);
  });
  await page.goto(url);
  return page;
}

/** Waits until the table page has a view, a scene and a still canvas. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const mj = (window as any).__mj;
      return !!mj?.state().view && !!mj.scene() && !mj.renderer.animating;
    },
    undefined,
    { timeout: 60_000 },
  );
}

/** What the page and its scene say about the picture. */
interface Measure {
  viewport: { w: number; h: number; dpr: number };
  canvasCss: { w: number; h: number };
  canvasPx: { w: number; h: number };
  scene: { w: number; h: number };
  /** Bounds of everything Pixi drew, in CSS px. */
  drawn: { x: number; y: number; w: number; h: number };
  /** Smallest tile heights (CSS px): the viewer's hand, and discards/melds/bonus/other seats. */
  hand: number;
  rest: number;
  outside: number;
  role: number | 'spectator' | null;
  /** Tiles under the HTML controls (the action bar, the page's switches). */
  underBar: string[];
}

const measure = (page: Page): Promise<Measure> =>
  page.evaluate((aspect) => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const mj = (window as any).__mj;
    const scene = mj.scene();
    const canvas = document.querySelector('#stage canvas') as HTMLCanvasElement;
    const r = canvas.getBoundingClientRect();
    const b = mj.renderer.app.stage.getBounds();
    // biome-ignore lint/suspicious/noExplicitAny: scene items
    const tiles = scene.items.filter((i: any) => i.type === 'tile');
    // biome-ignore lint/suspicious/noExplicitAny: scene items
    const heights = (f: (t: any) => boolean) => tiles.filter(f).map((t: any) => t.w * aspect);
    // biome-ignore lint/suspicious/noExplicitAny: scene items
    const box = (t: any) => {
      const side = Math.abs(Math.round(t.rotation / (Math.PI / 2))) % 2 === 1;
      const w = side ? t.w * aspect : t.w;
      const h = side ? t.w : t.w * aspect;
      return { x0: t.x - w / 2, y0: t.y - h / 2, x1: t.x + w / 2, y1: t.y + h / 2 };
    };
    // The HTML over the canvas: the action bar and the page's switches (language, settings).
    const controls = [document.getElementById('actions'), document.querySelector('.mj-chrome')]
      .filter((e): e is HTMLElement => e !== null)
      .map((e) => e.getBoundingClientRect())
      .filter((c) => c.width > 0);
    const underBar = tiles
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      .filter((t: any) => {
        const q = box(t);
        return controls.some((c) => q.x0 < c.right - 1 && c.left < q.x1 - 1 && q.y0 < c.bottom - 1 && c.top < q.y1 - 1);
      })
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      .map((t: any) => t.key);
    return {
      viewport: { w: innerWidth, h: innerHeight, dpr: devicePixelRatio },
      canvasCss: { w: r.width, h: r.height },
      canvasPx: { w: canvas.width, h: canvas.height },
      scene: { w: scene.width, h: scene.height },
      drawn: { x: b.x, y: b.y, w: b.width, h: b.height },
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      hand: Math.min(...heights((t: any) => t.handIndex !== undefined)),
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      rest: Math.min(...heights((t: any) => t.handIndex === undefined && !/^w:/.test(t.key))),
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      outside: tiles.filter((t: any) => {
        const q = box(t);
        return q.x0 < -0.5 || q.y0 < -0.5 || q.x1 > innerWidth + 0.5 || q.y1 > innerHeight + 0.5;
      }).length,
      role: mj.state().role,
      underBar,
    };
  }, TILE_ASPECT);

const role = (page: Page): Promise<number | 'spectator' | null> =>
  // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
  page.evaluate(() => (window as any).__mj.state().role);

beforeAll(async () => {
  server = await startTableServer('screens', { botDelayMs: 50 });
  browser = await launchChromium({ motion: true });
});

afterAll(async () => {
  for (const c of contexts) await c.close().catch(() => {});
  await browser?.close();
  await server?.close();
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

/** The four windows: name, CSS size, DPR, and the smallest tile heights asked for. */
const SCREENS = [
  { name: 'desktop-1280x800-dpr1', w: 1280, h: 800, dpr: 1, hand: 44, rest: 24 },
  { name: 'desktop-1280x800-dpr2', w: 1280, h: 800, dpr: 2, hand: 44, rest: 24 },
  { name: 'phone-844x390-dpr3', w: 844, h: 390, dpr: 3, hand: 44, rest: 24 },
  { name: 'phone-390x844-dpr3', w: 390, h: 844, dpr: 3, hand: 40, rest: 20 },
] as const;

describe('every screen, and a seat for life in this browser', () => {
  test('four windows fill their screens; a closed page and a second tab get the seat right', {
    timeout: 420_000,
  }, async () => {
    // Long timers: nothing moves while the pages are measured.
    const t = await post<{ code: string; hostToken: string; link: string }>('/api/tables', {
      rounds: 1,
      options: { turnSeconds: 600, claimSeconds: 60 },
      fillWithBots: false,
    });
    const ctxs: BrowserContext[] = [];
    for (const s of SCREENS) ctxs.push(await newContext(s.w, s.h, s.dpr));
    // Seat 2 sits down through the invite link's page; the others through the API.
    const names = ['Ann', 'Bo', 'Cy', 'Di'];
    for (const seat of [0, 1, 3]) {
      const joined = await post<{ seat: number; token: string }>(`/api/tables/${t.code}/join`, {
        name: names[seat],
        seat,
      });
      await (ctxs[seat] as BrowserContext).addInitScript(
        ([code, ticket]) => {
          localStorage.setItem(`mj.seats.${code}`, JSON.stringify({ [(ticket as { seat: number }).seat]: ticket }));
        },
        [t.code, { seat, token: joined.token, name: names[seat] }] as const,
      );
    }
    const invite = `${server.url}${t.link}`;
    const cyLobby = await open(ctxs[2] as BrowserContext, invite);
    await cyLobby.fill('[data-testid="name"]', '  Cy  ');
    await cyLobby.click('[data-seat="2"]');
    await cyLobby.waitForSelector('[data-testid="go-table"]');
    const info = (await (await fetch(`${server.url}/api/tables/${t.code}`)).json()) as {
      seats: { name: string | null }[];
    };
    expect(info.seats[2]?.name).toBe('Cy');
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);

    // Cy's lobby page goes to the table by itself once the match has started.
    await cyLobby.waitForURL(/table\.html/, { timeout: 40_000 });
    const pages: Page[] = [];
    for (let s = 0; s < 4; s++)
      pages.push(s === 2 ? cyLobby : await open(ctxs[s] as BrowserContext, `${server.url}/table.html?code=${t.code}`));
    for (const p of pages) await settled(p);

    for (let s = 0; s < 4; s++) {
      const screen = SCREENS[s] as (typeof SCREENS)[number];
      const p = pages[s] as Page;
      const m = await measure(p);
      console.log(
        `${screen.name}: smallest hand tile ${m.hand.toFixed(1)} px, other tiles ${m.rest.toFixed(1)} px tall; canvas ${m.canvasPx.w}x${m.canvasPx.h} device px; drawn ${Math.round(m.drawn.w)}x${Math.round(m.drawn.h)}`,
      );
      expect(m.role).toBe(s);
      expect(m.viewport).toEqual({ w: screen.w, h: screen.h, dpr: screen.dpr });
      // The canvas covers the window in CSS px and has the device's pixels behind it.
      expect(m.canvasCss).toEqual({ w: screen.w, h: screen.h });
      expect(m.canvasPx).toEqual({ w: screen.w * screen.dpr, h: screen.h * screen.dpr });
      expect(m.scene).toEqual({ w: screen.w, h: screen.h });
      // What Pixi drew spans the window (the old bug drew into its top-left quarter at DPR 2).
      expect(m.drawn.x).toBeLessThan(screen.w * 0.05);
      expect(m.drawn.y).toBeLessThan(screen.h * 0.05);
      expect(m.drawn.x + m.drawn.w).toBeGreaterThan(screen.w * 0.95);
      expect(m.drawn.y + m.drawn.h).toBeGreaterThan(screen.h * 0.95);
      expect(m.outside).toBe(0);
      expect(m.hand).toBeGreaterThanOrEqual(screen.hand);
      expect(m.rest).toBeGreaterThanOrEqual(screen.rest);
      expect(m.underBar).toEqual([]);
      await p.screenshot({ path: join(artifacts, `screens-${screen.name}.png`) });
    }

    // Cy's page is closed mid-hand; the invite link opened again in the same browser finds the seat.
    const cyCtx = ctxs[2] as BrowserContext;
    await (pages[2] as Page).close();
    const again = await open(cyCtx, invite);
    await again.waitForURL(/table\.html/, { timeout: 40_000 });
    await settled(again);
    expect(await role(again)).toBe(2);
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    expect(await again.evaluate(() => !!(window as any).__mj.state().view.hand)).toBe(true);

    // A second tab on the same seat takes it over; the first says so, and "Play here" takes it back.
    const second = await open(cyCtx, `${server.url}/table.html?code=${t.code}`);
    await settled(second);
    expect(await role(second)).toBe(2);
    await again.waitForSelector('[data-testid="seat-lost"]', { timeout: 20_000 });
    expect(await again.textContent('[data-testid="seat-lost"]')).toContain('Opened in another tab');
    expect(await role(again)).toBe(null);
    await again.screenshot({ path: join(artifacts, 'screens-seat-lost.png') });
    await again.click('[data-testid="play-here"]');
    await second.waitForSelector('[data-testid="seat-lost"]', { timeout: 20_000 });
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    await again.waitForFunction(() => (window as any).__mj.state().role === 2, undefined, { timeout: 20_000 });
    expect(await again.isVisible('[data-testid="seat-lost"]')).toBe(false);
    // Six WebGL pages at DPR up to 3 weigh on a software GPU: free them for the next test.
    for (const c of ctxs) await c.close();
  });

  test('a hand to its result, Ready, the host ends the match, summary everywhere, replay by link', {
    timeout: 420_000,
  }, async () => {
    const t = await post<{ code: string; hostToken: string; link: string }>('/api/tables', {
      rounds: 1,
      bots: [1, 2, 3],
      options: { turnSeconds: 30, claimSeconds: 1, claimMinMs: 0, resultsSeconds: 120 },
    });
    const joined = await post<{ seat: number; token: string }>(`/api/tables/${t.code}/join`, { name: 'Ann', seat: 0 });
    const hostCtx = await newContext(1280, 800, 1);
    await hostCtx.addInitScript(
      ([code, token, ticket]) => {
        localStorage.setItem(`mj.host.${code}`, token as string);
        localStorage.setItem(`mj.seats.${code}`, JSON.stringify({ 0: ticket }));
      },
      [t.code, t.hostToken, { seat: 0, token: joined.token, name: 'Ann' }] as const,
    );
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);
    const host = await open(hostCtx, `${server.url}/table.html?code=${t.code}`);
    const watcher = await open(await newContext(844, 390, 3), `${server.url}/table.html?code=${t.code}&spectate=1`);
    await settled(host);

    // Ann plays as fast as she may: wins when offered, passes claims, discards the last tile.
    const deadline = Date.now() + 150_000;
    for (;;) {
      expect(Date.now(), 'the hand did not finish in time').toBeLessThan(deadline);
      const st = await host.evaluate(() => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        const mj = (window as any).__mj;
        const s = mj.state();
        const v = s.view;
        const buttons: string[] = mj.buttons();
        if (v?.phase !== 'playing') return v?.phase ?? null;
        const click = (id: string) => (document.querySelector(`[data-action="${id}"]`) as HTMLElement | null)?.click();
        if (buttons.includes('win')) click('win');
        else if (buttons.includes('pass')) click('pass');
        // biome-ignore lint/suspicious/noExplicitAny: legal actions
        else if (s.sentAt !== v.seq && v.legalActions.some((a: any) => a.type === 'discard')) {
          // biome-ignore lint/suspicious/noExplicitAny: scene items
          const mine = mj.scene().items.filter((i: any) => i.type === 'tile' && i.handIndex !== undefined && !i.dim);
          const pick = mine[mine.length - 1];
          if (pick) mj.discard(pick.handIndex);
        }
        return 'playing';
      });
      if (st !== 'playing') break;
      await sleep(40);
    }

    // The result card: a Ready button and the pause's countdown (120 s).
    await host.waitForSelector('[data-testid="ready"]', { timeout: 20_000 }).catch(async (e) => {
      await host.screenshot({ path: join(artifacts, 'debug-ready.png') });
      console.log(
        await host.evaluate(() => {
          // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
          const s = (window as any).__mj.state();
          return JSON.stringify({
            phase: s.view?.phase,
            seq: s.view?.seq,
            sentAt: s.sentAt,
            legal: s.view?.legalActions,
            table: s.table?.status,
            dismissed: s.dismissed,
          });
        }),
      );
      throw e;
    });
    const countdown = (await host.textContent('[data-testid="pause-countdown"]')) ?? '';
    const left = Number(/Next hand in (\d+)s/.exec(countdown)?.[1]);
    expect(left).toBeGreaterThan(60);
    expect(left).toBeLessThanOrEqual(120);
    await host.screenshot({ path: join(artifacts, 'screens-hand-end.png') });
    // Ready (the bots are ready at once): the next hand starts long before the pause's end.
    const readyAt = Date.now();
    await host.click('[data-testid="ready"]');
    await host.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => (window as any).__mj.state().view?.handNumber === 1,
      undefined,
      { timeout: 30_000 },
    );
    expect(Date.now() - readyAt).toBeLessThan(30_000);

    // The host ends the match from the page, after a confirm; every page shows the summary.
    await host.click('[data-testid="end-match"]');
    await host.click('[data-testid="end-confirm"]');
    for (const p of [host, watcher]) {
      await p.waitForSelector('[data-testid="match-over"]', { timeout: 20_000 });
      await p.waitForSelector('[data-testid="summary-replay"]');
      await p.waitForFunction(
        () => /matches the hash/.test(document.querySelector('[data-testid="seed-check"]')?.textContent ?? ''),
        undefined,
        { timeout: 20_000 },
      );
    }
    expect(await host.textContent('[data-testid="ended"]')).toContain('The host ended this match');
    // The view stays on the turn the match stopped on, with its deadline: no clock runs on it (in
    // the centre or in the action bar, which is gone with its switches), and none ticks.
    for (const p of [host, watcher]) {
      expect(await p.locator('#stage .live-texts [data-key="clock"]').count()).toBe(0);
      expect(await p.locator('#actions [data-testid="status"], #actions #countdown').count()).toBe(0);
    }
    await host.screenshot({ path: join(artifacts, 'screens-match-ended.png') });
    await watcher.screenshot({ path: join(artifacts, 'screens-match-ended-phone.png') });

    // The replay link works; on a hand-end frame every control can be clicked (nothing covers them).
    await Promise.all([
      watcher.waitForURL(/replay\.html\?match=/, { timeout: 30_000 }),
      watcher.click('[data-testid="summary-replay"]'),
    ]);
    await watcher.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => ((window as any).__mj?.state().frames ?? 0) > 0,
      undefined,
      { timeout: 90_000 },
    );
    const handEnd = await watcher.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const s = (window as any).__mj.state();
      return (s.handStarts[1] as number) - 1;
    });
    const toHandEnd = async () => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      await watcher.evaluate((i) => (window as any).__mj.seek(i), handEnd);
      await watcher.waitForSelector('#result [data-testid="result"]', { state: 'visible' });
    };
    await toHandEnd();
    const [overlay, bar] = await watcher.evaluate(() =>
      ['result', 'replay-controls'].map((id) =>
        (document.getElementById(id) as HTMLElement).getBoundingClientRect().toJSON(),
      ),
    );
    expect(overlay.bottom).toBeLessThanOrEqual(bar.top + 0.5);
    await watcher.screenshot({ path: join(artifacts, 'screens-replay-hand-end.png') });
    for (const id of ['prev-hand', 'step-back', 'play', 'step-forward', 'next-hand', 'copy-link', 'show-all']) {
      await toHandEnd();
      await watcher.click(`[data-testid="${id}"]`, { timeout: 5000 });
    }
    for (const label of ['Hand', 'Speed', 'Seat at the bottom']) {
      await toHandEnd();
      await watcher.selectOption(`#replay-controls select[aria-label="${label}"]`, { index: 1 }, { timeout: 5000 });
    }
    // The caption of a claim window closing unclaimed is not "Time ran out".
    const captions = await watcher.evaluate(async (n) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        (window as any).__mj.seek(i);
        out.push(document.querySelector('[data-testid="caption"]')?.textContent ?? '');
      }
      return out;
    }, handEnd);
    expect(captions.filter((c) => c === 'No claim: play goes on').length).toBeGreaterThan(0);
    expect(captions.filter((c) => c === 'Time ran out')).toEqual([]);

    // A move opened by its link.
    await watcher.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      (window as any).__mj.seek(7);
    });
    const link = (await watcher.getAttribute('[data-testid="copy-link"]', 'data-link')) ?? '';
    expect(link).toMatch(/replay\.html\?match=[^&]+&hand=1&step=7$/);
    expect(watcher.url()).toBe(link);
    const byLink = await open(watcher.context(), link);
    await byLink.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => ((window as any).__mj?.state().frames ?? 0) > 0,
      undefined,
      { timeout: 90_000 },
    );
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    expect(await byLink.evaluate(() => (window as any).__mj.state().replay.index)).toBe(7);
    expect((await byLink.textContent('[data-testid="position"]'))?.trim()).toMatch(/^8 \//);

    // The lobby link; a malformed or unknown code is answered at once, and the message stays.
    await host.click('[data-testid="summary-lobby"]');
    await host.waitForSelector('[data-testid="join"]');
    await host.fill('[data-testid="join"] input[name="code"]', 'ab1');
    await host.click('[data-testid="join"] button[type="submit"]');
    await host.waitForSelector('[data-testid="join-error"] [data-testid="error"]');
    expect(await host.textContent('[data-testid="join-error"]')).toContain('6 letters and digits');
    await host.fill('[data-testid="join"] input[name="code"]', 'ZZZZZZ');
    await host.click('[data-testid="join"] button:has-text("Watch")');
    await host.waitForFunction(() =>
      /no table ZZZZZZ/.test(document.querySelector('[data-testid="join-error"]')?.textContent ?? ''),
    );
    await sleep(2000);
    expect(await host.textContent('[data-testid="join-error"]')).toContain('There is no table ZZZZZZ');
    expect(host.url()).toBe(`${server.url}/`);
  });

  test('a still table draws no frame while its clock counts down over it; a change slides its tiles, or puts them in place at once under reduced motion', {
    timeout: 120_000,
  }, async () => {
    // Four seats and long timers: nothing moves unless the window does; the centre clock counts
    // the turn's seconds down.
    const t = await post<{ code: string; hostToken: string }>('/api/tables', {
      rounds: 1,
      options: { turnSeconds: 600, claimSeconds: 60 },
      fillWithBots: false,
    });
    for (const seat of [0, 1, 2, 3]) await post(`/api/tables/${t.code}/join`, { name: `P${seat}`, seat });
    await post(`/api/tables/${t.code}/start`, {}, t.hostToken);
    const url = `${server.url}/table.html?code=${t.code}&spectate=1`;

    /**
     * After `page` is still: the frames it draws in 2.5 seconds and the centre clock's texts seen
     * over them, and whether any frame of a resize showed a tile on its way.
     */
    const resized = async (
      page: Page,
    ): Promise<{ idleFrames: number; clocks: string[]; drawn: number; moving: boolean }> => {
      await settled(page);
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const frames = () => page.evaluate(() => (window as any).__mj.renderer.frames as number);
      const clock = () => page.textContent('#stage .live-texts [data-key="clock"]');
      await sleep(300); // the few frames after the last change
      const before = await frames();
      const clocks = new Set<string>();
      for (let i = 0; i < 5; i++) {
        clocks.add((await clock()) ?? '');
        await sleep(500);
      }
      clocks.add((await clock()) ?? '');
      const idleFrames = (await frames()) - before;
      await page.evaluate(() => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        const mj = (window as any).__mj;
        const seen: boolean[] = [];
        (window as unknown as { __moving: boolean[] }).__moving = seen;
        // Added after the renderer's own: it reads the sprites as that frame draws them.
        mj.renderer.app.ticker.add(() => seen.push(mj.renderer.animating));
      });
      await page.setViewportSize({ width: 700, height: 500 });
      await page.waitForFunction(() => (window as unknown as { __moving: boolean[] }).__moving.length > 0);
      await settled(page);
      await sleep(300);
      const moving = await page.evaluate(() => (window as unknown as { __moving: boolean[] }).__moving);
      return { idleFrames, clocks: [...clocks], drawn: moving.length, moving: moving.includes(true) };
    };

    const sliding = await resized(await open(await newContext(1000, 700, 1), url));
    const ctx = await browser.newContext({ viewport: { width: 1000, height: 700 }, reducedMotion: 'reduce' });
    contexts.push(ctx);
    const still = await resized(await open(ctx, url));
    console.log(
      `frames while still: ${sliding.idleFrames}, ${still.idleFrames} (clock ${sliding.clocks.join(' ')}); frames after a resize: ${sliding.drawn} sliding, ${still.drawn} reduced`,
    );
    // The clock counted down over the still table (its seconds, written in the page), and not one
    // frame of the canvas was drawn for it.
    for (const page of [sliding, still]) {
      expect(page.clocks.length).toBeGreaterThanOrEqual(2);
      for (const c of page.clocks) expect(c).toMatch(/\d/);
      expect(page.idleFrames).toBe(0);
    }
    expect(sliding.moving).toBe(true);
    expect(still.moving).toBe(false);
    expect(still.drawn).toBeGreaterThan(0);
  });

  test("the pages above ran under the server's Content-Security-Policy and refused nothing", async () => {
    const csp = (await fetch(`${server.url}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(cspRefusals).toEqual([]);
  });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
