/**
 * The listeners' front: the fastify app and the socket.io server on it, with the origin policy
 * applied to both (the socket's handshake, and every API request with its CORS answer).
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import { Server } from 'socket.io';
import { trackConnections } from '../http-connections.js';
import { crossOriginAllowed, hostAllowed, type OriginPolicy, originAllowed, requestOrigin } from '../origins.js';
import { useJsonBodies } from './json-body.js';
import { answerClientErrors, answerFrameworkError } from './request-refusals.js';
import { routedPath } from './routed-path.js';
import { registerSecurityHeaders } from '../security-headers.js';
import { serverParser } from '../socket/encoder.js';
import { RecoveryAdapter } from '../socket/recovery-adapter.js';

/** How long socket.io keeps a dropped socket's session for it to recover (ms), unless told. */
export const RECOVERY_MS = 10_000;

export interface WebOptions {
  readonly trustProxy?: boolean;
  readonly websocketOnly?: boolean;
  readonly recoveryMs?: number;
}

export async function createWeb(
  options: WebOptions,
  log: Logger,
  origins: OriginPolicy,
): Promise<{ app: FastifyInstance; io: Server; connections: ReturnType<typeof trackConnections> }> {
  const app = Fastify({
    // Requests are logged at warn and above only (errors); play goes over sockets.
    loggerInstance: log.child({ part: 'http' }, { level: 'warn' }) as unknown as FastifyBaseLogger,
    // Behind a reverse proxy every request comes from the proxy: the limits per address then
    // read the client's address from X-Forwarded-For, set by the proxy (only when told so).
    ...(options.trustProxy ? { trustProxy: true } : {}),
    // Requests refused before a route reads them are answered in the API's shape too.
    clientErrorHandler: answerClientErrors(log.child({ part: 'http' })),
    frameworkErrors: answerFrameworkError,
  }) as unknown as FastifyInstance;
  useJsonBodies(app);
  const connections = trackConnections(app.server);
  await registerSecurityHeaders(app, origins.any ? ['*'] : [...origins.list]);
  const io = new Server(app.server, {
    serveClient: false,
    // The views go to text without a search for binary data in them (`socket/encoder.ts`).
    parser: serverParser,
    // Processes sharing one port (WORKERS) take each connection wherever it lands: one upgrade
    // request per websocket is fine, polling's many requests are not (no sticky sessions).
    ...(options.websocketOnly ? { transports: ['websocket' as const] } : {}),
    // Client messages are small; anything bigger is not a message of the protocol.
    maxHttpBufferSize: 16 * 1024,
    // A session that comes back passes the middlewares too: the cap on sockets per address
    // (`socket/socket-cap.ts`) counts it as it counts a new one.
    connectionStateRecovery: { maxDisconnectionDuration: options.recoveryMs ?? RECOVERY_MS, skipMiddlewares: false },
    // (One process: a cluster's adapter replaces it, `app/cluster.ts`.)
    adapter: RecoveryAdapter,
    // Both transports: a page of another origin is refused at the handshake (a websocket is not
    // covered by CORS), and CORS headers name only the configured origins, never a reflected one.
    allowRequest: (req, cb) => {
      const { origin, host } = requestOrigin(req);
      cb(originAllowed(origins, origin, host) ? null : 'origin not allowed', originAllowed(origins, origin, host));
    },
    ...(origins.any
      ? { cors: { origin: true } }
      : origins.list.size > 0
        ? { cors: { origin: [...origins.list] } }
        : {}),
  });
  registerOriginCheck(app, origins);
  return { app, io, connections };
}

/** API requests from pages of other origins are refused, or answered with CORS headers when allowed. */
function registerOriginCheck(app: FastifyInstance, origins: OriginPolicy): void {
  app.addHook('onRequest', async (req, res) => {
    const path = routedPath(req);
    if (!path.startsWith('/api/') && path !== '/healthz') return;
    const { origin, host } = requestOrigin(req.raw);
    if (!originAllowed(origins, origin, host)) {
      return res.status(403).send({
        error: {
          code: 'http/origin',
          message: hostAllowed(origins, host)
            ? `pages from ${origin} may not use this server`
            : `this server does not answer to ${host}; its operator sets PUBLIC_ORIGIN to the address players use`,
        },
      });
    }
    if (!crossOriginAllowed(origins, origin, host)) return;
    res.header('access-control-allow-origin', origin).header('vary', 'origin');
    if (req.method === 'OPTIONS') {
      return res
        .header('access-control-allow-methods', 'GET, POST')
        .header('access-control-allow-headers', 'content-type, authorization')
        .header('access-control-max-age', '600')
        .status(204)
        .send();
    }
  });
}
