/**
 * Seat and host tokens: `<code>.<seat|h>.<nonce>.<mac>` with an HMAC-SHA256 over the first three
 * parts. The nonce is kept with the seat in the ledger, so a token stays valid across restarts
 * and stops working when the seat gets a new holder. The secret comes from SECRET or is
 * generated once and kept in DATA_DIR/secret.key.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Seat } from '@mahjong/shared';

export type TokenSubject = Seat | 'host';

export interface TokenClaims {
  readonly code: string;
  readonly subject: TokenSubject;
  readonly nonce: string;
}

export const newNonce = (): string => randomBytes(12).toString('base64url');

function mac(secret: Buffer, payload: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64url');
}

export function signToken(secret: Buffer, claims: TokenClaims): string {
  const payload = `${claims.code}.${claims.subject === 'host' ? 'h' : claims.subject}.${claims.nonce}`;
  return `${payload}.${mac(secret, payload)}`;
}

/**
 * The token of an `Authorization: Bearer <token>` header ('' without one). The scheme's name is
 * any case (RFC 9110: `bearer` is the same scheme); `bearer x` was refused.
 */
export const bearerToken = (authorization: string | undefined): string =>
  /^bearer /i.test(authorization ?? '') ? (authorization as string).slice(7).trim() : '';

/** The claims of a token whose signature verifies; null for anything else. */
export function verifyToken(secret: Buffer, token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [code, subject, nonce, signature] = parts as [string, string, string, string];
  if (!/^[0-3h]$/.test(subject) || nonce.length === 0) return null;
  const expected = Buffer.from(mac(secret, `${code}.${subject}.${nonce}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return { code, subject: subject === 'h' ? 'host' : (Number(subject) as Seat), nonce };
}

/** SECRET from the environment, else DATA_DIR/secret.key (created on first start). */
export async function loadSecret(dataDir: string, fromEnv = process.env.SECRET): Promise<Buffer> {
  if (fromEnv && fromEnv.length > 0) return Buffer.from(fromEnv, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  try {
    const hex = (await readFile(file, 'utf8')).trim();
    if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
  } catch {
    // first start: no secret yet
  }
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32);
  try {
    // Created once: processes starting together on one folder (WORKERS) must agree on it.
    await writeFile(file, secret.toString('hex'), { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is writing it: read what it wrote (a 64-character file, nearly at once).
    for (let attempt = 0; attempt < 50; attempt += 1) {
      const hex = (await readFile(file, 'utf8')).trim();
      if (/^[0-9a-f]{64}$/.test(hex)) return Buffer.from(hex, 'hex');
      await new Promise((r) => setTimeout(r, 20));
    }
    throw new Error(`${file} holds no secret (64 hex characters): remove it or set SECRET`);
  }
}
