/**
 * Where a server's CPU went: `tsx server/scripts/profile-summary.ts DIR/*.cpuprofile [--top N]
 * [--window FILE | --whole]` (profiles written by `npm run load -- --profile DIR`). Prints self
 * time by area (the project's own folders, each dependency, V8 and native work) and the top
 * functions, as shares of the sampled time. Only the samples of the load tool's measurement
 * (DIR/window.json, which it writes) count unless `--whole`: start-up and table setup are not play.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    window: { type: 'string' },
    whole: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) {
  console.error('usage: tsx server/scripts/profile-summary.ts FILE.cpuprofile... [--top N]');
  process.exit(2);
}

/** A readable area for a script URL: a dependency's name, a project folder, or what V8 calls it. */
function area(url: string, fn: string): string {
  if (url === '') return fn.startsWith('(') ? fn : `(native) ${fn}`;
  const dep = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dep) return dep[1]!;
  const own = /\/(shared|server|client)\/src\/(.*)$/.exec(url);
  if (own) return `${own[1]}/${own[2]!.split('/').slice(0, -1).join('/') || '.'}`;
  if (url.startsWith('node:')) return url;
  return url.split('/').slice(-2).join('/');
}

/** The measured window (monotonic microseconds, the profiles' clock), or null for every sample. */
async function measuredWindow(): Promise<{ startUs: number; endUs: number } | null> {
  if (values.whole) return null;
  const file = values.window ?? path.join(path.dirname(positionals[0]!), 'window.json');
  if (!values.window && !existsSync(file)) return null;
  return JSON.parse(await readFile(file, 'utf8')) as { startUs: number; endUs: number };
}
const measured = await measuredWindow();

const byArea = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
for (const file of positionals) {
  const profile = JSON.parse(await readFile(file, 'utf8')) as Profile;
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = profile.startTime;
  for (const [i, id] of profile.samples.entries()) {
    const dt = profile.timeDeltas[i] ?? 0;
    at += dt;
    if (measured && (at < measured.startUs || at > measured.endUs)) continue;
    const node = nodes.get(id);
    if (!node || node.callFrame.functionName === '(idle)') continue;
    total += dt;
    const { functionName, url, lineNumber } = node.callFrame;
    const a = area(url, functionName);
    byArea.set(a, (byArea.get(a) ?? 0) + dt);
    const f = `${functionName || '(anonymous)'} ${url ? `${url.split('/').slice(-2).join('/')}:${lineNumber + 1}` : ''}`;
    byFunction.set(f, (byFunction.get(f) ?? 0) + dt);
  }
}

const top = Number(values.top);
const show = (title: string, m: Map<string, number>) => {
  const span = measured ? 'in the measured window' : 'over the whole run';
  console.log(`${title} (share of ${(total / 1e6).toFixed(1)} s sampled ${span}, idle excluded)`);
  for (const [k, v] of [...m.entries()].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`  ${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
  }
};
show('by area', byArea);
show('by function', byFunction);
