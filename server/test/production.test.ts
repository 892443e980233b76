/**
 * The production run, as the image runs it: `server/dist/main.js` built by
 * scripts/build-server.mjs and started with plain node (no tsx), as an unprivileged user (when
 * this runs as root, `nobody` through setpriv) on fresh ports, its embedded database in a
 * temporary folder only that user writes. METRICS_PORT serves the Prometheus series there and
 * only there: the public port has no /metrics; deploy/grafana-dashboard.json plots only series it
 * exports.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.setConfig({ hookTimeout: 120_000, testTimeout: 60_000 });

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NOBODY = { uid: 65534, gid: 65534 };
const asRoot = process.getuid?.() === 0;

/**
 * setpriv's arguments for running as nobody. A checkout that nobody may not read (a clone under
 * /root, mode 700) is read through the one capability to read files, still as user nobody and
 * without root's other powers: the point is the server's own needs (writing only DATA_DIR).
 */
function asNobody(): string[] {
  const drop = ['setpriv', '--reuid=nobody', '--regid=nogroup', '--clear-groups'];
  const probe = spawnSync(
    drop[0]!,
    [...drop.slice(1), process.execPath, '-e', `require('node:fs').accessSync(${JSON.stringify(root)}, 5)`],
    { encoding: 'utf8' },
  );
  return probe.status === 0 ? drop : [...drop, '--inh-caps=+dac_read_search', '--ambient-caps=+dac_read_search'];
}

describe('production build, unprivileged, with metrics on their own port', () => {
  let proc: ChildProcess;
  let dataDir: string;
  let publicPort = 0;
  let metricsPort = 0;
  let exited: Promise<number | string | null>;

  beforeAll(async () => {
    const build = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], {
      cwd: root,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);
    dataDir = await mkdtemp(path.join(tmpdir(), 'mj-prod-'));
    if (asRoot) await chown(dataDir, NOBODY.uid, NOBODY.gid);
    const node = [process.execPath, '--enable-source-maps', path.join(root, 'server/dist/main.js')];
    const argv = asRoot ? [...asNobody(), ...node] : node;
    proc = spawn(argv[0]!, argv.slice(1), {
      cwd: dataDir,
      env: {
        PATH: process.env.PATH ?? '/usr/bin:/bin',
        NODE_ENV: 'production',
        PORT: '0',
        METRICS_PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'info',
        SKIP_CLIENT_BUILD: '1',
        BOT_DELAY_MS: '20',
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve(signal ?? code)));
    // The ports come from the server's own log lines (pino JSON on stdout).
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start in time')), 110_000);
      void exited.then((code) => reject(new Error(`the server exited before listening (${code})`)));
      createInterface({ input: proc.stdout! }).on('line', (line) => {
        let entry: { msg?: string; port?: number };
        try {
          entry = JSON.parse(line) as typeof entry;
        } catch {
          return;
        }
        if (entry.msg === 'server listening') publicPort = entry.port ?? 0;
        if (entry.msg === 'metrics listening') metricsPort = entry.port ?? 0;
        if (publicPort > 0 && metricsPort > 0) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });

  afterAll(async () => {
    if (proc && proc.exitCode === null) {
      proc.kill('SIGTERM');
      await exited;
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('runs as an unprivileged user, from the compiled bundle', async () => {
    const status = await readFile(`/proc/${proc.pid}/status`, 'utf8');
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    expect(uid).not.toBe(0);
    const cmdline = (await readFile(`/proc/${proc.pid}/cmdline`, 'utf8')).split('\0');
    expect(cmdline).toContain(path.join(root, 'server/dist/main.js'));
    expect(cmdline.join(' ')).not.toMatch(/tsx/);
    expect((await fetch(`http://127.0.0.1:${publicPort}/healthz`)).status).toBe(200);
  });

  it('answers /metrics on METRICS_PORT with the listed series while a table plays', async () => {
    const base = `http://127.0.0.1:${publicPort}`;
    const created = (await (
      await fetch(`${base}/api/tables`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ruleset: 'hk-new', bots: [0, 1, 2, 3] }),
      })
    ).json()) as { code: string; hostToken: string };
    const started = await fetch(`${base}/api/tables/${created.code}/start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${created.hostToken}` },
      body: '{}',
    });
    expect(started.status).toBe(200);

    const scrape = async () => {
      const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/plain');
      return res.text();
    };
    // Bots play: actions reach the ledger and the counter.
    let text = '';
    await vi.waitFor(
      async () => {
        text = await scrape();
        expect(Number(/^mahjong_actions_total (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
      },
      { timeout: 40_000, interval: 500 },
    );
    expect(text).toMatch(/^mahjong_tables\{stage="playing"\} 1$/m);
    expect(text).toMatch(/^mahjong_tables\{stage="lobby"\} 0$/m);
    expect(text).toMatch(/^mahjong_sockets 0$/m);
    expect(text).toMatch(/^mahjong_tables_paused 0$/m);
    expect(text).toMatch(/^mahjong_ledger_failures_total 0$/m);
    expect(text).toMatch(/^mahjong_ledger_rejected_total 0$/m);
    expect(text).toMatch(/^mahjong_takeovers_total 0$/m);
    expect(text).toMatch(/^mahjong_action_to_view_seconds_bucket\{le="\+Inf"\} \d+$/m);
    expect(Number(/^mahjong_ledger_write_seconds_count (\d+)/m.exec(text)?.[1])).toBeGreaterThan(0);
    expect(text).toMatch(/^# TYPE mahjong_actions_total counter$/m);
    expect(text).toMatch(/^# TYPE mahjong_ledger_write_seconds histogram$/m);
    expect(text).toMatch(/^mahjong_process_cpu_seconds_total /m);

    // Every series the Grafana dashboard plots is one the server exports.
    const dashboard = await readFile(path.join(root, 'deploy/grafana-dashboard.json'), 'utf8');
    const plotted = new Set([...dashboard.matchAll(/\bmahjong_\w+/g)].map((m) => m[0]));
    expect(plotted.size).toBeGreaterThan(8);
    for (const name of plotted) expect(text, name).toMatch(new RegExp(`^${name}[{ ]`, 'm'));

    // Only /metrics on the metrics port; never /metrics on the public one.
    expect((await fetch(`http://127.0.0.1:${metricsPort}/`)).status).toBe(404);
    // (With client/dist built the public port answers the page fallback, without it a 404.)
    const open = await fetch(`${base}/metrics`);
    expect(open.headers.get('content-type')).not.toContain('text/plain');
    const body = await open.text();
    expect(body).not.toMatch(/^# (?:HELP|TYPE) /m);
    expect(body).not.toContain('mahjong_actions_total');
  });

  it('stops cleanly on SIGTERM', async () => {
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
