/**
 * A private redis-server for a test or an adversarial run, on a port of its own (so that the
 * shared Redis is never stopped): started, killed and started again on the same port. Also a
 * port nothing listens on, for a Redis that is not there at all.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createConnection, createServer } from 'node:net';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A localhost port free right now (listened on and closed). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' }, () => {
      s.end();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

export class RedisServer {
  private proc: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** A server on `port` (default: a free one), not started yet. */
  static async on(port?: number): Promise<RedisServer> {
    return new RedisServer(port ?? (await freePort()));
  }

  async start(): Promise<this> {
    const proc = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.proc = proc;
    for (let i = 0; i < 100; i += 1) {
      if (await canConnect(this.port)) return this;
      if (proc.exitCode !== null) break;
      await sleep(50);
    }
    throw new Error(`redis-server did not start on port ${this.port}`);
  }

  /** Stops it (SIGKILL: gone at once, as in a crash; SIGTERM: a clean stop) and waits for the exit. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const proc = this.proc;
    this.proc = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await exited;
  }
}
