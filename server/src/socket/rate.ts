/** The per-socket and per-address limits on what a socket sends (token buckets). */
import type { Socket } from 'socket.io';

/** Where a socket comes from, for the per-address limits (the proxy's client when trusted). */
export function clientAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : socket.handshake.address;
}

export interface RateLimit {
  /** Sustained messages per second. */
  readonly perSecond: number;
  /** Messages allowed in a burst. */
  readonly burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 40 };

/**
 * Full views asked again (`sync`, a repeated `hello`): an honest page asks after a gap, a few
 * times a minute at most; a poller is held to this per socket and per address.
 */
export interface SyncLimit {
  readonly perSocket: RateLimit;
  readonly perAddress: RateLimit;
}
export const DEFAULT_SYNC_LIMIT: SyncLimit = {
  perSocket: { perSecond: 1, burst: 5 },
  perAddress: { perSecond: 10, burst: 40 },
};

/** Token bucket per socket. */
export class Bucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly limit: RateLimit,
    now: number,
  ) {
    this.tokens = limit.burst;
    this.last = now;
  }
  take(now: number): boolean {
    this.tokens = Math.min(this.limit.burst, this.tokens + ((now - this.last) / 1000) * this.limit.perSecond);
    this.last = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}
