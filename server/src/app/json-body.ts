/**
 * The JSON body parser of the API. It refuses what fastify's own refuses (an empty body, text
 * that is not JSON, an object with a `__proto__` key or a `constructor` holding a `prototype`,
 * which merged into an object could change every object's prototype), but says which: fastify's
 * answers each poisoned key as "not valid JSON", which sends a client looking for a syntax error
 * in valid JSON. Nothing is removed from a body: a refused body changes nothing.
 */
import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import { scan } from 'secure-json-parse';

/** A body refused for a key it holds (400, `http/invalid` by the error handler). */
class ForbiddenKeyError extends Error {
  readonly statusCode = 400;
  readonly code = 'FST_ERR_CTP_FORBIDDEN_KEY';
}

/** Which refused key a parsed body holds, if any (one walk for a clean body, the usual one). */
function forbiddenKey(value: unknown): string | null {
  if (value === null || typeof value !== 'object') return null;
  if (scan(value, { safe: true }) !== null) return null;
  return scan(value, { safe: true, constructorAction: 'ignore' }) === null ? '__proto__' : 'constructor.prototype';
}

export function parseJson(text: string): unknown {
  if (text.length === 0) throw new errorCodes.FST_ERR_CTP_EMPTY_JSON_BODY();
  let value: unknown;
  try {
    // A byte order mark is allowed, as fastify's parser allows it.
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch {
    throw new errorCodes.FST_ERR_CTP_INVALID_JSON_BODY();
  }
  const key = forbiddenKey(value);
  if (key !== null) throw new ForbiddenKeyError(`the body is valid JSON, but a ${key} key in it is refused`);
  return value;
}

/** Puts the parser in place of fastify's for `application/json` (a scope with its own removes it first). */
export function useJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, parseJson(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}
