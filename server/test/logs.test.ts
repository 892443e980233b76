/**
 * The log formats over HTTP on a real server and PGlite ledger: a finished riichi match (played
 * by the engine's bots, stored as the server stores matches) exported as tenhou.net/6 and mjai,
 * the tenhou.net/6 file imported again and replayed with the same results; a Hong Kong match in
 * the project's JSON, replayed from it; a match in play refused; bad uploads refused with
 * nothing stored.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type HttpError,
  type ImportResponse,
  type MatchListResponse,
  type ReplayResponse,
  reviewMatch,
  reviewRulesFor,
} from '@mahjong/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../src/app.js';
import { openStore } from '../src/store/open.js';
import type { Store } from '../src/store/types.js';
import { type LogEntry, type MatchConfig, replayEngine, type TableRuleset } from '../src/table/index.js';
import { api, createTable, storeBotMatch, testServer } from './helpers.js';

const TESTDATA = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/logs/testdata');

let server: RunningServer;
let store: Store;

/** A bot match played by the engine and stored as a finished match. */
async function storeFinished(ruleset: TableRuleset, seed: string): Promise<{ id: string; config: MatchConfig }> {
  const players = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];
  const hk = ruleset.startsWith('hk');
  const config: MatchConfig = { seed, ruleset, players, options: {}, ...(hk ? { rounds: 1 } : {}) };
  return { id: await storeBotMatch(store, config, hk ? 1 : 2), config };
}

async function text(url: string): Promise<{ status: number; type: string; body: string; disposition: string }> {
  const res = await fetch(server.url + url);
  return {
    status: res.status,
    type: res.headers.get('content-type') ?? '',
    body: await res.text(),
    disposition: res.headers.get('content-disposition') ?? '',
  };
}

const upload = async (body: string): Promise<{ status: number; body: unknown }> => {
  const res = await fetch(`${server.url}/api/matches/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });
  return { status: res.status, body: await res.json() };
};

const matchCount = async (): Promise<number> =>
  (await api<MatchListResponse>(server.url, 'GET', '/api/matches?limit=100')).body.total;

beforeAll(async () => {
  store = await openStore({ kind: 'pglite', dataDir: null });
  server = await testServer({ store });
}, 60_000);

afterAll(async () => {
  await server.close();
});

describe('export and import over HTTP', () => {
  it('a riichi match: tenhou.net/6 out, imported back, replayed with the same results', async () => {
    const { id } = await storeFinished('riichi-modern', 'abc123');
    const original = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${id}/replay`);
    const file = await text(`/api/matches/${id}/export?format=tenhou6`);
    expect(file.status).toBe(200);
    expect(file.type).toContain('application/json');
    expect(file.disposition).toContain('.tenhou6.json');
    const parsed = JSON.parse(file.body) as { log: unknown[]; name: string[] };
    expect(parsed.log.length).toBe(original.body.match.handRecords.length);
    expect(parsed.name).toEqual(['Bot 1', 'Bot 2', 'Bot 3', 'Bot 4']);

    const imported = await upload(file.body);
    expect(imported.status).toBe(201);
    const answer = imported.body as ImportResponse;
    expect(answer.check.differences).toEqual([]);
    expect(answer.check.agree).toBe(parsed.log.length);

    // The list says which is the import (read apart from its file, which it does not load).
    const listed = (await api<MatchListResponse>(server.url, 'GET', '/api/matches?limit=100')).body.matches;
    expect(listed.find((m) => m.id === answer.id)).toMatchObject({ imported: true, hands: parsed.log.length });
    expect(listed.find((m) => m.id === id)).not.toHaveProperty('imported');

    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${answer.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.match.imported).toBe(true);
    expect(replay.body.imported?.agree).toBe(parsed.log.length);
    const strip = (r: ReplayResponse) => r.match.handRecords.map((h) => ({ ...h.result, handNumber: 0 }));
    expect(JSON.stringify(strip(replay.body))).toBe(JSON.stringify(strip(original.body)));
    // Every hand of the import has frames, and each hand's last frame shows its result.
    expect(replay.body.handStarts.length).toBe(parsed.log.length);
    const lastOfFirst = replay.body.frames[(replay.body.handStarts[1] ?? 1) - 1];
    expect(lastOfFirst?.view.lastResult?.deltas).toEqual(original.body.match.handRecords[0]?.result.deltas);

    const mjai = await text(`/api/matches/${id}/export?format=mjai`);
    expect(mjai.status).toBe(200);
    const events = mjai.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events[0]?.type).toBe('start_game');
    expect(events.filter((e) => e.type === 'start_kyoku').length).toBe(parsed.log.length);
    expect(events[events.length - 1]?.type).toBe('end_game');

    // An imported match exports again as the engine played it.
    const again = await text(`/api/matches/${answer.id}/export?format=tenhou6`);
    expect((JSON.parse(again.body) as { log: unknown[] }).log).toEqual(parsed.log);

    const wrong = await api<HttpError>(server.url, 'GET', `/api/matches/${id}/export?format=hk`);
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.code).toBe('match/format');
  });

  it('a Hong Kong match: the project JSON replays to the same results', async () => {
    const { id } = await storeFinished('hk-new', 'def456');
    const file = await text(`/api/matches/${id}/export?format=hk`);
    expect(file.status).toBe(200);
    const hk = JSON.parse(file.body) as {
      format: string;
      seed: string;
      ruleset: TableRuleset;
      options: unknown;
      rounds: number;
      players: { name: string; bot: boolean }[];
      log: LogEntry[];
      hands: unknown[];
    };
    expect(hk.format).toBe('mahjong-table/hk-match');
    const engine = replayEngine(
      { seed: hk.seed, ruleset: hk.ruleset, options: hk.options, rounds: hk.rounds, players: hk.players as never },
      hk.log,
    );
    expect(engine.isOver()).toBe(true);
    expect(engine.results()).toEqual(hk.hands);
    const wrong = await api<HttpError>(server.url, 'GET', `/api/matches/${id}/export?format=tenhou6`);
    expect(wrong.body.error.code).toBe('match/format');
  });

  it('a match in play is not exported', async () => {
    const table = await createTable(server.url, { ruleset: 'riichi-modern' } as never);
    const m = await store.loadMatchByCode(table.code);
    const r = await api<HttpError>(server.url, 'GET', `/api/matches/${m?.id}/export?format=tenhou6`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('match/in_progress');
  });

  it('real logs import with their stated results; bad files are refused and nothing is stored', async () => {
    const real = await upload(readFileSync(path.join(TESTDATA, 'ranked_game.json'), 'utf8'));
    expect(real.status).toBe(201);
    expect((real.body as ImportResponse).check).toEqual({ hands: 3, agree: 3, differences: [] });

    const before = await matchCount();
    const good = readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8');
    const bad = [
      '{"log": [',
      '{"title": ["", ""]}',
      good.replace('"1212p12"', '"p121212"'),
      good.replace('[14,51,16,17,', '[14,58,16,17,'),
      good.replace('"般南喰赤"', '"三般南喰赤"'),
      JSON.stringify({ pad: 'x'.repeat(1_500_000) }),
    ];
    for (const body of bad) {
      const r = await upload(body);
      expect(r.status, body.slice(0, 40)).toBe(422);
      expect((r.body as HttpError).error.code).toBe('log/invalid');
    }
    const call = (await upload(good.replace('"1212p12"', '"p121212"'))).body as HttpError;
    expect(call.error.message).toMatch(/hand 1 \(South 4, 0 honba\)/);
    // Far over any limit: refused before it is read, as too large (413), with the route's limit
    // (the page says it as a file too large).
    const huge = await upload(JSON.stringify({ pad: 'x'.repeat(5_000_000) }));
    expect([huge.status, (huge.body as HttpError).error.code, (huge.body as HttpError).error.values]).toEqual([
      413,
      'http/too_large',
      { kb: 1024 },
    ]);
    expect(await matchCount()).toBe(before);
  });

  it('an imported file exports as itself: a hand the engine could not play to its end is kept', async () => {
    type File = { title: string[]; name: string[]; rule: Record<string, unknown>; log: unknown[][] };
    const source = JSON.parse(readFileSync(path.join(TESTDATA, 'ranked_game.json'), 'utf8')) as File;
    // The second hand cut short: its last three draws and discards gone, its win still written.
    const hand = source.log[1]!;
    for (const i of [5, 6, 8, 9, 11, 12, 14, 15]) hand[i] = (hand[i] as unknown[]).slice(0, -3);
    const imported = await upload(JSON.stringify(source));
    expect(imported.status).toBe(201);
    const answer = imported.body as ImportResponse;
    expect(answer.check).toMatchObject({ hands: 3, agree: 2 });
    const file = await text(`/api/matches/${answer.id}/export?format=tenhou6`);
    expect(file.status).toBe(200);
    const again = JSON.parse(file.body) as File;
    expect(again.log).toEqual(source.log);
    expect(again.name).toEqual(source.name);
    expect(again.rule.disp).toBe(source.rule.disp);
    expect(Object.keys(again)).toEqual(['title', 'name', 'rule', 'log']);
  });

  it('a real three-player log imports as a three-player match: replayed, exported as three seats', async () => {
    const source = JSON.parse(readFileSync(path.join(TESTDATA, 'three-player', 'double_nukidora.json'), 'utf8')) as {
      log: unknown[][];
    };
    const imported = await upload(JSON.stringify(source));
    expect(imported.status).toBe(201);
    const answer = imported.body as ImportResponse;
    expect(answer.check).toEqual({ hands: 12, agree: 12, differences: [] });

    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${answer.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.body.match.ruleset).toBe('riichi-sanma');
    expect(replay.body.match.players.map((p) => p.name)).toEqual(['しめじん', 'TiccyWu', '長光麻夜', null]);
    expect(replay.body.handStarts.length).toBe(12);
    // The fourth seat is the table's empty one in every frame: no hand, no discards.
    for (const f of replay.body.frames) expect(f.view.seats[3]?.discards ?? []).toEqual([]);
    // The analysis reviews the file's players' discards (the frames carry every seat's choices),
    // and counts no 2m-8m as a tile to draw among three.
    const review = reviewMatch(replay.body.frames, reviewRulesFor('riichi-sanma', replay.body.match.options));
    expect(review.summary.slice(0, 3).every((s) => s.discards > 50)).toBe(true);
    expect(review.summary[3]?.discards).toBe(0);
    const manzu = review.decisions.flatMap((d) => d.analysis.candidates.flatMap((c) => c.effective));
    expect(manzu.filter((k) => k >= 1 && k <= 7)).toEqual([]);

    const mjai = await text(`/api/matches/${answer.id}/export?format=mjai`);
    const events = mjai.body
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { type: string });
    expect(events.filter((e) => e.type === 'nukidora').length).toBe(
      source.log.flatMap((h) => [6, 9, 12].flatMap((i) => h[i] as unknown[])).filter((x) => x === 'f44').length,
    );
    const again = JSON.parse((await text(`/api/matches/${answer.id}/export?format=tenhou6`)).body) as {
      log: unknown[][];
    };
    // The same hands: deals, indicators and results as the file has them.
    expect(again.log.map((h) => [h[0], h[1], h[2], h[4], h[7], h[10], h[13]])).toEqual(
      source.log.map((h) => [h[0], h[1], h[2], h[4], h[7], h[10], h[13]]),
    );
  });

  it('an upload stores only what a log is: names as names, no NUL or lone surrogate, bounded hands, results, counters and steps', async () => {
    type File = { name: string[]; title: unknown; rule: object; log: unknown[][] };
    const file = (): File => JSON.parse(readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8'));
    const before = await matchCount();
    const refused: [string, (f: File) => void, RegExp][] = [
      [
        'a text-direction control',
        (f) => {
          f.name[0] = '\u202eevil';
        },
        /`name` 1: .*text-direction/,
      ],
      [
        'a name of 250,000 letters',
        (f) => {
          f.name[1] = 'A'.repeat(250_000);
        },
        /`name` 2: .*longer/,
      ],
      [
        'a NUL in the title',
        (f) => {
          f.title = ['\u0000'];
        },
        /NUL/,
      ],
      [
        'a NUL in a result',
        (f) => {
          (f.log[0]![16] as unknown[])[0] = 'x\u0000';
        },
        /NUL/,
      ],
      [
        'half of a UTF-16 pair in the title (jsonb stores no such text)',
        (f) => {
          f.title = ['x\ud800y'];
        },
        /UTF-16/,
      ],
      [
        "a lone low surrogate in a draw's name",
        (f) => {
          f.log[0]![16] = ['\udc00'];
        },
        /UTF-16/,
      ],
      [
        'a result padded with 50,000 deltas',
        (f) => {
          f.log[0]![16] = ['流局', ...Array(50_000).fill([0, 0, 0, 0])];
        },
        /at most 7 parts/,
      ],
      [
        '101 hands',
        (f) => {
          f.log = Array(101).fill(f.log[0]);
        },
        /at most 100 hands/,
      ],
      [
        'a repeat counter of 10^15',
        (f) => {
          (f.log[0]![0] as number[])[1] = 1e15;
        },
        /honba 0-99/,
      ],
      [
        '81 takes',
        (f) => {
          f.log[0]![5] = Array(81).fill(11);
        },
        /at most 80 times/,
      ],
    ];
    for (const [what, change, message] of refused) {
      const f = file();
      change(f);
      const r = await upload(JSON.stringify(f));
      expect([r.status, (r.body as HttpError).error.code], what).toEqual([422, 'log/invalid']);
      expect((r.body as HttpError).error.message, what).toMatch(message);
    }
    expect(await matchCount()).toBe(before);

    // Fields a log does not have are not stored; names left empty (logs made anonymous) are kept.
    const f = { ...file(), junk: 'x'.repeat(100_000), rule: { ...file().rule, junk: [1, 2, 3] } };
    f.name[2] = '';
    const stored = await upload(JSON.stringify(f));
    expect(stored.status).toBe(201);
    const m = await store.loadMatch((stored.body as ImportResponse).id);
    expect(Object.keys(m!.imported as object).sort()).toEqual(['log', 'name', 'rule', 'title']);
    expect((m!.imported as { rule: object }).rule).toEqual(file().rule);
    expect(m!.seats.map((s) => s.name)).toEqual(['Ⓢ福地誠', 'Bさん', '', 'Ⓟ多井隆晴']);
    const replay = await api<ReplayResponse>(server.url, 'GET', `/api/matches/${m!.id}/replay`);
    expect(replay.status).toBe(200);
  });
});
