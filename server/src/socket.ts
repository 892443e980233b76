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
  type PlayerAction,
  type RefusalCode,
  type Result,
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
  /** The table lives in another server process of the cluster. */
  remote?: boolean;
  joining?: boolean;
}

type Answer = { ok: true } | { ok: false; code: RefusalCode; message: string };
type Admission =
  | { ok: true; viewer: Viewer; welcome: ServerMessage }
  | { ok: false; code: RefusalCode; message: string };

const answer = (r: Result<unknown, RefusalCode>): Answer =>
  r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };

/** Who may join `room` with `token` (none: a spectator); counts them in when admitted. */
function admit(room: Room, token: string | undefined, secret: Buffer): Admission {
  let viewer: Viewer;
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
  } else {
    if (!room.record.spectatorsAllowed) {
      return { ok: false, code: 'table/spectators_not_allowed', message: 'this table has no spectators' };
    }
    viewer = 'spectator';
  }
  room.attach(viewer);
  return { ok: true, viewer, welcome: room.welcome(viewer) };
}

/**
 * Scale-out: with a shared adapter (Redis) several server processes share the socket.io rooms.
 * Each table lives in one process; a socket connected to another process is admitted, and its
 * actions are applied, by the owner through server-side events. Broadcasts reach it through the
 * adapter.
 */
export class Peers {
  constructor(
    private readonly io: Server,
    tables: Tables,
    secret: Buffer,
  ) {
    const owner = (code: unknown) => (typeof code === 'string' ? tables.get(code) : undefined);
    io.on('mj:hello', (code: unknown, token: unknown, cb: (a: Admission | null) => void) => {
      const room = owner(code);
      cb(room ? admit(room, typeof token === 'string' ? token : undefined, secret) : null);
    });
    io.on('mj:act', (code: unknown, seat: Seat, seq: number, action: PlayerAction, cb: (a: Answer | null) => void) => {
      const room = owner(code);
      cb(room ? answer(room.act(seat, seq, action)) : null);
    });
    io.on('mj:sync', (code: unknown, viewer: Viewer, cb: (m: ServerMessage | null) => void) => {
      const room = owner(code);
      cb(room ? room.welcome(viewer) : null);
    });
    io.on('mj:codes', (cb: (codes: string[]) => void) => {
      cb([...tables.all()].map((r) => r.code));
    });
    io.on('mj:presence', (code: unknown, viewer: Viewer, delta: number) => {
      const room = owner(code);
      if (room && delta > 0) room.attach(viewer);
      if (room && delta < 0) room.detach(viewer);
    });
  }

  private async ask<T>(ev: string, ...args: unknown[]): Promise<T | null> {
    try {
      const answers = (await (this.io.serverSideEmitWithAck as (e: string, ...a: unknown[]) => Promise<unknown[]>)(
        ev,
        ...args,
      )) as (T | null)[];
      return answers.find((a) => a !== null) ?? null;
    } catch {
      return null;
    }
  }

  /** Codes of the tables the other processes hold (so that a restarting process leaves them alone). */
  /** Null when the peers do not answer (then nothing is restored rather than taken twice). */
  async heldElsewhere(): Promise<Set<string> | null> {
    // A peer that does not answer in time would have its tables taken twice: ask again.
    for (let attempt = 0; ; attempt += 1) {
      try {
        const answers = (await (this.io.serverSideEmitWithAck as (e: string) => Promise<unknown[]>)(
          'mj:codes',
        )) as string[][];
        return new Set(answers.flat());
      } catch {
        if (attempt >= 2) return null;
      }
    }
  }

  hello(code: string, token: string | undefined): Promise<Admission | null> {
    return this.ask('mj:hello', code, token ?? null);
  }
  act(code: string, seat: Seat, seq: number, action: PlayerAction): Promise<Answer | null> {
    return this.ask('mj:act', code, seat, seq, action);
  }
  sync(code: string, viewer: Viewer): Promise<ServerMessage | null> {
    return this.ask('mj:sync', code, viewer);
  }
  presence(code: string, viewer: Viewer, delta: number): void {
    this.io.serverSideEmit('mj:presence', code, viewer, delta);
  }
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
  options: { rateLimit?: RateLimit; now?: () => number; cluster?: boolean } = {},
): { stats: SocketStats; peers: Peers | null } {
  const peers = options.cluster ? new Peers(io, tables, secret) : null;
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
      else if (data.remote) void peers?.presence(data.code, data.viewer, 1);
      else data.viewer = undefined;
    }

    socket.onAny((event: string, payload: unknown) => {
      if (!bucket.take(now())) return refuse('msg/rate_limited', 'slow down');
      if (event !== CLIENT_EVENT) return refuse('msg/unknown_type', `unknown event ${String(event).slice(0, 40)}`);
      const parsed = parseClientMessage(payload);
      if (!parsed.ok) return refuse(parsed.code, 'the message does not fit the protocol');
      void handle(parsed.value);
    });

    const handle = async (msg: ClientMessage): Promise<void> => {
      switch (msg.type) {
        case 'ping':
          send({ type: 'pong', t: msg.t, serverTime: Date.now() });
          return;
        case 'hello':
          return hello(msg);
        case 'sync': {
          if (!data.code || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first');
          const room = tables.get(data.code);
          const welcome = room ? room.welcome(data.viewer) : await peers?.sync(data.code, data.viewer);
          if (!welcome) return refuse('table/not_found', 'the table is gone');
          send(welcome);
          return;
        }
        case 'act': {
          if (!data.code || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first', msg.id);
          if (data.viewer === 'spectator') return refuse('act/spectator', 'spectators do not act', msg.id);
          if (msg.seat !== data.viewer) return refuse('act/wrong_seat', `you hold seat ${data.viewer}`, msg.id);
          const room = tables.get(data.code);
          const r: Answer = room
            ? answer(room.act(data.viewer, msg.seq, msg.action))
            : ((await peers?.act(data.code, data.viewer, msg.seq, msg.action)) ?? {
                ok: false,
                code: 'table/not_found',
                message: 'the table is gone',
              });
          if (!r.ok) return refuse(r.code, r.message, msg.id);
          stats.accepted += 1;
          return;
        }
      }
    };

    const hello = async (msg: Extract<ClientMessage, { type: 'hello' }>): Promise<void> => {
      if (msg.v !== PROTOCOL_VERSION) return refuse('msg/version', `the server speaks version ${PROTOCOL_VERSION}`);
      if (data.viewer !== undefined && data.code === msg.code && !data.joining) {
        // The same hello again (a client that greets on every reconnect, also a recovered one):
        // answered with the full view, as `sync` is.
        const claims = msg.token === undefined ? null : verifyToken(secret, msg.token);
        const role: Viewer | null =
          msg.token === undefined
            ? 'spectator'
            : claims && claims.code === data.code && claims.subject !== 'host'
              ? claims.subject
              : null;
        if (role === data.viewer) {
          const room = tables.get(data.code);
          const welcome = room ? room.welcome(role) : await peers?.sync(data.code, role);
          if (welcome) {
            send(welcome);
            return;
          }
        }
      }
      if (data.viewer !== undefined || data.joining) {
        return refuse('auth/already_joined', 'this socket has joined already (as another seat or table)');
      }
      const room: Room | undefined = tables.get(msg.code);
      let admitted: Admission;
      if (room) admitted = admit(room, msg.token, secret);
      else {
        // Another server of the cluster may hold the table.
        data.joining = true;
        admitted = (await peers?.hello(msg.code, msg.token)) ?? {
          ok: false,
          code: 'table/not_found',
          message: `no table ${msg.code}`,
        };
        data.joining = false;
        if (socket.disconnected) return;
      }
      if (!admitted.ok) return refuse(admitted.code, admitted.message);
      const { viewer, welcome } = admitted;
      const code = welcome.type === 'welcome' ? welcome.table.code : msg.code;
      void socket.join(
        viewer === 'spectator'
          ? [roomName.table(code), roomName.spectators(code)]
          : [roomName.table(code), roomName.seat(code, viewer)],
      );
      data.code = code;
      data.viewer = viewer;
      data.remote = room === undefined;
      send(welcome);
    };

    socket.on('disconnect', () => {
      if (!data.code || data.viewer === undefined) return;
      const room = tables.get(data.code);
      if (room) room.detach(data.viewer);
      else if (data.remote) void peers?.presence(data.code, data.viewer, -1);
    });
  });
  return { stats, peers };
}
