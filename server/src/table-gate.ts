/**
 * Whether an address may open one more table now: `POST /api/tables` and a rematch's first click
 * go through the same gate, so a chain of rematches is no way around the limits. The lobby caps
 * (on the deployment, and the address's share) come first, then the creation budgets (per address,
 * and in total). A pass counts as a lobby from its check on, in the same turn of the loop, until
 * `release` (once the table exists, it counts itself): creations sent together cannot all pass.
 */
import type { Limiter, Limits } from './limits.js';
import type { Tables } from './tables.js';

export interface TableGuards {
  readonly limits: Pick<Limits, 'maxLobbies' | 'maxLobbiesPerClient'>;
  readonly createPerClient: Limiter;
  readonly createTotal: Limiter;
}

export type Opening =
  | { readonly ok: true; readonly release: () => void }
  | { readonly ok: false; readonly retryAfterSeconds: number; readonly message: string };

/** Seconds a full lobby is told to wait: lobbies empty as tables start or expire, not on a clock. */
const FULL_LOBBY_RETRY_S = 60;

export async function openTable(tables: Tables, guards: TableGuards, address: string): Promise<Opening> {
  if (tables.lobbies >= guards.limits.maxLobbies) {
    return refused(FULL_LOBBY_RETRY_S, 'too many tables are waiting to start on this server');
  }
  if (tables.lobbiesOf(address) >= guards.limits.maxLobbiesPerClient) {
    return refused(FULL_LOBBY_RETRY_S, 'this address has too many tables waiting to start; start or end one');
  }
  const release = tables.holdLobby(address);
  const spent = await spendCreation(guards, address);
  if (!spent.ok) release();
  return spent.ok ? { ok: true, release } : spent;
}

/**
 * One creation taken from the address's budget, then from the server's: what a new table and an
 * imported match cost (an import holds no lobby, so it skips the caps).
 */
export async function spendCreation(
  guards: Omit<TableGuards, 'limits'>,
  address: string,
): Promise<{ readonly ok: true } | Extract<Opening, { ok: false }>> {
  const mine = await guards.createPerClient.take(address);
  if (!mine.ok) return refused(mine.retryAfterSeconds, 'too many tables created from this address');
  const all = await guards.createTotal.take('all');
  if (!all.ok) return refused(all.retryAfterSeconds, 'too many tables are being created');
  return { ok: true };
}

const refused = (retryAfterSeconds: number, message: string): Extract<Opening, { ok: false }> => ({
  ok: false,
  retryAfterSeconds,
  message,
});
