/**
 * The caps on tables held (waiting lobbies, running tables of bots only; in all and per creating
 * address) for a whole deployment of several processes sharing one Redis. Unlike the rate limits
 * (`src/shared-limits.ts`), these count things that exist, and a process that dies takes its
 * tables' counts with it: so no process keeps counters in Redis that a SIGKILL would leave wrong.
 * Each process instead publishes what it holds, as a snapshot under a key that expires unless it
 * is renewed, and reads the others' snapshots, every `PUBLISH_MS`. A cap is then checked against
 * this process's live count plus the others' last snapshots: at most about two periods old, so a
 * burst spread over processes may pass a cap by what they let through in that time (bounded by
 * the creation rate limits, themselves shared). While Redis is away the others count as nothing:
 * each process caps alone, as without Redis.
 */
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';

/** What one process holds that the caps limit. */
export interface HeldTables {
  readonly lobbies: number;
  /** Waiting lobbies by creating address (addresses with none left out). */
  readonly lobbiesBy: Readonly<Record<string, number>>;
  readonly botTables: number;
  readonly botTablesBy: Readonly<Record<string, number>>;
}

export const NOTHING_HELD: HeldTables = { lobbies: 0, lobbiesBy: {}, botTables: 0, botTablesBy: {} };

/** How often a process publishes its snapshot and reads the others'. */
export const PUBLISH_MS = 1000;
/** A snapshot not renewed for this long is gone (its process died or lost Redis). */
const SNAPSHOT_TTL_MS = 5 * PUBLISH_MS;

export function sumHeld(parts: Iterable<HeldTables>): HeldTables {
  let lobbies = 0;
  let botTables = 0;
  const lobbiesBy: Record<string, number> = {};
  const botTablesBy: Record<string, number> = {};
  for (const p of parts) {
    lobbies += p.lobbies;
    botTables += p.botTables;
    for (const [a, n] of Object.entries(p.lobbiesBy)) lobbiesBy[a] = (lobbiesBy[a] ?? 0) + n;
    for (const [a, n] of Object.entries(p.botTablesBy)) botTablesBy[a] = (botTablesBy[a] ?? 0) + n;
  }
  return { lobbies, lobbiesBy, botTables, botTablesBy };
}

/** A snapshot read back from Redis, checked (another process, maybe another version, wrote it). */
function parseHeld(raw: string | null): HeldTables | null {
  if (raw === null) return null;
  try {
    const v = JSON.parse(raw) as Partial<HeldTables>;
    const counts = (o: unknown): Record<string, number> => {
      const out: Record<string, number> = {};
      if (o && typeof o === 'object') {
        for (const [k, n] of Object.entries(o)) if (typeof n === 'number' && n > 0) out[k] = n;
      }
      return out;
    };
    return {
      lobbies: typeof v.lobbies === 'number' ? v.lobbies : 0,
      lobbiesBy: counts(v.lobbiesBy),
      botTables: typeof v.botTables === 'number' ? v.botTables : 0,
      botTablesBy: counts(v.botTablesBy),
    };
  } catch {
    return null;
  }
}

export class SharedCaps {
  private others: HeldTables = NOTHING_HELD;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stopped = false;

  /**
   * `held` counts this process's tables; `processId` names its snapshot (the store's owner id);
   * `prefix` keeps deployments sharing one Redis apart (REDIS_KEY).
   */
  constructor(
    private readonly redis: Redis,
    private readonly processId: string,
    private readonly held: () => HeldTables,
    private readonly log: Logger,
    private readonly prefix = 'mahjong',
  ) {}

  private get setKey(): string {
    return `${this.prefix}:held:processes`;
  }

  private snapshotKey(id: string): string {
    return `${this.prefix}:held:${id}`;
  }

  /** The other processes' tables, as last read (nothing while Redis is away). */
  elsewhere(): HeldTables {
    return this.others;
  }

  start(): void {
    const tick = async () => {
      await this.exchange();
      if (!this.stopped) this.timer = setTimeout(() => void tick(), PUBLISH_MS);
    };
    void tick();
  }

  /** Publishes this process's snapshot and reads the others' (one round of `start`). */
  async exchange(): Promise<void> {
    if (this.redis.status !== 'ready') {
      this.others = NOTHING_HELD;
      return;
    }
    try {
      const mine = JSON.stringify(this.held());
      const [, , ids] = (await this.redis
        .multi()
        .set(this.snapshotKey(this.processId), mine, 'PX', SNAPSHOT_TTL_MS)
        .sadd(this.setKey, this.processId)
        .smembers(this.setKey)
        .exec()
        .then((answers) => (answers ?? []).map(([error, value]) => (error ? null : value)))) as [
        unknown,
        unknown,
        string[] | null,
      ];
      const elsewhere = (ids ?? []).filter((id) => id !== this.processId);
      const raw = elsewhere.length > 0 ? await this.redis.mget(elsewhere.map((id) => this.snapshotKey(id))) : [];
      const snapshots: HeldTables[] = [];
      const gone: string[] = [];
      raw.forEach((r, i) => {
        const held = parseHeld(r);
        if (held) snapshots.push(held);
        else gone.push(elsewhere[i]!);
      });
      if (gone.length > 0) await this.redis.srem(this.setKey, ...gone);
      this.others = sumHeld(snapshots);
    } catch (error) {
      // Redis answered late or not at all: the others count as nothing until the next round.
      this.others = NOTHING_HELD;
      this.log.debug({ err: error }, 'held-tables snapshot not exchanged');
    }
  }

  /** Stops publishing and withdraws this process's snapshot (a graceful shutdown). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== null) clearTimeout(this.timer);
    if (this.redis.status !== 'ready') return;
    await this.redis
      .multi()
      .del(this.snapshotKey(this.processId))
      .srem(this.setKey, this.processId)
      .exec()
      .catch(() => {});
  }
}
