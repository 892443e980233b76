/**
 * The scoring command run for real, in a child process (`npm run --silent score -- ARGS`), for
 * its tests (`score.test.ts`, `score-sanma.test.ts`). They run from the repository root, as
 * vitest does.
 */

export interface ScoreRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

type SpawnSync = (
  cmd: string,
  args: readonly string[],
  opts: { input: string; encoding: 'utf8'; maxBuffer: number },
) => ScoreRun;

// shared/ compiles without Node or DOM types: child_process is reached through a plain specifier.
const CHILD_PROCESS: string = 'node:child_process';

/** Runs the command with `args`, `input` on its standard input, and waits for it to exit. */
export async function runScore(args: readonly string[], input = ''): Promise<ScoreRun> {
  const { spawnSync } = (await import(CHILD_PROCESS)) as { spawnSync: SpawnSync };
  return spawnSync('npm', ['run', '--silent', 'score', '--', ...args], {
    input,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
}
