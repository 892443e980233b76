/**
 * socket.io transport: every incoming message goes through the protocol's schema, a per-socket
 * rate limit and the checks of who may do what, before a room sees it. Refusals are answered
 * with a reason code and change nothing. A socket.io room per table (and one per seat and one
 * for spectators) carries the broadcasts.
 *
 * The parts, in `socket/`: `connection.ts` (one socket, its messages dispatched), `hello.ts` and
 * `handlers.ts` (the messages), `table-link.ts` (the socket's table, here or at a peer),
 * `seat-holders.ts` (one socket per seat, takeovers), `admit.ts` (who may join, and what this
 * process answers its peers), `broadcast.ts`, `remote-audience.ts` (which tables' broadcasts
 * must cross to other processes), `encoder.ts`, `rate.ts` and `socket-cap.ts` (sockets open per
 * address).
 */
import type { Server } from 'socket.io';
import type { Limiter } from './limits.js';
import { RateLimiter } from './limits.js';
import type { PeerAnswers, Peers } from './peers/peers.js';
import { RedisPeers } from './peers/redis-peers.js';
import type { Tables } from './tables.js';
import { answersHere, type Evict } from './socket/admit.js';
import { TableChanges } from './socket/broadcast.js';
import { onConnection } from './socket/connection.js';
import type { RemoteAudience } from './socket/remote-audience.js';
import type { SocketContext, SocketStats } from './socket/context.js';
import {
  clientAddress,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SYNC_LIMIT,
  type RateLimit,
  type SyncLimit,
} from './socket/rate.js';
import { SeatHolders } from './socket/seat-holders.js';
import { SocketCap } from './socket/socket-cap.js';
import type { SocketData } from './socket/socket-data.js';
import { linkTo } from './socket/table-link.js';

export type { Peers } from './peers/peers.js';
export type { Evict } from './socket/admit.js';
export { roomName, socketBroadcaster, TableChanges } from './socket/broadcast.js';
export { RemoteAudience } from './socket/remote-audience.js';
export type { SocketStats } from './socket/context.js';
export {
  Bucket,
  clientAddress,
  DEFAULT_RATE_LIMIT,
  DEFAULT_SYNC_LIMIT,
  type RateLimit,
  type SyncLimit,
} from './socket/rate.js';
export { HAND_OVER_MS, TAKEOVER_WINDOW_MS, TAKEOVERS } from './socket/seat-holders.js';

export interface AttachOptions {
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
  /** Tables with sockets elsewhere (the broadcaster's; see `socket/remote-audience.ts`): marked by the peers' asks. */
  audience?: RemoteAudience;
  /** Sockets one client address may hold open at once in this process (`socket/socket-cap.ts`); no cap without it. */
  maxSocketsPerClient?: number;
}

export function attachSockets(
  io: Server,
  tables: Tables,
  secret: Buffer,
  options: AttachOptions = {},
): { stats: SocketStats; peers: Peers | null; evict: Evict } {
  const now = options.now ?? (() => performance.now());
  const syncLimit = options.syncLimit ?? DEFAULT_SYNC_LIMIT;
  // (Made below: the seat holders count a released socket out at a peer's table through it.)
  let peers: Peers | null = null;
  const holders = new SeatHolders(now, (socket, code, viewer) => {
    linkTo(tables, peers, code).presence(viewer, -1, (socket.data as SocketData).remote === true);
  });
  const evict: Evict = (code, seat, reason, keep) => {
    holders.evictHere(code, seat, reason, keep);
    peers?.evict(code, seat, reason, keep);
  };
  const answers = answersHere(tables, secret, holders.evictHere, options.audience);
  peers = options.peers ? options.peers(answers) : options.cluster ? new RedisPeers(io, answers) : null;
  const ctx: SocketContext = {
    tables,
    secret,
    peers,
    holders,
    changes: options.changes ?? new TableChanges(),
    stats: { accepted: 0, refused: 0, byCode: new Map() },
    now,
    syncPerAddress: new RateLimiter(syncLimit.perAddress),
    trustProxy: options.trustProxy ?? false,
    lookupMisses: options.lookupMisses,
    onAccepted: options.onAccepted,
    evict,
  };
  if (options.maxSocketsPerClient !== undefined) {
    const refused = () => {
      ctx.stats.refused += 1;
      ctx.stats.byCode.set('socket/too_many', (ctx.stats.byCode.get('socket/too_many') ?? 0) + 1);
    };
    new SocketCap(options.maxSocketsPerClient, (socket) => clientAddress(socket, ctx.trustProxy), refused).attach(io);
  }
  io.on('connection', onConnection(ctx, options.rateLimit ?? DEFAULT_RATE_LIMIT, syncLimit));
  return { stats: ctx.stats, peers, evict };
}
