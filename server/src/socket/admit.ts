/** Admission to a table held here, for a socket of this process or of a peer (`peers/peers.ts`). */
import type { RefusalCode, Result, Seat, SeatLostReason } from '@mahjong/shared';
import type { Admission, Answer, PeerAnswers } from '../peers/peers.js';
import type { Room, Viewer } from '../room.js';
import { errorAnswer, runTableOp } from '../table-ops.js';
import type { Tables } from '../tables.js';
import { verifyToken } from '../tokens.js';
import type { RemoteAudience } from './remote-audience.js';

/** Removes the socket holding `seat` (except `keep`) from it, in this process and in the cluster. */
export type Evict = (code: string, seat: Seat, reason: SeatLostReason, keep?: string) => void;

export const answer = (r: Result<unknown, RefusalCode>): Answer =>
  r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message, values: r.error.values };

/** Who may join `room` with `token` (none: a spectator); counts them in when admitted. */
export function admit(room: Room, token: string | undefined, secret: Buffer): Admission {
  let viewer: Viewer;
  let nonce: string | undefined;
  if (token !== undefined) {
    const claims = verifyToken(secret, token);
    if (
      !claims ||
      claims.code !== room.code ||
      claims.subject === 'host' ||
      !room.tokenCurrent(claims.subject, claims.nonce)
    ) {
      return { ok: false, code: 'auth/bad_token', message: 'this token does not hold a seat at this table' };
    }
    viewer = claims.subject;
    nonce = claims.nonce;
  } else {
    if (!room.record.spectatorsAllowed) {
      return { ok: false, code: 'table/spectators_not_allowed', message: 'this table has no spectators' };
    }
    viewer = 'spectator';
  }
  room.attach(viewer);
  return { ok: true, viewer, ...(nonce === undefined ? {} : { nonce }), welcome: room.welcome(viewer) };
}

/**
 * What this process answers for its own tables when another process of the cluster asks
 * (`peers/peers.ts`). A table being taken over here right now is answered for once it is rebuilt.
 */
export function answersHere(tables: Tables, secret: Buffer, evictHere: Evict, audience?: RemoteAudience): PeerAnswers {
  // Before answering: the table's broadcasts from now on reach the asking process too.
  const fromPeer = (room: Room | undefined): Room | undefined => {
    if (room) audience?.mark(room.code);
    return room;
  };
  return {
    hello: async (code, token) => {
      const room = fromPeer(await tables.held(code));
      return room ? admit(room, token, secret) : null;
    },
    act: (code, seat, seq, action) => {
      const room = fromPeer(tables.get(code));
      return room ? answer(room.act(seat, seq, action)) : null;
    },
    sync: async (code, viewer) => fromPeer(await tables.held(code))?.welcome(viewer) ?? null,
    http: async (code, op, body, authorization, playerId) => {
      const room = await tables.held(code);
      if (!room) return null;
      return runTableOp(room, op, body, authorization, secret, playerId).catch(() =>
        errorAnswer('http/internal', 'internal error'),
      );
    },
    codes: () => [...tables.all()].map((r) => r.code),
    presence: (code, viewer, delta) => {
      const room = fromPeer(tables.get(code));
      if (room && delta > 0) room.attach(viewer);
      if (room && delta < 0) room.detach(viewer);
    },
    evict: evictHere,
  };
}
