/**
 * One table's lobby record, pushed: a socket that follows the table (`lobby` message) and hands
 * on every `table` message the server sends for it, so that a seat taken by a friend shows at
 * once. Said again after every reconnect. A connection the server refuses (the address's sockets
 * at their cap) is tried again later, quietly: the lobby page polls the record meanwhile.
 */
import { CLIENT_EVENT, type ClientMessage, SERVER_EVENT, type ServerMessage, type TableInfo } from '@mahjong/shared';
import { io } from 'socket.io-client';
import { retryAfterRefusalMs } from './connect-refusal.js';

export function followLobby(code: string, onTable: (table: TableInfo) => void): { close(): void } {
  const socket = io('/', { transports: ['websocket', 'polling'], reconnectionDelay: 400, reconnectionDelayMax: 5000 });
  const follow: ClientMessage = { type: 'lobby', code };
  let refused = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  socket.on('connect', () => {
    refused = 0;
    socket.emit(CLIENT_EVENT, follow);
  });
  socket.on('connect_error', () => {
    // (socket.io retries a transport's failure itself; it leaves a refused socket closed.)
    if (socket.active || retry !== null) return;
    retry = setTimeout(() => {
      retry = null;
      if (!socket.active) socket.connect();
    }, retryAfterRefusalMs(refused++));
  });
  socket.on(SERVER_EVENT, (msg: ServerMessage) => {
    if (msg.type === 'table' && msg.table.code.toUpperCase() === code.toUpperCase()) onTable(msg.table);
  });
  return {
    close: () => {
      if (retry !== null) clearTimeout(retry);
      socket.close();
    },
  };
}
