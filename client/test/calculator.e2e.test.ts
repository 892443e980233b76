/**
 * The scoring calculator in real Chromium: the page is built alone with Vite (so that other
 * pages in progress cannot break it), served from a temporary folder on port 0, and a hand from
 * the scorer's fixtures (the seeds' examples) is clicked together; the page must show the total
 * and the patterns the fixture gives and the scorer computes.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve } from 'node:path';
import { formatTiles, parseTiles, scoreRequest, type TileKind, tiles } from '@mahjong/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { clientDist, closePages, launchChromium } from './e2e/harness.js';

const clientRoot = resolve(import.meta.dirname, '..');
const artifacts = resolve(clientRoot, '../artifacts');

interface Fixture {
  readonly name: string;
  readonly request: {
    readonly concealed: string;
    readonly win: string;
    readonly seatWind: number;
    readonly roundWind: number;
    readonly melds?: readonly { readonly kind: string; readonly tiles: string; readonly concealed: boolean }[];
    readonly selfDrawn?: boolean;
    readonly flowers?: string;
    readonly conditions?: readonly string[];
    readonly options?: unknown;
  };
  readonly faan: number;
  readonly patterns: Readonly<Record<string, number>>;
}

const fixtures = JSON.parse(
  readFileSync(resolve(clientRoot, '../shared/src/scoring/fixtures/hk-new.json'), 'utf8'),
) as Fixture[];

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

let dir = '';
let server: Server;
let base = '';
let browser: Browser;

beforeAll(async () => {
  // The run's client build (client/test/e2e/build-client.ts) holds calculator.html too.
  dir = clientDist();
  server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname));
    const file = join(dir, path === '/' ? 'calculator.html' : path);
    if (!file.startsWith(dir)) {
      res.writeHead(403).end();
      return;
    }
    readFile(file).then(
      (body) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((done) => (server ? server.close(() => done()) : done()));
});

// Each test's pages closed when it ends (see closePages).
afterEach(() => closePages(browser));

async function openPage(width = 1280): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${base}/calculator.html`);
  await page.waitForSelector('#calc-palette button[data-kind="0"]');
  return { page, errors };
}

const clickKind = (page: Page, k: TileKind) => page.click(`#calc-palette button[data-kind="${k}"]`);
const target = (page: Page, t: string) => page.click(`label[for="calc-target-${t}"]`);

/** Clicks a fixture's hand together the way a player would. */
async function clickFixture(page: Page, f: Fixture): Promise<void> {
  const r = f.request;
  await page.selectOption('#calc-seat', String(r.seatWind));
  await page.selectOption('#calc-round', String(r.roundWind));
  for (const m of r.melds ?? []) {
    const kinds = tiles(m.tiles);
    await target(page, m.kind === 'kong' && m.concealed ? 'concealedKong' : m.kind);
    await clickKind(page, Math.min(...kinds) as TileKind);
  }
  await target(page, 'hand');
  for (const k of tiles(r.concealed)) await clickKind(page, k);
  await target(page, 'win');
  await clickKind(page, tiles(r.win)[0] as TileKind);
  for (const k of r.flowers ? tiles(r.flowers) : []) await page.click(`#calc-bonus-palette button[data-kind="${k}"]`);
  if (r.selfDrawn) await page.check('#calc-self-drawn');
  for (const c of r.conditions ?? []) await page.check(`#calc-cond-${c}`);
}

describe('scoring calculator page', () => {
  it('shows the fixture total and patterns for a hand clicked together', async () => {
    const simple = fixtures.filter((f) => f.request.options === undefined);
    const chosen = [
      simple.find((f) => f.name === 'all in triplets'),
      simple.find((f) => (f.request.melds?.length ?? 0) === 0 && f.request.selfDrawn === true),
      simple.find((f) => f.request.flowers !== undefined),
    ].filter((f): f is Fixture => f !== undefined);
    expect(chosen.length).toBeGreaterThanOrEqual(2);
    const { page, errors } = await openPage();
    for (const f of chosen) {
      await page.click('#calc-clear');
      await page.uncheck('#calc-self-drawn');
      await clickFixture(page, f);
      const scored = scoreRequest(f.request);
      if (!scored.valid) throw new Error(`${f.name}: ${scored.reason}`);
      expect(scored.faan).toBe(f.faan);
      await expect.poll(() => page.textContent('#calc-total')).toMatch(new RegExp(`^${f.faan} faan`));
      const shown = await page.$$eval('#calc-result tr[data-pattern]', (rows) =>
        rows.map((r) => [r.getAttribute('data-pattern'), r.querySelector('td')?.textContent ?? '']),
      );
      expect(Object.fromEntries(shown.map(([n, v]) => [n, Number.parseInt(v ?? '', 10)]))).toEqual(f.patterns);
      const winner = await page.textContent('#calc-payments .calc-winner td');
      expect(Number(winner)).toBe(scored.points.winner);
      // the command line on the page is the same hand
      const command = await page.textContent('#calc-command');
      const handArg = formatTiles([...parseTilesSorted(f.request.concealed), ...tiles(f.request.win)]);
      expect(command).toContain(handArg);
    }
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'calculator.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('takes typed notation, shows the parser error, and scores riichi with han and fu', async () => {
    const { page, errors } = await openPage(390);
    await page.fill('#calc-quick', '123m45x');
    await page.click('#calc-quick-form button[type="submit"]');
    await expect.poll(() => page.textContent('#calc-quick-error')).toContain('Unexpected character "x"');
    await page.selectOption('#calc-ruleset', 'riichi');
    const hand = '234m567p345678s2z';
    await page.fill('#calc-quick', hand);
    await page.fill('#calc-quick-win', '2z');
    await page.click('#calc-quick-form button[type="submit"]');
    await expect.poll(() => page.textContent('#calc-quick-error')).toBe('');
    await page.check('#calc-cond-riichi');
    await page.check('#calc-self-drawn');
    const expected = scoreRequest({
      ruleset: 'riichi',
      concealed: hand,
      win: '2z',
      selfDrawn: true,
      conditions: ['riichi'],
    });
    if (!expected.valid) throw new Error(expected.reason);
    const total = `${expected.han} han ${expected.fu} fu`;
    await expect.poll(() => page.textContent('#calc-total')).toContain(total);
    // a fifth copy cannot be picked: the palette button is disabled
    await page.click('#calc-clear');
    await target(page, 'pung');
    await clickKind(page, tiles('9s')[0] as TileKind);
    await target(page, 'hand');
    await clickKind(page, tiles('9s')[0] as TileKind);
    expect(await page.isDisabled(`#calc-palette button[data-kind="${tiles('9s')[0]}"]`)).toBe(true);
    // the keyboard works too: Enter on a palette tile adds it, Enter on a placed tile removes it
    await page.focus(`#calc-palette button[data-kind="${tiles('1m')[0]}"]`);
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#calc-concealed button').count()).toBe(3);
    await page.focus('#calc-concealed button');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#calc-concealed button').count()).toBe(2);
    expect(await page.evaluate(() => document.activeElement?.closest('#calc-concealed') !== null)).toBe(true);
    // a worked example from the rule sources loads and scores as the scorer does
    const riichiFixtures = JSON.parse(
      readFileSync(resolve(clientRoot, '../shared/src/scoring/fixtures/riichi.json'), 'utf8'),
    ) as { name: string; request: Record<string, unknown>; han: number; fu: number | null; winner: number }[];
    const index = riichiFixtures.findIndex((f) => f.fu !== null && f.han > 0);
    const ex = riichiFixtures[index];
    if (!ex) throw new Error('no riichi example with fu');
    await page.selectOption('#calc-example', `riichi/${index}`);
    await expect.poll(() => page.textContent('#calc-notice')).toContain(ex.name);
    await expect.poll(() => page.textContent('#calc-total')).toContain(`${ex.han} han ${ex.fu} fu`);
    // on a phone the score is also in the bar at the bottom
    expect(await page.isVisible('#calc-sticky')).toBe(true);
    expect(await page.textContent('#calc-sticky')).toContain(`winner receives ${ex.winner}`);
    await mkdir(artifacts, { recursive: true });
    await page.screenshot({ path: join(artifacts, 'calculator-phone.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe('riichi-modern on the calculator page', () => {
  it('offers the modern table and its options, scores renhou at mangan, names patterns in the page language', async () => {
    const views = [
      { name: '1280x800-dpr1', width: 1280, height: 800, dpr: 1 },
      { name: '1280x800-dpr2', width: 1280, height: 800, dpr: 2 },
      { name: '844x390-dpr3', width: 844, height: 390, dpr: 3 },
      { name: '390x844-dpr3', width: 390, height: 844, dpr: 3 },
    ];
    for (const v of views) {
      const page = await browser.newPage({
        viewport: { width: v.width, height: v.height },
        deviceScaleFactor: v.dpr,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${base}/calculator.html`);
      await page.waitForSelector('#calc-palette button[data-kind="0"]');
      await page.selectOption('#calc-ruleset', 'riichi-modern');
      // its own options: red fives and renhou as choices, the rest as switches
      expect(await page.$$eval('#calc-opt-renhou option', (os) => os.map((o) => o.getAttribute('value')))).toEqual([
        'off',
        'mangan',
        'yakuman',
      ]);
      expect(await page.inputValue('#calc-opt-redFives')).toBe('3');
      expect(await page.isChecked('#calc-opt-openTanyao')).toBe(true);
      await page.fill('#calc-quick', '234m406p789s24s88m');
      await page.fill('#calc-quick-win', '3s');
      await page.click('#calc-quick-form button[type="submit"]');
      await page.selectOption('#calc-seat', '2');
      await page.check('#calc-cond-renhou');
      // renhou off: a red five alone is no yaku
      await expect.poll(() => page.textContent('#calc-below')).toContain('No yaku');
      await page.selectOption('#calc-opt-renhou', 'mangan');
      await expect.poll(() => page.textContent('#calc-total')).toBe('5 han, mangan');
      expect(await page.textContent('#calc-payments .calc-winner td')).toBe('8000');
      const row = page.locator('tr[data-pattern="first-turn-discard"] th');
      expect(await row.locator('.calc-name-en').textContent()).toBe('Renhou (win on a first-turn discard)');
      expect(await row.locator('.calc-name-zh').isVisible()).toBe(false);
      expect(await page.textContent('#calc-command')).toContain('--ruleset riichi-modern');
      expect(await page.textContent('#calc-command')).toContain('--option renhou=mangan');
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, `calculator-riichi-modern-${v.name}.png`), fullPage: true });
      // a page in Chinese leads with the Chinese name
      await page.evaluate(() => document.documentElement.setAttribute('lang', 'zh-HK'));
      expect(await row.locator('.calc-name-zh').isVisible()).toBe(true);
      expect(await row.locator('.calc-name-zh').textContent()).toBe('人和');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

describe('three-player riichi on the calculator page', () => {
  it('offers it with a North count, a picker without 2m-8m and payments for three seats', async () => {
    const views = [
      { name: '1280x800-dpr1', width: 1280, height: 800, dpr: 1 },
      { name: '844x390-dpr2', width: 844, height: 390, dpr: 2 },
      { name: '390x844-dpr3', width: 390, height: 844, dpr: 3 },
    ];
    for (const v of views) {
      const page = await browser.newPage({ viewport: { width: v.width, height: v.height }, deviceScaleFactor: v.dpr });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${base}/calculator.html`);
      await page.waitForSelector('#calc-palette button[data-kind="0"]');
      expect(await page.isHidden('#calc-north')).toBe(true);
      await page.selectOption('#calc-ruleset', 'riichi-sanma');
      // the picker: 1m and 9m, no 2m-8m; no chow; no North seat
      const shown = await page.$$eval('#calc-palette button[data-kind]', (bs) =>
        bs.filter((b) => (b as HTMLElement).checkVisibility()).map((b) => Number(b.getAttribute('data-kind'))),
      );
      expect(shown.filter((k) => k < 9)).toEqual([0, 8]);
      expect(shown).toHaveLength(34 - 7);
      expect(await page.isHidden('label[for="calc-target-chow"]')).toBe(true);
      expect(
        await page.$$eval('#calc-seat option', (os) =>
          (os as HTMLOptionElement[]).filter((o) => !o.disabled).map((o) => o.value),
        ),
      ).toEqual(['1', '2', '3']);
      expect(await page.inputValue('#calc-opt-tsumoPayment')).toBe('tsumo-loss');
      // riichi, self-drawn, three Norths: mangan, South wins; East 4,000 + West 2,000 (tsumo loss)
      await page.fill('#calc-quick', '2345679p345678s');
      await page.fill('#calc-quick-win', '9p');
      await page.click('#calc-quick-form button[type="submit"]');
      await page.selectOption('#calc-seat', '2');
      await page.check('#calc-self-drawn');
      await page.check('#calc-cond-riichi');
      await page.fill('#calc-north', '3');
      await expect.poll(() => page.textContent('#calc-payments .calc-winner td')).toBe('6000');
      const rows = await page.$$eval('#calc-payments tr:not(.calc-winner)', (trs) =>
        trs.map((tr) => [tr.querySelector('th')?.textContent, tr.querySelector('td')?.textContent]),
      );
      expect(rows).toEqual([
        ['East pays', '4000'],
        ['West pays', '2000'],
      ]);
      expect(await page.textContent('tr[data-pattern="north-dora"] td')).toContain('3');
      expect(await page.textContent('#calc-command')).toContain('--ruleset riichi-sanma');
      expect(await page.textContent('#calc-command')).toContain('--north 3');
      await mkdir(artifacts, { recursive: true });
      await page.screenshot({ path: join(artifacts, `calculator-sanma-${v.name}.png`), fullPage: true });
      // the parts to look at closely: the picker and the score with its three seats' payments
      await page
        .locator('#calc-palette')
        .screenshot({ path: join(artifacts, `calculator-sanma-${v.name}-picker.png`) });
      await page.locator('#calc-score').screenshot({ path: join(artifacts, `calculator-sanma-${v.name}-score.png`) });
      // north bisection: 5,000 + 3,000
      await page.selectOption('#calc-opt-tsumoPayment', 'north-bisection');
      await expect.poll(() => page.textContent('#calc-payments .calc-winner td')).toBe('8000');
      expect(errors).toEqual([]);
      await page.close();
    }
  });
});

function parseTilesSorted(text: string): TileKind[] {
  const r = parseTiles(text);
  if (!r.ok) throw new Error(r.error.message);
  return [...r.value].sort((a, b) => a - b);
}
