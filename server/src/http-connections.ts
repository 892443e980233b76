/**
 * The HTTP server's connections and how many requests each is answering, so that a stop can close
 * every connection that is not answering one. Node's `closeIdleConnections` only closes a
 * connection that has finished a request: one on which no request has arrived yet (a browser's
 * preconnect, a client that gave up before sending, a socket opened and left silent) stays, and
 * `server.close()` then waits for it forever (the HTTP server has no request timeout).
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface HttpConnections {
  /** Closes every connection with no request in flight; the others finish their answer first. */
  closeIdle(): void;
}

export function trackConnections(server: Server): HttpConnections {
  const inFlight = new Map<Socket, number>();
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    if (!inFlight.has(socket)) return;
    inFlight.set(socket, inFlight.get(socket)! + 1);
    res.once('close', () => {
      const n = inFlight.get(socket);
      if (n !== undefined) inFlight.set(socket, n - 1);
    });
  });
  // An upgraded connection is a websocket: socket.io closes it (io.close), not this sweep.
  server.on('upgrade', (req) => inFlight.delete(req.socket));
  return {
    closeIdle() {
      for (const [socket, n] of inFlight) if (n === 0) socket.destroy();
    },
  };
}
