/**
 * Which web pages may talk to this server: a browser sends the page's `Origin` with every API
 * call and socket.io request (both transports), and only the configured origins are accepted
 * (`ORIGINS`, comma-separated; by default the server's own origin, i.e. the `Origin` names the
 * `Host` it was sent to). Requests without an `Origin` (not from a web page: node clients, curl,
 * same-origin navigations) are accepted: origins guard players' browsers, not the server.
 */
import type { IncomingMessage } from 'node:http';

/** `*` accepts every origin (development only). */
export type OriginPolicy = { readonly any: true } | { readonly any: false; readonly list: ReadonlySet<string> };

export function originPolicy(raw: string | readonly string[] | undefined): OriginPolicy {
  const items = (typeof raw === 'string' ? raw.split(',') : (raw ?? [])).map((s) => s.trim()).filter(Boolean);
  if (items.includes('*')) return { any: true };
  const list = new Set<string>();
  for (const item of items) {
    try {
      list.add(new URL(item).origin);
    } catch {
      // A malformed entry names no origin; it is left out rather than stopping the server.
    }
  }
  return { any: false, list };
}

/** May a request with these headers be answered? */
export function originAllowed(policy: OriginPolicy, origin: string | undefined, host: string | undefined): boolean {
  if (origin === undefined) return true;
  if (policy.any) return true;
  if (policy.list.has(origin)) return true;
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
}

/** Is `origin` another site that the policy lets in (so it needs CORS headers)? */
export function crossOriginAllowed(
  policy: OriginPolicy,
  origin: string | undefined,
  host: string | undefined,
): boolean {
  if (origin === undefined || !originAllowed(policy, origin, host)) return false;
  try {
    return new URL(origin).host !== host?.toLowerCase();
  } catch {
    return false;
  }
}

export const requestOrigin = (req: IncomingMessage): { origin: string | undefined; host: string | undefined } => ({
  origin: typeof req.headers.origin === 'string' ? req.headers.origin : undefined,
  host: req.headers.host,
});
