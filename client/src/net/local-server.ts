/**
 * For the client's tests of its network code: the real server in this process over localhost,
 * on an embedded database in a temporary folder (no client files, bots at full speed), and its
 * closing, which also removes the folder. Imported by path, so the client's build never sees the
 * server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

export interface LocalServer {
  readonly url: string;
  close(): Promise<void>;
}

/** Starts a server with `options` over the tests' defaults; `name` names its folder. */
export async function startLocalServer(name: string, options: Record<string, unknown> = {}): Promise<LocalServer> {
  const tmp = mkdtempSync(join(tmpdir(), `mj-${name}-`));
  process.env.LOG_LEVEL ??= 'silent';
  const app = (await import(pathToFileURL(resolve(import.meta.dirname, '../../../server/src/app.ts')).href)) as {
    startServer(o: Record<string, unknown>): Promise<LocalServer>;
  };
  const server = await app.startServer({
    port: 0,
    host: '127.0.0.1',
    dataDir: tmp,
    clientDir: null,
    botDelayMs: 0,
    ...options,
  });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
