/** The socket's messages but `hello` (`hello.ts`): ping, hand-over, lobby, sync and act. */
import type { ClientMessage } from '@mahjong/shared';
import { roomName } from './broadcast.js';
import type { Conn, SocketContext } from './context.js';
import { clientAddress } from './rate.js';
import { type Awaitable, linkTo, whenReady } from './table-link.js';

type Msg<T extends ClientMessage['type']> = Extract<ClientMessage, { type: T }>;

export function onPing(c: Conn, msg: Msg<'ping'>): void {
  c.send({ type: 'pong', t: msg.t, serverTime: Date.now() });
}

/** Only the socket holding a seat may let it go. */
export function onHandOver(ctx: SocketContext, c: Conn): void {
  const { code, viewer } = c.data;
  if (!code || viewer === undefined || viewer === 'spectator' || !ctx.holders.holds(c.socket, code, viewer)) {
    c.refuse('auth/not_joined', 'this socket holds no seat');
    return;
  }
  ctx.holders.handOver(code, viewer);
}

/**
 * The table's `table` messages (public: its lobby record) reach this socket too; the current one
 * comes now when the table is live here (else the page has it by HTTP).
 *
 * Following a code is a lookup of it, on the same budget of unknown codes per address as HTTP and
 * `hello`: an address over it is refused whatever the code (an answer for live codes only would
 * still tell them from the rest), and a code unknown here costs a miss (on a single process: a
 * table of another process of a cluster is not known here).
 */
export async function onLobby(ctx: SocketContext, c: Conn, msg: Msg<'lobby'>): Promise<void> {
  const { data, socket } = c;
  const code = msg.code.toUpperCase();
  const misses = ctx.lookupMisses;
  if (misses) {
    // One call on the budget, the handler's first step: messages that arrive together (handled
    // at once) are counted in the order they came, none of them before another's miss.
    const address = clientAddress(socket, ctx.trustProxy);
    const unknown = !ctx.tables.get(code) && !ctx.peers;
    const budget = await (unknown ? misses.take(address) : misses.check(address));
    if (socket.disconnected) return;
    if (!budget.ok) {
      const n = budget.retryAfterSeconds;
      return c.refuse('msg/rate_limited', `too many unknown table codes; try again in ${n} s`, undefined, { n });
    }
  }
  if (data.lobby && data.lobby !== code && data.lobby !== data.code) socket.leave(roomName.table(data.lobby));
  data.lobby = code;
  socket.join(roomName.table(code));
  const room = ctx.tables.get(code);
  if (room) c.send({ type: 'table', table: room.info() });
}

export function onSync(ctx: SocketContext, c: Conn): Awaitable<void> {
  const { data } = c;
  const { code, viewer } = data;
  if (!code || viewer === undefined) return c.refuse('auth/not_joined', 'say hello first');
  const table = linkTo(ctx.tables, ctx.peers, code);
  // Nothing went out for the table since this socket's last full view: it has it all.
  const count = ctx.changes.of(code, viewer);
  if (table.room && count !== null && count === data.synced) return;
  if (!c.mayResync()) return;
  return whenReady(table.welcome(viewer), (welcome) => {
    if (!welcome) return c.refuse('table/not_found', 'the table is gone');
    c.sendFull(welcome, code, viewer);
  });
}

export function onAct(ctx: SocketContext, c: Conn, msg: Msg<'act'>): Awaitable<void> {
  const receivedAt = performance.now();
  const { data } = c;
  const { code, viewer } = data;
  if (!code || viewer === undefined) return c.refuse('auth/not_joined', 'say hello first', msg.id);
  if (viewer === 'spectator') return c.refuse('act/spectator', 'spectators do not act', msg.id);
  if (msg.seat !== viewer) return c.refuse('act/wrong_seat', `you hold seat ${viewer + 1}`, msg.id, { n: viewer + 1 });
  const table = linkTo(ctx.tables, ctx.peers, code);
  if (table.room && !table.room.tokenCurrent(viewer, data.nonce ?? '')) {
    ctx.holders.release(c.socket, 'replaced');
    return c.refuse('auth/not_joined', 'this seat has another holder now', msg.id);
  }
  return whenReady(table.act(viewer, msg.seq, msg.action), (r) => {
    if (!r.ok) return c.refuse(r.code, r.message, msg.id, r.values);
    ctx.stats.accepted += 1;
    if (table.room) ctx.onAccepted?.(code, receivedAt);
  });
}
