/**
 * A riichi table through the lobby in Chromium: the host picks "Japanese riichi (modern)" and
 * its house rules in the form, four pages take the seats, and they play by clicking (each
 * discards the tile that keeps its hand closest to ready, declares riichi when the button
 * appears, wins when it can) until a hand with a riichi declaration is over (the first hand is
 * dealt from a script, FIRST_HAND below, so that this comes within a dozen moves). The declaration is
 * made as in the commercial apps: one Riichi button, then a tap on one of the hand tiles that
 * may go with it (the others dimmed and dead); the first time, the player cancels and discards
 * as usual instead. The other pages see the declaration (sideways tile, stick on the table),
 * nobody sees an ura-dora indicator before the result, and the result card gives han, fu and
 * points. Red fives are on (the modern rules' default): players keep them, but for one that a
 * player discards by tapping its red tile (sent as `red: true`); every other page, a spectator's
 * too, then draws that discard red in its pond, and a seat holding a red five is photographed on
 * four screens, a red five in its hand and one in a pond.
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type KindCounts, shanten, type TileKind } from '@mahjong/shared';
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
  onTablePage,
} from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function newPage(width = 900, height = 640): Promise<Page> {
  const ctx = await browser.newContext({ viewport: { width, height } });
  contexts.push(ctx);
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  return page;
}

interface Seen {
  phase: string | null;
  stage: string | null;
  seq: number;
  buttons: string[];
  canDiscard: boolean;
  hand: number[];
  /** Kinds of the red fives in the hand. */
  red: number[];
  /** The seat is in riichi (its drawn tile is its only discard). */
  inRiichi: boolean;
  discardable: number[];
  /** Kinds whose discard may go with a riichi declaration now. */
  riichiTiles: number[];
  riichi: { doraIndicators: number[]; honba: number; sticks: number } | null;
  declared: number[];
  sideways: number;
  handNumber: number;
  json: string;
}

const look = (page: Page): Promise<Seen> =>
  page.evaluate(() => {
    const countSideways = (items: { type: string; key: string; rotation?: number }[]): number => {
      let n = 0;
      for (const s of [0, 1, 2, 3]) {
        const rot = items.filter((i) => i.type === 'tile' && i.key.startsWith(`d:${s}:`)).map((i) => i.rotation ?? 0);
        const mode = rot.sort((a, b) => rot.filter((x) => x === b).length - rot.filter((x) => x === a).length)[0];
        n += rot.filter((r) => Math.abs(Math.cos(r - (mode ?? 0))) < 0.1).length;
      }
      return n;
    };
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const mj = (window as any).__mj;
    const s = mj.state();
    const v = s.view;
    const scene = mj.scene();
    return {
      phase: v?.phase ?? null,
      stage: v?.stage ?? null,
      seq: v?.seq ?? -1,
      buttons: mj.buttons(),
      // biome-ignore lint/suspicious/noExplicitAny: legal actions
      canDiscard: !!v && s.sentAt !== v.seq && v.legalActions.some((a: any) => a.type === 'discard'),
      hand: v?.hand?.concealed ?? [],
      red: v?.hand?.red ?? [],
      inRiichi: typeof v?.viewer === 'number' && !!v.seats[v.viewer].riichi,
      // biome-ignore lint/suspicious/noExplicitAny: legal actions
      discardable: (v?.legalActions ?? []).filter((a: any) => a.type === 'discard').map((a: any) => a.tile),
      // biome-ignore lint/suspicious/noExplicitAny: legal actions
      riichiTiles: (v?.legalActions ?? []).filter((a: any) => a.type === 'riichi').map((a: any) => a.tile),
      riichi: v?.riichi ?? null,
      // biome-ignore lint/suspicious/noExplicitAny: seat views
      declared: (v?.seats ?? []).filter((x: any) => x.riichi).map((x: any) => x.seat),
      // Discards drawn sideways: a quarter turn off the rotation most of their seat's discards have.
      sideways: scene ? countSideways(scene.items) : 0,
      handNumber: v?.handNumber ?? -1,
      json: v ? JSON.stringify({ ...v, results: [], lastResult: null }) : '',
    };
  });

/** The discard that leaves the fewest tiles to ready (ties: the last such tile of the hand). */
function bestDiscard(hand: readonly number[], allowed: readonly number[], melds: number): TileKind {
  const counts = new Uint8Array(42) as KindCounts;
  for (const k of hand) counts[k] = (counts[k] as number) + 1;
  let best = allowed[allowed.length - 1] as TileKind;
  let bestSh = Number.POSITIVE_INFINITY;
  for (const k of allowed) {
    counts[k] = (counts[k] as number) - 1;
    const sh = shanten(counts, melds);
    counts[k] = (counts[k] as number) + 1;
    if (sh <= bestSh) {
      bestSh = sh;
      best = k as TileKind;
    }
  }
  return best;
}

const FIVES = [4, 13, 22];
const isFive = (kind: number): boolean => FIVES.includes(kind);

/** The actions a page sent, oldest first. */
const sentBy = (page: Page): Promise<{ type: string; tile?: number; red?: boolean }[]> =>
  // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
  page.evaluate(() => (window as any).__mj.sent());

/** The scene's tiles marked red: their keys, faces and (in the own hand) indices. */
const redTiles = (page: Page): Promise<{ key: string; face: number; handIndex?: number }[]> =>
  page.evaluate(() =>
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    ((window as any).__mj.scene()?.items ?? [])
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      .filter((i: any) => i.type === 'tile' && i.red)
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      .map((i: any) => ({ key: i.key, face: i.face, handIndex: i.handIndex })),
  );

/**
 * Clicks hand tile `kind` on the canvas twice: raised, then discarded. A plain copy when the hand
 * has one (players keep their red fives), the red one when `red` (or when it is the only copy).
 */
async function discardKind(page: Page, kind: number, red = false): Promise<void> {
  const at = () =>
    page.evaluate(
      ([k, r]) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        const items = (window as any).__mj.scene().items as any[];
        const mine = items.filter((i) => i.type === 'tile' && i.handIndex !== undefined && i.face === k);
        const pick = mine.filter((i) => !!i.red === r).at(-1) ?? mine.at(-1);
        return pick ? { x: pick.x as number, y: pick.y as number } : null;
      },
      [kind, red] as const,
    );
  const first = await at();
  if (!first) return;
  await page.mouse.click(first.x, first.y);
  await sleep(60);
  const second = await at();
  if (second) await page.mouse.click(second.x, second.y - 3);
}

/** The viewer's hand tiles as drawn: kind, place, dimmed, raised, red, index in drawing order. */
interface HandTile {
  face: number;
  x: number;
  y: number;
  dim: boolean;
  raised: boolean;
  red: boolean;
  handIndex: number;
}
const handTiles = (page: Page): Promise<HandTile[]> =>
  page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const items = (window as any).__mj.scene().items as any[];
    return items
      .filter((i) => i.type === 'tile' && i.handIndex !== undefined)
      .map((i) => ({
        face: i.face,
        x: i.x,
        y: i.y,
        dim: !!i.dim,
        raised: !!i.raised,
        red: !!i.red,
        handIndex: i.handIndex,
      }));
  });

/** The page state the riichi choice is read from: on, the raised tile, whether a move went out on this view. */
const choiceState = (page: Page): Promise<{ choosing: boolean; selected: number | null; sent: boolean }> =>
  page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const s = (window as any).__mj.state();
    return { choosing: s.riichiChoice, selected: s.selected, sent: s.sentAt === s.view?.seq };
  });

/** Keys go to the page, not to a toggle clicked before (the page ignores keys typed in a form field). */
const keysToPage = (page: Page): Promise<void> =>
  page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

/** Waits until the page's action buttons are `ids` (in order). */
async function buttonsAre(page: Page, ids: readonly string[]): Promise<void> {
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    (want) => JSON.stringify((window as any).__mj.buttons()) === JSON.stringify(want),
    ids,
    { timeout: 10_000 },
  );
}

/**
 * Riichi pressed: the bar holds Cancel alone, the status asks for a tile, and exactly the hand
 * tiles whose kind may go with the declaration are lit (every other one dimmed).
 */
async function expectChoice(page: Page, riichi: readonly number[]): Promise<HandTile[]> {
  await buttonsAre(page, ['cancel']);
  expect(await page.textContent('[data-testid="status"]')).toBe('Riichi: pick the tile to discard');
  expect(await page.textContent('#actions button[data-action="cancel"]')).toContain('Cancel');
  const drawn = await handTiles(page);
  for (const t of drawn) expect(t.dim, `tile ${t.face}`).toBe(!riichi.includes(t.face));
  return drawn;
}

/**
 * The riichi choice on this seat's own screen, on a phone (portrait and landscape) and a desktop
 * at device pixel ratios 1 to 3: a second page of the same browser takes the seat over (the seat
 * for life), presses Riichi and raises a tile that may go with it (its waits in the corner; hints
 * on in two of them), and is saved for looking at. The first page takes its seat back ("Play
 * here").
 */
async function choiceShots(page: Page, code: string, riichi: readonly number[]): Promise<void> {
  const storageState = await page.context().storageState();
  for (const [w, h, dpr, hints] of [
    [390, 844, 3, true],
    [844, 390, 3, false],
    [1280, 800, 2, true],
    [1280, 800, 1, false],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr, storageState });
    contexts.push(ctx);
    await ctx.addInitScript((on) => {
      const s = JSON.parse(localStorage.getItem('mj.settings') ?? '{}');
      localStorage.setItem('mj.settings', JSON.stringify({ ...s, lang: 'en', hints: on }));
    }, hints);
    const other = await ctx.newPage();
    await other.goto(`${server.url}/table.html?code=${code}`);
    await other.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => (window as any).__mj?.buttons().includes('riichi'),
      undefined,
      { timeout: 30_000 },
    );
    await other.click('[data-action="riichi"]');
    await expectChoice(other, riichi);
    const lit = (await handTiles(other)).filter((t) => !t.dim);
    const pick = lit[lit.length - 1] as HandTile;
    await other.mouse.click(pick.x, pick.y);
    await other.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => (window as any).__mj.scene().items.some((i: any) => i.key === 'waitsLabel' && i.text === 'Riichi · waits'),
      undefined,
      { timeout: 10_000 },
    );
    await sleep(400);
    await other.screenshot({ path: join(artifacts, `riichi-choice-${w}x${h}@${dpr}.png`) });
    await other.close();
  }
  await page.click('[data-testid="play-here"]', { timeout: 10_000 });
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    () => (window as any).__mj.buttons().includes('riichi'),
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * The first riichi offer: Riichi, a dimmed tile that cannot be raised (nor played by the arrows
 * and Enter), Escape back to the normal discard, the choice on four screens, then Riichi and
 * Cancel again and an ordinary discard of a tile that keeps the hand ready (no declaration).
 */
async function riichiThenCancel(page: Page, st: Seen, code: string, seat: number): Promise<void> {
  await page.click('[data-action="riichi"]');
  const drawn = await expectChoice(page, st.riichiTiles);
  const dead = drawn.find((t) => t.dim);
  expect(dead, 'a hand tile that cannot go with the declaration').toBeDefined();
  if (dead) {
    await page.mouse.click(dead.x, dead.y);
    await sleep(150);
    await page.mouse.click(dead.x, dead.y);
    await sleep(150);
    expect(await choiceState(page)).toEqual({ choosing: true, selected: null, sent: false });
    expect((await handTiles(page)).some((t) => t.raised)).toBe(false);
  }
  // The arrows raise lit tiles only.
  await keysToPage(page);
  await page.keyboard.press('ArrowRight');
  const { selected } = await choiceState(page);
  const raised = drawn.find((t) => t.handIndex === selected);
  expect(raised && !raised.dim).toBe(true);
  // Escape cancels: the Riichi button is back, nothing is dimmed, any tile may be raised again.
  await page.keyboard.press('Escape');
  await buttonsAre(page, st.buttons);
  expect(await page.textContent('[data-testid="status"]')).toBe('Your turn: discard a tile');
  expect((await handTiles(page)).filter((t) => t.dim)).toEqual([]);
  if (dead) {
    await page.mouse.click(dead.x, dead.y);
    await page.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      (i) => (window as any).__mj.state().selected === i,
      dead.handIndex,
    );
  }
  await choiceShots(page, code, st.riichiTiles);
  // Riichi, then the Cancel button, then an ordinary discard: it goes out upright, no declaration.
  await page.click('[data-action="riichi"]');
  await expectChoice(page, st.riichiTiles);
  await page.click('[data-action="cancel"]');
  await buttonsAre(page, st.buttons);
  const before = await look(page);
  const keep = bestDiscard(before.hand, st.riichiTiles, Math.max(0, Math.round((14 - before.hand.length) / 3)));
  await discardKind(page, keep);
  await page.waitForFunction(
    ([s, n]) => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const v = (window as any).__mj.state().view;
      return (v?.seats[s as number].discards.length ?? 0) > (n as number) || v?.phase !== 'playing';
    },
    [seat, JSON.parse(before.json).seats[seat].discards.length] as const,
    { timeout: 10_000 },
  );
  const after = await look(page);
  expect(after.declared).not.toContain(seat);
}

/**
 * The declaration: Riichi (its key, r), then two taps on a lit tile: raised (its waits shown in
 * the corner), then played; the page sends `{ type: 'riichi', tile }` for it. The waits shown
 * before are the ones the server then gives the ready hand.
 */
async function declareRiichi(page: Page, st: Seen, seat: number): Promise<void> {
  await keysToPage(page);
  await page.keyboard.press('r');
  const drawn = await expectChoice(page, st.riichiTiles);
  const melds = Math.max(0, Math.round((14 - st.hand.length) / 3));
  const kind = bestDiscard(st.hand, st.riichiTiles, melds);
  const tile = drawn.filter((t) => t.face === kind).at(-1) as HandTile;
  await page.mouse.click(tile.x, tile.y);
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    () => (window as any).__mj.scene().items.some((i: any) => i.key === 'waitsLabel' && i.text === 'Riichi · waits'),
    undefined,
    { timeout: 10_000 },
  );
  const shown = await page.evaluate(() =>
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    ((window as any).__mj.scene().items as any[]).filter((i) => i.key.startsWith('w:')).map((i) => i.face as number),
  );
  expect(shown.length).toBeGreaterThan(0);
  const raised = (await handTiles(page)).find((t) => t.raised) as HandTile;
  expect(raised.face).toBe(kind);
  await page.mouse.click(raised.x, raised.y - 3);
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    (me) => (window as any).__mj.state().view?.seats[me].riichi,
    seat,
    { timeout: 10_000 },
  );
  // The declaration names the copy of a five (the tile tapped), and nothing for other tiles.
  expect((await sentBy(page)).at(-1)).toEqual({
    type: 'riichi',
    tile: kind,
    ...(isFive(kind) ? { red: raised.red } : {}),
  });
  const after = await page.evaluate(() => {
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const v = (window as any).__mj.state().view;
    return { waits: v.hand.waits as number[], phase: v.phase as string };
  });
  if (after.phase === 'playing') expect(after.waits).toEqual(shown);
}

/**
 * A red five discarded on purpose: seat `seat`'s page draws exactly one hand tile red for each
 * red kind its view names; a tap, twice, on the red `kind` sends `{ type: 'discard', tile: kind,
 * red: true }`, and the discard is drawn red in that seat's pond on this page and on every page
 * of `others` (the other players' and a spectator's).
 */
async function discardRedFive(
  page: Page,
  st: Seen,
  kind: number,
  seat: number,
  others: readonly Page[],
): Promise<void> {
  const inHand = (await redTiles(page)).filter((t) => t.handIndex !== undefined);
  expect(inHand.map((t) => t.face).sort((a, b) => a - b)).toEqual([...st.red].sort((a, b) => a - b));
  const before = JSON.parse(st.json).seats[seat].discards.length as number;
  await discardKind(page, kind, true);
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    ([s, n]) => ((window as any).__mj.state().view?.seats[s as number].discards.length ?? 0) > (n as number),
    [seat, before] as const,
    { timeout: 10_000 },
  );
  expect((await sentBy(page)).at(-1)).toEqual({ type: 'discard', tile: kind, red: true });
  const key = `d:${seat}:${before}`;
  for (const p of [page, ...others]) {
    await p.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      (k) => ((window as any).__mj.scene()?.items ?? []).some((i: any) => i.key === k && i.red && i.face !== 'back'),
      key,
      { timeout: 10_000 },
    );
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    const disc = await p.evaluate((s) => (window as any).__mj.state().view.seats[s].discards.at(-1), seat);
    expect(disc).toMatchObject({ tile: kind, red: true });
  }
}

/**
 * A seat's own screen with red fives, on a phone (portrait and landscape) and a desktop at device
 * pixel ratios 1 to 3 (hints on in two): a second page of the same browser takes the seat over,
 * waits for a red tile in the hand (when the seat holds one) and in a pond, and is saved for
 * looking at. The first page takes its seat back.
 */
async function redShots(page: Page, code: string, handRed: boolean): Promise<void> {
  const storageState = await page.context().storageState();
  for (const [w, h, dpr, hints] of [
    [390, 844, 3, true],
    [844, 390, 3, false],
    [1280, 800, 2, true],
    [1280, 800, 1, false],
  ] as const) {
    const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr, storageState });
    contexts.push(ctx);
    await ctx.addInitScript((on) => {
      const s = JSON.parse(localStorage.getItem('mj.settings') ?? '{}');
      localStorage.setItem('mj.settings', JSON.stringify({ ...s, lang: 'en', hints: on }));
    }, hints);
    const other = await ctx.newPage();
    await other.goto(`${server.url}/table.html?code=${code}`);
    await other.waitForFunction(
      (inHand) => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        const items = ((window as any).__mj?.scene()?.items ?? []) as any[];
        const red = items.filter((i) => i.type === 'tile' && i.red);
        return red.some((i) => i.key.startsWith('d:')) && (!inHand || red.some((i) => i.handIndex !== undefined));
      },
      handRed,
      { timeout: 30_000 },
    );
    await sleep(500);
    await other.screenshot({ path: join(artifacts, `red-fives-${w}x${h}@${dpr}.png`) });
    await other.close();
  }
  await page.click('[data-testid="play-here"]', { timeout: 10_000 });
  // Seated again once the server has said welcome (a move sent before would be lost).
  await page.waitForFunction(
    // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
    () => typeof (window as any).__mj.state().role === 'number',
    undefined,
    { timeout: 20_000 },
  );
}

/**
 * The screens every picture of the table is taken on: phones (portrait, landscape), a desktop, a
 * small window and a desktop at DPR 2. The suite takes the first three (both phone orientations,
 * DPR 1 and 3; DPR 2 is photographed by the four-players and calls suites): every spectator page
 * costs seconds of software WebGL. `E2E_ALL_SCREENS=1` takes all five.
 */
const ALL_SCREENS = [
  [390, 844, 3],
  [844, 390, 3],
  [1280, 800, 1],
  [900, 640, 1],
  [1280, 800, 2],
] as const;
const SCREENS = process.env.E2E_ALL_SCREENS === '1' ? ALL_SCREENS : ALL_SCREENS.slice(0, 3);

/**
 * One spectator's page of the table on each screen, opened the first time it is photographed and
 * kept: the declaration, the result card and the summary are then each taken on the page that
 * watched the play up to them (a page costs seconds of software WebGL to load; a still one draws
 * nothing, its clock included).
 */
const watchers = new Map<(typeof SCREENS)[number], Page>();

/** Each screen's spectator page of table `code` in turn (opened on first use), looked at by `look`. */
async function onEachScreen(
  code: string,
  look: (watcher: Page, screen: (typeof SCREENS)[number]) => Promise<void>,
): Promise<void> {
  for (const screen of SCREENS) {
    let watcher = watchers.get(screen);
    if (!watcher) {
      const [w, h, dpr] = screen;
      const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
      contexts.push(ctx);
      watcher = await ctx.newPage();
      await watcher.goto(`${server.url}/table.html?code=${code}&spectate=1`);
      watchers.set(screen, watcher);
    }
    await look(watcher, screen);
  }
}

/**
 * The table as spectators see it on a phone (portrait and landscape), a small window and a
 * desktop, at device pixel ratios 1 to 3, with a riichi declared: saved for looking at. The centre
 * labels its dora indicator, and each declared seat has its riichi stick (no "R" by the name).
 */
async function spectatorShots(code: string): Promise<void> {
  await onEachScreen(code, async (watcher, [w, h, dpr]) => {
    await watcher.waitForFunction(
      () => {
        // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
        const mj = (window as any).__mj;
        return mj?.state().view?.riichi && mj.scene();
      },
      undefined,
      { timeout: 30_000 },
    );
    const centre = await watcher.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const mj = (window as any).__mj;
      // biome-ignore lint/suspicious/noExplicitAny: scene items
      const items = mj.scene().items as any[];
      return {
        label: items.find((i) => i.key === 'doraLabel')?.text,
        indicators: items.filter((i) => i.key.startsWith('dora:')).length,
        sticks: items.filter((i) => /^stick:\d$/.test(i.key)).map((i) => Number(i.key.slice(6))),
        declared: (mj.state().view.seats as { seat: number; riichi?: unknown }[])
          .filter((x) => x.riichi)
          .map((x) => x.seat),
        labels: items.filter((i) => i.key.startsWith('seat:')).map((i) => i.text as string),
      };
    });
    expect(centre.label).toMatch(/^Dora indicators?$/);
    expect(centre.indicators).toBeGreaterThan(0);
    expect(centre.sticks.sort()).toEqual(centre.declared.sort());
    for (const l of centre.labels) expect(l).not.toMatch(/ R /);
    await sleep(300);
    await watcher.screenshot({ path: join(artifacts, `riichi-spectator-${w}x${h}@${dpr}.png`) });
  });
}

/**
 * The players' pages the moment a hand's result card opens: no call-out is left on screen over it
 * (a win's "自摸 Tsumo" once stayed over the patterns table), the call-outs were still made (the
 * win one too, on a win, which the card then carries in its title).
 */
async function noCalloutOverCards(pages: readonly Page[]): Promise<void> {
  for (const p of pages) {
    await p.waitForSelector('[data-testid="result"]', { timeout: 10_000 });
    const seen = await p.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const mj = (window as any).__mj;
      return {
        onScreen: document.querySelectorAll('.callout').length,
        hookOnScreen: mj.feedback.onScreen as number,
        // biome-ignore lint/suspicious/noExplicitAny: call-outs
        shown: (mj.feedback.shown as any[]).map((c) => c.text as string),
        win: mj.state().view.lastResult?.kind === 'win',
        badge: document.querySelector('[data-testid="result"] .call-badge')?.textContent ?? null,
      };
    });
    expect(seen.onScreen).toBe(0);
    expect(seen.hookOnScreen).toBe(0);
    if (seen.win) {
      // English pages add the word players say; Chinese pages say it in Chinese alone.
      expect(seen.badge).toMatch(/^(榮和( Ron)?|自摸( Tsumo)?)$/);
      expect(seen.shown).toContain(seen.badge);
    } else expect(seen.badge).toBeNull();
  }
}

/**
 * The result card of hand `hand` as spectators see it on every screen, saved for looking at; a
 * win's card shows its dora indicators and, when given, the ura-dora ones.
 */
async function resultShots(code: string, hand: number): Promise<void> {
  await onEachScreen(code, async (watcher, [w, h, dpr]) => {
    await watcher.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      (n) => (window as any).__mj?.state().view?.lastResult?.handNumber === n,
      hand,
      { timeout: 30_000 },
    );
    await watcher.waitForSelector('[data-testid="result"]', { timeout: 10_000 });
    const shown = await watcher.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const r = (window as any).__mj.state().view.lastResult;
      const count = (id: string) => document.querySelectorAll(`[data-testid="${id}"] img`).length;
      return {
        kind: r.kind as string,
        dora: (r.doraIndicators ?? []).length as number,
        ura: (r.uraIndicators ?? []).length as number,
        doraShown: count('dora-indicators'),
        uraShown: count('ura-indicators'),
      };
    });
    if (shown.kind === 'win') {
      expect(shown.doraShown).toBe(shown.dora);
      expect(shown.uraShown).toBe(shown.ura);
    }
    await sleep(300);
    await watcher.screenshot({ path: join(artifacts, `riichi-result-${w}x${h}@${dpr}.png`) });
  });
}

/**
 * The match summary as spectators see it on every screen (on the phones a second picture scrolled
 * to the chart), saved for looking at. The chart's lines never coincide (equal scores drawn side by
 * side) and the legend draws each seat's line as the chart does (colour and dashes).
 */
async function summaryShots(code: string): Promise<void> {
  await onEachScreen(code, async (watcher, [w, h, dpr]) => {
    await watcher.waitForSelector('[data-testid="match-over"]', { timeout: 30_000 });
    const chart = await watcher.evaluate(() => {
      const style = (e: Element | null) =>
        e ? ['stroke', 'stroke-dasharray', 'stroke-width'].map((a) => e.getAttribute(a)).join('|') : null;
      return [0, 1, 2, 3].map((s) => ({
        points: document.querySelector(`[data-testid="match-over"] polyline[data-seat="${s}"]`)?.getAttribute('points'),
        line: style(document.querySelector(`[data-testid="match-over"] polyline[data-seat="${s}"]`)),
        key: style(document.querySelector(`[data-testid="chart-legend"] line[data-seat="${s}"]`)),
      }));
    });
    if (chart[0]?.points) {
      expect(new Set(chart.map((c) => c.points)).size).toBe(4);
      expect(new Set(chart.map((c) => c.line)).size).toBe(4);
      for (const c of chart) expect(c.key).toBe(c.line);
    }
    await sleep(300);
    await watcher.screenshot({ path: join(artifacts, `riichi-summary-${w}x${h}@${dpr}.png`) });
    if (w < 500 || h < 500) {
      await watcher.evaluate(() =>
        document.querySelector('[data-testid="chart-legend"]')?.scrollIntoView({ block: 'end' }),
      );
      await sleep(200);
      await watcher.screenshot({ path: join(artifacts, `riichi-summary-${w}x${h}@${dpr}-chart.png`) });
    }
  });
}

/**
 * The match's first hand, dealt so that every step of the flow comes at once (random deals took
 * minutes to reach a declaration): the dealer (the host) is ready from the deal if it throws 9p
 * (so its other tiles are dimmed when it presses Riichi), and draws 9s, then 9m, each of which
 * keeps it ready when thrown, then 4s to win (1s-4s, two-sided). Its first Riichi offer is
 * cancelled and the next declared, whether the deal's offer is taken up (the page may still be
 * drawing its bar then) or the first one comes with the 9s. Seat 1 holds a red 5m, which it throws
 * on its first turn, and seat 2 a red 5p, which stays in its hand for the photographs. The others
 * hold nothing the dealer waits on and no pair or run another discard could call.
 */
const FIRST_HAND = {
  bonus: false,
  hands: ['123456789m11p23s9p', '08m147p369s12367z', '27m209p27s134567z', '38m36p68s1234567z'],
  draws: '9m8p1m9s2m3m7p9m2p4m9p4s',
};

beforeAll(async () => {
  const testing = (await import(pathToFileURL(resolve(repoRoot, 'server/src/table/testing.ts')).href)) as {
    scriptedWall(s: unknown): unknown;
  };
  server = await startTableServer('riichi-e2e', {
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

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

describe('a riichi table in Chromium', () => {
  test('the gallery shows a red five of each suit, in both face sets', { timeout: 60_000 }, async () => {
    for (const faces of ['classic', 'high-contrast'] as const) {
      for (const [w, h, dpr] of [
        [1280, 800, 1],
        [390, 844, 3],
      ] as const) {
        const ctx = await browser.newContext({ viewport: { width: w, height: h }, deviceScaleFactor: dpr });
        contexts.push(ctx);
        const page = await ctx.newPage();
        await page.addInitScript(() =>
          localStorage.setItem('mj.settings', JSON.stringify({ lang: 'en', faces: 'classic' })),
        );
        await page.goto(`${server.url}/gallery.html?faces=${faces}`);
        await page.waitForSelector('img[data-red]');
        // Two sizes, three red fives each, named as players call them.
        const alts = await page.$$eval('img[data-red]', (imgs) => imgs.map((i) => (i as HTMLImageElement).alt));
        expect(alts).toEqual([
          'Red 5 Characters',
          'Red 5 Dots',
          'Red 5 Bamboo',
          'Red 5 Characters',
          'Red 5 Dots',
          'Red 5 Bamboo',
        ]);
        await page.screenshot({
          path: join(artifacts, `red-fives-gallery-${faces}-${w}x${h}@${dpr}.png`),
          fullPage: true,
        });
        await ctx.close();
      }
    }
  });

  test('four pages play through the lobby until a hand with a riichi declaration is over', {
    timeout: 600_000,
  }, async () => {
    const host = await newPage();
    await host.goto(`${server.url}/`);
    await host.fill('[data-testid="create"] input[name="name"]', 'Ann');
    await host.selectOption('[data-testid="create"] select[name="ruleset"]', 'riichi-modern');
    // A riichi match is east only or east and south.
    expect(await host.$eval('[data-testid="create"] option[value="4"]', (o) => (o as HTMLOptionElement).disabled)).toBe(
      true,
    );
    await host.selectOption('[data-testid="create"] select[name="rounds"]', '1');
    await host.click('[data-testid="create"] summary');
    expect(await host.isVisible('[data-testid="riichi-rules"]')).toBe(true);
    expect(await host.isVisible('[data-testid="create"] select[name="minFaan"]')).toBe(false);
    await host.uncheck('[data-testid="create"] input[name="doubleRon"]');
    // Swap calling (kuikae) is off unless the host allows it.
    expect(await host.isChecked('[data-testid="create"] input[name="swapCalls"]')).toBe(false);
    expect(await host.textContent('[data-testid="riichi-rules"]')).toContain('Swap calls (kuikae) allowed');
    // The end of the match and the abortive draws, each on by default as the server plays them.
    for (const key of [
      'extraRound',
      'lastDealerStops',
      'tripleRonAborts',
      'nineTerminals',
      'fourWinds',
      'fourKongs',
      'fourRiichi',
    ]) {
      expect(await host.isChecked(`[data-testid="create"] input[name="${key}"]`), key).toBe(true);
    }
    expect(await host.textContent('[data-testid="riichi-rules"]')).toContain(
      'Extra round (sudden death) when nobody has 30,000',
    );
    expect(await host.textContent('[data-testid="riichi-rules"]')).toContain('Last dealer stops when first');
    await host.uncheck('[data-testid="create"] input[name="fourWinds"]');
    await host.selectOption('[data-testid="create"] select[name="uma"]', '20,10,-10,-20');
    // Time for the riichi choice to be photographed on four screens within one turn, on a loaded
    // machine too: at 120 s a fresh-clone run once waited in vain for the Riichi button on one of
    // them, and a turn that runs out takes the offer away. The players act by clicking: no step
    // waits for a turn to run out.
    await host.fill('[data-testid="create"] input[name="turnSeconds"]', '300');
    await host.fill('[data-testid="create"] input[name="claimSeconds"]', '3');
    // Out of the field before the full-page photograph: Chromium scrolls a focused field back
    // into view after the photograph's resize, at the next focus change, and that scroll moved
    // the page between the press and the release of the click on "Create table" below (the
    // click then landed on the form, not the button, and nothing was sent).
    await host.locator('[data-testid="create"] input[name="claimSeconds"]').blur();
    await host.screenshot({ path: join(artifacts, 'riichi-lobby.png'), fullPage: true });
    // The same form on a phone (portrait, DPR 3), for looking at.
    const phoneCtx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3 });
    contexts.push(phoneCtx);
    const phone = await phoneCtx.newPage();
    await phone.goto(`${server.url}/`);
    await phone.selectOption('[data-testid="create"] select[name="ruleset"]', 'riichi-modern');
    await phone.click('[data-testid="create"] summary');
    await phone.screenshot({ path: join(artifacts, 'riichi-lobby-390x844@3.png'), fullPage: true });
    await phone.close();
    // Time to photograph the riichi hand's result card on five screens before the next hand (the
    // players make it start at once with Ready): a longer results pause than the form's default,
    // long enough for five spectator pages on a machine busy with the other suites (90 s was not).
    await host.route('**/api/tables', async (route) => {
      const body = route.request().postDataJSON();
      await route.continue({
        postData: JSON.stringify({ ...body, options: { ...body.options, resultsSeconds: 300 } }),
      });
    });
    await host.click('[data-testid="create"] button[type="submit"]');
    await host.waitForSelector('[data-testid="code"]');
    await host.unroute('**/api/tables');
    const code = (await host.textContent('[data-testid="code"]'))?.trim() ?? '';
    const info = (await (await fetch(`${server.url}/api/tables/${code}`)).json()) as {
      ruleset: string;
      rounds: number;
      options: Record<string, unknown>;
    };
    expect(info).toMatchObject({ ruleset: 'riichi-modern' });
    expect(info.options).toMatchObject({
      redFives: 3,
      openTanyao: true,
      kiriage: false,
      headBump: true,
      nagashiMangan: true,
      swapCalls: false,
      bustEnds: true,
      extraRound: true,
      lastDealerStops: true,
      tripleRonAborts: true,
      nineTerminals: true,
      fourWinds: false,
      fourKongs: true,
      fourRiichi: true,
      uma: [20, 10, -10, -20],
    });
    expect(await host.textContent('main')).toContain('Japanese riichi (modern)');

    const players: Page[] = [host];
    for (let i = 1; i < 4; i++) players.push(await newPage());
    const names = ['Ann', 'Bo', 'Cy', 'Di'];
    const link = `/#/table/${code}`;
    // The host took seat 0 when creating the table; the others open the invite link.
    await host.waitForSelector('[data-testid="go-table"]');
    for (let s = 1; s < 4; s++) {
      const p = players[s] as Page;
      await p.goto(`${server.url}${link}`);
      await p.waitForSelector(`[data-seat="${s}"]`);
      await p.fill('[data-testid="name"]', names[s] as string);
      await p.click(`[data-seat="${s}"]`);
      await p.waitForSelector('[data-testid="go-table"]');
    }
    await host.click('[data-testid="start"]');
    for (const p of players) {
      // Every lobby page with a seat goes to the table by itself once the match starts.
      await onTablePage(p);
      await p.waitForFunction(
        () => {
          // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
          const mj = (window as any).__mj;
          return mj?.state().view && mj.scene();
        },
        undefined,
        { timeout: 30_000 },
      );
      await p.check('[data-toggle="autoPass"]');
    }
    const first = await look(host);
    expect(first.riichi?.doraIndicators).toHaveLength(1);
    expect(first.riichi).toMatchObject({ redFives: 3 });
    // A spectator watches along (the red five must show in its ponds too).
    const spectator = await newPage();
    await spectator.goto(`${server.url}/table.html?code=${code}&spectate=1`);
    await spectator.waitForFunction(
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      () => (window as any).__mj?.scene(),
      undefined,
      { timeout: 30_000 },
    );

    // Play by clicking until a hand in which somebody declared riichi is over.
    let declaredIn = -1;
    let declarer = -1;
    let seenByOthers = false;
    let resultShot = false;
    let cancelled = false;
    let redChecked = false;
    const deadline = Date.now() + 480_000;
    for (;;) {
      expect(Date.now(), 'no riichi hand finished in time').toBeLessThan(deadline);
      const states = await Promise.all(players.map(look));
      for (const st of states) {
        // Nobody ever sees an ura-dora indicator or the wall during play.
        expect(st.json).not.toMatch(/ura|"order"|"seed"/);
      }
      const riichiHandOver = declaredIn >= 0 && states.every((s) => s.phase !== 'playing' || s.handNumber > declaredIn);
      if (riichiHandOver && !resultShot) {
        // The card opens with the hand's last call-out (a win's): nothing left over it, and the
        // card on five screens.
        resultShot = true;
        await noCalloutOverCards(players);
        await resultShots(code, declaredIn);
      }
      if (riichiHandOver && redChecked) break;
      // Red fives held (players keep theirs): one is discarded on purpose while another stays in a
      // hand for the photographs (after the riichi hand, any one).
      const redHeld = states.reduce((n, st) => n + st.red.length, 0);
      if (declaredIn >= 0 && !seenByOthers) {
        const other = states[(declarer + 1) % 4] as Seen;
        if (other.declared.includes(declarer) && (other.riichi?.sticks ?? 0) >= 1 && other.sideways >= 1) {
          seenByOthers = true;
          await (players[(declarer + 1) % 4] as Page).screenshot({ path: join(artifacts, 'riichi-declared.png') });
          await spectatorShots(code);
        }
      }
      let acted = false;
      for (let s = 0; s < 4; s++) {
        const p = players[s] as Page;
        const st = states[s] as Seen;
        // A hand over before any declaration, or past the riichi hand (a red five still to check):
        // ready for the next one at once (only the riichi hand's card waits for its photographs).
        if (st.phase === 'handOver' && (riichiHandOver || declaredIn < 0)) {
          await p.click('[data-testid="ready"]', { timeout: 1000 }).catch(() => {});
          continue;
        }
        if (st.phase !== 'playing') continue;
        const redKind = st.red.find((k) => st.discardable.includes(k));
        if (st.buttons.includes('win')) {
          await p.click('[data-action="win"]', { timeout: 3000 }).catch(() => {});
          acted = true;
        } else if (st.buttons.includes('riichi') && declaredIn < 0) {
          // One Riichi button however many tiles may go with it.
          expect(st.buttons.filter((b) => b.startsWith('riichi'))).toEqual(['riichi']);
          if (!cancelled) {
            await riichiThenCancel(p, st, code, s);
            cancelled = true;
          } else {
            await declareRiichi(p, st, s);
            declaredIn = st.handNumber;
            declarer = s;
          }
          acted = true;
        } else if (st.buttons.includes('pass')) {
          await p.click('[data-action="pass"]', { timeout: 3000 }).catch(() => {});
          acted = true;
        } else if (
          !redChecked &&
          st.canDiscard &&
          !st.inRiichi &&
          redKind !== undefined &&
          redHeld >= (riichiHandOver ? 1 : 2)
        ) {
          const others = [...players.filter((x) => x !== p), spectator];
          await discardRedFive(p, st, redKind, s, others);
          redChecked = true;
          // A seat that still holds a red five (else the discarder, its red five in its pond).
          const after = await Promise.all(players.map(look));
          const holder = after.findIndex((x) => x.red.length > 0 && x.phase === 'playing');
          await redShots(players[holder >= 0 ? holder : s] as Page, code, holder >= 0);
          acted = true;
        } else if (st.canDiscard) {
          const melds = (14 - st.hand.length) / 3;
          // Red fives are kept: a lone red five goes only when nothing else may.
          const keep = st.discardable.filter(
            (k) => !(st.red.includes(k) && st.hand.filter((x) => x === k).length === 1),
          );
          const allowed = keep.length > 0 ? keep : st.discardable;
          await discardKind(p, bestDiscard(st.hand, allowed, Math.max(0, Math.round(melds))));
          acted = true;
        }
      }
      if (!acted) await sleep(100);
    }
    expect(seenByOthers).toBe(true);
    expect(resultShot).toBe(true);
    expect(redChecked).toBe(true);
    // Every discard and declaration of a five named its copy; no other tile did.
    for (const p of players) {
      for (const a of await sentBy(p)) {
        if (a.type !== 'discard' && a.type !== 'riichi') continue;
        if (isFive(a.tile as number)) expect(typeof a.red, JSON.stringify(a)).toBe('boolean');
        else expect(a, JSON.stringify(a)).not.toHaveProperty('red');
      }
    }

    // The result card of that hand: han and fu (or a draw) and the points.
    const card = await host.waitForSelector('[data-testid="result"]', { timeout: 15_000 }).catch(() => null);
    const results = await host.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      return (window as any).__mj.state().view.results as any[];
    });
    const r = results[declaredIn];
    expect(r).toBeDefined();
    if (r.kind === 'win') {
      expect(r.han).toBeGreaterThan(0);
      expect(r.doraIndicators.length).toBeGreaterThan(0);
      if (r.winner === declarer) expect(r.uraIndicators.length).toBe(r.doraIndicators.length);
    } else {
      expect(r.drawKind).toBeDefined();
    }
    if (card) {
      const text = (await card.textContent()) ?? '';
      expect(text).toMatch(/han|drawn/);
      await host.screenshot({ path: join(artifacts, 'riichi-result.png') });
    }
    // Points are conserved with the sticks on the table.
    const view = await host.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      return (window as any).__mj.state().view as any;
    });
    const sum = view.seats.reduce((a: number, x: { score: number }) => a + x.score, 0);
    expect(sum + 1000 * view.riichi.sticks).toBe(100_000);

    // The host ends the match; its replay shows the declaration move by move.
    const hostToken = await host.evaluate((c) => localStorage.getItem(`mj.host.${c}`), code);
    await postJson(server.url, `/api/tables/${code}/end`, {}, hostToken ?? '');
    // The match card ranks by points and gives the final score with uma and the top prize.
    const over = await host.waitForSelector('[data-testid="match-over"]', { timeout: 20_000 });
    expect(await over.textContent()).toContain('Final (with uma)');
    // No call-out over the summary either (one stayed over the ranking's names).
    expect(await host.evaluate(() => document.querySelectorAll('.callout').length)).toBe(0);
    await host.screenshot({ path: join(artifacts, 'riichi-match-over.png') });
    await summaryShots(code);
    for (const w of watchers.values()) await w.close();
    const list = (await (await fetch(`${server.url}/api/matches`)).json()) as {
      matches: { id: string; code: string }[];
    };
    const id = list.matches.find((m) => m.code === code)?.id;
    expect(id).toBeDefined();
    const replay = await newPage(1100, 760);
    await replay.goto(`${server.url}/replay.html?match=${id}`);
    await replay.waitForFunction(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      return ((window as any).__mj?.state().frames ?? 0) > 0;
    });
    const at = await replay.evaluate(() => {
      // biome-ignore lint/suspicious/noExplicitAny: the page's test hook
      const mj = (window as any).__mj;
      for (let i = 0; i < mj.state().frames; i++) {
        mj.seek(i);
        // biome-ignore lint/suspicious/noExplicitAny: seat views
        if (mj.state().view?.seats.some((x: any) => x.riichi)) return i;
      }
      return -1;
    });
    expect(at).toBeGreaterThan(0);
    await sleep(300);
    expect(await replay.textContent('[data-testid="caption"]')).toMatch(/declares riichi, discarding/);
    await replay.screenshot({ path: join(artifacts, 'riichi-replay.png') });
  });
});
