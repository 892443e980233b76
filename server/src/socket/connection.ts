/**
 * One socket from connection to disconnection: its rate limits, a recovered connection counted
 * in again, every message checked against the protocol and handed to its handler.
 */
import {
  CLIENT_EVENT,
  type ClientMessage,
  parseClientMessage,
  type RefusalCode,
  type RefusalValues,
  SERVER_EVENT,
  type SeatLostReason,
  type ServerMessage,
} from '@mahjong/shared';
import type { Socket } from 'socket.io';
import { roomName } from './broadcast.js';
import type { Conn, SocketContext } from './context.js';
import { onAct, onHandOver, onLobby, onPing, onSync } from './handlers.js';
import { onHello } from './hello.js';
import { Bucket, clientAddress, type RateLimit, type SyncLimit } from './rate.js';
import type { SocketData } from './socket-data.js';
import { linkTo } from './table-link.js';

export function onConnection(ctx: SocketContext, limit: RateLimit, syncLimit: SyncLimit): (socket: Socket) => void {
  return (socket) => {
    const c = connOf(ctx, socket, syncLimit);
    const { data } = c;
    const bucket = new Bucket(limit, ctx.now());
    if (socket.recovered && data.code && data.viewer !== undefined) rejoin(ctx, c);
    socket.onAny((event: string, payload: unknown) => {
      if (!bucket.take(ctx.now())) return c.refuse('msg/rate_limited', 'slow down');
      if (event !== CLIENT_EVENT) return c.refuse('msg/unknown_type', `unknown event ${String(event).slice(0, 40)}`);
      const parsed = parseClientMessage(payload);
      if (!parsed.ok) return c.refuse(parsed.code, 'the message does not fit the protocol');
      void handle(ctx, c, parsed.value);
    });
    socket.on('disconnect', () => {
      if (!data.code || data.viewer === undefined) return;
      if (data.viewer !== 'spectator') ctx.holders.forget(socket, data.code, data.viewer);
      linkTo(ctx.tables, ctx.peers, data.code).presence(data.viewer, -1, data.remote === true);
    });
  };
}

/** (Async: a handler that throws rejects its promise, as every handler's failure does.) */
async function handle(ctx: SocketContext, c: Conn, msg: ClientMessage): Promise<void> {
  switch (msg.type) {
    case 'ping':
      return onPing(c, msg);
    case 'hand-over':
      return onHandOver(ctx, c);
    case 'hello':
      return onHello(ctx, c, msg);
    case 'lobby':
      return onLobby(ctx, c, msg);
    case 'sync':
      return onSync(ctx, c);
    case 'act':
      return onAct(ctx, c, msg);
  }
}

function connOf(ctx: SocketContext, socket: Socket, syncLimit: SyncLimit): Conn {
  const data = socket.data as SocketData;
  const syncs = new Bucket(syncLimit.perSocket, ctx.now());
  let resyncRefusedAt = Number.NEGATIVE_INFINITY;
  const send = (msg: ServerMessage) => socket.emit(SERVER_EVENT, msg);
  const refuse = (code: RefusalCode, message: string, id?: number, values?: RefusalValues) => {
    ctx.stats.refused += 1;
    ctx.stats.byCode.set(code, (ctx.stats.byCode.get(code) ?? 0) + 1);
    send({
      type: 'refused',
      code,
      message,
      ...(values === undefined ? {} : { values }),
      ...(id === undefined ? {} : { id }),
    });
  };
  return {
    socket,
    data,
    send,
    refuse,
    sendFull: (msg, code, viewer) => {
      data.synced = ctx.changes.of(code, viewer);
      send(msg);
    },
    mayResync: () => {
      const now = ctx.now();
      if (syncs.take(now) && ctx.syncPerAddress.take(clientAddress(socket, ctx.trustProxy)).ok) return true;
      // A poller is told once a second, not once a poll.
      if (ctx.now() - resyncRefusedAt >= 1000) {
        resyncRefusedAt = ctx.now();
        refuse('msg/rate_limited', 'the full view was sent a moment ago; wait for the next change');
      }
      return false;
    },
  };
}

/**
 * A recovered socket (connection state recovery) keeps its rooms and data: count it again,
 * unless its seat changed hands while it was away (a new holder, or another socket on it).
 */
function rejoin(ctx: SocketContext, c: Conn): void {
  const { data, socket } = c;
  const code = data.code!;
  const viewer = data.viewer!;
  const table = linkTo(ctx.tables, ctx.peers, code);
  const room = table.room;
  const lost: SeatLostReason | null =
    viewer === 'spectator' || !room
      ? null
      : !room.tokenCurrent(viewer, data.nonce ?? '')
        ? 'replaced'
        : ctx.holders.isHeld(code, viewer)
          ? 'opened_elsewhere'
          : null;
  if (lost) {
    data.code = undefined;
    data.viewer = undefined;
    socket.leave(roomName.table(code));
    if (viewer !== 'spectator') socket.leave(roomName.seat(code, viewer, data.nonce ?? ''));
    data.nonce = undefined;
    c.send({ type: 'seat-lost', reason: lost });
    return;
  }
  if (!table.presence(viewer, 1, data.remote === true)) data.viewer = undefined;
  if (viewer !== 'spectator' && data.viewer !== undefined) {
    ctx.evict(code, viewer, 'opened_elsewhere', socket.id);
    ctx.holders.set(code, viewer, socket);
  }
}
