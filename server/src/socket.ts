/**
 * socket.io transport: every incoming message goes through the protocol's schema, a per-socket
 * rate limit and the checks of who may do what, before a room sees it. Refusals are answered
 * with a reason code and change nothing. A socket.io room per table (and one per seat and one
 * for spectators) carries the broadcasts.
 */
import {
  CLIENT_EVENT,
  type ClientMessage,
  PROTOCOL_VERSION,
  parseClientMessage,
  type RefusalCode,
  SERVER_EVENT,
  type Seat,
  type ServerMessage,
} from '@mahjong/shared';
import type { Server, Socket } from 'socket.io';
import type { Broadcaster, Room, Viewer } from './room.js';
import type { Tables } from './tables.js';
import { verifyToken } from './tokens.js';

export const roomName = {
  table: (code: string) => `t:${code}`,
  seat: (code: string, seat: Seat) => `t:${code}:s${seat}`,
  spectators: (code: string) => `t:${code}:spec`,
};

export function socketBroadcaster(io: Server): Broadcaster {
  return {
    seat: (code, seat, msg) => io.to(roomName.seat(code, seat)).emit(SERVER_EVENT, msg),
    spectators: (code, msg) => io.to(roomName.spectators(code)).emit(SERVER_EVENT, msg),
    table: (code, msg) => io.to(roomName.table(code)).emit(SERVER_EVENT, msg),
  };
}

export interface RateLimit {
  /** Sustained messages per second. */
  readonly perSecond: number;
  /** Messages allowed in a burst. */
  readonly burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 40 };

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

interface SocketData {
  code?: string;
  viewer?: Viewer;
}

export interface SocketStats {
  accepted: number;
  refused: number;
  byCode: Map<RefusalCode, number>;
}

export function attachSockets(
  io: Server,
  tables: Tables,
  secret: Buffer,
  options: { rateLimit?: RateLimit; now?: () => number } = {},
): SocketStats {
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const now = options.now ?? (() => performance.now());
  const stats: SocketStats = { accepted: 0, refused: 0, byCode: new Map() };

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const bucket = new Bucket(limit, now());
    const send = (msg: ServerMessage) => socket.emit(SERVER_EVENT, msg);
    const refuse = (code: RefusalCode, message: string, id?: number) => {
      stats.refused += 1;
      stats.byCode.set(code, (stats.byCode.get(code) ?? 0) + 1);
      send({ type: 'refused', code, message, ...(id === undefined ? {} : { id }) });
    };

    // A recovered socket (connection state recovery) keeps its rooms and data: count it again.
    if (socket.recovered && data.code && data.viewer !== undefined) {
      const room = tables.get(data.code);
      if (room) room.attach(data.viewer);
      else data.viewer = undefined;
    }

    socket.onAny((event: string, payload: unknown) => {
      if (!bucket.take(now())) return refuse('msg/rate_limited', 'slow down');
      if (event !== CLIENT_EVENT) return refuse('msg/unknown_type', `unknown event ${String(event).slice(0, 40)}`);
      const parsed = parseClientMessage(payload);
      if (!parsed.ok) return refuse(parsed.code, 'the message does not fit the protocol');
      handle(parsed.value);
    });

    const handle = (msg: ClientMessage) => {
      switch (msg.type) {
        case 'ping':
          send({ type: 'pong', t: msg.t, serverTime: Date.now() });
          return;
        case 'hello':
          return hello(msg);
        case 'sync': {
          const room = data.code ? tables.get(data.code) : undefined;
          if (!room || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first');
          send({
            type: 'welcome',
            v: PROTOCOL_VERSION,
            role: data.viewer,
            table: room.info(),
            view: room.viewOf(data.viewer),
          });
          return;
        }
        case 'act': {
          const room = data.code ? tables.get(data.code) : undefined;
          if (!room || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first', msg.id);
          if (data.viewer === 'spectator') return refuse('act/spectator', 'spectators do not act', msg.id);
          if (msg.seat !== data.viewer) return refuse('act/wrong_seat', `you hold seat ${data.viewer}`, msg.id);
          const r = room.act(data.viewer, msg.seq, msg.action);
          if (!r.ok) return refuse(r.error.code, r.error.message, msg.id);
          stats.accepted += 1;
          return;
        }
      }
    };

    const hello = (msg: Extract<ClientMessage, { type: 'hello' }>) => {
      if (msg.v !== PROTOCOL_VERSION) return refuse('msg/version', `the server speaks version ${PROTOCOL_VERSION}`);
      if (data.viewer !== undefined) return refuse('auth/already_joined', 'this socket has joined already');
      const room: Room | undefined = tables.get(msg.code);
      if (!room) return refuse('table/not_found', `no table ${msg.code}`);
      let viewer: Viewer;
      if (msg.token !== undefined) {
        const claims = verifyToken(secret, msg.token);
        if (
          !claims ||
          claims.code !== room.code ||
          claims.subject === 'host' ||
          !room.tokenCurrent(claims.subject, claims.nonce)
        ) {
          return refuse('auth/bad_token', 'this token does not hold a seat at this table');
        }
        viewer = claims.subject;
        void socket.join([roomName.table(room.code), roomName.seat(room.code, viewer)]);
      } else {
        if (!room.record.spectatorsAllowed)
          return refuse('table/spectators_not_allowed', 'this table has no spectators');
        viewer = 'spectator';
        void socket.join([roomName.table(room.code), roomName.spectators(room.code)]);
      }
      data.code = room.code;
      data.viewer = viewer;
      room.attach(viewer);
      send(room.welcome(viewer));
    };

    socket.on('disconnect', () => {
      if (data.code && data.viewer !== undefined) tables.get(data.code)?.detach(data.viewer);
    });
  });
  return stats;
}
