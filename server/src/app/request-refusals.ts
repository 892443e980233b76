/**
 * Requests refused before a route reads them, answered in the API's error shape with their real
 * status: a body over the route's limit (413) or of a type it does not read (415), a part of the
 * path too long (414) or badly escaped (400), and what Node's HTTP parser refuses before fastify
 * sees a request at all (headers too large 431, a request too slow 408, bytes that are not HTTP
 * 400), written on the socket itself. Fastify's own answers to these have another shape
 * (`{ error, message, statusCode }`), which a client reading `error.code` cannot tell apart.
 */
import http from 'node:http';
import type { Socket } from 'node:net';
import type { HttpErrorCode, RefusalValues } from '@mahjong/shared';
import type { ConnectionError, FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { errorAnswer } from '../table-ops.js';

/** A refusal as the API says it: its code (which gives the status), its words, their values. */
export interface Refusal {
  readonly code: HttpErrorCode;
  readonly message: string;
  readonly values?: RefusalValues;
}

const kb = (bytes: number): number => Math.floor(bytes / 1024);

/** A client's content type, short enough to say back (it is the client's text, sent as JSON). */
function mediaType(req: FastifyRequest): string {
  const type = (req.headers['content-type'] ?? '').split(';')[0]!.trim();
  return type.length > 80 ? `${type.slice(0, 80)}…` : type;
}

/**
 * The refusal of an error with a 4xx status (fastify's, reading a request's body, or a parser's):
 * a body too large or of a type not read keeps its status, any other says its message as
 * `http/invalid` (400).
 */
export function requestRefusal(error: { code?: string; message: string }, req: FastifyRequest): Refusal {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    // The limit that applied: the route's own (an import takes a whole log file) or the server's.
    // A route may say a smaller limit than it reads (the import: its file checker's, which a body
    // over the route's own is over too), so that the next try is sized to what is taken.
    const said = (req.routeOptions.config as { sayBodyLimit?: unknown } | undefined)?.sayBodyLimit;
    const limit = kb(typeof said === 'number' ? said : req.routeOptions.bodyLimit);
    return {
      code: 'http/too_large',
      message: `the body is over ${limit} KB, this request's limit`,
      values: { kb: limit },
    };
  }
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
    const type = mediaType(req);
    return {
      code: 'http/media_type',
      message:
        type === ''
          ? 'a body needs a content type (application/json)'
          : `this request's body is not read as ${type} (send application/json)`,
    };
  }
  return { code: 'http/invalid', message: error.message };
}

/**
 * Fastify's `frameworkErrors`: a URL it cannot route. Without this option fastify answers these
 * in its own shape.
 */
export function answerFrameworkError(error: FastifyError, _req: FastifyRequest, res: FastifyReply): void {
  const refusal: Refusal =
    error.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? { code: 'http/uri_too_long', message: 'a part of the path is longer than any this server takes' }
      : error.code === 'FST_ERR_BAD_URL'
        ? { code: 'http/invalid', message: 'the path is not a valid URL (a % not followed by two hex digits?)' }
        : { code: 'http/internal', message: 'internal error' };
  const answer = errorAnswer(refusal.code, refusal.message);
  void res.status(answer.status).send(answer.body);
}

/** What Node's parser refused (before any request existed), as the API says it. */
function clientRefusal(error: ConnectionError): Refusal {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW': {
      // Node counts the request line with the headers: a URL too long lands here too, and 431 says
      // truthfully which limit it crossed (there is no separate one for the URL).
      const limit = kb(http.maxHeaderSize);
      return {
        code: 'http/header_too_large',
        message: `the request's headers and URL are over ${limit} KB together`,
        values: { kb: limit },
      };
    }
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      // (Not `http/too_large`, whose values name a body limit: this is the chunks' framing.)
      return { code: 'http/invalid', message: "the body's chunk extensions are too large" };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { code: 'http/timeout', message: 'the request did not arrive in time' };
    default:
      return { code: 'http/invalid', message: 'the request is not valid HTTP' };
  }
}

/**
 * Fastify's `clientErrorHandler` (Node's `clientError`): the answer written on the socket, which
 * is then closed, as fastify's default does. A socket reset or destroyed already gets nothing,
 * one no longer writable is only closed.
 */
export function answerClientErrors(log: Logger): (error: ConnectionError, socket: Socket) => void {
  return (error, socket) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const refusal = clientRefusal(error);
    // Most are network noise or a proxy's setting, as fastify's default judges them.
    log.trace({ err: error }, 'client error');
    // Not into a response already on its way (a pipelined request after it failed): Node's own
    // handler holds back the same way.
    const sending = (socket as Socket & { _httpMessage?: { _headerSent?: boolean } | null })._httpMessage;
    if (socket.writable && !sending?._headerSent) {
      const answer = errorAnswer(refusal.code, refusal.message, refusal.values);
      const body = JSON.stringify(answer.body);
      socket.write(
        `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\n` +
          'Content-Type: application/json; charset=utf-8\r\n' +
          'Connection: close\r\n\r\n' +
          body,
      );
    }
    socket.destroy(error);
  };
}
