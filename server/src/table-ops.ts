/**
 * The lobby and host commands on one table (join, bot, start, end, reissue), as plain request in, answer
 * out: the HTTP routes run them on a table this process holds, and in a cluster the process
 * holding the table runs them for a peer that received the request (socket.ts `Peers`).
 */
import {
  botRequestSchema,
  type HttpError,
  type HttpErrorCode,
  type RefusalValues,
  type JoinResponse,
  joinRequestSchema,
} from '@mahjong/shared';
import type { Room } from './room.js';
import { LedgerError } from './store/types.js';
import { bearerToken, verifyToken } from './tokens.js';

export const TABLE_OPS = ['join', 'bot', 'start', 'end', 'reissue'] as const;
export type TableOp = (typeof TABLE_OPS)[number];
export const isTableOp = (x: unknown): x is TableOp => (TABLE_OPS as readonly unknown[]).includes(x);

/** An HTTP answer as data (it may cross to another process). */
export interface OpAnswer {
  readonly status: number;
  readonly body: unknown;
}

export const STATUS: Record<HttpErrorCode, number> = {
  'http/invalid': 400,
  'http/not_found': 404,
  'http/internal': 500,
  'server/unavailable': 503,
  'http/rate_limited': 429,
  'http/origin': 403,
  'http/too_large': 413,
  'http/media_type': 415,
  'http/header_too_large': 431,
  'http/uri_too_long': 414,
  'http/timeout': 408,
  'table/not_found': 404,
  'table/seat_taken': 409,
  'table/seat_vacant': 409,
  'table/full': 409,
  'table/already_started': 409,
  'table/not_ready': 409,
  'table/over': 409,
  'auth/not_host': 403,
  'match/not_found': 404,
  'match/in_progress': 409,
  'player/no_key': 401,
  'player/bad_key': 401,
  'player/expired_key': 401,
  'player/device_forgotten': 401,
  'player/not_found': 404,
  'device/not_found': 404,
  'transfer/not_found': 404,
  'transfer/used': 410,
  'transfer/expired': 410,
  'circle/not_found': 404,
  'circle/not_owner': 403,
  'circle/invite_invalid': 410,
  'match/not_seated': 403,
  'match/no_rematch': 409,
  'match/format': 400,
  'log/invalid': 422,
};

export const errorAnswer = (code: HttpErrorCode, message: string, values?: RefusalValues): OpAnswer => ({
  status: STATUS[code],
  body: { error: { code, message, ...(values === undefined ? {} : { values }) } } satisfies HttpError,
});

function isHost(authorization: string, room: Room, secret: Buffer): boolean {
  const claims = verifyToken(secret, bearerToken(authorization));
  return (
    claims !== null && claims.code === room.code && claims.subject === 'host' && room.tokenCurrent('host', claims.nonce)
  );
}

/** Runs `op` on `room` (held by this process). A database failure answers 503: nothing changed. */
export async function runTableOp(
  room: Room,
  op: TableOp,
  body: unknown,
  authorization: string,
  secret: Buffer,
  /** The player whose verified key came with the request (a join then carries their id). */
  playerId: string | null = null,
): Promise<OpAnswer> {
  try {
    if (op === 'join') {
      const req = joinRequestSchema.safeParse(body ?? {});
      if (!req.success) return errorAnswer('http/invalid', req.error.issues.map((i) => i.message).join('; '));
      const r = await room.join(req.data.name, req.data.seat, playerId);
      if (!r.ok) return errorAnswer(r.error.code, r.error.message, r.error.values);
      const out: JoinResponse = { seat: r.value.seat, token: r.value.token, table: room.info() };
      return { status: 200, body: out };
    }
    if (!isHost(authorization, room, secret)) return errorAnswer('auth/not_host', 'only the host may do this');
    if (op === 'bot') {
      const req = botRequestSchema.safeParse(body ?? {});
      if (!req.success) return errorAnswer('http/invalid', "seat must be 0-3 (and ai a name of the server's list)");
      const r = await room.setBot(req.data.seat, req.data.ai);
      return r.ok ? { status: 200, body: r.value } : errorAnswer(r.error.code, r.error.message, r.error.values);
    }
    if (op === 'reissue') {
      // The seat's token changes: the old one (perhaps stolen) holds nothing; the host passes the new one on.
      const req = botRequestSchema.safeParse(body ?? {});
      if (!req.success) return errorAnswer('http/invalid', 'seat must be 0-3');
      const r = await room.reissue(req.data.seat);
      if (!r.ok) return errorAnswer(r.error.code, r.error.message, r.error.values);
      const out: JoinResponse = { seat: r.value.seat, token: r.value.token, table: room.info() };
      return { status: 200, body: out };
    }
    const r = op === 'start' ? await room.start() : await room.end();
    return r.ok ? { status: 200, body: r.value } : errorAnswer(r.error.code, r.error.message, r.error.values);
  } catch (error) {
    if (error instanceof LedgerError) {
      return errorAnswer('server/unavailable', 'the server cannot reach its database; try again shortly');
    }
    throw error;
  }
}
