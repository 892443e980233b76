/**
 * The Redis connections of one server process: the socket.io adapter's publisher and subscriber,
 * and one for the shared limits (`src/shared-limits.ts`). Redis is an accelerator, never a
 * condition of running: a process starts while Redis is unreachable and stays up through an
 * outage, serving the tables it holds and deciding limits on its own, and reconnects with
 * backoff (0.2 s doubling to 5 s). Every client has an error handler, and a command whose caller
 * let its promise go (the adapter publishes and subscribes without catching) cannot take the
 * process down when the connection closes under it.
 */
import { type Command, Redis, type RedisOptions } from 'ioredis';
import type { Logger } from 'pino';

/** Reconnection delays: 0.2 s, 0.4 s, ... up to 5 s between attempts, for as long as it takes. */
export function redisBackoffMs(attempt: number): number {
  return Math.min(5000, 100 * 2 ** Math.min(attempt, 10));
}

export interface RedisLinks {
  /** The adapter's: commands wait through an outage (broadcasts queue and arrive after it). */
  readonly pub: Redis;
  readonly sub: Redis;
  /** The limits': commands fail at once while Redis is away (the limiter then decides alone). */
  readonly limits: Redis;
  close(): Promise<void>;
}

/** `redis://user:secret@host:port/0` as `redis://host:port/0`: for logs. */
export function redactedRedisUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    return u.toString();
  } catch {
    return 'redis (unparsable URL)';
  }
}

/** A rejected command nobody awaits is handled here (its caller, if any, still sees the error). */
function neverUnhandled(client: Redis): Redis {
  const send = client.sendCommand.bind(client);
  client.sendCommand = (command: Command, stream?: Parameters<Redis['sendCommand']>[1]) => {
    command.promise.catch(() => {});
    return send(command, stream);
  };
  return client;
}

export function connectRedis(url: string, log: Logger): RedisLinks {
  const where = redactedRedisUrl(url);
  const common: RedisOptions = { retryStrategy: redisBackoffMs };
  // Connecting starts here and is never awaited: a first attempt that fails is retried like a
  // lost connection (awaiting it made `npm start` exit with "Connection is closed.").
  const pub = neverUnhandled(new Redis(url, { ...common, maxRetriesPerRequest: null }));
  const sub = neverUnhandled(new Redis(url, { ...common, maxRetriesPerRequest: null }));
  const limits = neverUnhandled(
    new Redis(url, { ...common, maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 1000 }),
  );
  const clients = { pub, sub, limits } as const;
  // One line when Redis goes away (or is not there at start), one when it is back.
  let down = false;
  let everReady = false;
  for (const [name, client] of Object.entries(clients)) {
    client.on('error', (error: Error) => {
      if (down) return;
      down = true;
      log.warn(
        { err: error, client: name, redis: where },
        everReady
          ? 'redis connection lost: tables here play on, other processes hear of them when it is back; retrying'
          : 'redis unreachable at start: serving on without it (this process alone, limits per process); retrying',
      );
    });
    client.on('ready', () => {
      if (down) log.info({ client: name, redis: where }, 'redis connection back');
      down = false;
      everReady = true;
    });
  }
  return {
    ...clients,
    close: async () => {
      // (quit waits for a connection; with Redis down that would be forever.)
      await Promise.allSettled(
        Object.values(clients).map((c) => (c.status === 'ready' ? c.quit() : Promise.resolve(c.disconnect()))),
      );
    },
  };
}

/** Whether `client` is connected within `ms` (a start asks its peers only when they can answer). */
export async function redisReady(client: Redis, ms: number): Promise<boolean> {
  if (client.status === 'ready') return true;
  let timer: NodeJS.Timeout | undefined;
  let onReady: (() => void) | undefined;
  const ready = await new Promise<boolean>((resolve) => {
    onReady = () => resolve(true);
    client.once('ready', onReady);
    timer = setTimeout(() => resolve(false), ms);
  });
  clearTimeout(timer);
  if (onReady) client.off('ready', onReady);
  return ready;
}
