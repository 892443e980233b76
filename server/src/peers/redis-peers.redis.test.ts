/** The peers contract over the real Redis (127.0.0.1:6379 or REDIS_URL), channels of its own per run. */
import { randomBytes } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import { peersContract } from './peers-contract.js';
import { RedisPeers } from './redis-peers.js';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

peersContract('socket.io Redis adapter', async (members, answerMs) => {
  const key = `mj-test-peers-${randomBytes(4).toString('hex')}`;
  const clients: Redis[] = [];
  const servers = members.map(() => {
    const pub = new Redis(REDIS_URL);
    const sub = new Redis(REDIS_URL);
    clients.push(pub, sub);
    const io = new Server();
    io.adapter(createAdapter(pub, sub, { key }));
    return io;
  });
  const peers = servers.map((io, i) => new RedisPeers(io, members[i]!, answerMs));
  // Ready once every server hears every other one (each subscription is made asynchronously).
  const emit = (io: Server) =>
    (io.serverSideEmitWithAck as (e: string) => Promise<unknown[]>).call(io, 'mj:codes').catch(() => []);
  for (let tries = 0; ; tries += 1) {
    const heard = await Promise.all(servers.map(emit));
    if (heard.every((h) => h.length === servers.length - 1)) break;
    if (tries > 100) throw new Error('the servers did not hear each other through Redis');
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    peers,
    close: async () => {
      // (No engine to close: these servers listen on nothing, only their adapters are open.)
      await Promise.all(servers.map((io) => io.of('/').adapter.close()));
      await Promise.all(clients.map((c) => c.quit().catch(() => undefined)));
    },
  };
});
