/**
 * Crash recovery: the server process is SIGKILLed in the middle of a hand, started again on the
 * same data folder, and the same clients (same seat tokens) finish the match. Nothing any
 * client saw is lost: every view seen before the kill is in the ledger's replay.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { MatchListResponse, ReplayResponse, TableView } from '@mahjong/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { type ChildServer, startChildServer } from './child.js';
import { api, createTable, join, TestClient } from './helpers.js';

/** A view without what the replay cannot know: connections, and the recipient's own view counter. */
const stripConnected = (view: TableView) => ({
  ...view,
  seq: 0,
  seats: view.seats.map((s) => ({ ...s, connected: true })),
});

describe('crash recovery', () => {
  let dir = '';
  let child: ChildServer | null = null;
  afterAll(async () => {
    if (child && child.proc.exitCode === null) {
      child.proc.kill('SIGTERM');
      await child.exited;
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('SIGKILL mid-hand, restart, the same clients finish the match with an intact ledger', {
    timeout: 400_000,
  }, async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'mj-crash-'));
    const env = { DATA_DIR: dir, SECRET: 'crash-test-secret', BOT_DELAY_MS: '0' };
    child = await startChildServer(env);
    const t = await createTable(child.url, { rounds: 1, bots: [3] });
    const joined = await Promise.all(['Ann', 'Bo', 'Cy'].map((n) => join(child!.url, t.code, n)));
    const clients = await Promise.all(
      joined.map((j) => TestClient.open(child!.url, t.code, j.token, { autoplay: true })),
    );
    const spectator = await TestClient.open(child.url, t.code);
    expect((await api(child.url, 'POST', `/api/tables/${t.code}/start`, undefined, t.hostToken)).status).toBe(200);

    // Mid-hand: some discards made, hand not over.
    await spectator.waitFor(
      () =>
        spectator.view?.phase === 'playing' && spectator.view.seats.reduce((n, s) => n + s.discards.length, 0) >= 10,
      120_000,
    );
    child.proc.kill('SIGKILL');
    expect(await child.exited).toBe('SIGKILL');
    const seenBefore = spectator.messages
      .filter((m) => m.type === 'view')
      .map((m) => (m.type === 'view' ? m.view : null)!);
    const lastSeen = seenBefore[seenBefore.length - 1]!;
    expect(lastSeen.phase).toBe('playing');
    for (const c of [...clients, spectator]) c.close();

    child = await startChildServer(env);
    const info = await api<{ status: string; seats: { name: string | null }[] }>(
      child.url,
      'GET',
      `/api/tables/${t.code}`,
    );
    expect(info.body.status).toBe('playing');
    expect(info.body.seats.map((s) => s.name)).toEqual(['Ann', 'Bo', 'Cy', 'Bot North']);

    // The same clients, same tokens.
    const back = await Promise.all(joined.map((j) => TestClient.open(child!.url, t.code, j.token, { autoplay: true })));
    for (const [i, c] of back.entries()) expect(c.role).toBe(joined[i]!.seat);
    const watcher = await TestClient.open(child.url, t.code);
    // View counters go on above anything sent before the kill.
    expect(watcher.view!.seq).toBeGreaterThan(lastSeen.seq);
    await watcher.waitFor(() => watcher.view?.phase === 'matchOver', 300_000);

    const list = await api<MatchListResponse>(child.url, 'GET', '/api/matches');
    const m = list.body.matches.find((x) => x.code === t.code)!;
    expect(m.status).toBe('over');
    const replay = await api<ReplayResponse>(child.url, 'GET', `/api/matches/${m.id}/replay`);
    const frames = replay.body.frames;
    // The log is whole (1..n) and replays to the end; every view seen before the kill is in it.
    expect(frames.map((f) => f.seq)).toEqual(frames.map((_, i) => i + 1));
    expect(stripConnected(frames[frames.length - 1]!.view)).toEqual(stripConnected(watcher.view!));
    // Views are numbered per recipient: each seen view is found by content, in the log's order.
    const keys = frames.map((f) => JSON.stringify(stripConnected(f.view)));
    let at = 0;
    for (const v of seenBefore) {
      const want = JSON.stringify(stripConnected(v));
      while (at < keys.length && keys[at] !== want) at += 1;
      expect(at).toBeLessThan(keys.length);
    }
    expect(replay.body.match.finalScores).toEqual(watcher.view!.seats.map((s) => s.score));

    for (const c of [...back, watcher]) c.close();
    child.proc.kill('SIGTERM');
    expect(await child.exited).toBe(0);
  });
});
