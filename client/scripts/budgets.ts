/**
 * The client's budgets (issue 6, item 10), measured and printed, never asserted:
 *
 *   1. bundle size: a production build (the client's own vite.config.ts, into a temporary
 *      folder so that client/dist is left alone), then per page the JS + CSS it loads up front
 *      (its entry and static imports, from Vite's manifest) raw and gzipped; the game page
 *      (table.html) against the 400 KB gzipped target;
 *   2. time to a drawn table: the real server (`startServer`, what `npm start` runs) on an
 *      embedded database in a temporary folder, serving that build; a table of four bots is
 *      started and the game page opened as a spectator in Chromium; from navigation to the
 *      first animation frame drawn on the page's canvas (and, when the page exposes its state
 *      as `window.__mj`, to the first frame with a table view);
 *   3. frame times while the bots play (tiles move every few hundred ms): requestAnimationFrame
 *      deltas over a few seconds, as fps, median, p95, p99 and the share of frames over 20 ms.
 *
 * What cannot be measured (a page not built yet, no Chromium, a server that does not start) is
 * printed with the reason; the script still exits 0 so that `npm run bench` goes on.
 * Run: `npm run bench -- budgets` (or `npm run budgets -w client`).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

const clientRoot = resolve(import.meta.dirname, '..');
const repoRoot = resolve(clientRoot, '..');

export const GAME_PAGE_BUDGET_KB = 400;
export const FRAME_BUDGET_MS = 1000 / 60;

export interface PageSize {
  readonly page: string;
  readonly files: readonly string[];
  readonly raw: number;
  readonly gzip: number;
  /** Chunks loaded later by dynamic import (not counted in `gzip`). */
  readonly lazyGzip: number;
}

export interface FrameStats {
  readonly frames: number;
  readonly fps: number;
  readonly medianMs: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Share of frames longer than 20 ms (a missed 60 Hz frame). */
  readonly slowShare: number;
}

interface ManifestChunk {
  readonly file: string;
  readonly src?: string;
  readonly isEntry?: boolean;
  readonly imports?: readonly string[];
  readonly dynamicImports?: readonly string[];
  readonly css?: readonly string[];
  readonly assets?: readonly string[];
}
type Manifest = Readonly<Record<string, ManifestChunk>>;

const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
const gz = (buf: Buffer): number => gzipSync(buf, { level: 9 }).length;

/** The files a page loads up front (entry, static imports, their CSS and assets) and lazily. */
export function pageFiles(manifest: Manifest, entryKey: string): { eager: string[]; lazy: string[] } {
  const eager = new Set<string>();
  const seen = new Set<string>();
  const lazyKeys: string[] = [];
  const walk = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    eager.add(chunk.file);
    for (const c of chunk.css ?? []) eager.add(c);
    for (const a of chunk.assets ?? []) eager.add(a);
    for (const i of chunk.imports ?? []) walk(i);
    lazyKeys.push(...(chunk.dynamicImports ?? []));
  };
  walk(entryKey);
  const lazy = new Set<string>();
  const lazySeen = new Set<string>(seen);
  const walkLazy = (key: string) => {
    if (lazySeen.has(key)) return;
    lazySeen.add(key);
    const chunk = manifest[key];
    if (!chunk) return;
    lazy.add(chunk.file);
    for (const c of chunk.css ?? []) lazy.add(c);
    for (const i of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) walkLazy(i);
  };
  lazyKeys.forEach(walkLazy);
  return { eager: [...eager], lazy: [...lazy].filter((f) => !eager.has(f)) };
}

/** Frame statistics from requestAnimationFrame deltas (ms). */
export function frameStats(deltas: readonly number[]): FrameStats {
  const d = [...deltas].sort((a, b) => a - b);
  const at = (q: number) => d[Math.min(d.length - 1, Math.floor(q * d.length))] ?? 0;
  const total = deltas.reduce((s, x) => s + x, 0);
  return {
    frames: d.length,
    fps: total > 0 ? (d.length * 1000) / total : 0,
    medianMs: at(0.5),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    maxMs: d[d.length - 1] ?? 0,
    slowShare: d.length > 0 ? d.filter((x) => x > 20).length / d.length : 0,
  };
}

/** The HTML pages the client has (the build inputs that exist). */
function htmlPages(): string[] {
  return readdirSync(clientRoot)
    .filter((f) => f.endsWith('.html'))
    .sort();
}

/** Builds the client into `outDir`; when the full build fails, builds the pages that do build. */
async function buildClient(outDir: string, notes: string[]): Promise<boolean> {
  const vite = await import('vite');
  const attempt = async (pages: string[] | null) => {
    await vite.build({
      configFile: resolve(clientRoot, 'vite.config.ts'),
      root: clientRoot,
      logLevel: 'error',
      build: { outDir, emptyOutDir: true, manifest: true },
      plugins:
        pages === null
          ? []
          : [
              {
                name: 'budgets-only-existing-pages',
                config(c) {
                  const input = Object.fromEntries(pages.map((p) => [basename(p, '.html'), resolve(clientRoot, p)]));
                  c.build ??= {};
                  c.build.rollupOptions = { ...(c.build.rollupOptions ?? {}), input };
                },
              },
            ],
    });
  };
  try {
    await attempt(null);
    return true;
  } catch (error) {
    notes.push(`full build failed (${firstLine(error)}); building the pages that exist one by one`);
  }
  const built: string[] = [];
  for (const page of htmlPages()) {
    try {
      await attempt([...built, page]);
      built.push(page);
    } catch (error) {
      notes.push(`${page}: does not build (${firstLine(error)})`);
    }
  }
  if (built.length === 0) return false;
  await attempt(built);
  return true;
}

/** The first two non-empty lines of an error, for a one-line note. */
const firstLine = (e: unknown): string =>
  (e instanceof Error ? e.message : String(e))
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .slice(0, 2)
    .join(' ')
    .slice(0, 240);

/** The files an HTML page loads up front: its module scripts, module preloads and stylesheets. */
export function htmlAssets(html: string): string[] {
  const out = new Set<string>();
  const tag = /<(script|link)\b[^>]*>/gi;
  for (const m of html.matchAll(tag)) {
    const t = m[0];
    const url = /\b(?:src|href)="([^"]+)"/i.exec(t)?.[1];
    if (url === undefined || /^(?:[a-z]+:)?\/\//i.test(url) || url.startsWith('data:')) continue;
    const isScript = /^<script/i.test(t);
    const rel = /\brel="([^"]+)"/i.exec(t)?.[1] ?? '';
    if (isScript || rel === 'stylesheet' || rel === 'modulepreload') out.add(url.replace(/^\//, ''));
  }
  return [...out];
}

/** Per built page: the HTML and what it loads up front (raw and gzipped), and its lazy chunks (gzipped). */
export function measureSizes(outDir: string): PageSize[] {
  const manifestPath = join(outDir, '.vite', 'manifest.json');
  const manifest = (existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {}) as Manifest;
  const sizes: PageSize[] = [];
  for (const page of readdirSync(outDir).filter((f) => f.endsWith('.html'))) {
    const html = readFileSync(join(outDir, page), 'utf8');
    const files = [page, ...htmlAssets(html)];
    let raw = 0;
    let gzip = 0;
    for (const f of files) {
      const path = join(outDir, f);
      if (!existsSync(path)) continue;
      const buf = readFileSync(path);
      raw += buf.length;
      gzip += gz(buf);
    }
    const lazy = manifest[page] ? pageFiles(manifest, page).lazy.filter((f) => !files.includes(f)) : [];
    const lazyGzip = lazy.reduce((s, f) => s + gz(readFileSync(join(outDir, f))), 0);
    sizes.push({ page, files, raw, gzip, lazyGzip });
  }
  return sizes.sort((a, b) => a.page.localeCompare(b.page));
}

/** Installed before any page script: notes WebGL/2D contexts and the first frame drawn with one. */
const PAGE_PROBE = `(() => {
  const b = { contexts: 0, firstFrameAt: null, firstViewFrameAt: null };
  window.__budget = b;
  const getContext = HTMLCanvasElement.prototype.getContext;
  HTMLCanvasElement.prototype.getContext = function (...args) {
    const c = getContext.apply(this, args);
    if (c) b.contexts++;
    return c;
  };
  // GL calls, to tell drawing cost apart: draw calls and texture uploads
  b.gl = { draws: 0, uploads: 0, uploadPixels: 0 };
  for (const proto of [window.WebGL2RenderingContext, window.WebGLRenderingContext]) {
    if (!proto) continue;
    for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced']) {
      const f = proto.prototype[name];
      if (f) proto.prototype[name] = function (...a) { b.gl.draws++; return f.apply(this, a); };
    }
    for (const name of ['texImage2D', 'texSubImage2D']) {
      const f = proto.prototype[name];
      if (f) proto.prototype[name] = function (...a) {
        b.gl.uploads++;
        const src = a.find((x) => x && typeof x === 'object' && 'width' in x && 'height' in x);
        if (src) b.gl.uploadPixels += src.width * src.height;
        return f.apply(this, a);
      };
    }
  }
  const raf = window.requestAnimationFrame.bind(window);
  // time spent in the page's own frame callbacks (Pixi's ticker: scene update and draw calls)
  b.work = [];
  b.recording = false;
  b.lastT = -1;
  b.raf = raf;
  window.requestAnimationFrame = (cb) => raf((t) => {
    const t0 = performance.now();
    cb(t);
    if (b.recording) {
      // every callback of one frame gets the same timestamp: sum them per frame
      if (b.lastT !== t) {
        b.work.push(0);
        b.lastT = t;
      }
      b.work[b.work.length - 1] += performance.now() - t0;
    }
    if (b.contexts === 0) return;
    const canvas = document.querySelector('canvas');
    if (!canvas || !canvas.isConnected || canvas.width === 0) return;
    const now = performance.now();
    if (b.firstFrameAt === null) b.firstFrameAt = now;
    if (b.firstViewFrameAt === null) {
      try {
        const mj = window.__mj;
        const s = mj && (typeof mj.state === 'function' ? mj.state() : mj.state);
        if (s && (s.view || s.table)) b.firstViewFrameAt = now;
      } catch {}
    }
  });
})();`;

const SAMPLE_MS = 4000;
/**
 * Chromium's GL here: BUDGETS_GL=swiftshader forces ANGLE's SwiftShader (what the e2e tests use);
 * the default leaves Chromium to choose (on a machine without a GPU, also software).
 */
const GL_FLAGS =
  process.env.BUDGETS_GL === 'swiftshader' ? ['--use-angle=swiftshader', '--enable-unsafe-swiftshader'] : [];
const LOADS = 3;

interface Probe {
  readonly firstFrameAt: number | null;
  readonly firstViewFrameAt: number | null;
  readonly domContentLoaded: number | null;
}
/** requestAnimationFrame deltas over MS milliseconds. */
const SAMPLE_FRAMES = `new Promise((done) => {
  const out = [];
  let last = -1;
  let end = 0;
  const step = (t) => {
    if (last >= 0) out.push(t - last);
    else end = t + MS;
    last = t;
    if (t < end || end === 0) raf(step);
    else done(out);
  };
  // the page's own requestAnimationFrame, not the probe's wrapper (which times the page's work)
  const raf = window.__budget?.raf ?? window.requestAnimationFrame.bind(window);
  raf(step);
})`;

interface Server {
  readonly url: string;
  close(): Promise<void>;
}

async function startLiveServer(clientDir: string, dataDir: string): Promise<Server> {
  process.env.LOG_LEVEL ??= 'warn';
  const app = pathToFileURL(join(repoRoot, 'server/src/app.ts')).href;
  const mod = (await import(app)) as {
    startServer(o: Record<string, unknown>): Promise<Server>;
  };
  return mod.startServer({ port: 0, host: '127.0.0.1', dataDir, clientDir, botDelayMs: 350 });
}

/** A JSON POST to the server's API (with a host token when given); throws on a refusal. */
export async function post(url: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

/** The game page's address for watching a table, as the lobby links it. */
export const spectateUrl = (base: string, code: string): string => `${base}/table.html?code=${code}&spectate=1`;

export interface Budgets {
  readonly notes: string[];
  readonly sizes: PageSize[];
  readonly firstFrameMs: number | null;
  readonly firstViewFrameMs: number | null;
  /** While the bots play, at 1280x800 and at 390x844. */
  readonly frames: FrameStats | null;
  readonly framesPhone: FrameStats | null;
  /** What this machine's Chromium gives at all: a blank page, a bare WebGL clear at 1280x800. */
  readonly baseline: { readonly blankFps: number; readonly webglClearFps: number; readonly gl: string } | null;
}

export async function runBudgets(log: (line: string) => void = console.log): Promise<Budgets> {
  const notes: string[] = [];
  const result: { -readonly [K in Exclude<keyof Budgets, 'notes'>]: Budgets[K] } = {
    sizes: [],
    firstFrameMs: null,
    firstViewFrameMs: null,
    frames: null,
    framesPhone: null,
    baseline: null,
  };
  const outDir = await mkdtemp(join(tmpdir(), 'mj-budgets-dist-'));
  const dataDir = await mkdtemp(join(tmpdir(), 'mj-budgets-data-'));
  try {
    const t0 = performance.now();
    const built = await buildClient(outDir, notes);
    log(`build: ${built ? `${((performance.now() - t0) / 1000).toFixed(1)} s` : 'failed'} (vite build, ${outDir})`);
    if (!built) return { notes, ...result };

    result.sizes = measureSizes(outDir);
    log('');
    log('page                 files   raw         gzip        (lazy, gzip)');
    for (const s of result.sizes) {
      log(
        `${s.page.padEnd(20)} ${String(s.files.length).padStart(5)}   ${kb(s.raw).padEnd(11)} ${kb(s.gzip).padEnd(11)} ${s.lazyGzip > 0 ? `(${kb(s.lazyGzip)})` : ''}`,
      );
    }
    const game = result.sizes.find((s) => s.page === 'table.html');
    if (game) {
      const verdict = game.gzip / 1024 < GAME_PAGE_BUDGET_KB ? 'within' : 'OVER';
      log(`game page (table.html): ${kb(game.gzip)} gzipped up front, ${verdict} the ${GAME_PAGE_BUDGET_KB} KB budget`);
    } else {
      notes.push('table.html is not built (the game page does not exist yet): no game page size');
    }

    if (!game) {
      notes.push('no game page: time to a drawn table and frame times not measured');
      return { notes, ...result };
    }
    const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
    if (!existsSync(chromiumPath)) {
      notes.push(`no Chromium at ${chromiumPath}: timings not measured`);
      return { notes, ...result };
    }
    let server: Server;
    try {
      server = await startLiveServer(outDir, dataDir);
    } catch (error) {
      notes.push(`the server did not start (${firstLine(error)}): timings not measured`);
      return { notes, ...result };
    }
    const { chromium } = await import('playwright-core');
    type Page = import('playwright-core').Page;
    const browser = await chromium.launch({
      executablePath: chromiumPath,
      args: ['--no-sandbox', '--disable-background-networking', '--headless', ...GL_FLAGS],
    });
    try {
      const created = await post(`${server.url}/api/tables`, { ruleset: 'hk-new', bots: [0, 1, 2, 3] });
      const code = String(created.code);
      await post(`${server.url}/api/tables/${code}/start`, {}, String(created.hostToken));
      const url = spectateUrl(server.url, code);
      const errors: string[] = [];
      /** One cold load of the game page; the page stays open for the frame sampling. */
      const load = async (): Promise<{ page: Page; probe: Probe } | null> => {
        // The probes below are strings Playwright evaluates in the page, which the server's CSP
        // (no eval) would refuse; the page itself runs under that CSP in the browser suites.
        const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
        page.on('pageerror', (e) => errors.push(e.message));
        await page.addInitScript(PAGE_PROBE);
        await page.goto(url, { waitUntil: 'commit' });
        try {
          await page.waitForFunction('window.__budget.firstFrameAt !== null', undefined, { timeout: 20_000 });
        } catch {
          notes.push(`no canvas frame within 20 s on ${url}${errors.length > 0 ? ` (page errors: ${errors[0]})` : ''}`);
          await page.close();
          return null;
        }
        // the table view arrives over the socket after the page has started
        await page
          .waitForFunction('window.__budget.firstViewFrameAt !== null', undefined, { timeout: 10_000 })
          .catch(() => undefined);
        const probe = (await page.evaluate(`({
          firstFrameAt: window.__budget.firstFrameAt,
          firstViewFrameAt: window.__budget.firstViewFrameAt,
          domContentLoaded: performance.getEntriesByType('navigation')[0]?.domContentLoadedEventEnd ?? null,
        })`)) as Probe;
        return { page, probe };
      };
      const loads: Probe[] = [];
      let page: Page | null = null;
      for (let i = 0; i < LOADS; i++) {
        const one = await load();
        if (one === null) break;
        loads.push(one.probe);
        if (i < LOADS - 1) await one.page.close();
        else page = one.page;
      }
      if (page === null) return { notes, ...result };
      const median = (xs: (number | null)[]): number | null => {
        const v = xs.filter((x): x is number => x !== null).sort((a, b) => a - b);
        return v.length === 0 ? null : (v[Math.floor((v.length - 1) / 2)] as number);
      };
      const ms = (xs: (number | null)[]) =>
        `median ${median(xs)?.toFixed(0)} ms (runs: ${xs.map((x) => (x === null ? '-' : x.toFixed(0))).join(', ')})`;
      result.firstFrameMs = median(loads.map((l) => l.firstFrameAt));
      result.firstViewFrameMs = median(loads.map((l) => l.firstViewFrameAt));
      log('');
      log(`game page, ${LOADS} cold loads as a spectator of a live table:`);
      log(`  DOMContentLoaded: ${ms(loads.map((l) => l.domContentLoaded))}`);
      log(`  first canvas frame drawn: ${ms(loads.map((l) => l.firstFrameAt))}`);
      if (result.firstViewFrameMs !== null) {
        log(`  first frame with the table view (window.__mj): ${ms(loads.map((l) => l.firstViewFrameAt))}`);
      } else {
        notes.push('no table view seen in window.__mj: "drawn table" is the first canvas frame');
      }
      const sample = async (label: string): Promise<FrameStats> => {
        await page.evaluate(
          'window.__budget.work = []; window.__budget.gl = { draws: 0, uploads: 0, uploadPixels: 0 }; window.__budget.recording = true',
        );
        // page functions as source text: tsx's helpers (e.g. __name) do not exist in the page
        const deltas = (await page.evaluate(SAMPLE_FRAMES.replace('MS', String(SAMPLE_MS)))) as number[];
        const work = (await page.evaluate('window.__budget.recording = false, window.__budget.work')) as number[];
        const gl = (await page.evaluate('window.__budget.gl')) as {
          draws: number;
          uploads: number;
          uploadPixels: number;
        };
        const f = frameStats(deltas);
        const w = frameStats(work);
        const per = (n: number) => (f.frames > 0 ? n / f.frames : 0);
        log(
          `frames while four bots play, ${label} (${SAMPLE_MS / 1000} s): ${f.fps.toFixed(1)} fps, frame median ${f.medianMs.toFixed(1)} ms, ` +
            `p95 ${f.p95Ms.toFixed(1)} ms, max ${f.maxMs.toFixed(1)} ms, ${(f.slowShare * 100).toFixed(0)}% over 20 ms; ` +
            `page work per frame median ${w.medianMs.toFixed(1)} ms, p95 ${w.p95Ms.toFixed(1)} ms; ` +
            `per frame ${per(gl.draws).toFixed(1)} draw calls, ${per(gl.uploads).toFixed(2)} texture uploads ` +
            `(${(per(gl.uploadPixels) / 1e6).toFixed(2)} Mpx)`,
        );
        if (f.fps < 55 && w.p95Ms < FRAME_BUDGET_MS) {
          log(`  the page's own work fits a 60 fps frame (${FRAME_BUDGET_MS.toFixed(1)} ms); see the baseline below`);
        }
        return f;
      };
      await page.waitForTimeout(1000);
      result.frames = await sample('1280x800');
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(500);
      result.framesPhone = await sample('phone 390x844');
      // what this machine's headless Chromium gives at all: a blank page and a bare WebGL clear
      const bare = await browser.newPage({ viewport: { width: 1280, height: 800 }, bypassCSP: true });
      await bare.setContent('<canvas id="c" width="1280" height="800"></canvas>');
      const blank = frameStats((await bare.evaluate(SAMPLE_FRAMES.replace('MS', '2000'))) as number[]);
      await bare.evaluate(`(() => {
        const gl = document.getElementById('c').getContext('webgl2');
        const f = (t) => { gl.clearColor((t / 1000) % 1, 0.3, 0.2, 1); gl.clear(gl.COLOR_BUFFER_BIT); requestAnimationFrame(f); };
        requestAnimationFrame(f);
      })()`);
      const clear = frameStats((await bare.evaluate(SAMPLE_FRAMES.replace('MS', '2000'))) as number[]);
      const glName = (await bare.evaluate(`(() => {
        const gl = document.createElement('canvas').getContext('webgl2');
        const ext = gl && gl.getExtension('WEBGL_debug_renderer_info');
        return gl ? String(gl.getParameter(ext ? ext.UNMASKED_RENDERER_WEBGL : gl.RENDERER)) : 'no WebGL2';
      })()`)) as string;
      await bare.close();
      result.baseline = { blankFps: blank.fps, webglClearFps: clear.fps, gl: glName };
      log(
        `baseline on this machine: blank page ${blank.fps.toFixed(1)} fps, bare WebGL clear 1280x800 ${clear.fps.toFixed(1)} fps ` +
          `(GL ${glName}${GL_FLAGS.length > 0 ? ', forced' : ''}; load average ${loadavg()
            .map((x) => x.toFixed(1))
            .join(' ')} on ${cpus().length} CPUs)`,
      );
      if (errors.length > 0) notes.push(`page errors: ${errors.slice(0, 3).join(' | ')}`);
      await page.close();
    } catch (error) {
      notes.push(`timing run failed: ${firstLine(error)}`);
    } finally {
      await browser.close();
      await server.close();
    }
    return { notes, ...result };
  } finally {
    for (const n of notes) log(`not measured / note: ${n}`);
    await rm(outDir, { recursive: true, force: true });
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the budgets and also writes them to artifacts/budgets.json (for the notes). */
export async function runAndSave(log: (line: string) => void = console.log): Promise<Budgets> {
  const budgets = await runBudgets(log);
  const dir = join(repoRoot, 'artifacts');
  await mkdir(dir, { recursive: true });
  const file = join(dir, 'budgets.json');
  const at = new Date().toISOString();
  await writeFile(file, `${JSON.stringify({ at, loadavg: loadavg(), ...budgets }, null, 2)}\n`);
  log(`figures written to ${file}`);
  return budgets;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runAndSave().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(`budgets: ${firstLine(error)}`);
      process.exit(0);
    },
  );
}
