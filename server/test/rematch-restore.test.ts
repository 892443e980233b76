/**
 * A rematch whose last seat was committed but whose start was not (the process died between the
 * two writes) starts by itself when its lobby comes back, as it would have without the kill.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { JOIN_CODE_ALPHABET } from '@mahjong/shared';
import { expect, it } from 'vitest';
import { openStore } from '../src/store/open.js';
import { sampleMatch } from '../src/store/store-contract.js';
import { testServer } from './helpers.js';

it('a full rematch lobby brought back by a restart starts by itself', { timeout: 60_000 }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'mj-rematch-restore-'));
  try {
    const before = await openStore({ kind: 'pglite', dataDir: dir });
    const bot = (seat: 0 | 1 | 2 | 3) => ({ seat, name: `Bot ${seat}`, bot: true, nonce: null, playerId: null });
    const first = sampleMatch({ status: 'over', createdAt: new Date(), startedAt: new Date(), endedAt: new Date() });
    const full = sampleMatch({
      code: JOIN_CODE_ALPHABET.slice(0, 6),
      rematchOf: first.id,
      createdAt: new Date(),
      seats: [bot(0), { seat: 1, name: 'Ann', bot: false, nonce: 'n1', playerId: null }, bot(2), bot(3)],
    });
    const waiting = sampleMatch({
      code: JOIN_CODE_ALPHABET.slice(6, 12),
      rematchOf: null,
      createdAt: new Date(),
      seats: [bot(0), { seat: 1, name: 'Bo', bot: false, nonce: 'n2', playerId: null }, bot(2), bot(3)],
    });
    await before.writeBatch([first, full, waiting].map((match) => ({ kind: 'createMatch', match })));
    await before.close();

    const server = await testServer({ store: await openStore({ kind: 'pglite', dataDir: dir }) });
    try {
      const status = async (code: string) => (await server.tables.info(code))?.status;
      await expect.poll(() => status(full.code), { timeout: 20_000 }).toBe('playing');
      // A table that is no rematch waits for its host, full or not.
      expect(await status(waiting.code)).toBe('lobby');
    } finally {
      await server.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
