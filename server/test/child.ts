/**
 * The real server in a child process (`server/src/main.ts` under tsx), as `npm start` runs it:
 * for the crash-recovery test and the load tool. The child reports its port over IPC.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface ChildServer {
  readonly proc: ChildProcess;
  readonly url: string;
  readonly port: number;
  /** The metrics listener's port, when METRICS_PORT was given. */
  readonly metricsPort: number | null;
  /** Resolves with the exit code or signal. */
  readonly exited: Promise<number | string | null>;
}

/**
 * `server/src/main.ts` started with `env` (port 0, logs at warn unless told). Its output is the
 * test's own, or each line of it (standard output and error) goes to `lines` when given.
 */
export function spawnServer(
  env: Record<string, string>,
  nodeArgs: readonly string[] = [],
  lines?: (line: string) => void,
): { proc: ChildProcess; exited: Promise<number | string | null> } {
  const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/src/main.ts')], {
    cwd: root,
    // (HEALTH_DETAIL: the tests and the load tools read the ledger's figures from /healthz.)
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_CLIENT_BUILD: '1',
      LOG_LEVEL: 'warn',
      HEALTH_DETAIL: '1',
      // The tests' tables play with short claim windows (FAST_OPTIONS).
      CLAIM_MIN_MS_FLOOR: '0',
      ...env,
    },
    stdio: lines ? ['ignore', 'pipe', 'pipe', 'ipc'] : ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  if (lines) for (const out of [proc.stdout!, proc.stderr!]) createInterface({ input: out }).on('line', lines);
  const exited = new Promise<number | string | null>((resolve) =>
    proc.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  return { proc, exited };
}

export async function startChildServer(
  env: Record<string, string>,
  timeoutMs = 120_000,
  nodeArgs: readonly string[] = [],
): Promise<ChildServer> {
  const { proc, exited } = spawnServer(env, nodeArgs);
  const { port, metricsPort } = await new Promise<{ port: number; metricsPort: number | null }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not start in time')), timeoutMs);
    proc.on('message', (m: { type?: string; port?: number; metricsPort?: number }) => {
      if (m.type === 'listening' && typeof m.port === 'number') {
        clearTimeout(timer);
        resolve({ port: m.port, metricsPort: m.metricsPort ?? null });
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited before listening (${code})`));
    });
  });
  return { proc, url: `http://127.0.0.1:${port}`, port, metricsPort, exited };
}
