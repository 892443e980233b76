/**
 * Broadcasts: a socket.io room per table (and one per seat and one for spectators), and the
 * counts of what went out to each viewer (what a `sync` is answered from).
 */
import { SERVER_EVENT, type Seat } from '@mahjong/shared';
import type { Server } from 'socket.io';
import type { Broadcaster, Viewer } from '../room.js';
import type { RemoteAudience } from './remote-audience.js';

export const roomName = {
  table: (code: string) => `t:${code}`,
  /**
   * A seat's room is named after its holder's token too: a session that socket.io recovers keeps
   * its rooms and is sent what went to them meanwhile, and a holder replaced meanwhile must be
   * in a room that nobody sends to any more.
   */
  seat: (code: string, seat: Seat, holder: string) => `t:${code}:s${seat}:${holder}`,
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
 * `changes` counts what goes out per table (the same one goes to `attachSockets`). With an
 * `audience` (the same one goes to `attachSockets`), a table none of whose sockets can be on
 * another process is sent to its sockets here without the adapter (no Redis publish).
 */
export function socketBroadcaster(
  io: Server,
  seatReplaced: (code: string, seat: Seat) => void,
  changes: TableChanges = new TableChanges(),
  audience?: RemoteAudience,
): Broadcaster {
  const to = (code: string, room: string) =>
    audience === undefined || audience.reaches(code) ? io.to(room) : io.local.to(room);
  return {
    seat: (code, seat, holder, msg) => {
      changes.bump(code, seat);
      to(code, roomName.seat(code, seat, holder)).emit(SERVER_EVENT, msg);
    },
    spectators: (code, msg) => {
      changes.bump(code, 'spectator');
      to(code, roomName.spectators(code)).emit(SERVER_EVENT, msg);
    },
    table: (code, msg) => {
      changes.bump(code);
      to(code, roomName.table(code)).emit(SERVER_EVENT, msg);
    },
    seatReplaced,
  };
}
