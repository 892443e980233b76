/**
 * Cross-process room traffic. In a cluster each table lives in one server process; a socket
 * connected to another process is admitted, and its actions applied, by the table's owner. This
 * file is what one process asks of the others (`Peers`) and what it answers for its own tables
 * (`PeerAnswers`); `redis-peers.ts` carries both over the socket.io Redis adapter, and
 * `local-peers.ts` between peers in one process. One contract (`peers-contract.ts`) holds for both.
 */
import type { PlayerAction, RefusalCode, RefusalValues, Seat, SeatLostReason, ServerMessage } from '@mahjong/shared';
import type { Viewer } from '../room.js';
import type { OpAnswer, TableOp } from '../table-ops.js';

/** The answer to an action: accepted, or refused with a reason (nothing changed). */
export type Answer = { ok: true } | { ok: false; code: RefusalCode; message: string; values?: RefusalValues };

/** The answer to a hello: who the socket is at the table and its welcome, or a refusal. */
export type Admission =
  | { ok: true; viewer: Viewer; nonce?: string; welcome: ServerMessage }
  | { ok: false; code: RefusalCode; message: string; values?: RefusalValues };

/** Longest wait for the peers' answers (the Redis adapter's own timeout is 5 s once a request is out). */
export const PEER_ANSWER_MS = 7000;

/** What this process asks of (or tells) the processes holding the other tables. Null: nobody holds it. */
export interface Peers {
  /** Codes of the tables the other processes hold; null when they do not answer (then nothing is taken twice). */
  heldElsewhere(): Promise<Set<string> | null>;
  hello(code: string, token: string | undefined): Promise<Admission | null>;
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Promise<Answer | null>;
  /** A lobby or host command for a table another process holds. */
  http(
    code: string,
    op: TableOp,
    body: unknown,
    authorization: string,
    playerId: string | null,
  ): Promise<OpAnswer | null>;
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null>;
  /** A socket of `viewer` came (+1) or went (-1) here. */
  presence(code: string, viewer: Viewer, delta: number): void;
  /** The socket holding `seat` elsewhere (except `keep`) stops holding it. */
  evict(code: string, seat: Seat, reason: SeatLostReason, keep: string | undefined): void;
}

/**
 * What this process answers for its own tables (null: not here). Peers are trusted (they are
 * this deployment's processes), but what crosses the wire is checked for shape by the transport.
 */
export interface PeerAnswers {
  hello(code: string, token: string | undefined): Promise<Admission | null>;
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Answer | null;
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null>;
  http(
    code: string,
    op: TableOp,
    body: unknown,
    authorization: string,
    playerId: string | null,
  ): Promise<OpAnswer | null>;
  /** The codes of the tables held here. */
  codes(): string[];
  presence(code: string, viewer: Viewer, delta: number): void;
  evict(code: string, seat: Seat, reason: SeatLostReason, keep: string | undefined): void;
}

/**
 * Every other process's answers, or a rejection when they are not all in within `ms` (a peer that
 * does not answer in time counts as no answer at all, as a request of the adapter does).
 */
export async function withinTime<T>(answers: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      answers,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('the peers did not answer in time')), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** The first non-null answer (the owner's); null when nobody holds the table or the peers are away. */
export async function ownerAnswer<T>(answers: () => Promise<(T | null)[]>): Promise<T | null> {
  try {
    return (await answers()).find((a) => a !== null) ?? null;
  } catch {
    return null;
  }
}

/** The codes held elsewhere, asked up to three times (a peer late once would have its tables taken twice). */
export async function codesElsewhere(answers: () => Promise<string[][]>): Promise<Set<string> | null> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return new Set((await answers()).flat());
    } catch {
      if (attempt >= 2) return null;
    }
  }
}
