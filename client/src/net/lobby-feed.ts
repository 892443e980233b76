/**
 * One table's lobby record, pushed: a socket that follows the table (`lobby` message) and hands
 * on every `table` message the server sends for it, so that a seat taken by a friend shows at
 * once. Said again after every reconnect.
 */
import { CLIENT_EVENT, type ClientMessage, SERVER_EVENT, type ServerMessage, type TableInfo } from '@mahjong/shared';
import { io } from 'socket.io-client';

export function followLobby(code: string, onTable: (table: TableInfo) => void): { close(): void } {
  const socket = io('/', { transports: ['websocket', 'polling'], reconnectionDelay: 400, reconnectionDelayMax: 5000 });
  const follow: ClientMessage = { type: 'lobby', code };
  socket.on('connect', () => socket.emit(CLIENT_EVENT, follow));
  socket.on(SERVER_EVENT, (msg: ServerMessage) => {
    if (msg.type === 'table' && msg.table.code.toUpperCase() === code.toUpperCase()) onTable(msg.table);
  });
  return { close: () => socket.close() };
}
