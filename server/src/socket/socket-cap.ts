/**
 * The cap on sockets one client address holds open at once (`Limits.maxSocketsPerClient`),
 * counted in this process: with several processes an address may hold the cap in each (a count
 * shared through Redis would have to be taken back for sockets of a process that died; the caps of
 * `shared-caps.ts` publish snapshots for that, too heavy for every connected address each second).
 *
 * Checked by a socket.io middleware rather than engine.io's `allowRequest`: only a middleware's
 * refusal reaches the page readable (`connect_error` with its `data`); one at the handshake is a
 * bare transport error (a refused websocket upgrade shows a page nothing), which socket.io-client
 * retries for ever. And socket.io lets one engine.io connection open any number of sockets on the
 * same namespace, so the handshake would not see them: the sockets are what is counted.
 *
 * A socket is counted when the middleware lets it through (not when it connects: the CONNECTs of
 * one polling request all pass the middleware before the first of them connects) and counted out
 * once, at its disconnect or, for one that never connected (its connection closed between the
 * middleware and the connect), when its connection closes.
 */
import type { ConnectRefusal } from '@mahjong/shared';
import type { Server, Socket } from 'socket.io';

/** The engine.io connection under a socket (several sockets may share one). */
type Conn = Socket['conn'];

export class SocketCap {
  private readonly open = new Map<string, number>();
  /** Per connection, the counting out of its sockets still counted (one `close` listener each). */
  private readonly byConn = new WeakMap<Conn, Set<() => void>>();

  constructor(
    private readonly cap: number,
    private readonly addressOf: (socket: Socket) => string,
    private readonly onRefused: () => void = () => {},
  ) {}

  /** Sockets of an address counted now. */
  of(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /**
   * Checks every socket connecting to `io`. (A middleware used after this one that refused a
   * socket would leave it counted until its connection closed.)
   */
  attach(io: Server): void {
    io.use((socket, next) => {
      // Already closed: socket.io drops the socket, and no `close` would count it out.
      if (socket.conn.readyState !== 'open') return next();
      const address = this.addressOf(socket);
      if (this.of(address) >= this.cap) {
        this.onRefused();
        const refusal: ConnectRefusal = {
          code: 'socket/too_many',
          message: `this address has ${this.cap} connections open, as many as the server allows; close some`,
          values: { n: this.cap },
        };
        next(Object.assign(new Error(refusal.message), { data: refusal }));
        this.closeIfEmpty(socket.conn);
        return;
      }
      this.count(socket, address);
      next();
    });
    // (A session that comes back through connection state recovery passes this middleware too:
    // `app/web.ts` does not let recovery skip middlewares.)
  }

  /**
   * A connection refused its only socket is closed (its refusal written first: engine.io sends
   * what it has buffered before it closes). Left open it would hold its memory until socket.io's
   * connect timeout (45 s), and could be opened again at once, so refused sockets alone would
   * hold what the cap is there to bound. A page closes it itself; a hostile client does not.
   */
  private closeIfEmpty(conn: Conn): void {
    setImmediate(() => {
      if ((this.byConn.get(conn)?.size ?? 0) === 0 && conn.readyState === 'open') conn.close();
    });
  }

  private count(socket: Socket, address: string): void {
    this.open.set(address, this.of(address) + 1);
    const pending = this.pending(socket.conn);
    const out = () => {
      if (!pending.delete(out)) return;
      socket.off('disconnect', out);
      const n = this.of(address) - 1;
      if (n > 0) this.open.set(address, n);
      else this.open.delete(address);
    };
    pending.add(out);
    socket.once('disconnect', out);
  }

  private pending(conn: Conn): Set<() => void> {
    let set = this.byConn.get(conn);
    if (!set) {
      const outs = new Set<() => void>();
      conn.once('close', () => {
        for (const out of [...outs]) out();
      });
      this.byConn.set(conn, outs);
      set = outs;
    }
    return set;
  }
}
