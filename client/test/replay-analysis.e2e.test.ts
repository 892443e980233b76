/**
 * The replay's analysis panel in Chromium, on finished bot matches (a riichi one and a Hong Kong
 * one on a fast server, ended by the host after a while): opened with its toggle at a step
 * where the seat in view has a discard to make, it ranks that seat's discards with their
 * effective tiles, marks the move played and the bot's, gives the danger against a riichi
 * declared and (Hong Kong) the minimum faan's reach, and a per-player summary; in English and
 * Chinese, on a desktop, a phone held upright and on its side, and a tablet, never covering the
 * table. Screenshots in `artifacts/replay-analysis-*.png`.
 */
import { join } from 'node:path';
import type { ReplayResponse } from '@mahjong/shared';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { artifacts, launchChromium, postJson, type RunningServer, startTableServer } from './e2e/harness.js';

let server: RunningServer;
let browser: Browser;

// biome-ignore lint/suspicious/noExplicitAny: the page's test hook
type Hook = any;

const SCREENS = [
  { name: 'desktop', w: 1280, h: 800, dpr: 1 },
  { name: 'phone-portrait', w: 390, h: 844, dpr: 3 },
  { name: 'phone-landscape', w: 844, h: 390, dpr: 2 },
  { name: 'tablet', w: 820, h: 1180, dpr: 2 },
] as const;

beforeAll(async () => {
  server = await startTableServer('replay-analysis', { botDelayMs: 0 });
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * A bot match of `ruleset` (east round only): its id once it is listed among the finished matches,
 * as soon as it is over by itself (bots at full speed finish most within seconds), or once the host
 * has ended it after `seconds` of play.
 */
async function finishedMatch(ruleset: string, seconds: number): Promise<string> {
  const t = await postJson<{ code: string; hostToken: string }>(server.url, '/api/tables', {
    ruleset,
    rounds: 1,
    bots: [0, 1, 2, 3],
    options: { claimSeconds: 0.5, claimMinMs: 0, turnSeconds: 2, resultsSeconds: 1 },
  });
  await postJson(server.url, `/api/tables/${t.code}/start`, {}, t.hostToken);
  const listed = async (): Promise<string | null> => {
    const list = (await (await fetch(`${server.url}/api/matches?limit=50`)).json()) as {
      matches: { id: string; code: string }[];
    };
    return list.matches.find((x) => x.code === t.code)?.id ?? null;
  };
  const playUntil = Date.now() + seconds * 1000;
  while (Date.now() < playUntil) {
    const id = await listed();
    if (id) return id;
    await new Promise((r) => setTimeout(r, 500));
  }
  // A match over by itself meanwhile answers 409 (already closed): either way it is finished.
  await fetch(`${server.url}/api/tables/${t.code}/end`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${t.hostToken}` },
    body: '{}',
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const id = await listed();
    if (id) return id;
    expect(Date.now(), `${ruleset} match not listed in time`).toBeLessThan(deadline);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * A finished riichi match with a step where a seat is to discard while another is in riichi
 * (the danger table's case): a minute of play each, until one has it (most do).
 */
async function riichiMatch(): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const id = await finishedMatch('riichi-modern', 60);
    const replay = (await (await fetch(`${server.url}/api/matches/${id}/replay`)).json()) as ReplayResponse;
    const v = replay.frames.map((f) => f.view);
    const found = v.some(
      (x) =>
        x.phase === 'playing' &&
        x.stage === 'discard' &&
        x.turn !== null &&
        x.seats[x.turn].riichi === undefined &&
        x.seats.some((s) => s.riichi !== undefined),
    );
    if (found) return id;
    expect(attempt, 'no riichi declared in four matches').toBeLessThan(3);
  }
}

async function openReplay(id: string, screen: (typeof SCREENS)[number], locale: string): Promise<Page> {
  const ctx = await browser.newContext({
    viewport: { width: screen.w, height: screen.h },
    deviceScaleFactor: screen.dpr,
    locale,
    isMobile: screen.name.startsWith('phone'),
    hasTouch: screen.name.startsWith('phone'),
  });
  const page = await ctx.newPage();
  page.on('pageerror', (e) => console.error(`[page error] ${e.message}`));
  await page.goto(`${server.url}/replay.html?match=${id}`);
  await page.waitForFunction(() => ((window as Hook).__mj?.state().frames ?? 0) > 0);
  await page.waitForSelector('[data-testid="analysis-toggle"]');
  return page;
}

/**
 * A step where some seat is to discard, (riichi) while another seat is in riichi: the frame
 * index and that seat; it is put at the bottom.
 */
async function decisionStep(page: Page, wantRiichi: boolean): Promise<{ index: number; seat: number }> {
  const found = await page.evaluate((riichi) => {
    const mj = (window as Hook).__mj;
    const n = mj.state().frames;
    // From a third in (a hand under way), then the first third: the match was chosen for having
    // such a step anywhere (riichiMatch), and a CI run had its only one in the first third.
    const from = Math.floor(n / 3);
    const order = [
      ...Array.from({ length: n - 1 - from }, (_, k) => from + k),
      ...Array.from({ length: from }, (_, k) => k),
    ];
    for (const i of order) {
      mj.seek(i);
      const v = mj.state().view;
      if (v?.phase !== 'playing' || v.stage !== 'discard' || typeof v.turn !== 'number') continue;
      const others = v.seats.filter((s: Hook) => s.seat !== v.turn && s.riichi);
      if (riichi && (others.length === 0 || v.seats[v.turn].riichi)) continue;
      return { index: i, seat: v.turn as number };
    }
    return null;
  }, wantRiichi);
  expect(found, 'a step to analyse').not.toBeNull();
  const at = found as { index: number; seat: number };
  await page.selectOption('#replay-controls select >> nth=2', String(at.seat));
  await page.evaluate((i) => (window as Hook).__mj.seek(i), at.index);
  return at;
}

/** The table's drawing area and the panel do not overlap, and the table keeps a useful size. */
async function panelBesideTable(page: Page, screen: (typeof SCREENS)[number]): Promise<void> {
  const boxes = await page.evaluate(() => {
    const r = (id: string) => (document.getElementById(id) as HTMLElement).getBoundingClientRect().toJSON();
    return { stage: r('stage'), panel: r('analysis'), controls: r('replay-controls') };
  });
  const { stage, panel, controls } = boxes;
  const apart = stage.right <= panel.left + 0.5 || stage.bottom <= panel.top + 0.5;
  expect(apart, `${screen.name}: ${JSON.stringify(boxes)}`).toBe(true);
  // The panel reaches down to the controls: no band of table between them (the controls' height
  // was once measured before they turned compact, and 87 px of felt were left there).
  expect(Math.abs(panel.bottom - controls.top), `${screen.name}: ${JSON.stringify(boxes)}`).toBeLessThanOrEqual(1);
  // On a portrait phone the table kept under a third of the height with the panel open.
  expect(stage.width * stage.height, `${screen.name}: ${JSON.stringify(boxes)}`).toBeGreaterThan(
    (screen.name === 'phone-portrait' ? 0.4 : 0.3) * screen.w * screen.h,
  );
}

describe('replay analysis', () => {
  test('riichi and Hong Kong matches, every screen, both languages', { timeout: 900_000 }, async () => {
    const [riichi, hk] = await Promise.all([riichiMatch(), finishedMatch('hk-new', 30)]);
    for (const lang of ['en-GB', 'zh-HK'] as const) {
      for (const screen of SCREENS) {
        for (const [ruleset, id] of [
          ['riichi', riichi],
          ['hk', hk],
        ] as const) {
          const page = await openReplay(id, screen, lang);
          if (lang === 'zh-HK') await page.waitForFunction(() => document.documentElement.lang === 'zh-HK');
          await decisionStep(page, ruleset === 'riichi');
          // Closed, the panel is not there; opened, it fills in.
          expect(await page.isVisible('[data-testid="analysis"]')).toBe(false);
          await page.click('[data-testid="analysis-toggle"]');
          await page.waitForSelector('[data-testid="analysis-candidates"] tbody tr');
          await page.waitForSelector('[data-testid="analysis-summary"] tbody tr');
          const panel = await page.evaluate(() => {
            const q = (s: string) => document.querySelector(s);
            return {
              text: q('[data-testid="analysis"]')?.textContent ?? '',
              rows: document.querySelectorAll('[data-testid="analysis-candidates"] tbody tr').length,
              played: document.querySelectorAll('[data-testid="analysis-candidates"] tr.played').length,
              best: document.querySelectorAll('[data-testid="analysis-candidates"] .badge.ok').length,
              summary: document.querySelectorAll('[data-testid="analysis-summary"] tbody tr').length,
              danger: document.querySelectorAll('[data-testid="analysis-danger"] tbody tr').length,
              reach: q('[data-testid="analysis-reach"]')?.textContent ?? null,
            };
          });
          expect(panel.rows).toBeGreaterThan(0);
          expect(panel.best).toBeGreaterThan(0);
          expect(panel.summary).toBe(4);
          if (ruleset === 'riichi') expect(panel.danger).toBeGreaterThan(0);
          else expect(panel.reach).not.toBeNull();
          if (lang === 'en-GB') {
            expect(panel.text).toMatch(/Shanten after/);
            expect(panel.text).toMatch(/Hard bot:/);
            if (ruleset === 'hk') expect(panel.reach).toMatch(/^Minimum \d+ faan: /);
          } else {
            expect(panel.text).toMatch(/有效牌/);
            expect(panel.text).toMatch(/高級電腦/);
            expect(panel.text).not.toMatch(/Effective tiles|Shanten|Hard bot|among the best|Copies|Suji/);
            if (ruleset === 'hk') expect(panel.reach).toMatch(/^起糊\d+番/);
          }
          // A timed-out turn is a discard too: the move played is a row whenever it was a discard.
          expect(panel.played).toBeLessThanOrEqual(1);
          await panelBesideTable(page, screen);
          await new Promise((r) => setTimeout(r, 400));
          await page.screenshot({ path: join(artifacts, `replay-analysis-${ruleset}-${lang}-${screen.name}.png`) });
          // Closing gives the table its whole screen back.
          await page.click('[data-testid="analysis-toggle"]');
          expect(await page.isVisible('[data-testid="analysis"]')).toBe(false);
          await page.context().close();
        }
      }
    }
  });
});
