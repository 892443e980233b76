/**
 * Host option spectatorDelay: spectators watch one whole hand behind, with every hand visible,
 * at the pace it was played; they never see the hand in play.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ServerMessage, TableView } from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RunningServer } from '../src/app.js';
import type { Room } from '../src/room.js';
import { openStore } from '../src/store/open.js';
import { FlakyStore } from './flaky-store.js';
import { api, createTable, FAST_OPTIONS, TestClient, testServer } from './helpers.js';

vi.setConfig({ hookTimeout: 60_000 });

async function until(pred: () => boolean, timeoutMs = 30_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Frames a delayed spectator receives of a hand still in play (they must never come): the table's
 * own state when each arrives.
 */
function earlyFrames(spectator: TestClient, room: Room): string[] {
  const early: string[] = [];
  spectator.onMessage = (msg: ServerMessage) => {
    if (msg.type !== 'view') return;
    // The frame's hand must already be over on the table.
    const ended = room.engine!.results().length;
    if (msg.view.handNumber >= ended && room.engine!.viewFor('spectator').phase === 'playing') {
      early.push(`seq ${msg.seq} of hand ${msg.view.handNumber} while ${ended} hands ended`);
    }
  };
  return early;
}

describe('spectatorDelay', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await testServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('shows each hand, all tiles visible, only once it is over, and the whole match in the end', async () => {
    const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3], spectatorDelay: true });
    const spectator = await TestClient.open(server.url, t.code);
    const room = server.tables.get(t.code)!;
    const early = earlyFrames(spectator, room);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await spectator.waitFor(() => room.engine?.isOver() === true, 60_000);
    await room.settled();
    const last = room.engine!.seq;
    await spectator.waitFor(() => spectator.messages.some((m) => m.type === 'view' && m.seq === last), 60_000);

    expect(early).toEqual([]);
    const views = spectator.messages.filter((m): m is Extract<ServerMessage, { type: 'view' }> => m.type === 'view');
    // Every step of the match, in order, each with every seat's tiles.
    expect(views.map((m) => m.seq)).toEqual(views.map((_, i) => i + 1));
    for (const m of views) expect(m.hands).toHaveLength(4);
    const midHand = views.find((m) => m.view.phase === 'playing' && m.view.turn !== null)!;
    expect(midHand.hands!.reduce((n, h) => n + h.length, 0)).toBeGreaterThanOrEqual(52);
    // A late spectator gets the last frame shown.
    const late = await TestClient.open(server.url, t.code);
    const welcome = late.messages.find((m) => m.type === 'welcome');
    expect(welcome?.type === 'welcome' && welcome.view?.seq).toBe(last);
    expect(welcome?.type === 'welcome' && welcome.hands).toHaveLength(4);
    late.close();
    spectator.close();
  });

  // Its own server on a fresh embedded ledger and two bot hands at 40 ms a write: time for the
  // minute its wait below allows (the unit project's 30 s ran out with two files at a time).
  it('with slow commits, a hand released to spectators takes none of the next hand dealt meanwhile', {
    timeout: 90_000,
  }, async () => {
    // The ledger commits a hand's end while the table deals on: the next hand's first frames
    // were held by then and went out with the ended hand (every seat's tiles, seen as dealt).
    const store = new FlakyStore(await openStore({ kind: 'pglite', dataDir: null }));
    store.slowMs = 40;
    const slow = await testServer({ store });
    try {
      const t = await createTable(slow.url, { rounds: 1, bots: [0, 1, 2, 3], spectatorDelay: true });
      const spectator = await TestClient.open(slow.url, t.code);
      const early = earlyFrames(spectator, slow.tables.get(t.code)!);
      expect((await api(slow.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      // Two hands end and are played back to the spectator.
      await spectator.waitFor(
        () =>
          spectator.messages.some((m) => m.type === 'view' && m.view.handNumber === 1 && m.view.phase !== 'playing'),
        60_000,
      );
      expect(early).toEqual([]);
      // Nothing of the ended hands is lost: every step in order.
      const seqs = spectator.messages.flatMap((m) => (m.type === 'view' ? [m.seq] : []));
      expect(seqs).toEqual(seqs.map((_, i) => i + 1));
      spectator.close();
      await api(slow.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
    } finally {
      await slow.close();
    }
  });

  it('when the host ends the match, delayed spectators get the unfinished hand as well', async () => {
    const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3], spectatorDelay: true });
    const spectator = await TestClient.open(server.url, t.code);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    const room = server.tables.get(t.code)!;
    await until(() => (room.engine?.seq ?? 0) >= 20);
    // Nothing of the hand in play yet (unless it already ended, which bots rarely do this fast).
    if (room.engine!.results().length === 0) expect(spectator.messages.some((m) => m.type === 'view')).toBe(false);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken)).status).toBe(200);
    const last = room.engine!.seq;
    await spectator.waitFor(() => spectator.messages.some((m) => m.type === 'view' && m.seq === last), 30_000);
    spectator.close();
  });

  it('without the option spectators see the table live and no hands', async () => {
    const t = await createTable(server.url, { rounds: 1, bots: [0, 1, 2, 3] });
    const spectator = await TestClient.open(server.url, t.code);
    expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
    await spectator.waitFor(() => spectator.messages.filter((m) => m.type === 'view').length >= 5);
    const room = server.tables.get(t.code)!;
    expect(room.engine!.results().length).toBe(0);
    expect(spectator.messages.every((m) => m.type !== 'view' || m.hands === undefined)).toBe(true);
    await api(server.url, 'POST', `/api/tables/${t.code}/end`, undefined, t.hostToken);
    spectator.close();
  });
});

describe('spectatorDelay across a restart', () => {
  /** A table of bots with delayed spectators on a server of its own folder, stopped once `stopWhen`. */
  async function playThenStop(dir: string, stopWhen: (room: Room) => boolean): Promise<string> {
    const server = await testServer({ store: await openStore({ kind: 'pglite', dataDir: dir }) });
    try {
      const t = await createTable(server.url, {
        rounds: 1,
        bots: [0, 1, 2, 3],
        spectatorDelay: true,
        options: FAST_OPTIONS,
      });
      expect((await api(server.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);
      const room = server.tables.get(t.code)!;
      await until(() => room.engine !== null && stopWhen(room), 60_000);
      await room.settled();
      return t.code;
    } finally {
      await server.close();
    }
  }

  /**
   * What a spectator is shown on a restarted server whose bots stand still: its welcome's view,
   * then each view sent, until `enough` holds of one of them.
   */
  async function watchAfterRestart(dir: string, code: string, enough: (v: TableView) => boolean) {
    const server = await testServer({ store: await openStore({ kind: 'pglite', dataDir: dir }), botDelayMs: 600_000 });
    try {
      const spectator = await TestClient.open(server.url, code);
      const shown = () =>
        spectator.messages.flatMap((m) => (m.type === 'welcome' ? [m.view] : m.type === 'view' ? [m.view] : []));
      await spectator.waitFor(() => shown().some((v) => v !== null && enough(v)), 30_000);
      spectator.close();
      return shown();
    } finally {
      await server.close();
    }
  }

  it('mid-match: the playback of the hand before goes on where it stood, to its end', {
    timeout: 120_000,
  }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mj-delay-restart-'));
    try {
      const code = await playThenStop(dir, (room) => room.engine!.results().length === 1);
      const shown = await watchAfterRestart(dir, code, (v) => v.handNumber === 0 && v.phase === 'handOver');
      // At once a frame of the hand that ended (never of the hand in play), then on to its end.
      expect(shown[0]?.handNumber).toBe(0);
      expect(shown.every((v) => v?.handNumber === 0)).toBe(true);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('after the match ended: the last hand plays back, to the final table', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'mj-delay-restart-end-'));
    try {
      const code = await playThenStop(dir, (room) => room.engine!.isOver());
      const shown = await watchAfterRestart(dir, code, (v) => v.phase === 'matchOver');
      expect(shown[0]).not.toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
