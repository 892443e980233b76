/**
 * The real command, in a child process: `npm run --silent score -- --json` with 1,000 requests
 * on standard input answers every one exactly as the library does, in order, in under a second
 * (the fastest of the runs made within 15 s, so that a busy moment of a shared machine does not
 * fail it); one request gives one result object; input that is not JSON exits 2 with a message
 * on stderr. One test, as the brief asks.
 */
import { describe, expect, it } from 'vitest';
import hkNew from '../scoring/fixtures/hk-new.json' with { type: 'json' };
import hkOld from '../scoring/fixtures/hk-old.json' with { type: 'json' };
import riichi from '../scoring/fixtures/riichi.json' with { type: 'json' };
import { resultToJson, scoreRequest } from '../scoring/index.js';

interface SpawnResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}
type SpawnSync = (
  cmd: string,
  args: readonly string[],
  opts: { input: string; encoding: 'utf8'; maxBuffer: number },
) => SpawnResult;

// shared/ compiles without Node or DOM types: the test reaches child_process through a plain
// specifier and the clock through globalThis. It runs from the repository root, as vitest does.
const CHILD_PROCESS: string = 'node:child_process';
const { performance } = globalThis as unknown as { performance: { now(): number } };

const bad = [
  { concealed: '123m456p789s', win: '1z' }, // 13 tiles
  { concealed: '123m456p789s1z9s', melds: [{ kind: 'pung', tiles: '555z' }], win: '1z' }, // 15 tiles
  { concealed: '111m111m222m333m4m', win: '4m' }, // six copies
  { concealed: '123m456p789s1z', melds: [{ kind: 'chow', tiles: '123z' }], win: '1z' }, // chow of honours
  { concealed: '123m456p789s1z', melds: [{ kind: 'kong', tiles: '555z' }], win: '1z' }, // kong of three
  { concealed: '123m456p789s1z', melds: [{ kind: 'pung', tiles: '555z' }], win: '9p' }, // not complete
  { concealed: '123m456p789s1z', win: '1z', options: { nope: 1 } }, // unknown option
  'not an object',
];

describe('npm run score -- --json', () => {
  it('answers 1,000 requests like the library, in order, in under a second', async () => {
    const { spawnSync } = (await import(CHILD_PROCESS)) as { spawnSync: SpawnSync };
    const rows = [...hkNew, ...hkOld, ...riichi].map((r) => r.request as unknown);
    const pool = [...rows, ...bad];
    const requests = Array.from({ length: 1000 }, (_, i) => pool[i % pool.length]);
    const input = JSON.stringify(requests);
    const run = (stdin: string) => {
      const t0 = performance.now();
      const r = spawnSync('npm', ['run', '--silent', 'score', '--', '--json'], {
        input: stdin,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
      });
      return { ...r, ms: performance.now() - t0 };
    };

    const first = run(input);
    expect(first.status, first.stderr).toBe(0);
    const answers = JSON.parse(first.stdout) as unknown[];
    expect(answers).toHaveLength(1000);
    expect(answers).toEqual(requests.map((q) => resultToJson(scoreRequest(q))));
    expect(answers.filter((a) => (a as { valid: boolean }).valid === false).length).toBeGreaterThanOrEqual(
      Math.floor(1000 / pool.length) * bad.length,
    );

    // On a busy shared machine one run can be slow: run again (for up to 15 s) and keep the fastest.
    let fastest = first.ms;
    const t0 = performance.now();
    while (fastest >= 1000 && performance.now() - t0 < 15_000) fastest = Math.min(fastest, run(input).ms);
    expect(fastest).toBeLessThan(1000);

    const single = run(JSON.stringify(rows[0]));
    expect(single.status).toBe(0);
    expect(JSON.parse(single.stdout)).toEqual(resultToJson(scoreRequest(rows[0])));

    const notJson = run('{ this is not json');
    expect(notJson.status).toBe(2);
    expect(notJson.stdout).toBe('');
    expect(notJson.stderr).toContain('not JSON');
  });
});
