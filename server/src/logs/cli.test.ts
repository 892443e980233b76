import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { openStore } from '../store/open.js';
import type { MatchRecord } from '../store/types.js';
import type { MatchConfig } from '../table/index.js';
import { playBotMatch } from '../table/sim.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const TESTDATA = path.join(ROOT, 'server/src/logs/testdata');
const CLI = path.join(ROOT, 'server/src/logs/cli.ts');
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** The command as `npm run --silent log -- ...` runs it; never throws, gives the exit status. */
async function log(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; out: string; err: string }> {
  try {
    const r = await run(TSX, [CLI, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, out: r.stdout, err: r.stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: e.stdout, err: e.stderr };
  }
}

describe('npm run log', () => {
  it('check: a line per hand, and with --json the summary last', async () => {
    const r = await log(['check', path.join(TESTDATA, 'confusing_nakis_1.json'), '--json']);
    expect(r.code).toBe(0);
    const lines = r.out.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^hand 1 East 2, 2 honba: DIFFERS/);
    const summary = JSON.parse(lines[lines.length - 1] as string) as {
      hands: number;
      agree: number;
      differences: unknown[];
    };
    expect(summary.hands).toBe(1);
    expect(summary.agree).toBe(0);
    expect(summary.differences).toHaveLength(1);
    const good = await log(['check', path.join(TESTDATA, 'suukantsu_1.json'), '--json']);
    expect(JSON.parse(good.out.trimEnd().split('\n').pop() as string)).toEqual({ hands: 2, agree: 2, differences: [] });
  }, 60_000);

  it('check and convert refuse a bad file (status 1); a wrong command line is status 2', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mj-log-cli-'));
    try {
      const bad = path.join(dir, 'bad.json');
      writeFileSync(bad, '{"log": [');
      const r = await log(['check', bad]);
      expect(r.code).toBe(1);
      expect(r.err).toContain('not JSON');
      expect((await log(['convert', bad, '--to', 'mjai'])).code).toBe(1);
      expect((await log(['convert', bad, '--to', 'tenhou6'])).code).toBe(2);
      expect((await log(['frobnicate'])).code).toBe(2);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('convert: a tenhou.net/6 file as mjai lines', async () => {
    const r = await log(['convert', path.join(TESTDATA, 'double_ron.json'), '--to', 'mjai']);
    expect(r.code).toBe(0);
    const events = r.out
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string; deltas?: number[] });
    expect(events.map((e) => e.type).filter((t) => t === 'hora')).toHaveLength(2);
    expect(events.find((e) => e.type === 'hora')?.deltas).toEqual([13000, 0, 0, -12000]);
  }, 60_000);

  it('export: a finished match of a PGlite ledger (DATA_DIR), refused while in play', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mj-log-export-'));
    try {
      const store = await openStore({ kind: 'pglite', dataDir: dir });
      const players = [0, 1, 2, 3].map((i) => ({
        name: `Bot ${i + 1}`,
        bot: true,
      })) as unknown as MatchConfig['players'];
      const config: MatchConfig = { seed: 'feed01', ruleset: 'riichi-modern', players, options: {} };
      const played = playBotMatch(config).engine;
      const base: Omit<MatchRecord, 'id' | 'code' | 'status'> = {
        ruleset: 'riichi-modern',
        options: {},
        rounds: 2,
        seed: 'feed01',
        seedHash: '',
        spectatorsAllowed: true,
        spectatorDelay: false,
        fillWithBots: true,
        hostNonce: 'x',
        rulesetVersion: 'riichi-modern@1',
        logFormatVersion: 1,
        createdAt: new Date(),
        startedAt: new Date(),
        endedAt: null,
        startClock: 0,
        finalScores: null,
        circleId: null,
        rematchOf: null,
        seats: players.map((p, seat) => ({ seat: seat as 0, name: p.name, bot: true, nonce: null, playerId: null })),
      };
      const over = crypto.randomUUID();
      const playing = crypto.randomUUID();
      await store.writeBatch([
        { kind: 'createMatch', match: { ...base, id: over, code: 'TSTAAA', status: 'over' } },
        { kind: 'createMatch', match: { ...base, id: playing, code: 'TSTBBB', status: 'playing' } },
        ...played.log.map((e) => ({
          kind: 'action' as const,
          matchId: over,
          row: { seq: e.seq, at: e.at, event: e.event },
        })),
      ]);
      await store.close();
      const r = await log(['export', over, '--format', 'tenhou6'], { DATA_DIR: dir });
      expect(r.code).toBe(0);
      const file = JSON.parse(r.out) as { log: unknown[] };
      expect(file.log).toHaveLength(played.results().length);
      const refused = await log(['export', playing, '--format', 'mjai'], { DATA_DIR: dir });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain('match/in_progress');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
