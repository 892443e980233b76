/**
 * Limits on what one client (by address) and everybody together may ask of the server: table
 * creation, join-code lookups that miss, history and replay requests, open lobbies. Token buckets
 * keyed by client address; a refusal says when to come back (`Retry-After`). All of it is
 * configurable (`ServerOptions.limits`, `LIMITS_*` environment variables), so that a test or a
 * load run can raise what it needs.
 */

export interface Rate {
  /** Sustained requests per second. */
  readonly perSecond: number;
  /** Requests allowed at once. */
  readonly burst: number;
}

export interface Limits {
  /** Tables one address may create. */
  readonly createPerClient: Rate;
  /** Tables every client together may create. */
  readonly createTotal: Rate;
  /** Tables in the lobby (created, not started) at once; creation waits for one to start or expire. */
  readonly maxLobbies: number;
  /** Unstarted tables are closed after this long (ms), while the server runs and at a restart. */
  readonly lobbyTtlMs: number;
  /** Unstarted tables where nobody has taken a seat are closed after this long (ms). */
  readonly emptyLobbyTtlMs: number;
  /** One address's share of `maxLobbies`: the tables it created that wait in the lobby. */
  readonly maxLobbiesPerClient: number;
  /** Running tables with no human seat (bots only), on the whole server and per creating address. */
  readonly maxBotTables: number;
  readonly maxBotTablesPerClient: number;
  /** Join codes looked up that name no table (HTTP and socket hello), per address. */
  readonly lookupMissesPerClient: Rate;
  /** History, match detail and replay requests per address. */
  readonly matchesPerClient: Rate;
  /** Spectator arrivals and departures are told to the table at most this often (ms). */
  readonly spectatorInfoMs: number;
  /** Sockets one address may hold open at once, in each server process (`socket/socket-cap.ts`). */
  readonly maxSocketsPerClient: number;
}

export const DEFAULT_LIMITS: Limits = {
  createPerClient: { perSecond: 10 / 60, burst: 10 },
  createTotal: { perSecond: 5, burst: 100 },
  maxLobbies: 5000,
  lobbyTtlMs: 6 * 60 * 60_000,
  emptyLobbyTtlMs: 15 * 60_000,
  maxLobbiesPerClient: 50,
  maxBotTables: 50,
  maxBotTablesPerClient: 3,
  lookupMissesPerClient: { perSecond: 10 / 60, burst: 20 },
  matchesPerClient: { perSecond: 5, burst: 30 },
  spectatorInfoMs: 1000,
  // One address may be a whole household or a club behind one NAT: a dozen players and
  // spectators, a socket per table page and per lobby page, tabs reloaded (a socket whose network
  // vanished counts until the heartbeat gives up on it, up to 45 s). 100 leaves that room several
  // times over, and a client opening thousands holds a hundred sockets' memory, not thousands'
  // (a connection refused its socket is closed; one that never asks for one lives until
  // socket.io's connect timeout, 45 s).
  maxSocketsPerClient: 100,
};

/** Limits so high that nothing in a test trips them (tests of the limits set their own). */
export const UNLIMITED: Limits = {
  ...DEFAULT_LIMITS,
  createPerClient: { perSecond: 1e6, burst: 1e6 },
  createTotal: { perSecond: 1e6, burst: 1e6 },
  maxLobbies: 1e6,
  maxLobbiesPerClient: 1e6,
  maxBotTables: 1e6,
  maxBotTablesPerClient: 1e6,
  lookupMissesPerClient: { perSecond: 1e6, burst: 1e6 },
  matchesPerClient: { perSecond: 1e6, burst: 1e6 },
  spectatorInfoMs: 0,
  maxSocketsPerClient: 1e6,
};

/**
 * Overrides from the environment: `LIMITS=off` (load runs), `LIMITS_CREATE_PER_MINUTE`,
 * `LIMITS_CREATE_TOTAL_PER_MINUTE`, `LIMITS_LOOKUP_MISSES_PER_MINUTE`, `LIMITS_MATCHES_PER_MINUTE`,
 * `LIMITS_MAX_LOBBIES`, `LIMITS_MAX_LOBBIES_PER_CLIENT`, `LIMITS_MAX_BOT_TABLES`,
 * `LIMITS_MAX_BOT_TABLES_PER_CLIENT`, `LIMITS_MAX_SOCKETS_PER_CLIENT`, `LOBBY_TTL_MINUTES`, `EMPTY_LOBBY_TTL_MINUTES`.
 */
export function limitsFromEnv(env: Record<string, string | undefined>): Partial<Limits> {
  if (env.LIMITS === 'off') return { ...UNLIMITED, spectatorInfoMs: DEFAULT_LIMITS.spectatorInfoMs };
  const num = (key: string): number | undefined => {
    const raw = env[key];
    if (raw === undefined || raw === '') return undefined;
    const n = Number(raw);
    return Number.isFinite(n) && n >= 0 ? n : undefined;
  };
  const perMinute = (key: string, base: Rate): Rate | undefined => {
    const n = num(key);
    return n === undefined ? undefined : { perSecond: n / 60, burst: Math.max(1, Math.min(base.burst, n)) };
  };
  const out: { -readonly [K in keyof Limits]?: Limits[K] } = {};
  const create = perMinute('LIMITS_CREATE_PER_MINUTE', DEFAULT_LIMITS.createPerClient);
  if (create) out.createPerClient = create;
  const total = perMinute('LIMITS_CREATE_TOTAL_PER_MINUTE', DEFAULT_LIMITS.createTotal);
  if (total) out.createTotal = total;
  const lookups = perMinute('LIMITS_LOOKUP_MISSES_PER_MINUTE', DEFAULT_LIMITS.lookupMissesPerClient);
  if (lookups) out.lookupMissesPerClient = lookups;
  const matches = perMinute('LIMITS_MATCHES_PER_MINUTE', DEFAULT_LIMITS.matchesPerClient);
  if (matches) out.matchesPerClient = { ...matches, burst: DEFAULT_LIMITS.matchesPerClient.burst };
  const lobbies = num('LIMITS_MAX_LOBBIES');
  if (lobbies !== undefined) out.maxLobbies = lobbies;
  const ttl = num('LOBBY_TTL_MINUTES');
  if (ttl !== undefined) out.lobbyTtlMs = ttl * 60_000;
  const emptyTtl = num('EMPTY_LOBBY_TTL_MINUTES');
  if (emptyTtl !== undefined) out.emptyLobbyTtlMs = emptyTtl * 60_000;
  const share = num('LIMITS_MAX_LOBBIES_PER_CLIENT');
  if (share !== undefined) out.maxLobbiesPerClient = share;
  const bots = num('LIMITS_MAX_BOT_TABLES');
  if (bots !== undefined) out.maxBotTables = bots;
  const botsPerClient = num('LIMITS_MAX_BOT_TABLES_PER_CLIENT');
  if (botsPerClient !== undefined) out.maxBotTablesPerClient = botsPerClient;
  const sockets = num('LIMITS_MAX_SOCKETS_PER_CLIENT');
  // A whole number from 1, else the default as for any value not read: 0 would refuse every page.
  if (sockets !== undefined && Number.isInteger(sockets) && sockets >= 1) out.maxSocketsPerClient = sockets;
  return out;
}

/** The answer of a bucket: taken, or how many seconds until one more would be. */
export type Take = { readonly ok: true } | { readonly ok: false; readonly retryAfterSeconds: number };

/**
 * A limit by key (a client address): `check` says whether a request would be refused, `take`
 * counts one, `give` hands one back (a cost taken ahead that turned out not to be owed). In one
 * process (`RateLimiter`) or shared by every process through Redis (`src/shared-limits.ts`),
 * hence an answer that may come later.
 */
export interface Limiter {
  check(key: string): Take | Promise<Take>;
  take(key: string): Take | Promise<Take>;
  give(key: string): void | Promise<void>;
}

/**
 * A lookup whose misses are limited (a join code, an invite, a transfer code), paid for before it
 * is made: `ok` with `hit` to call when it found something (the token comes back), or the
 * refusal. Checking first and taking on a miss would let lookups that arrive together all pass
 * the check before any of them missed; paid ahead, the budget holds however many are in flight.
 */
export type Lookup = { readonly ok: true; readonly hit: () => Promise<void> } | Extract<Take, { ok: false }>;

export async function payForLookup(limiter: Limiter, key: string): Promise<Lookup> {
  const taken = await limiter.take(key);
  if (!taken.ok) return taken;
  let given = false;
  return {
    ok: true,
    hit: async () => {
      if (given) return;
      given = true;
      await limiter.give(key);
    },
  };
}

/** Token buckets by key (a client address), forgotten once full again so the map stays small. */
export class RateLimiter implements Limiter {
  private readonly buckets = new Map<string, { tokens: number; last: number }>();

  constructor(
    private readonly rate: Rate,
    private readonly now: () => number = () => performance.now(),
  ) {}

  private refill(key: string): { tokens: number; last: number } {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.rate.burst, last: t };
    b.tokens = Math.min(this.rate.burst, b.tokens + ((t - b.last) / 1000) * this.rate.perSecond);
    b.last = t;
    return b;
  }

  /** Would a request be refused now? (Does not take.) */
  check(key: string): Take {
    const b = this.refill(key);
    if (b.tokens >= 1) return { ok: true };
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.rate.perSecond)) };
  }

  take(key: string): Take {
    const b = this.refill(key);
    if (b.tokens < 1) {
      this.buckets.set(key, b);
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.rate.perSecond)) };
    }
    b.tokens -= 1;
    this.buckets.set(key, b);
    if (this.buckets.size > 10_000) this.sweep();
    return { ok: true };
  }

  give(key: string): void {
    const b = this.refill(key);
    b.tokens = Math.min(this.rate.burst, b.tokens + 1);
    this.buckets.set(key, b);
  }

  private sweep(): void {
    for (const key of [...this.buckets.keys()]) {
      if (this.refill(key).tokens >= this.rate.burst) this.buckets.delete(key);
    }
  }
}
