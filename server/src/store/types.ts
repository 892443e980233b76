/**
 * The ledger as the server sees it: an interface, so the rooms do not care whether PGlite or
 * PostgreSQL (or anything else) keeps it. One contract suite (store-contract.ts) runs against
 * every implementation. Writes come in batches, each batch one transaction (group commit).
 */
import type { HandResultView, Seat } from '@mahjong/shared';
import type { RulesetId, TableStatus } from '@mahjong/shared';

export interface SeatRecord {
  readonly seat: Seat;
  readonly name: string | null;
  readonly bot: boolean;
  /** Nonce of the current seat token; null while the seat is free (or reserved). */
  readonly nonce: string | null;
  /**
   * The player who took the seat (null: a name typed without a player, a bot, a match from
   * before players). With no nonce yet, the seat is reserved for that player (a rematch).
   */
  readonly playerId: string | null;
  /** An outside AI (mjai) plays the seat: its name in the server's list (`bot` is true too). */
  readonly ai?: string | null;
}

export interface MatchRecord {
  readonly id: string;
  readonly code: string;
  readonly ruleset: RulesetId;
  readonly options: Record<string, unknown>;
  readonly rounds: number;
  readonly seed: string;
  readonly seedHash: string;
  readonly status: TableStatus;
  readonly spectatorsAllowed: boolean;
  readonly spectatorDelay: boolean;
  readonly fillWithBots: boolean;
  readonly hostNonce: string;
  readonly rulesetVersion: string;
  readonly logFormatVersion: number;
  readonly createdAt: Date;
  readonly startedAt: Date | null;
  readonly endedAt: Date | null;
  /** The engine clock when the match started (its `createEngine(now)`). */
  readonly startClock: number | null;
  readonly finalScores: readonly number[] | null;
  /** The circle the table was opened for (null: anyone with the link). */
  readonly circleId: string | null;
  /** The match this one is the rematch of. */
  readonly rematchOf: string | null;
  readonly seats: readonly SeatRecord[];
  /** An imported match: the checked tenhou.net/6 file (absent or null for a match played here). */
  readonly imported?: unknown;
}

export interface HandRow {
  readonly handNumber: number;
  readonly dealer: Seat;
  readonly prevailingWind: number;
  readonly result: HandResultView;
}

export interface ActionRow {
  readonly seq: number;
  readonly at: number;
  /** The engine's logged event, JSON. */
  readonly event: unknown;
}

export type MatchPatch = Partial<Pick<MatchRecord, 'status' | 'startedAt' | 'endedAt' | 'startClock' | 'finalScores'>>;

/** One write of a batch. Batches apply in one transaction, in the order of these kinds. */
export type LedgerWrite =
  | { readonly kind: 'createMatch'; readonly match: MatchRecord }
  | { readonly kind: 'seat'; readonly matchId: string; readonly seat: SeatRecord }
  | { readonly kind: 'action'; readonly matchId: string; readonly row: ActionRow }
  | { readonly kind: 'hand'; readonly matchId: string; readonly hand: HandRow }
  | { readonly kind: 'updateMatch'; readonly matchId: string; readonly patch: MatchPatch };

export interface MatchPage {
  readonly rows: readonly MatchRecord[];
  readonly total: number;
  /** Number of hands per match id of `rows`. */
  readonly handCounts: ReadonlyMap<string, number>;
}

/**
 * Anything the database did not do (unreachable, refused a write, a write of a table this process
 * no longer owns): the request that needed it changed nothing. HTTP answers it with 503.
 */
export class LedgerError extends Error {
  constructor(message: string, cause: unknown) {
    super(message, { cause });
    this.name = 'LedgerError';
  }
}

export interface Store {
  /**
   * The server process this store writes for: the owner of the tables it creates or claims.
   * Every write of a table another process owns is refused (fencing).
   */
  readonly owner: string;
  /** Applies every write in one transaction: all or nothing. */
  writeBatch(writes: readonly LedgerWrite[]): Promise<void>;
  /** Resolves when the database answers at all (a failed batch: bad writes, or no database?). */
  ping(): Promise<void>;
  /**
   * Takes ownership of these matches, each only if nobody live holds it (no owner, this owner,
   * an expired lease, or an owner whose process is gone), atomically per match: of two processes
   * claiming at once, one gets it. Returns the ids taken.
   */
  claim(ids: readonly string[]): Promise<string[]>;
  /** Extends the lease of every unfinished match this owner holds; returns how many (none on an exclusive database, which needs none). */
  renewLeases(): Promise<number>;
  /** Finished matches (over or ended) that ended after `since`, oldest first. */
  loadFinishedSince(since: Date): Promise<MatchRecord[]>;
  loadMatch(id: string): Promise<MatchRecord | null>;
  loadMatchByCode(code: string): Promise<MatchRecord | null>;
  /** Matches not finished: in the lobby or playing (for crash recovery). */
  loadActive(): Promise<MatchRecord[]>;
  /**
   * Matches not finished whose owner is another process that is gone (its lease ran out, or on
   * PostgreSQL its liveness lock is free): what a live process of a cluster takes over. Always
   * empty for a store that owns its whole database (embedded PGlite).
   */
  loadOrphans(): Promise<MatchRecord[]>;
  loadLog(matchId: string): Promise<ActionRow[]>;
  loadHands(matchId: string): Promise<HandRow[]>;
  /** Finished matches (over or ended after they started), newest first; page is 1-based. */
  listFinished(page: number, limit: number): Promise<MatchPage>;
  close(): Promise<void>;
}
