/**
 * Who is at a table: how many sockets each seat and the spectators have, and whether a slot's
 * messages still go out after its last socket left.
 *
 * A dropped transport recovers its socket.io session within the recovery window and is then sent
 * what went to its rooms meanwhile. Without the views sent in that window, a socket that recovers
 * after the table moved would hold an old view and be told nothing. The window is kept in real
 * time, as socket.io keeps it: it decides what is sent, never the table's state.
 */
import type { Seat } from '@mahjong/shared';

/** Who watches a table: a seat's holder, or a spectator. */
export type Viewer = Seat | 'spectator';

/** Slots: the seats 0-3, then the spectators. */
const SPECTATORS = 4;
const slotOf = (viewer: Viewer): number => (viewer === 'spectator' ? SPECTATORS : viewer);

export class Audience {
  private readonly sockets = [0, 0, 0, 0, 0];
  /** When each slot's last socket left (`now()`); never, or cut short by a new holder. */
  private readonly leftAt = Array<number>(5).fill(Number.NEGATIVE_INFINITY);

  constructor(
    /** How long socket.io keeps a dropped socket's session (0: it keeps none). */
    private readonly recoveryMs: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Sockets of `viewer` at the table now. */
  count(viewer: Viewer): number {
    return this.sockets[slotOf(viewer)]!;
  }

  /** One more socket of `viewer`; answers how many it has now. */
  join(viewer: Viewer): number {
    const slot = slotOf(viewer);
    this.sockets[slot] = this.sockets[slot]! + 1;
    return this.sockets[slot]!;
  }

  /** One socket of `viewer` fewer; answers how many it has now. */
  leave(viewer: Viewer): number {
    const slot = slotOf(viewer);
    const left = Math.max(0, this.sockets[slot]! - 1);
    this.sockets[slot] = left;
    if (left === 0) this.leftAt[slot] = this.now();
    return left;
  }

  /** Do `viewer`'s messages go out: it has a socket, or had one until a moment ago. */
  reachable(viewer: Viewer): boolean {
    const slot = slotOf(viewer);
    return this.sockets[slot]! > 0 || this.now() - this.leftAt[slot]! < this.recoveryMs;
  }

  /** The seat has a new holder: a session of the old one that recovers is sent nothing more. */
  replaced(seat: Seat): void {
    this.leftAt[seat] = Number.NEGATIVE_INFINITY;
  }
}
