/**
 * Which web pages may talk to this server: a browser sends the page's `Origin` with every API
 * call and socket.io request (both transports), and only these are accepted:
 * - the public origin (`PUBLIC_ORIGIN`, the address players open, e.g. `https://mj.example`);
 * - the configured extra origins (`ORIGINS`, comma-separated, or `*` in development);
 * - without a public origin, the server's own origin (the `Origin` names the `Host` it was sent
 *   to) but only for a host that no web page can rebind: an IP address or a name without a dot
 *   (`localhost`, a container's name). A page of `evil.example` whose name an attacker points at
 *   this server (DNS rebinding) sends `Host: evil.example` and its own matching `Origin`: it is
 *   refused, as is every request whose `Host` is a domain name other than the public one.
 * Requests without an `Origin` (node clients, curl, same-origin GETs) are accepted when their
 * `Host` is one of the above: origins guard players' browsers, not the server.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';

/** `*` accepts every origin (development only). */
export type OriginPolicy =
  | { readonly any: true }
  | {
      readonly any: false;
      readonly list: ReadonlySet<string>;
      /** Hosts (`name:port`) of the public origin and the listed ones, lower case. */
      readonly hosts: ReadonlySet<string>;
    };

const originOf = (item: string): string | null => {
  try {
    const url = new URL(item);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
};

export function originPolicy(raw: string | readonly string[] | undefined, publicOrigin?: string): OriginPolicy {
  const items = (typeof raw === 'string' ? raw.split(',') : (raw ?? [])).map((s) => s.trim()).filter(Boolean);
  if (items.includes('*')) return { any: true };
  const list = new Set<string>();
  // A malformed entry names no origin; it is left out rather than stopping the server.
  for (const item of [...items, ...(publicOrigin ? [publicOrigin] : [])]) {
    const o = originOf(item);
    if (o) list.add(o);
  }
  return { any: false, list, hosts: new Set([...list].map((o) => new URL(o).host)) };
}

/** The name of a `host[:port]` header, brackets of an IPv6 address removed. */
const hostname = (host: string): string => {
  const h = host.toLowerCase();
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  const colon = h.lastIndexOf(':');
  return colon >= 0 ? h.slice(0, colon) : h;
};

/** A host no web page can be rebound to: an IP address or a name without a dot. */
const unbindable = (host: string): boolean => {
  const name = hostname(host);
  return isIP(name) !== 0 || (name !== '' && !name.includes('.'));
};

/** May a request sent to `host` be answered at all (DNS rebinding: a foreign name is refused)? */
export function hostAllowed(policy: OriginPolicy, host: string | undefined): boolean {
  if (policy.any || host === undefined) return true;
  return policy.hosts.has(host.toLowerCase()) || unbindable(host);
}

/** May a request with these headers be answered? */
export function originAllowed(policy: OriginPolicy, origin: string | undefined, host: string | undefined): boolean {
  if (policy.any) return true;
  if (!hostAllowed(policy, host)) return false;
  if (origin === undefined) return true;
  if (policy.list.has(origin)) return true;
  try {
    return host !== undefined && unbindable(host) && new URL(origin).host === host.toLowerCase();
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
