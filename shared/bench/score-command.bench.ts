/**
 * The command-line scorer as other programs use it: `npm run --silent score -- --json` with
 * 1,000 requests on standard input, timed end to end (npm, tsx start-up and scoring), five runs.
 * Issue 3 asks for under a second; the figure depends on how busy the machine is.
 */
import { spawnSync } from 'node:child_process';
import hkNew from '../src/scoring/fixtures/hk-new.json' with { type: 'json' };
import hkOld from '../src/scoring/fixtures/hk-old.json' with { type: 'json' };
import riichi from '../src/scoring/fixtures/riichi.json' with { type: 'json' };

const rows = [...hkNew, ...hkOld, ...riichi].map((r) => r.request as unknown);
const input = JSON.stringify(Array.from({ length: 1000 }, (_, i) => rows[i % rows.length]));
const times: number[] = [];
for (let i = 0; i < 5; i++) {
  const t0 = performance.now();
  const r = spawnSync('npm', ['run', '--silent', 'score', '--', '--json'], {
    input,
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  times.push(performance.now() - t0);
  if (r.status !== 0) throw new Error(`score command failed: ${r.stderr}`);
  if ((JSON.parse(r.stdout) as unknown[]).length !== 1000) throw new Error('score command: wrong number of answers');
}
times.sort((a, b) => a - b);
console.log(
  `score --json, 1,000 requests: best ${times[0]?.toFixed(0)} ms, median ${times[2]?.toFixed(0)} ms (5 runs, whole command)`,
);
