/**
 * socket.io transport: every incoming message goes through the protocol's schema, a per-socket
 * rate limit and the checks of who may do what, before a room sees it. Refusals are answered
 * with a reason code and change nothing. A socket.io room per table (and one per seat and one
 * for spectators) carries the broadcasts.
 */
import { errorAnswer, runTableOp } from './table-ops.js';
import {
  CLIENT_EVENT,
  type ClientMessage,
  PROTOCOL_VERSION,
  parseClientMessage,
  type RefusalCode,
  type Result,
  SERVER_EVENT,
  type Seat,
  type SeatLostReason,
  type ServerMessage,
} from '@mahjong/shared';
import type { Server, Socket } from 'socket.io';
import { type Limiter, RateLimiter } from './limits.js';
import type { Admission, Answer, PeerAnswers, Peers } from './peers/peers.js';
import { RedisPeers } from './peers/redis-peers.js';
import type { Broadcaster, Room, Viewer } from './room.js';
import type { Tables } from './tables.js';
import { verifyToken } from './tokens.js';

/**
 * A seat that changed pages more than `TAKEOVERS` times in `TAKEOVER_WINDOW_MS` (a stolen token
 * and its owner taking it back and forth) is no longer handed over silently: the page holding it
 * is asked (`takeover-asked`) and must answer `hand-over` within `HAND_OVER_MS`. A reload is no
 * takeover (the old page's socket is gone), nor is a first second tab.
 */
export const TAKEOVERS = 3;
export const TAKEOVER_WINDOW_MS = 60_000;
export const HAND_OVER_MS = 30_000;

/** A hello for an orphaned table tries to take it over this often, this many times (about 5 s). */
const TAKEOVER_RETRY_MS = 250;
const TAKEOVER_ATTEMPTS = 20;

/** Where a socket comes from, for the per-address limits (the proxy's client when trusted). */
export function clientAddress(socket: Socket, trustProxy: boolean): string {
  const forwarded = socket.handshake.headers['x-forwarded-for'];
  const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0]?.trim();
  return trustProxy && first ? first : socket.handshake.address;
}

export const roomName = {
  table: (code: string) => `t:${code}`,
  seat: (code: string, seat: Seat) => `t:${code}:s${seat}`,
  spectators: (code: string) => `t:${code}:spec`,
};

/**
 * How many broadcasts each viewer of each table has been sent (the table's own, plus its seat's
 * or the spectators'): a `sync` from a socket that has had everything since its last full view
 * is answered with nothing, so a polling client costs a counter lookup, not a welcome. Counted
 * per viewer, not per table: a seat must not learn from the answer that another seat was sent
 * something (a claim window's answers). A count forgotten is taken as changed.
 */
export class TableChanges {
  private readonly counts = new Map<string, number>();
  private bumpKey(key: string): void {
    // Forgetting is always safe (the next sync is answered in full): the map stays small.
    if (this.counts.size >= 100_000 && !this.counts.has(key)) this.counts.clear();
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  /** A broadcast to `viewer` only, or (`viewer` absent) to the whole table. */
  bump(code: string, viewer?: Viewer): void {
    this.bumpKey(viewer === undefined ? code : `${code}:${viewer}`);
  }
  /** What `viewer` has been sent at the table (null: not known, so changed). */
  of(code: string, viewer: Viewer): string | null {
    const all = this.counts.get(code);
    const own = this.counts.get(`${code}:${viewer}`) ?? 0;
    return all === undefined ? null : `${all}:${own}`;
  }
}

/**
 * `seatReplaced` is handed on to `evict` (of `attachSockets`, made after the rooms exist);
 * `changes` counts what goes out per table (the same one goes to `attachSockets`).
 */
export function socketBroadcaster(
  io: Server,
  seatReplaced: (code: string, seat: Seat) => void,
  changes: TableChanges = new TableChanges(),
): Broadcaster {
  return {
    seat: (code, seat, msg) => {
      changes.bump(code, seat);
      io.to(roomName.seat(code, seat)).emit(SERVER_EVENT, msg);
    },
    spectators: (code, msg) => {
      changes.bump(code, 'spectator');
      io.to(roomName.spectators(code)).emit(SERVER_EVENT, msg);
    },
    table: (code, msg) => {
      changes.bump(code);
      io.to(roomName.table(code)).emit(SERVER_EVENT, msg);
    },
    seatReplaced,
  };
}

/** Removes the socket holding `seat` (except `keep`) from it, in this process and in the cluster. */
export type Evict = (code: string, seat: Seat, reason: SeatLostReason, keep?: string) => void;

export interface RateLimit {
  /** Sustained messages per second. */
  readonly perSecond: number;
  /** Messages allowed in a burst. */
  readonly burst: number;
}

export const DEFAULT_RATE_LIMIT: RateLimit = { perSecond: 20, burst: 40 };

/**
 * Full views asked again (`sync`, a repeated `hello`): an honest page asks after a gap, a few
 * times a minute at most; a poller is held to this per socket and per address.
 */
export interface SyncLimit {
  readonly perSocket: RateLimit;
  readonly perAddress: RateLimit;
}
export const DEFAULT_SYNC_LIMIT: SyncLimit = {
  perSocket: { perSecond: 1, burst: 5 },
  perAddress: { perSecond: 10, burst: 40 },
};

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
  /** Nonce of the seat token this socket joined with: it holds the seat while that is current. */
  nonce?: string;
  /** The table lives in another server process of the cluster. */
  remote?: boolean;
  /** What the table had sent this socket's viewer when it last got the full view (`TableChanges.of`). */
  synced?: string | null;
  joining?: boolean;
  /** The table whose lobby record this socket follows (`lobby`), one at a time. */
  lobby?: string;
}

export type { Peers } from './peers/peers.js';

const answer = (r: Result<unknown, RefusalCode>): Answer =>
  r.ok ? { ok: true } : { ok: false, code: r.error.code, message: r.error.message };

/** Who may join `room` with `token` (none: a spectator); counts them in when admitted. */
function admit(room: Room, token: string | undefined, secret: Buffer): Admission {
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
function answersHere(tables: Tables, secret: Buffer, evictHere: Evict): PeerAnswers {
  return {
    hello: async (code, token) => {
      const room = await tables.held(code);
      return room ? admit(room, token, secret) : null;
    },
    act: (code, seat, seq, action) => {
      const room = tables.get(code);
      return room ? answer(room.act(seat, seq, action)) : null;
    },
    sync: async (code, viewer) => (await tables.held(code))?.welcome(viewer) ?? null,
    http: async (code, op, body, authorization, playerId) => {
      const room = await tables.held(code);
      if (!room) return null;
      return runTableOp(room, op, body, authorization, secret, playerId).catch(() =>
        errorAnswer('http/internal', 'internal error'),
      );
    },
    codes: () => [...tables.all()].map((r) => r.code),
    presence: (code, viewer, delta) => {
      const room = tables.get(code);
      if (room && delta > 0) room.attach(viewer);
      if (room && delta < 0) room.detach(viewer);
    },
    evict: evictHere,
  };
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
  options: {
    rateLimit?: RateLimit;
    now?: () => number;
    /** Scale-out through the socket.io adapter (Redis): tables held by other processes are reached through it. */
    cluster?: boolean;
    /** Another carrier for the cross-process traffic (`peers/local-peers.ts`); `cluster` picks Redis. */
    peers?: (answers: PeerAnswers) => Peers;
    /** Behind a reverse proxy: the client's address is the first of X-Forwarded-For. */
    trustProxy?: boolean;
    /** Hellos for codes that name no table, per client address (shared with the HTTP lookups). */
    lookupMisses?: Limiter;
    /** Told of each action accepted here, with when it arrived (`now()`): the metrics time its views. */
    onAccepted?: (code: string, receivedAt: number) => void;
    /** The broadcaster's counts (see `socketBroadcaster`). */
    changes?: TableChanges;
    /** Full views asked again. */
    syncLimit?: SyncLimit;
  } = {},
): { stats: SocketStats; peers: Peers | null; evict: Evict } {
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  const now = options.now ?? (() => performance.now());
  const stats: SocketStats = { accepted: 0, refused: 0, byCode: new Map() };
  const changes = options.changes ?? new TableChanges();
  const syncLimit = options.syncLimit ?? DEFAULT_SYNC_LIMIT;
  const syncPerAddress = new RateLimiter(syncLimit.perAddress);

  // One socket holds a seat (in this process): the newest hello with the seat's current token.
  const holders = new Map<string, Socket>();
  const holderKey = (code: string, seat: Seat) => `${code}:${seat}`;
  /** Recent takeovers of each seat (times), and seats whose holder agreed to hand over (until when). */
  const takeovers = new Map<string, number[]>();
  const handOvers = new Map<string, number>();
  const asked = new Map<string, number>();
  /**
   * May a socket with the seat's current token take it from the socket holding it now? Counts
   * the takeover when it may; otherwise asks the holder (at most every 5 s) and says no.
   */
  const mayTakeOver = (socket: Socket, code: string, seat: Seat): boolean => {
    const key = holderKey(code, seat);
    const holder = holders.get(key);
    if (!holder || holder.id === socket.id || holder.disconnected) return true;
    const t = now();
    const recent = (takeovers.get(key) ?? []).filter((at) => t - at < TAKEOVER_WINDOW_MS);
    const agreed = (handOvers.get(key) ?? 0) > t;
    // (Forgetting old seats is safe: they start counting again.)
    if (takeovers.size > 50_000) for (const m of [takeovers, handOvers, asked]) m.clear();
    if (recent.length >= TAKEOVERS && !agreed) {
      takeovers.set(key, recent);
      // Asked once every few seconds however often the other page knocks.
      if (t - (asked.get(key) ?? Number.NEGATIVE_INFINITY) >= 5000) {
        asked.set(key, t);
        holder.emit(SERVER_EVENT, { type: 'takeover-asked' } satisfies ServerMessage);
      }
      return false;
    }
    handOvers.delete(key);
    asked.delete(key);
    recent.push(t);
    takeovers.set(key, recent);
    return true;
  };

  /** The socket stops holding its seat: told why, out of the seat's rooms, counted out. */
  const release = (socket: Socket, reason: SeatLostReason): void => {
    const data = socket.data as SocketData;
    if (!data.code || data.viewer === undefined || data.viewer === 'spectator') return;
    const { code, viewer } = data;
    if (holders.get(holderKey(code, viewer)) === socket) holders.delete(holderKey(code, viewer));
    data.code = undefined;
    data.viewer = undefined;
    data.nonce = undefined;
    socket.leave(roomName.seat(code, viewer));
    socket.leave(roomName.table(code));
    socket.emit(SERVER_EVENT, { type: 'seat-lost', reason } satisfies ServerMessage);
    const room = tables.get(code);
    if (room) room.detach(viewer);
    else if (data.remote) peers?.presence(code, viewer, -1);
  };
  const evictHere: Evict = (code, seat, reason, keep) => {
    const holder = holders.get(holderKey(code, seat));
    if (holder && holder.id !== keep) release(holder, reason);
  };
  const evict: Evict = (code, seat, reason, keep) => {
    evictHere(code, seat, reason, keep);
    peers?.evict(code, seat, reason, keep);
  };
  const answers = answersHere(tables, secret, evictHere);
  const peers: Peers | null = options.peers
    ? options.peers(answers)
    : options.cluster
      ? new RedisPeers(io, answers)
      : null;

  /**
   * A hello for a table this process does not hold: the peer holding it admits the socket. A
   * table in play that nobody answers for has just lost its process (whose liveness lock the
   * database frees a moment later): take it over then, trying for a few seconds.
   */
  const findElsewhere = async (code: string, token: string | undefined): Promise<Admission | null> => {
    if (!peers) return null;
    for (let attempt = 0; ; attempt += 1) {
      const admitted = await peers.hello(code, token);
      if (admitted) return admitted;
      if (attempt >= TAKEOVER_ATTEMPTS || !(await tables.isActive(code).catch(() => false))) return null;
      await new Promise((r) => setTimeout(r, TAKEOVER_RETRY_MS));
      const room = await tables.adopt(code).catch(() => undefined);
      if (room) return admit(room, token, secret);
    }
  };

  io.on('connection', (socket: Socket) => {
    const data = socket.data as SocketData;
    const bucket = new Bucket(limit, now());
    const syncs = new Bucket(syncLimit.perSocket, now());
    /** May this socket have the full view again now? (Refuses when not.) */
    let resyncRefusedAt = Number.NEGATIVE_INFINITY;
    const mayResync = (): boolean => {
      if (syncs.take(now()) && syncPerAddress.take(clientAddress(socket, options.trustProxy ?? false)).ok) return true;
      // A poller is told once a second, not once a poll.
      if (now() - resyncRefusedAt >= 1000) {
        resyncRefusedAt = now();
        refuse('msg/rate_limited', 'the full view was sent a moment ago; wait for the next change');
      }
      return false;
    };
    /** Sends a full view and notes the table's change count it reflects. */
    const sendFull = (msg: ServerMessage, code: string, viewer: Viewer) => {
      data.synced = changes.of(code, viewer);
      send(msg);
    };
    const send = (msg: ServerMessage) => socket.emit(SERVER_EVENT, msg);
    const refuse = (code: RefusalCode, message: string, id?: number) => {
      stats.refused += 1;
      stats.byCode.set(code, (stats.byCode.get(code) ?? 0) + 1);
      send({ type: 'refused', code, message, ...(id === undefined ? {} : { id }) });
    };

    // A recovered socket (connection state recovery) keeps its rooms and data: count it again,
    // unless its seat changed hands while it was away (a new holder, or another socket on it).
    if (socket.recovered && data.code && data.viewer !== undefined) {
      const room = tables.get(data.code);
      const { code, viewer } = data;
      const lost: SeatLostReason | null =
        viewer === 'spectator' || !room
          ? null
          : !room.tokenCurrent(viewer, data.nonce ?? '')
            ? 'replaced'
            : holders.has(holderKey(code, viewer))
              ? 'opened_elsewhere'
              : null;
      if (lost) {
        data.code = undefined;
        data.viewer = undefined;
        socket.leave(roomName.table(code));
        if (viewer !== 'spectator') socket.leave(roomName.seat(code, viewer));
        send({ type: 'seat-lost', reason: lost });
      } else {
        if (room) room.attach(viewer);
        else if (data.remote) void peers?.presence(code, viewer, 1);
        else data.viewer = undefined;
        if (viewer !== 'spectator' && data.viewer !== undefined) {
          evict(code, viewer, 'opened_elsewhere', socket.id);
          holders.set(holderKey(code, viewer), socket);
        }
      }
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
        case 'hand-over': {
          // Only the socket holding a seat may let it go.
          if (!data.code || data.viewer === undefined || data.viewer === 'spectator') {
            return refuse('auth/not_joined', 'this socket holds no seat');
          }
          const key = holderKey(data.code, data.viewer);
          if (holders.get(key) !== socket) return refuse('auth/not_joined', 'this socket holds no seat');
          handOvers.set(key, now() + HAND_OVER_MS);
          return;
        }
        case 'hello':
          return hello(msg);
        case 'lobby': {
          // The table's `table` messages (public: its lobby record) reach this socket too; the
          // current one comes now when the table is live here (else the page has it by HTTP).
          const code = msg.code.toUpperCase();
          if (data.lobby && data.lobby !== code && data.lobby !== data.code) socket.leave(roomName.table(data.lobby));
          data.lobby = code;
          socket.join(roomName.table(code));
          const room = tables.get(code);
          if (room) send({ type: 'table', table: room.info() });
          return;
        }
        case 'sync': {
          if (!data.code || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first');
          const room = tables.get(data.code);
          // Nothing went out for the table since this socket's last full view: it has it all.
          const count = changes.of(data.code, data.viewer);
          if (room && count !== null && count === data.synced) return;
          if (!mayResync()) return;
          const welcome = room ? room.welcome(data.viewer) : await peers?.sync(data.code, data.viewer);
          if (!welcome) return refuse('table/not_found', 'the table is gone');
          sendFull(welcome, data.code, data.viewer);
          return;
        }
        case 'act': {
          const receivedAt = performance.now();
          if (!data.code || data.viewer === undefined) return refuse('auth/not_joined', 'say hello first', msg.id);
          if (data.viewer === 'spectator') return refuse('act/spectator', 'spectators do not act', msg.id);
          if (msg.seat !== data.viewer) return refuse('act/wrong_seat', `you hold seat ${data.viewer + 1}`, msg.id);
          const room = tables.get(data.code);
          if (room && !room.tokenCurrent(data.viewer, data.nonce ?? '')) {
            release(socket, 'replaced');
            return refuse('auth/not_joined', 'this seat has another holder now', msg.id);
          }
          const r: Answer = room
            ? answer(room.act(data.viewer, msg.seq, msg.action))
            : ((await peers?.act(data.code, data.viewer, msg.seq, msg.action)) ?? {
                ok: false,
                code: 'table/not_found',
                message: 'the table is gone',
              });
          if (!r.ok) return refuse(r.code, r.message, msg.id);
          stats.accepted += 1;
          if (room) options.onAccepted?.(data.code, receivedAt);
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
          if (!mayResync()) return;
          const room = tables.get(data.code);
          const welcome = room ? room.welcome(role) : await peers?.sync(data.code, role);
          if (welcome) {
            sendFull(welcome, data.code, role);
            return;
          }
        }
      }
      if (data.viewer !== undefined || data.joining) {
        return refuse('auth/already_joined', 'this socket has joined already (as another seat or table)');
      }
      const address = clientAddress(socket, options.trustProxy ?? false);
      // A seat token signed for this very code proves the code was given, not guessed: its holder
      // is never refused for other clients' misses at the same address (a household, a school, a
      // carrier's NAT). Only hellos without one (spectators, probes) wait out the address's misses.
      const claims = msg.token === undefined ? null : verifyToken(secret, msg.token);
      const vouched = claims !== null && claims.code === msg.code.toUpperCase();
      if (!vouched && options.lookupMisses) {
        // (Joining while the limit is asked: a second hello meanwhile is refused as above.)
        data.joining = true;
        const blocked = await options.lookupMisses.check(address);
        data.joining = false;
        if (socket.disconnected) return;
        if (!blocked.ok) {
          return refuse(
            'msg/rate_limited',
            `too many unknown table codes; try again in ${blocked.retryAfterSeconds} s`,
          );
        }
      }
      let room: Room | undefined = tables.get(msg.code);
      if (!room && peers) {
        // Failover: the table's process may be gone; then this one takes the table over (the
        // claim refuses while its owner lives, and the peers are asked below).
        data.joining = true;
        room = await tables.adopt(msg.code).catch(() => undefined);
        data.joining = false;
        if (socket.disconnected) return;
      }
      // A seat that changed pages too often goes on only with its holder's consent.
      if (room && claims && vouched && claims.subject !== 'host' && room.tokenCurrent(claims.subject, claims.nonce)) {
        if (!mayTakeOver(socket, room.code, claims.subject)) {
          return refuse(
            'auth/seat_held',
            'this seat changed pages too often; the page holding it was asked to hand it over',
          );
        }
      }
      let admitted: Admission;
      if (room) admitted = admit(room, msg.token, secret);
      else {
        // Another server of the cluster may hold the table.
        data.joining = true;
        admitted = (await findElsewhere(msg.code, msg.token)) ?? {
          ok: false,
          code: 'table/not_found',
          message: `no table ${msg.code}`,
        };
        data.joining = false;
        if (socket.disconnected) return;
      }
      if (!admitted.ok) {
        if (admitted.code === 'table/not_found') await options.lookupMisses?.take(address);
        return refuse(admitted.code, admitted.message);
      }
      const { viewer, welcome } = admitted;
      const code = welcome.type === 'welcome' ? welcome.table.code : msg.code;
      void socket.join(
        viewer === 'spectator'
          ? [roomName.table(code), roomName.spectators(code)]
          : [roomName.table(code), roomName.seat(code, viewer)],
      );
      data.code = code;
      data.viewer = viewer;
      if (admitted.nonce !== undefined) data.nonce = admitted.nonce;
      data.remote = room === undefined;
      if (viewer !== 'spectator') {
        // The seat opened here: any other socket on it (another tab) stops holding it.
        evict(code, viewer, 'opened_elsewhere', socket.id);
        holders.set(holderKey(code, viewer), socket);
      }
      sendFull(welcome, code, viewer);
    };

    socket.on('disconnect', () => {
      if (!data.code || data.viewer === undefined) return;
      if (data.viewer !== 'spectator' && holders.get(holderKey(data.code, data.viewer)) === socket) {
        holders.delete(holderKey(data.code, data.viewer));
      }
      const room = tables.get(data.code);
      if (room) room.detach(data.viewer);
      else if (data.remote) void peers?.presence(data.code, data.viewer, -1);
    });
  });
  return { stats, peers, evict };
}
