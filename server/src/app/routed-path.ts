import type { FastifyRequest } from 'fastify';

/**
 * The route a request reached (`/api/tables/:code/join`), or null when none did (a page, a 404).
 * Checks that apply to a part of the API decide on it, not on the request's text: the router
 * decodes percent-escapes, so `/%61pi/matches` reaches `/api/matches` while its text does not
 * start with `/api/`, and `/healthz?x` is `/healthz`.
 */
export function routedPath(req: FastifyRequest): string | null {
  return req.routeOptions.url ?? null;
}
