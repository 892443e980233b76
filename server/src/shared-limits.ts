/**
 * The per-address limits shared by every process of a deployment through Redis (`WORKERS=N`,
 * replicas): one token bucket per limit and key in Redis, refilled on Redis's clock, so that an
 * address has one budget wherever its requests land rather than one per process. Without Redis
 * the in-process `RateLimiter` decides alone; while Redis is away (or slow) each decision falls
 * back to it, so the limits fail open to one process's share, never to a crash or a refusal of
 * everybody.
 */
import type { Redis } from 'ioredis';
import { type Limiter, type Rate, RateLimiter, type Take } from './limits.js';

/**
 * One bucket (a hash: tokens, last refill in ms) refilled to now and, when ARGV[3] is 1, taken
 * from (-1: one given back, never over the burst). Answers {1} when allowed, {0, seconds} when
 * not. Time is Redis's, the same for everybody.
 */
const BUCKET_SCRIPT = `
local rate = tonumber(ARGV[1])
local burst = tonumber(ARGV[2])
local cost = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local b = redis.call('HMGET', KEYS[1], 'tokens', 'last')
local tokens = tonumber(b[1])
local last = tonumber(b[2])
if tokens == nil or last == nil then
  tokens = burst
  last = now
end
tokens = math.min(burst, tokens + math.max(0, now - last) / 1000 * rate)
if cost >= 0 and tokens < 1 then
  return {0, math.max(1, math.ceil((1 - tokens) / rate))}
end
if cost ~= 0 then
  tokens = math.min(burst, tokens - cost)
  redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'last', tostring(now))
  redis.call('PEXPIRE', KEYS[1], math.ceil((burst - tokens) / rate * 1000) + 1000)
end
return {1}
`;

type BucketRedis = Redis & {
  mjBucket(key: string, perSecond: string, burst: string, cost: string): Promise<[number, number?]>;
};

function withBucket(redis: Redis): BucketRedis {
  const r = redis as BucketRedis;
  if (typeof r.mjBucket !== 'function') r.defineCommand('mjBucket', { numberOfKeys: 1, lua: BUCKET_SCRIPT });
  return r;
}

export class SharedRateLimiter implements Limiter {
  private readonly redis: BucketRedis;
  /** This process's own bucket: the decision while Redis does not answer. */
  private readonly local: RateLimiter;
  /** Decisions Redis did not answer (taken locally instead). */
  fallbacks = 0;

  /** `name` tells the limits apart in Redis; `prefix` the deployments sharing one (REDIS_KEY). */
  constructor(
    private readonly name: string,
    private readonly rate: Rate,
    redis: Redis,
    private readonly prefix = 'mahjong',
  ) {
    this.redis = withBucket(redis);
    this.local = new RateLimiter(rate);
  }

  private async ask(key: string, cost: -1 | 0 | 1): Promise<Take | null> {
    // The client fails at once while disconnected (no offline queue) and after a second when
    // Redis hangs: a request never waits on Redis for long.
    if (this.redis.status !== 'ready') return null;
    try {
      const [ok, seconds] = await this.redis.mjBucket(
        `${this.prefix}:limit:${this.name}:${key}`,
        String(this.rate.perSecond),
        String(this.rate.burst),
        String(cost),
      );
      return ok === 1 ? { ok: true } : { ok: false, retryAfterSeconds: Number(seconds ?? 1) };
    } catch {
      return null;
    }
  }

  async check(key: string): Promise<Take> {
    const shared = await this.ask(key, 0);
    if (shared) return shared;
    this.fallbacks += 1;
    return this.local.check(key);
  }

  async take(key: string): Promise<Take> {
    const shared = await this.ask(key, 1);
    if (!shared) {
      this.fallbacks += 1;
      return this.local.take(key);
    }
    // What this process let through is counted here too, so that a fallback starts from its share.
    if (shared.ok) this.local.take(key);
    return shared;
  }

  async give(key: string): Promise<void> {
    const shared = await this.ask(key, -1);
    if (!shared) this.fallbacks += 1;
    this.local.give(key);
  }
}

/** The limiter of one limit: shared through Redis when there is one, this process's otherwise. */
export function limiterFor(name: string, rate: Rate, redis: Redis | null, prefix?: string): Limiter {
  return redis ? new SharedRateLimiter(name, rate, redis, prefix) : new RateLimiter(rate);
}
