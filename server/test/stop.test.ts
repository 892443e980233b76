/**
 * A stop (SIGTERM, a deploy) must end: requests in flight get their answer, and no connection a
 * client holds open can keep the process alive.
 */
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { openStore } from '../src/store/open.js';
import { FlakyStore } from './flaky-store.js';
import { createTable, testServer } from './helpers.js';

/** Resolves with what `p` gave, or with 'still waiting' after `ms`: a hang fails with a message, not a test timeout. */
const within = <T>(p: Promise<T>, ms: number): Promise<T | 'still waiting'> =>
  Promise.race([p, new Promise<'still waiting'>((r) => setTimeout(() => r('still waiting'), ms).unref())]);

async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  await once(socket, 'connect');
  return socket;
}

describe('stopping the server', () => {
  it('closes connections on which no request ever came, and answers the request in flight', async () => {
    // Found by the clustered stop test, which hung one run in five: a fetch aborted before it
    // sent its request left a connected socket in the client's pool; Node's closeIdleConnections
    // skips a connection that has not had a request, and the HTTP server never closed.
    const store = new FlakyStore(await openStore({ kind: 'pglite', dataDir: null }));
    const server = await testServer({ store });
    const sockets: Socket[] = [];
    try {
      const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3] });
      // A silent connection (a browser's preconnect), and one that sent half a request.
      const silent = await openSocket(server.port);
      const partial = await openSocket(server.port);
      partial.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      sockets.push(silent, partial);
      const closed = sockets.map((s) => once(s, 'close'));
      // A start on a slow database: its answer must still come.
      store.slowMs = 400;
      const start = fetch(`${server.url}/api/tables/${t.code}/start`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${t.hostToken}` },
        body: '{}',
      });
      await new Promise((r) => setTimeout(r, 100));
      expect(
        await within(
          server.close().then(() => 'stopped'),
          15_000,
        ),
      ).toBe('stopped');
      expect((await start).status).toBe(200);
      expect(
        await within(
          Promise.all(closed).then(() => 'closed'),
          5_000,
        ),
      ).toBe('closed');
    } finally {
      for (const s of sockets) s.destroy();
      await server.close();
    }
  });
});
