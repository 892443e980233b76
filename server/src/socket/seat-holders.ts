/**
 * One socket holds a seat (in this process): the newest hello with the seat's current token. A
 * seat that changed pages more than `TAKEOVERS` times in `TAKEOVER_WINDOW_MS` (a stolen token
 * and its owner taking it back and forth) is no longer handed over silently: the page holding it
 * is asked (`takeover-asked`) and must answer `hand-over` within `HAND_OVER_MS`. A reload is no
 * takeover (the old page's socket is gone), nor is a first second tab.
 */
import { SERVER_EVENT, type Seat, type SeatLostReason, type ServerMessage } from '@mahjong/shared';
import type { Socket } from 'socket.io';
import type { Evict } from './admit.js';
import { roomName } from './broadcast.js';
import type { SocketData } from './socket-data.js';

export const TAKEOVERS = 3;
export const TAKEOVER_WINDOW_MS = 60_000;
export const HAND_OVER_MS = 30_000;

const holderKey = (code: string, seat: Seat) => `${code}:${seat}`;

export class SeatHolders {
  private readonly holders = new Map<string, Socket>();
  /** Recent takeovers of each seat (times), and seats whose holder agreed to hand over (until when). */
  private readonly takeovers = new Map<string, number[]>();
  private readonly handOvers = new Map<string, number>();
  private readonly asked = new Map<string, number>();

  constructor(
    private readonly now: () => number,
    /** The socket's viewer has gone from its table (counted out where the table lives). */
    private readonly countOut: (socket: Socket, code: string, viewer: Seat) => void,
  ) {}

  holds(socket: Socket, code: string, seat: Seat): boolean {
    return this.holders.get(holderKey(code, seat)) === socket;
  }

  isHeld(code: string, seat: Seat): boolean {
    return this.holders.has(holderKey(code, seat));
  }

  set(code: string, seat: Seat, socket: Socket): void {
    this.holders.set(holderKey(code, seat), socket);
  }

  /** The socket stops holding the seat (it disconnected), if it held it. */
  forget(socket: Socket, code: string, seat: Seat): void {
    if (this.holds(socket, code, seat)) this.holders.delete(holderKey(code, seat));
  }

  /** The holder agreed to hand the seat over (`hand-over`): the next takeover goes through. */
  handOver(code: string, seat: Seat): void {
    this.handOvers.set(holderKey(code, seat), this.now() + HAND_OVER_MS);
  }

  /**
   * May a socket with the seat's current token take it from the socket holding it now? Counts
   * the takeover when it may; otherwise asks the holder (at most every 5 s) and says no.
   */
  mayTakeOver(socket: Socket, code: string, seat: Seat): boolean {
    const key = holderKey(code, seat);
    const holder = this.holders.get(key);
    if (!holder || holder.id === socket.id || holder.disconnected) return true;
    const t = this.now();
    const recent = (this.takeovers.get(key) ?? []).filter((at) => t - at < TAKEOVER_WINDOW_MS);
    const agreed = (this.handOvers.get(key) ?? 0) > t;
    // (Forgetting old seats is safe: they start counting again.)
    if (this.takeovers.size > 50_000) for (const m of [this.takeovers, this.handOvers, this.asked]) m.clear();
    if (recent.length >= TAKEOVERS && !agreed) {
      this.takeovers.set(key, recent);
      // Asked once every few seconds however often the other page knocks.
      if (t - (this.asked.get(key) ?? Number.NEGATIVE_INFINITY) >= 5000) {
        this.asked.set(key, t);
        holder.emit(SERVER_EVENT, { type: 'takeover-asked' } satisfies ServerMessage);
      }
      return false;
    }
    this.handOvers.delete(key);
    this.asked.delete(key);
    recent.push(t);
    this.takeovers.set(key, recent);
    return true;
  }

  /** The socket stops holding its seat: told why, out of the seat's rooms, counted out. */
  release(socket: Socket, reason: SeatLostReason): void {
    const data = socket.data as SocketData;
    if (!data.code || data.viewer === undefined || data.viewer === 'spectator') return;
    const { code, viewer, nonce } = data;
    if (this.holds(socket, code, viewer)) this.holders.delete(holderKey(code, viewer));
    data.code = undefined;
    data.viewer = undefined;
    data.nonce = undefined;
    socket.leave(roomName.seat(code, viewer, nonce ?? ''));
    socket.leave(roomName.table(code));
    socket.emit(SERVER_EVENT, { type: 'seat-lost', reason } satisfies ServerMessage);
    this.countOut(socket, code, viewer);
  }

  /** Removes the socket holding `seat` in this process (except `keep`). */
  readonly evictHere: Evict = (code, seat, reason, keep) => {
    const holder = this.holders.get(holderKey(code, seat));
    if (holder && holder.id !== keep) this.release(holder, reason);
  };
}
