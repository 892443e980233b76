/**
 * A one-round match to break the ledger under (ledger-failure, database-thread): Ann (autoplay)
 * at seat 0, bots elsewhere, and a spectator, playing; then played out and every view either of
 * them saw checked against the ledger.
 */
import { expect } from 'vitest';
import { api, createTable, join, TestClient } from './helpers.js';
import { checkAgainstLedger, viewsIn } from './ledger-check.js';

export interface LedgerMatch {
  readonly t: Awaited<ReturnType<typeof createTable>>;
  readonly ann: TestClient;
  readonly spectator: TestClient;
  readonly matchId: string;
}

const discards = (c: TestClient) => c.view?.seats.reduce((n, s) => n + s.discards.length, 0) ?? 0;

/** Started, and six tiles discarded: the table is playing. */
export async function playingMatch(base: string): Promise<LedgerMatch> {
  const t = await createTable(base, { rounds: 1, bots: [1, 2, 3] });
  const j = await join(base, t.code, 'Ann', 0);
  const ann = await TestClient.open(base, t.code, j.token, { autoplay: true });
  const spectator = await TestClient.open(base, t.code);
  expect((await api(base, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
  await spectator.waitFor(() => discards(spectator) >= 6, 60_000);
  return { t, ann, spectator, matchId: t.table.matchId };
}

/** Played to its end; every view Ann and the spectator saw agrees with the ledger. Closes both. */
export async function finishMatchAndCheck(base: string, c: Omit<LedgerMatch, 't'>) {
  await c.spectator.waitFor(() => c.spectator.view?.phase === 'matchOver', 150_000);
  await c.ann.waitFor(() => c.ann.view?.phase === 'matchOver', 20_000);
  const check = await checkAgainstLedger(base, c.matchId, [
    ...viewsIn(c.ann.messages),
    ...viewsIn(c.spectator.messages),
  ]);
  expect(check.mismatches).toEqual([]);
  expect(check.checked).toBeGreaterThan(20);
  c.ann.close();
  c.spectator.close();
  return check;
}
