/**
 * The lobby's form read from the descriptors, in Chromium against the real server: the clocks'
 * fields carry the bounds and defaults of `TIMING_OPTIONS` (the server's check), a riichi
 * table's house rules offer `sticksToFirst` with its label, and a table created with it off
 * keeps it off. Screenshots of the open house rules at a desktop and both phone orientations,
 * DPR 1 to 3, go to artifacts/lobby-options-*.png.
 */
import { join } from 'node:path';
import { TIMING_OPTIONS } from '@mahjong/shared';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifacts, launchChromium, type RunningServer, startTableServer } from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTableServer('lobby-options');
  browser = await launchChromium();
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const SCREENS = [
  { name: 'desktop', width: 1280, height: 800, dpr: 1 },
  { name: 'phone-portrait', width: 390, height: 844, dpr: 3 },
  { name: 'phone-landscape', width: 844, height: 390, dpr: 2 },
] as const;

describe('the lobby form from the descriptors', () => {
  test('clock fields at the descriptor’s bounds; sticksToFirst offered and sent', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto(server.url);
    const clocks = await page.$$eval('[data-testid="create"] input[type="number"][step="any"]', (inputs) =>
      inputs.map((i) => ({
        name: i.getAttribute('name'),
        min: Number(i.getAttribute('min')),
        max: Number(i.getAttribute('max')),
        value: Number((i as HTMLInputElement).value),
      })),
    );
    expect(clocks).toEqual(
      Object.values(TIMING_OPTIONS)
        .filter((s) => 'lobby' in s && s.lobby)
        .map((s) => ({ name: s.key, min: s.min, max: s.max, value: s.default })),
    );
    await page.selectOption('[data-testid="create"] select[name="ruleset"]', 'riichi-modern');
    await page.click('[data-testid="create"] details summary');
    const box = page.locator('[data-testid="riichi-rules"] input[name="sticksToFirst"]');
    expect(await box.isChecked()).toBe(true);
    expect(await page.textContent('[data-testid="riichi-rules"]')).toContain(
      'Riichi sticks left at the end go to the first',
    );
    await box.uncheck();
    await page.fill('[data-testid="create"] input[name="claimSeconds"]', '2.5');
    await page.fill('[data-testid="create"] input[name="name"]', 'Ann');
    const created = page.waitForResponse((r) => r.url().endsWith('/api/tables') && r.request().method() === 'POST');
    await page.click('[data-testid="create"] button[type="submit"]');
    const body = (await (await created).json()) as { table: { options: Record<string, unknown> } };
    expect(body.table.options).toMatchObject({ sticksToFirst: false, claimSeconds: 2.5, turnSeconds: 20 });
    await context.close();
  }, 60_000);

  for (const s of SCREENS) {
    test(`house rules of a riichi table, ${s.name} at DPR ${s.dpr}`, async () => {
      const context = await browser.newContext({
        viewport: { width: s.width, height: s.height },
        deviceScaleFactor: s.dpr,
      });
      const page = await context.newPage();
      await page.goto(server.url);
      await page.selectOption('[data-testid="create"] select[name="ruleset"]', 'riichi-modern');
      await page.click('[data-testid="create"] details summary');
      const form = page.locator('[data-testid="create"]');
      // Nothing of the form runs off the page's width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await form.screenshot({ path: join(artifacts, `lobby-options-${s.name}-dpr${s.dpr}.png`) });
      await context.close();
    }, 60_000);
  }
});
