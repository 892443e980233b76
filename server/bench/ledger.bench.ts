/**
 * Ledger throughput: many tables appending log entries at once through the group-commit Ledger
 * on a file-backed PGlite (and PostgreSQL when DATABASE_URL is set). Prints entries per second,
 * transactions, entries per transaction and the time from write to commit.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Ledger } from '../src/store/ledger.js';
import { openStore, type StoreTarget } from '../src/store/open.js';
import type { MatchRecord } from '../src/store/types.js';

const TABLES = 1000;
const ROUNDS = 20;

function match(i: number): MatchRecord {
  return {
    id: randomUUID(),
    code: `B${i.toString().padStart(5, '0')}`,
    ruleset: 'hk-new',
    options: {},
    rounds: 4,
    seed: 'ab'.repeat(32),
    seedHash: 'cd'.repeat(32),
    status: 'playing',
    spectatorsAllowed: true,
    spectatorDelay: false,
    fillWithBots: true,
    hostNonce: 'n',
    rulesetVersion: 'hk-new@1',
    logFormatVersion: 1,
    createdAt: new Date(),
    startedAt: new Date(),
    endedAt: null,
    startClock: 0,
    finalScores: null,
    circleId: null,
    rematchOf: null,
    seats: ([0, 1, 2, 3] as const).map((seat) => ({ seat, name: `P${seat}`, bot: false, nonce: 'x', playerId: null })),
  };
}

async function run(label: string, target: StoreTarget): Promise<void> {
  const store = await openStore(target);
  const ledger = new Ledger(store);
  const matches = Array.from({ length: TABLES }, (_, i) => match(i));
  await ledger.write(matches.map((m) => ({ kind: 'createMatch' as const, match: m })));
  const latencies: number[] = [];
  const t0 = performance.now();
  const batches0 = ledger.stats.batches;
  for (let seq = 1; seq <= ROUNDS; seq += 1) {
    // Every table appends one entry, spread over about 50 ms as they would arrive.
    const writes: Promise<void>[] = [];
    for (const m of matches) {
      const at = performance.now();
      writes.push(
        ledger
          .write([
            {
              kind: 'action',
              matchId: m.id,
              row: { seq, at: Date.now(), event: { type: 'act', seat: seq % 4, action: { type: 'discard', tile: 5 } } },
            },
          ])
          .then(() => {
            latencies.push(performance.now() - at);
          }),
      );
      if (writes.length % 50 === 0) await new Promise((r) => setTimeout(r, 2));
    }
    await Promise.all(writes);
  }
  const seconds = (performance.now() - t0) / 1000;
  const entries = TABLES * ROUNDS;
  const batches = ledger.stats.batches - batches0;
  latencies.sort((a, b) => a - b);
  const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(1);
  console.log(
    `ledger ${label}: ${entries} entries from ${TABLES} tables in ${seconds.toFixed(2)} s = ${Math.round(entries / seconds)} entries/s; ` +
      `${batches} transactions (${(entries / batches).toFixed(1)} entries each); write-to-commit ms p50 ${q(0.5)} p99 ${q(0.99)} max ${q(1)}`,
  );
  await ledger.flush();
  await store.close();
}

const dir = await mkdtemp(path.join(tmpdir(), 'mj-ledger-bench-'));
try {
  await run('PGlite (file)', { kind: 'pglite', dataDir: dir });
  if (process.env.DATABASE_URL) await run('PostgreSQL', { kind: 'postgres', url: process.env.DATABASE_URL });
} finally {
  await rm(dir, { recursive: true, force: true });
}
