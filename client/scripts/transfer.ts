/**
 * A cold game page's transfer, in a real browser: the real server (`startServer`) serving
 * client/dist (build it first: `npm run build`) on an embedded database in a temporary folder, a
 * table of four bots started, the page opened as a spectator in a fresh Chromium context (empty
 * cache). Bytes are what went over the wire (CDP `Network.loadingFinished` encodedDataLength:
 * headers and the body as sent, compressed or not), counted until the page's canvas is there and
 * the network has been quiet for a second; then the next visit, with the browser's cache.
 * Printed, never asserted.
 *
 * Run: `npm run transfer -w client` (`LANG_PAGE=zh-HK` for the Chinese page).
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { post } from './budgets.js';

const clientRoot = resolve(import.meta.dirname, '..');
const repoRoot = resolve(clientRoot, '..');
const dist = join(clientRoot, 'dist');

interface Entry {
  url: string;
  type: string;
  bytes: number;
  encoding: string;
}

async function main(): Promise<void> {
  if (!existsSync(join(dist, 'table.html'))) throw new Error('client/dist is not built: npm run build');
  process.env.LOG_LEVEL ??= 'warn';
  const dataDir = await mkdtemp(join(tmpdir(), 'mj-transfer-'));
  const { startServer } = (await import(pathToFileURL(join(repoRoot, 'server/src/app.ts')).href)) as {
    startServer(o: Record<string, unknown>): Promise<{ url: string; close(): Promise<void> }>;
  };
  const server = await startServer({ port: 0, host: '127.0.0.1', dataDir, clientDir: dist, botDelayMs: 350 });
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless'],
  });
  try {
    const created = await post(`${server.url}/api/tables`, { ruleset: 'hk-new', bots: [0, 1, 2, 3] });
    const code = String(created.code);
    await post(`${server.url}/api/tables/${code}/start`, {}, String(created.hostToken));
    const lang = process.env.LANG_PAGE ?? 'en';
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: lang });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const seen = new Map<string, Entry>();
    let last = Date.now();
    cdp.on('Network.responseReceived', (e) => {
      const h = e.response.headers as Record<string, string>;
      const encoding = Object.entries(h).find(([k]) => k.toLowerCase() === 'content-encoding')?.[1] ?? '';
      seen.set(e.requestId, { url: e.response.url, type: e.type ?? '', bytes: 0, encoding });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const entry = seen.get(e.requestId);
      if (entry) entry.bytes = e.encodedDataLength;
      last = Date.now();
    });
    const visit = async () => {
      seen.clear();
      last = Date.now();
      await page.goto(`${server.url}/table.html?code=${code}&spectate=1`, { waitUntil: 'load' });
      await page.waitForSelector('canvas', { timeout: 30_000 });
      while (Date.now() - last < 1000) await new Promise((r) => setTimeout(r, 200));
      const entries = [...seen.values()].filter((e) => e.bytes > 0).sort((a, b) => b.bytes - a.bytes);
      return { entries, total: entries.reduce((s, e) => s + e.bytes, 0) };
    };
    const cold = await visit();
    console.log(
      `cold table page (${lang}): ${(cold.total / 1024).toFixed(1)} KB transferred in ${cold.entries.length} responses`,
    );
    for (const e of cold.entries) {
      const path = new URL(e.url).pathname;
      console.log(`  ${(e.bytes / 1024).toFixed(1).padStart(7)} KB  ${(e.encoding || '-').padEnd(5)} ${path}`);
    }
    // The next visit with the browser's cache: immutable assets are not even asked for.
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: false });
    const warm = await visit();
    console.log(`next visit: ${(warm.total / 1024).toFixed(1)} KB transferred in ${warm.entries.length} responses`);
    await context.close();
  } finally {
    await browser.close();
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
