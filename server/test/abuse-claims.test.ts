/**
 * Adversarial, by comparison: what a seat that cannot claim receives during a claim window, its
 * content, its numbering and when the window closes, must be the same whether or not another
 * seat could claim (and answered). One human seat (the observer) plays against three server
 * bots on an injected clock stepped 50 ms at a time, so times are exact, not machine-dependent.
 * Windows are classed by the server's truth at the moment they open (could a bot answer?);
 * the observer's side is only what its socket received. Two bot pauses: shorter than the
 * uniform minimum (bots answer early: numbering and `sync` must not show it) and longer (bots
 * must still answer by the minimum, or the window closes later).
 */
import type { Seat, ServerMessage, TableView } from '@mahjong/shared';
import { describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../src/clock.js';
import { api, createTable, join, patchesNotOwnDiffs, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000, testTimeout: 240_000 });

const STEP_MS = 50;
const CLAIM_MIN_MS = 300;
const WINDOWS = 120; // observed windows per bot pause

interface Window {
  /** A bot could answer this window (the server's truth when it opened). */
  readonly othersCould: boolean;
  /** Observer's view counter step from the window's view to the next. */
  readonly seqStep: number;
  /** Clock time from the window's view to the next view (ms). */
  readonly closeMs: number;
  /** Messages other than views or sync answers received while the window was open. */
  readonly extra: number;
}

async function observe(
  botDelayMs: number,
): Promise<{ windows: Window[]; syncMismatches: number; syncs: number; patches: number; misfits: string[] }> {
  const clock = new ManualClock();
  const unlimited = { perSecond: 100_000, burst: 100_000 };
  const server = await testServer({
    clock,
    botDelayMs,
    rateLimit: unlimited,
    syncLimit: { perSocket: unlimited, perAddress: unlimited },
  });
  try {
    const t = await createTable(server.url, {
      options: { claimSeconds: 2, claimMinMs: CLAIM_MIN_MS, turnSeconds: 5, resultsSeconds: 0 },
      bots: [1, 2, 3],
      rounds: 4,
    });
    const j = await join(server.url, t.code, 'Observer', 0);
    const observer = await TestClient.open(server.url, t.code, j.token);
    const room = server.tables.get(t.code)!;
    const arrivals: { msg: ServerMessage; at: number; othersCould: boolean | null }[] = [];
    observer.onMessage = (msg) => {
      let othersCould: boolean | null = null;
      if (msg.type === 'view' && (msg.view.stage === 'claims' || msg.view.stage === 'robbing')) {
        othersCould = ([1, 2, 3] as Seat[]).some((s) => room.engine!.viewFor(s).legalActions.length > 0);
      }
      arrivals.push({ msg, at: clock.now(), othersCould });
    };
    observer.startAutoplay();
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    // Before the clock moves on, the table must be quiet and the observer must hold everything it
    // was sent: otherwise a view stamped one step late reads as a window 50 ms shorter. A fixed
    // number of round trips is not enough on a loaded machine (the observer's own autoplayed
    // discard can reach the server after a round trip and open a window one step later).
    const settle = async () => {
      for (let rounds = 0; ; rounds += 1) {
        const outbox = room.settled();
        await outbox;
        await observer.roundTrip();
        const quiet = room.settled() === outbox && observer.view?.seq === room.viewSeq(0);
        if (quiet && rounds >= 1) return;
        if (rounds > 200) throw new Error('the table did not settle');
      }
    };
    await settle();

    let syncs = 0;
    let syncMismatches = 0;
    const inWindow = (v: TableView | null) =>
      v !== null && (v.stage === 'claims' || v.stage === 'robbing') && v.legalActions.length === 0;
    const count = () => arrivals.filter((a) => a.othersCould !== null && a.msg.type === 'view').length;
    while (count() < WINDOWS && observer.view?.phase !== 'matchOver') {
      clock.advance(STEP_MS);
      await settle();
      // Poll during the window as a curious client would: the observer has every view it was
      // sent, so the answer is nothing at all (or, were it a welcome, the last view).
      if (inWindow(observer.view)) {
        const last = observer.view!;
        const before = observer.messages.length;
        observer.send({ type: 'sync' });
        await observer.roundTrip();
        const answers = observer.messages.slice(before).filter((m) => m.type !== 'pong');
        syncs += 1;
        if (answers.some((m) => m.type !== 'welcome' || m.view?.seq !== last.seq)) syncMismatches += 1;
      }
    }
    observer.close();
    // Views come as patches: each must be the change between the observer's own two views, so
    // that the comparison of its views below covers what the patches carry and their size.
    const patches = observer.raw.filter((r) => r.startsWith('{"type":"patch"')).length;
    const misfits = patchesNotOwnDiffs(observer);

    const windows: Window[] = [];
    for (let i = 0; i < arrivals.length; i += 1) {
      const open = arrivals[i]!;
      if (open.othersCould === null || open.msg.type !== 'view' || open.msg.view.legalActions.length > 0) continue;
      const rest = arrivals.slice(i + 1);
      const close = rest.find((a) => a.msg.type === 'view');
      if (close?.msg.type !== 'view') continue;
      const between = rest.slice(0, rest.indexOf(close));
      windows.push({
        othersCould: open.othersCould,
        seqStep: close.msg.seq - open.msg.seq,
        closeMs: close.at - open.at,
        extra: between.filter((a) => a.msg.type !== 'welcome' && a.msg.type !== 'pong').length,
      });
    }
    return { windows, syncMismatches, syncs, patches, misfits };
  } finally {
    await server.close();
  }
}

const histogram = (xs: readonly number[]): Record<string, number> => {
  const h: Record<string, number> = {};
  for (const x of xs) h[x] = (h[x] ?? 0) + 1;
  return h;
};
const shares = (xs: readonly number[]): Record<string, number> =>
  Object.fromEntries(Object.entries(histogram(xs)).map(([k, n]) => [k, Math.round((n / xs.length) * 100) / 100]));

describe('abuse: no side channel on claim windows', () => {
  it.each([
    ['bots pause less than the minimum (they answer early)', 100],
    ['bots pause longer than the minimum', 400],
  ])('%s: a seat that cannot claim cannot tell', async (_why, botDelayMs) => {
    const { windows, syncMismatches, syncs, patches, misfits } = await observe(botDelayMs);
    expect(patches).toBeGreaterThan(WINDOWS);
    expect(misfits).toEqual([]);
    const could = windows.filter((w) => w.othersCould);
    const none = windows.filter((w) => !w.othersCould);
    // Enough of both kinds to compare (a hand has dozens of discards, some claimable).
    expect(could.length).toBeGreaterThanOrEqual(10);
    expect(none.length).toBeGreaterThanOrEqual(30);
    const figures = {
      botDelayMs,
      windows: { could: could.length, none: none.length },
      seqStep: { could: histogram(could.map((w) => w.seqStep)), none: histogram(none.map((w) => w.seqStep)) },
      closeMs: { could: histogram(could.map((w) => w.closeMs)), none: histogram(none.map((w) => w.closeMs)) },
      syncs,
      syncMismatches,
    };
    console.log(JSON.stringify(figures));
    // Numbering: every next view is one step on, whoever answered.
    expect(shares(could.map((w) => w.seqStep))).toEqual(shares(none.map((w) => w.seqStep)));
    // Timing: windows close at the same time on the table's clock.
    expect(shares(could.map((w) => w.closeMs))).toEqual(shares(none.map((w) => w.closeMs)));
    // Content: nothing else arrives while a window is open.
    expect(histogram(could.map((w) => w.extra))).toEqual({ 0: could.length });
    expect(histogram(none.map((w) => w.extra))).toEqual({ 0: none.length });
    // Polling: a sync during a window answers the view the seat already has.
    expect(syncs).toBeGreaterThan(0);
    expect(syncMismatches).toBe(0);
  });
});

describe('abuse: a shortest claim window too short to hide who could claim', () => {
  it('is refused at creation (400, no table) below the server floor; the floor and the default pass', async () => {
    // The server's own floor (the tests' servers set 0 to play fast).
    const server = await testServer({ claimMinMsFloor: undefined });
    try {
      const create = (options: Record<string, unknown>) =>
        api<{ error?: { code: string; message: string } }>(server.url, 'POST', '/api/tables', { options });
      for (const claimMinMs of [0, 60, 499]) {
        const r = await create({ claimMinMs });
        expect(r.status, String(claimMinMs)).toBe(400);
        expect(r.body.error?.code).toBe('http/invalid');
        expect(r.body.error?.message).toMatch(/^claimMinMs: at least 500 ms/);
      }
      expect(server.tables.size).toBe(0);
      expect((await create({ claimMinMs: 500 })).status).toBe(201);
      expect((await create({})).status).toBe(201);
      // The lobby's shortest claim time: its window is the shortest, at the floor.
      expect((await create({ claimSeconds: 0.5 })).status).toBe(201);
    } finally {
      await server.close();
    }
    // An operator's floor (the tests' 0) lets such a table be made.
    const fast = await testServer({ claimMinMsFloor: 0 });
    try {
      const r = await api(fast.url, 'POST', '/api/tables', { options: { claimMinMs: 0 } });
      expect(r.status).toBe(201);
    } finally {
      await fast.close();
    }
  });
});
