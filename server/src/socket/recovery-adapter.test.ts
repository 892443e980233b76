/**
 * The adapter on a real socket.io server over localhost: what it keeps for sessions that recover,
 * against socket.io's own adapter, and a recovery through it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { SessionAwareAdapter } from 'socket.io-adapter';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, describe, expect, it } from 'vitest';
import { RecoveryAdapter } from './recovery-adapter.js';

const WINDOW_MS = 400;
const open: { io: Server; client: ClientSocket }[] = [];

async function serve(adapter: typeof SessionAwareAdapter) {
  const http = createServer();
  const io = new Server(http, {
    adapter,
    connectionStateRecovery: { maxDisconnectionDuration: WINDOW_MS, skipMiddlewares: true },
  });
  io.on('connection', (socket) => void socket.join('table'));
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const client = connect(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 50 });
  const received: number[] = [];
  client.on('n', (n: number) => received.push(n));
  await new Promise<void>((r) => client.once('connect', () => r()));
  open.push({ io, client });
  const kept = () => (io.of('/').adapter as unknown as { packets: unknown[] }).packets.length;
  return { io, client, received, kept };
}

/** socket.io's own adapter and ours, to compare. */
const BOTH = [
  ['socket.io', SessionAwareAdapter],
  ['ours', RecoveryAdapter],
] as const;

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

afterEach(async () => {
  for (const { io, client } of open.splice(0)) {
    client.close();
    await io.close();
  }
});

describe('RecoveryAdapter', () => {
  it('keeps a sent packet for the recovery window, where socket.io’s own adapter keeps it for a minute more', async () => {
    const kept: Record<string, number> = {};
    for (const [name, adapter] of BOTH) {
      const s = await serve(adapter);
      for (let n = 0; n < 50; n += 1) s.io.to('table').emit('n', n);
      await pause(WINDOW_MS + 1100);
      s.io.to('table').emit('n', 50);
      await pause(100);
      expect(s.received).toHaveLength(51);
      kept[name] = s.kept();
    }
    expect(kept).toEqual({ 'socket.io': 51, ours: 1 });
  });

  it('a dropped transport recovers its session with what was sent meanwhile', async () => {
    const s = await serve(RecoveryAdapter);
    s.io.to('table').emit('n', 0);
    await pause(50);
    s.client.io.engine.close();
    await pause(20);
    for (let n = 1; n <= 3; n += 1) s.io.to('table').emit('n', n);
    if (!s.client.connected) await new Promise<void>((r) => s.client.once('connect', () => r()));
    expect(s.client.recovered).toBe(true);
    await pause(50);
    expect(s.received).toEqual([0, 1, 2, 3]);
  });

  it('a session comes back once, where socket.io’s own adapter lets it come back again and again', async () => {
    const times: Record<string, number> = {};
    for (const [name, adapter] of BOTH) {
      const s = await serve(adapter);
      const nsp = s.io.of('/').adapter;
      nsp.persistSession({ sid: 'sid-1', pid: 'pid-1', rooms: ['table'], data: {} });
      // The offset a page holds: the id socket.io puts at the end of the last packet it sent.
      const packet = { type: 2, data: ['n', 1] as unknown[], nsp: '/' };
      nsp.broadcast(packet as never, { rooms: new Set(['table']), except: new Set() });
      const offset = packet.data[packet.data.length - 1] as string;
      let restored = 0;
      for (let i = 0; i < 3; i += 1) if ((await nsp.restoreSession('pid-1', offset)) !== null) restored += 1;
      times[name] = restored;
    }
    expect(times).toEqual({ 'socket.io': 3, ours: 1 });
  });
});
