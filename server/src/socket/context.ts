/** What the socket handlers share: the process's parts (`SocketContext`) and one socket's (`Conn`). */
import type { RefusalCode, RefusalValues, ServerMessage } from '@mahjong/shared';
import type { Socket } from 'socket.io';
import type { Limiter, RateLimiter } from '../limits.js';
import type { Peers } from '../peers/peers.js';
import type { Viewer } from '../room.js';
import type { Tables } from '../tables.js';
import type { Evict } from './admit.js';
import type { TableChanges } from './broadcast.js';
import type { SeatHolders } from './seat-holders.js';
import type { SocketData } from './socket-data.js';

export interface SocketStats {
  accepted: number;
  refused: number;
  byCode: Map<RefusalCode, number>;
}

export interface SocketContext {
  readonly tables: Tables;
  readonly secret: Buffer;
  readonly peers: Peers | null;
  readonly holders: SeatHolders;
  readonly changes: TableChanges;
  readonly stats: SocketStats;
  readonly now: () => number;
  /** Full views asked again, per client address. */
  readonly syncPerAddress: RateLimiter;
  readonly trustProxy: boolean;
  /** Hellos for codes that name no table, per client address (shared with the HTTP lookups). */
  readonly lookupMisses: Limiter | undefined;
  /** Told of each action accepted here, with when it arrived. */
  readonly onAccepted: ((code: string, receivedAt: number) => void) | undefined;
  /** Removes the socket holding a seat, in this process and in the cluster. */
  readonly evict: Evict;
}

/** One socket, as its handlers use it. */
export interface Conn {
  readonly socket: Socket;
  readonly data: SocketData;
  send(msg: ServerMessage): void;
  refuse(code: RefusalCode, message: string, id?: number, values?: RefusalValues): void;
  /** Sends a full view and notes the table's change count it reflects. */
  sendFull(msg: ServerMessage, code: string, viewer: Viewer): void;
  /** May this socket have the full view again now? (Refuses when not.) */
  mayResync(): boolean;
}
