/**
 * The league's catch-up over a real (embedded) database ends, whatever the finished matches it
 * finds: matches that cannot have rows (no log to replay, imported from a file, rows the database
 * refuses) are passed by, and the others get theirs.
 */
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { storeBotMatch } from '../../test/helpers.js';
import { openStore } from '../store/open.js';
import type { PrismaStore } from '../store/prisma-store.js';
import type { MatchConfig } from '../table/index.js';
import { SeatResultKeeper } from './keeper.js';
import { CommunityStore } from './store.js';

let store: PrismaStore;
let community: CommunityStore;

beforeAll(async () => {
  store = (await openStore({ kind: 'pglite', dataDir: null })) as PrismaStore;
  community = new CommunityStore(store.prisma);
}, 60_000);

afterAll(async () => {
  await store.close();
});

/** A match over with no action log (as a process that lost it, or an imported file, leaves it). */
async function overWithoutLog(i: number, imported: boolean): Promise<string> {
  const id = randomUUID();
  await store.prisma.match.create({
    data: {
      id,
      code: `K${i}`,
      ruleset: 'riichi-modern',
      options: {},
      rounds: 1,
      seed: 's',
      seedHash: 'h',
      status: 'over',
      spectatorsAllowed: true,
      spectatorDelay: false,
      fillWithBots: true,
      hostNonce: 'n',
      rulesetVersion: 'x',
      logFormatVersion: 1,
      endedAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
      ...(imported ? { imported: { title: ['a file'] } } : {}),
    },
  });
  return id;
}

const botConfig = (seed: string): MatchConfig => ({
  seed,
  ruleset: 'hk-new',
  rounds: 1,
  options: {},
  players: [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'],
});

const rowsOf = async (matchId: string): Promise<number> => store.prisma.seatResult.count({ where: { matchId } });

it('passes by the finished matches that cannot have rows, and fills the others', { timeout: 60_000 }, async () => {
  // More than a catch-up's batch (25) of matches that never get rows, oldest first.
  const withoutLog = [];
  for (let i = 0; i < 27; i += 1) withoutLog.push(await overWithoutLog(i, i % 3 === 0));
  // A match whose rows cannot be made: its options (written in afterwards, as a table made before
  // they were bounded would have them) are refused when it is played again.
  const refused = await storeBotMatch(store, botConfig('aa01'), 1);
  await store.prisma.match.update({
    where: { id: refused },
    data: { options: { table: [1e12], divisor: 1 }, endedAt: new Date(Date.UTC(2026, 0, 2)) },
  });
  const fine = await storeBotMatch(store, botConfig('bb02'), 1);
  // Hong Kong points in thirds (a divisor of 3; a 0-faan self-draw pays halves): stored as they are.
  const thirds = await storeBotMatch(store, botConfig('dd04'), 1);
  await store.prisma.match.update({ where: { id: thirds }, data: { options: { divisor: 3 } } });

  const warnings: string[] = [];
  const log = pino({ level: 'warn' }, { write: (line: string) => void warnings.push(JSON.parse(line).msg) });
  const keeper = new SeatResultKeeper(store, community, log);
  let timer: NodeJS.Timeout | undefined;
  const stuck = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('the catch-up did not end')), 20_000);
  });
  await Promise.race([keeper.catchUp(), stuck]).finally(() => clearTimeout(timer));

  expect(await rowsOf(fine)).toBe(4);
  const stored = await store.prisma.seatResult.findMany({ where: { matchId: thirds }, orderBy: { seat: 'asc' } });
  expect(stored).toHaveLength(4);
  const scores = stored.map((r) => r.finalScore);
  expect(
    scores.some((x) => !Number.isInteger(x)),
    JSON.stringify(scores),
  ).toBe(true);
  expect(scores.reduce((a, b) => a + b, 0)).toBeCloseTo(0, 6);
  expect(await rowsOf(refused)).toBe(0);
  for (const id of withoutLog) expect(await rowsOf(id)).toBe(0);
  // The imported ones are not even looked at; the rest are named once each.
  expect(warnings.filter((w) => w.includes('did not replay'))).toHaveLength(withoutLog.length - 9);
  expect(warnings.filter((w) => w.includes('could not be made or stored'))).toHaveLength(1);
  // A match that ends afterwards still gets its rows at the next catch-up.
  const later = await storeBotMatch(store, botConfig('cc03'), 1);
  expect(await keeper.record(later)).toBe(true);
  expect(await rowsOf(later)).toBe(4);
});
