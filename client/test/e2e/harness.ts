/**
 * What every browser suite needs: the client built once for the run (see build-client.ts), the
 * real server on a free port with its own embedded database, Chromium as this machine runs it
 * (SwiftShader WebGL for Pixi), and a JSON POST for the HTTP API. Each suite keeps only its own
 * scenario.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const repoRoot = resolve(clientDir, '..');
/** Screenshots go here (kept by CI as artifacts). */
export const artifacts = join(repoRoot, 'artifacts');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The built client of this run. */
export const clientDist = (): string => inject('clientDist');

export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** The real server (server/src/app.ts) on 127.0.0.1, a free port and a fresh PGlite folder. */
export async function startTableServer(name: string, options: Record<string, unknown> = {}): Promise<RunningServer> {
  const tmp = mkdtempSync(join(tmpdir(), `mj-${name}-`));
  mkdirSync(artifacts, { recursive: true });
  process.env.LOG_LEVEL ??= 'warn';
  const app = (await import(pathToFileURL(join(repoRoot, 'server/src/app.ts')).href)) as {
    startServer(o: Record<string, unknown>): Promise<RunningServer>;
  };
  const server = await app.startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: join(tmp, 'data'),
    clientDir: clientDist(),
    // The browser tests' tables may ask for short claim windows.
    claimMinMsFloor: 0,
    ...options,
  });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}

/**
 * Chromium as this machine runs it: no sandbox, WebGL through SwiftShader, the page's layers put
 * together on the CPU. Its pages ask for reduced motion (the player's setting) unless `motion`:
 * the table then puts each tile in its place at once, the same picture without the slide's frames,
 * which software WebGL draws at seconds of CPU per change across a suite's pages. The suites of
 * the table's screens (screens.e2e, table.e2e) keep the motion.
 */
export async function launchChromium({ motion = false } = {}): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      // The page's layers are put together on the CPU instead of through SwiftShader: the canvas
      // is still drawn with WebGL (the renderer string stays SwiftShader's), the screenshots show
      // the same pictures (pixels differ only in edges' antialiasing and the background's
      // dithering), and a suite takes 12-18 % less CPU on this 2-core machine.
      '--disable-gpu-compositing',
    ],
  });
  if (motion) return browser;
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: 'reduce', ...options });
  browser.newPage = (options = {}) => newPage({ reducedMotion: 'reduce', ...options });
  return browser;
}

/**
 * Closes every page `browser` has open. Each suite calls it after each of its tests: a page left
 * open is not idle. Bots play on at its table and each move is drawn, at the page's pixel ratio,
 * through software WebGL here: a suite's later tests ran at half speed beside the pages of its
 * earlier ones (four-players: its last test took 126 s after the two before it, 45 s alone).
 */
export async function closePages(browser: Browser | undefined): Promise<void> {
  await Promise.all((browser?.contexts() ?? []).map((c) => c.close().catch(() => {})));
}

/** POSTs JSON to the server's API (with a bearer token when given); throws on an error status. */
export async function postJson<T>(base: string, path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as T;
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/**
 * Waits until `page` shows the table page: a lobby page with a seat goes there by itself once the
 * match starts. Read from the page's address as it changes, not `waitForURL`, which fails on a
 * navigation that another one cut short.
 */
export async function onTablePage(page: Page, timeout = 30_000): Promise<void> {
  const until = Date.now() + timeout;
  while (!/\/table\.html/.test(page.url())) {
    if (Date.now() > until) throw new Error(`not on the table page after ${timeout} ms: ${page.url()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
