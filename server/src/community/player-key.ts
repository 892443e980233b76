/**
 * The player key: what a browser keeps to be a player without a password. It names the player
 * and one of their devices, with the time it was issued, signed with the server's secret
 * (HMAC-SHA256, as seat tokens are): `p1.<player>.<device>.<issued, base 36 seconds>.<mac>`.
 * It travels only in an HttpOnly cookie scoped to the API (pages' scripts never read it, no URL
 * carries it). A key stops working when its device is forgotten (the device row is deleted) or
 * when it is older than `KEY_LIFETIME_MS`; a key in use is reissued every `KEY_RENEW_MS`, so a
 * player who comes back at least once a year keeps their identity.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export const PLAYER_COOKIE = 'mj_player';
/** Browsers cap a cookie's life at about 400 days; the key lives as long. */
export const KEY_LIFETIME_MS = 400 * 24 * 60 * 60_000;
/** A key older than this is reissued with a fresh date when used. */
export const KEY_RENEW_MS = 7 * 24 * 60 * 60_000;

export interface PlayerKey {
  readonly playerId: string;
  readonly deviceId: string;
  /** Milliseconds since the epoch, whole seconds. */
  readonly issuedAt: number;
}

export type KeyCheck =
  | { readonly ok: true; readonly key: PlayerKey }
  | { readonly ok: false; readonly code: 'player/no_key' | 'player/bad_key' | 'player/expired_key' };

const mac = (secret: Buffer, payload: string): string =>
  createHmac('sha256', secret).update(`player-key:${payload}`).digest('base64url');

const ID = /^[0-9a-f-]{36}$/;

export function signPlayerKey(secret: Buffer, key: PlayerKey): string {
  const payload = `p1.${key.playerId}.${key.deviceId}.${Math.floor(key.issuedAt / 1000).toString(36)}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The key in `raw` if it verifies and has not expired at `now`. */
export function checkPlayerKey(secret: Buffer, raw: string | undefined, now: number): KeyCheck {
  if (raw === undefined || raw === '') return { ok: false, code: 'player/no_key' };
  const parts = raw.split('.');
  if (parts.length !== 5 || parts[0] !== 'p1') return { ok: false, code: 'player/bad_key' };
  const [, playerId, deviceId, issued, signature] = parts as [string, string, string, string, string];
  if (!ID.test(playerId) || !ID.test(deviceId) || !/^[0-9a-z]{1,10}$/.test(issued)) {
    return { ok: false, code: 'player/bad_key' };
  }
  const expected = Buffer.from(mac(secret, `p1.${playerId}.${deviceId}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, code: 'player/bad_key' };
  const issuedAt = Number.parseInt(issued, 36) * 1000;
  if (now - issuedAt > KEY_LIFETIME_MS) return { ok: false, code: 'player/expired_key' };
  return { ok: true, key: { playerId, deviceId, issuedAt } };
}

/** The value of cookie `name` in a Cookie header (the first one: browsers send the most specific first, RFC 6265 5.4). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  let found: string | undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) {
      found ??= part.slice(eq + 1).trim();
    }
  }
  return found;
}

/**
 * The Set-Cookie value for a key (or, with null, one that removes it). HttpOnly: no script
 * reads it; SameSite=Lax: another site's form cannot post with it; Path=/api: sent only to the
 * API; Secure when the page came over HTTPS.
 */
export function keyCookie(value: string | null, secure: boolean): string {
  const attributes = ['Path=/api', 'HttpOnly', 'SameSite=Lax', ...(secure ? ['Secure'] : [])];
  if (value === null) return [`${PLAYER_COOKIE}=`, 'Max-Age=0', ...attributes].join('; ');
  return [`${PLAYER_COOKIE}=${value}`, `Max-Age=${Math.floor(KEY_LIFETIME_MS / 1000)}`, ...attributes].join('; ');
}
