/**
 * The real command, in a child process: `npm run --silent score -- --json` with 1,000 requests
 * on standard input answers every one exactly as the library does, in order; one request gives
 * one result object; input that is not JSON exits 2 with a message on stderr. How fast it answers
 * is measured by `npm run bench` (shared/bench/score-command.bench.ts), never asserted here.
 */
import { describe, expect, it } from 'vitest';
import hkNew from '../scoring/fixtures/hk-new.json' with { type: 'json' };
import hkOld from '../scoring/fixtures/hk-old.json' with { type: 'json' };
import riichi from '../scoring/fixtures/riichi.json' with { type: 'json' };
import riichiModern from '../scoring/fixtures/riichi-modern.json' with { type: 'json' };
import { resultToJson, scoreRequest } from '../scoring/index.js';
import { runScore } from './run-score.js';

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
  it('answers 1,000 requests like the library, in order', async () => {
    const rows = [...hkNew, ...hkOld, ...riichi, ...riichiModern].map((r) => r.request as unknown);
    const pool = [...rows, ...bad];
    const requests = Array.from({ length: 1000 }, (_, i) => pool[i % pool.length]);
    const input = JSON.stringify(requests);
    const run = (stdin: string) => runScore(['--json'], stdin);

    const first = await run(input);
    expect(first.status, first.stderr).toBe(0);
    const answers = JSON.parse(first.stdout) as unknown[];
    expect(answers).toHaveLength(1000);
    expect(answers).toEqual(requests.map((q) => resultToJson(scoreRequest(q))));
    expect(answers.filter((a) => (a as { valid: boolean }).valid === false).length).toBeGreaterThanOrEqual(
      Math.floor(1000 / pool.length) * bad.length,
    );

    const single = await run(JSON.stringify(rows[0]));
    expect(single.status).toBe(0);
    expect(JSON.parse(single.stdout)).toEqual(resultToJson(scoreRequest(rows[0])));

    const notJson = await run('{ this is not json');
    expect(notJson.status).toBe(2);
    expect(notJson.stdout).toBe('');
    expect(notJson.stderr).toContain('not JSON');
  });
});
