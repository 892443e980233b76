import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bearerToken, loadSecret, newNonce, signToken, verifyToken } from './tokens.js';

const secret = Buffer.from('0123456789abcdef0123456789abcdef');

describe('tokens', () => {
  it('round-trips seat and host claims', () => {
    for (const subject of [0, 1, 2, 3, 'host'] as const) {
      const claims = { code: 'ABC234', subject, nonce: newNonce() };
      expect(verifyToken(secret, signToken(secret, claims))).toEqual(claims);
    }
  });

  it('refuses tampered tokens, other secrets and junk', () => {
    const token = signToken(secret, { code: 'ABC234', subject: 1, nonce: 'n0nce' });
    const [code, , nonce, mac] = token.split('.');
    expect(verifyToken(secret, `${code}.2.${nonce}.${mac}`)).toBeNull();
    expect(verifyToken(secret, `XYZ789.1.${nonce}.${mac}`)).toBeNull();
    expect(verifyToken(secret, `${code}.1.other.${mac}`)).toBeNull();
    expect(verifyToken(Buffer.from('another secret'), token)).toBeNull();
    for (const junk of ['', 'a.b.c', 'a.b.c.d.e', `${code}.9.${nonce}.${mac}`, `${code}.1..${mac}`]) {
      expect(verifyToken(secret, junk)).toBeNull();
    }
  });

  it('reads the token of an Authorization header whatever the case of its scheme, and nothing else', () => {
    for (const h of ['Bearer t.1.n.m', 'bearer t.1.n.m', 'BEARER  t.1.n.m ']) expect(bearerToken(h)).toBe('t.1.n.m');
    for (const h of [undefined, '', 'Basic dTpw', 'Bearer', 'Bearert.1.n.m', 'x Bearer t'])
      expect(bearerToken(h)).toBe('');
  });

  it('keeps a generated secret in the data folder, private, and reuses it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-secret-'));
    try {
      const a = await loadSecret(dir, '');
      const b = await loadSecret(dir, '');
      expect(a.equals(b)).toBe(true);
      expect(a.length).toBe(32);
      expect((await stat(path.join(dir, 'secret.key'))).mode & 0o777).toBe(0o600);
      expect((await readFile(path.join(dir, 'secret.key'), 'utf8')).trim()).toBe(a.toString('hex'));
      expect((await loadSecret(dir, 'from-env')).toString()).toBe('from-env');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('processes starting together on a fresh folder agree on one secret', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'mj-secret-'));
    try {
      const all = await Promise.all(Array.from({ length: 8 }, () => loadSecret(dir, '')));
      for (const s of all) expect(s.toString('hex')).toBe(all[0]!.toString('hex'));
      expect((await readFile(path.join(dir, 'secret.key'), 'utf8')).trim()).toBe(all[0]!.toString('hex'));
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
