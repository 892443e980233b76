/**
 * PostgreSQL: a server process says it is alive by holding a session advisory lock named after
 * its owner id, on a connection of its own. PostgreSQL drops the lock with the connection, so
 * when the process dies (even by SIGKILL) another one may claim its tables at once, without
 * waiting for their leases to run out (`PrismaStore.claim` checks `pg_locks`). A lost connection
 * is opened again; while it is away, this process's tables may be claimed, and then its writes
 * to them are refused (fencing), never mixed into another owner's log.
 */
import pg from 'pg';
import type { Logger } from 'pino';
import { OWNER_LOCK_SPACE } from './prisma-store.js';

export class OwnerPresence {
  private client: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private stopped = false;

  constructor(
    private readonly url: string,
    private readonly owner: string,
    private readonly log?: Logger,
  ) {}

  /** Resolves once the lock is held (the first time; later losses reconnect in the background). */
  async start(): Promise<void> {
    await this.connect();
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 5000 });
    const lost = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      client.end().catch(() => {});
      if (this.stopped) return;
      this.log?.warn({ err: error }, 'owner lock connection lost; reconnecting');
      this.later();
    };
    client.on('error', lost);
    client.on('end', () => lost());
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1, hashtext($2))', [OWNER_LOCK_SPACE, this.owner]);
    if (this.stopped) {
      await client.end();
      return;
    }
    this.client = client;
  }

  private later(): void {
    if (this.retry || this.stopped) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.connect().catch((error: unknown) => {
        this.log?.warn({ err: error }, 'owner lock: database unreachable');
        this.later();
      });
    }, 1000);
    this.retry.unref();
  }

  get held(): boolean {
    return this.client !== null;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
