import type { FastifyRequest } from 'fastify';

/**
 * The path a request is for, as the router reads it: the route it reached
 * (`/api/tables/:code/join`), or, where none did (a CORS preflight, a 404), its path with
 * percent-escapes decoded and without its query. Checks that apply to a part of the API decide on
 * this, not on the request's text: the router decodes percent-escapes, so `/%61pi/matches`
 * reaches `/api/matches` while its text does not start with `/api/`, and `/healthz?x` is `/healthz`.
 */
export function routedPath(req: FastifyRequest): string {
  const route = req.routeOptions.url;
  if (route !== undefined) return route;
  const path = req.url.split('?')[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    // (A malformed escape: no route reads it either.)
    return path;
  }
}
