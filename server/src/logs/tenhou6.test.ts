import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sanmaDoraIndicatorIndex, sanmaUraIndicatorIndex, type TileKind } from '@mahjong/shared';
import type { MatchConfig } from '../table/index.js';
import { createEngine } from '../table/engine.js';
import { playBotMatch } from '../table/sim.js';
import { describe, expect, it } from 'vitest';
import { type HandRecord, recordEngine, recordMatch } from './record.js';
import { toTenhou6 } from './tenhou6.js';
import { checkHands, impliedWall, importConfig, replayLog } from './tenhou6-import.js';
import { type LogProblem, logProblemValues, MAX_LOG_BYTES, type ParsedHand, readTenhou6 } from './tenhou6-read.js';
import type { LogTile } from './tiles.js';
import { importedReplay, importMatch, recordingOfImport } from './match.js';

const TESTDATA = path.join(path.dirname(fileURLToPath(import.meta.url)), 'testdata');
const BOTS = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];

/** A hand as compared: the same deal, moves, indicators shown and result (its number aside). */
function comparable(h: HandRecord): string {
  const result = { ...h.result, handNumber: 0, otherWins: h.result.otherWins?.map((w) => ({ ...w, handNumber: 0 })) };
  // Ura-dora indicators are in a file only when a riichi winner was paid them.
  const ura = h.result.uraIndicators === undefined ? [] : h.uraIndicators;
  return JSON.stringify({ ...h, number: 0, uraIndicators: ura, result });
}

describe('tenhou.net/6 round trip', () => {
  it('simulated riichi matches exported and imported again replay identically', { timeout: 180_000 }, () => {
    const seen = { red: 0, openKong: 0, concealedKong: 0, addedKong: 0, doubleRon: 0, abortive: 0, hands: 0 };
    for (let m = 0; m < 16; m++) {
      const run = playBotMatch({ seed: (0x1000 + m).toString(16), ruleset: 'riichi-modern', players: BOTS });
      const original = recordMatch(run.engine.config, run.engine.log);
      const text = JSON.stringify(toTenhou6(original));
      if (/\b5[123]\b/.test(text)) seen.red++;
      const parsed = readTenhou6(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.value.hands.length).toBe(run.engine.results().length);
      const imported = replayLog(parsed.value);
      expect(checkHands(imported).differences).toEqual([]);
      for (const [i, h] of imported.entries()) {
        const engine = createEngine(importConfig(parsed.value), 0, { walls: [h.wall], firstHand: h.firstHand });
        const [again] = recordEngine(engine, h.log.slice(1));
        const before = original.hands[i] as HandRecord;
        expect(again && comparable(again)).toBe(comparable(before));
        seen.hands++;
        for (const e of before.events) {
          if (e.type === 'kong') seen.openKong++;
          if (e.type === 'concealedKong') seen.concealedKong++;
          if (e.type === 'addedKong') seen.addedKong++;
        }
        if (before.result.otherWins !== undefined) seen.doubleRon++;
        if (before.result.drawKind !== undefined && before.result.drawKind !== 'exhaustive') seen.abortive++;
      }
    }
    // The matches cover what the format encodes in its own ways.
    for (const [what, n] of Object.entries(seen)) expect(n, what).toBeGreaterThan(0);
  });
});

describe('real tenhou.net/6 logs', () => {
  const files = readdirSync(TESTDATA).filter((f) => f.endsWith('.json'));
  // Two files of the set are made for a converter's tests, not played: one shows a fourth plain
  // 5s beside the red one, one a win that takes no riichi stick (see testdata/README.md).
  const made = new Set(['confusing_nakis_1.json', 'confusing_nakis_2.json']);

  it.each(files.filter((f) => !made.has(f)))('%s replays to the scores the file states', (file) => {
    const parsed = readTenhou6(readFileSync(path.join(TESTDATA, file), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const check = checkHands(replayLog(parsed.value));
    expect(check.differences).toEqual([]);
    expect(check.agree).toBe(parsed.value.hands.length);
  });

  it('every discard of a hand that agrees goes out again as its file writes it: 60 for the drawn tile, else its code', () => {
    // A copy from the hand of the drawn tile's kind stays one (`fromHand`), four- and three-player.
    const three = readdirSync(path.join(TESTDATA, 'three-player')).filter((f) => f.endsWith('.json'));
    let fromHand = 0;
    for (const file of [...files.filter((f) => !made.has(f)), ...three.map((f) => path.join('three-player', f))]) {
      const text = readFileSync(path.join(TESTDATA, file), 'utf8');
      const parsed = readTenhou6(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const played = replayLog(parsed.value);
      const out = toTenhou6(recordingOfImport(parsed.value, played), 'again').log;
      const source = (JSON.parse(text) as { log: unknown[][] }).log;
      let k = 0;
      for (const h of played) {
        if (h.result === null) continue;
        const again = out[k++] as unknown[];
        if (!h.agree) continue;
        for (const seat of [0, 1, 2, 3])
          expect(again[6 + 3 * seat], `${file} hand ${h.index + 1}`).toEqual(source[h.index]?.[6 + 3 * seat]);
        fromHand += h.log.filter((e) => e.event.type === 'act' && 'fromHand' in e.event.action).length;
      }
    }
    expect(fromHand).toBeGreaterThan(0);
  });

  it('each win goes out again as its file names it: the points text and every yaku (two dragon sets, a double riichi)', () => {
    // The set but for the made files and one whose converter names the yaku in English, and two
    // Tenhou games of mjx's tests (one hand per line: testdata/README.md).
    const english = 'confusing_nakis_7.json';
    const texts = [
      ...files.filter((f) => !made.has(f) && f !== english).map((f) => readFileSync(path.join(TESTDATA, f), 'utf8')),
      ...readdirSync(path.join(TESTDATA, 'mjx'))
        .filter((f) => f.endsWith('.jsonl'))
        .flatMap((f) =>
          readFileSync(path.join(TESTDATA, 'mjx', f), 'utf8')
            .split('\n')
            .filter((l) => l.trim() !== ''),
        ),
    ];
    /** Each win of a result: its points text and its yaku as a set (a yaku of no han aside). */
    const wins = (result: unknown): unknown[] =>
      (result as unknown[])
        .filter((e): e is unknown[] => Array.isArray(e) && typeof e[3] === 'string')
        .map((e) => [e[3], ...(e.slice(4) as string[]).filter((y) => !y.endsWith('(0飜)')).sort()]);
    const seen = { wins: 0, twoDragons: 0, doubleRiichi: 0 };
    for (const [i, text] of texts.entries()) {
      const parsed = readTenhou6(text);
      if (!parsed.ok) throw new Error(parsed.error.message);
      const played = replayLog(parsed.value);
      expect(checkHands(played).differences).toEqual([]);
      const out = toTenhou6(recordingOfImport(parsed.value, played), 'again').log;
      const source = (JSON.parse(text) as { log: unknown[][] }).log;
      let k = 0;
      for (const h of played) {
        if (h.result === null) continue;
        const again = wins((out[k++] as unknown[])[16]);
        expect(again, `file ${i} hand ${h.index + 1}`).toEqual(wins(source[h.index]?.[16]));
        const names = again.flat().join(' ');
        seen.wins += again.length;
        if ((names.match(/役牌 /g) ?? []).length >= 2) seen.twoDragons += 1;
        if (names.includes('両立直(2飜)')) seen.doubleRiichi += 1;
      }
    }
    expect(seen.wins).toBeGreaterThanOrEqual(30);
    expect(seen.twoDragons).toBeGreaterThan(0);
    expect(seen.doubleRiichi).toBeGreaterThan(0);
  });

  it('a stored import is read again with the options it was imported with, whatever a later reader makes of its disp', async () => {
    // A room name that is not Tenhou's: read today as open all-simples on. An import stored by a
    // reader that read it as off must replay as it was scored.
    const file = JSON.parse(readFileSync(path.join(TESTDATA, 'ranked_game.json'), 'utf8')) as Record<string, unknown>;
    const imported = await importMatch({ ...file, rule: { disp: '金の間南', aka: 1 } }, new Date());
    expect(imported.record.options.openTanyao).toBe(true);
    const asOn = await importedReplay(imported.record);
    const asOff = await importedReplay({
      ...imported.record,
      options: { ...imported.record.options, openTanyao: false },
    });
    expect(asOn.check.agree).toBe(3);
    // Without open all-simples one hand's win is no win: it differs, as when it was first imported.
    expect(asOff.check.agree).toBeLessThan(asOn.check.agree);
  });

  it('a four-player file whose disp says 三 in other words (第三回) is read as four players', () => {
    const file = JSON.parse(readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8')) as Record<string, unknown>;
    const parsed = readTenhou6(JSON.stringify({ ...file, rule: { disp: '第三回大会', aka: 1 } }));
    expect(parsed.ok ? parsed.value.seats : parsed.error.message).toBe(4);
  });

  it("a file whose `rule` is no object (a tournament lobby's array) plays red fives when it shows one", () => {
    const file = JSON.parse(readFileSync(path.join(TESTDATA, 'ranked_game.json'), 'utf8')) as Record<string, unknown>;
    const parsed = readTenhou6(JSON.stringify({ ...file, rule: ['2024-01-01', '2024-01-02', '000b'] }));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.redFives).toBe(true);
    const check = checkHands(replayLog(parsed.value));
    expect(check.differences).toEqual([]);
    expect(check.agree).toBe(parsed.value.hands.length);
  });

  it('a stated result the engine does not reach is shown as a difference', () => {
    const parsed = readTenhou6(readFileSync(path.join(TESTDATA, 'confusing_nakis_1.json'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    const check = checkHands(replayLog(parsed.value));
    expect(check.agree).toBe(0);
    expect(check.differences[0]?.stated).toEqual([1600, 0, -1600, 0]);
    // The riichi stick of seat 2's declaration goes to the winner here.
    expect(check.differences[0]?.computed).toEqual([2600, 0, -1600, 0]);
  });

  it('a win the table does not count is a difference with its step, not a bad file', () => {
    // The second win of the double ron given to seat 1, which is not waiting on the tile.
    const text = readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8').replace(
      '[0,0,2000,-2000],[2,3,2,',
      '[0,2000,0,-2000],[1,3,1,',
    );
    const parsed = readTenhou6(text);
    if (!parsed.ok) throw new Error(parsed.error.message);
    const check = checkHands(replayLog(parsed.value));
    expect(check.agree).toBe(0);
    expect(check.differences[0]?.reason).toMatch(/^step \d+: seat 1 may not win/);
  });
});

describe('bad tenhou.net/6 input', () => {
  const good = readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8');
  const problem = (text: string): LogProblem => {
    const r = readTenhou6(text);
    if (r.ok) {
      try {
        replayLog(r.value);
      } catch (error) {
        return error as LogProblem;
      }
      throw new Error('accepted');
    }
    return r.error;
  };

  it('refuses malformed JSON, a wrong shape, a huge file and a three-player log', () => {
    expect(problem('{"log": [').code).toBe('log/malformed');
    expect(problem('{"name": ["a","b","c","d"]}').code).toBe('log/shape');
    expect(problem(good.replace('[[[7,0,0]', '[[[7,0]')).code).toBe('log/shape');
    expect(problem(' '.repeat(MAX_LOG_BYTES + 1)).code).toBe('log/too_large');
    // A three-player rule over four seats dealt, and a three-player file without the fourth seat.
    expect(problem(good.replace('"般南喰赤"', '"三般南喰赤"')).code).toBe('log/shape');
    const three = JSON.parse(readFileSync(path.join(TESTDATA, 'three-player', 'chankan.json'), 'utf8'));
    expect(problem(JSON.stringify({ ...three, name: three.name.slice(0, 3) })).code).toBe('log/three_player');
  });

  it('refuses an unknown tile code and a fifth copy, naming the hand', () => {
    const unknown = problem(good.replace('[14,51,16,17,', '[14,58,16,17,'));
    expect(unknown.code).toBe('log/tile');
    expect(unknown.message).toContain('hand 1 (South 4, 0 honba)');
    const fifth = readFileSync(path.join(TESTDATA, 'confusing_nakis_2.json'), 'utf8');
    expect(problem(fifth).code).toBe('log/tile');
  });

  it('refuses a call that does not fit the hand, naming the hand and the step', () => {
    // Seat 2's pung of 2m says it claims from the left: the 2m was discarded by another seat.
    const p = problem(good.replace('"1212p12"', '"p121212"'));
    expect(p.code).toBe('log/call');
    expect(p.at?.hand).toBe(0);
    expect(p.at?.step).toBeGreaterThan(0);
    expect(p.message).toMatch(/hand 1 \(South 4, 0 honba\)/);
    // A chow of tiles the hand does not hold.
    const ryukyoku = readFileSync(path.join(TESTDATA, 'ryukyoku.json'), 'utf8');
    const q = problem(ryukyoku.replace('"c151416"', '"c151718"'));
    expect(q.code).toBe('log/call');
    expect(q.message).toMatch(/step \d+/);
  });

  it('gives each refusal its reason and place as values, for pages to word it in their language', () => {
    const call = problem(good.replace('"1212p12"', '"p121212"'));
    expect(call.at?.step).toBeGreaterThan(0);
    expect(logProblemValues(call)).toEqual({ reason: 'log/call', hand: 1, step: call.at?.step });
    const tile = problem(good.replace('[14,51,16,17,', '[14,58,16,17,'));
    expect(logProblemValues(tile)).toMatchObject({ reason: 'log/tile', hand: 1 });
    expect(logProblemValues(problem('{"log": ['))).toEqual({ reason: 'log/malformed' });
    expect(logProblemValues(problem(' '.repeat(MAX_LOG_BYTES + 1)))).toEqual({ reason: 'log/too_large', kb: 1024 });
  });
});

describe('a three-player match in tenhou.net/6', () => {
  it('records each North set aside from the replayed log and writes it as f44 in three-seat arrays', () => {
    let norths = 0;
    for (let m = 0; m < 3; m++) {
      // `check`: a second engine replays the log entry by entry and must reach the same state
      const run = playBotMatch(
        { seed: (0x3100 + m).toString(16), ruleset: 'riichi-sanma', players: BOTS },
        { check: true },
      );
      expect(run.failures).toEqual([]);
      const recording = recordMatch(run.engine.config, run.engine.log);
      expect(recording.seats).toBe(3);
      // the recording, replayed from the log, reaches every result the table reached
      expect(recording.hands.map((h) => h.result)).toEqual(run.engine.results());
      const declared = run.engine.log.filter((e) => e.event.type === 'act' && e.event.action.type === 'north');
      const events = recording.hands.flatMap((h) => h.events);
      expect(events.filter((e) => e.type === 'north').length).toBe(declared.length);
      // a North set aside is followed by its seat's replacement draw, unless another seat won on it
      for (const h of recording.hands) {
        h.events.forEach((e, i) => {
          if (e.type !== 'north') return;
          const next = h.events.slice(i + 1).find((x) => x.type === 'draw' || x.type === 'win');
          if (next?.type === 'draw') expect(next).toMatchObject({ seat: e.seat, replacement: true });
          else expect(h.result.kind).toBe('win');
        });
      }
      const file = toTenhou6(recording);
      expect(file.name[3]).toBe('');
      expect(file.rule.disp.startsWith('三')).toBe(true);
      let f44 = 0;
      for (const hand of file.log) {
        expect((hand[1] as number[])[3]).toBe(0);
        // seat 3's deal, takes and discards are empty
        expect(hand.slice(13, 16)).toEqual([[], [], []]);
        for (const seat of [0, 1, 2]) f44 += (hand[4 + 3 * seat + 2] as unknown[]).filter((x) => x === 'f44').length;
        const result = hand[16] as unknown[];
        if (result[0] === '和了') expect((result[1] as number[])[3]).toBe(0);
      }
      expect(f44).toBe(declared.length);
      norths += f44;
      // Read back, the file plays the same hands on the engine: the same deal, moves, indicators
      // and results.
      const parsed = readTenhou6(JSON.stringify(file));
      if (!parsed.ok) throw new Error(parsed.error.message);
      expect(parsed.value.seats).toBe(3);
      expect(importConfig(parsed.value).ruleset).toBe('riichi-sanma');
      const imported = replayLog(parsed.value);
      expect(checkHands(imported).differences).toEqual([]);
      for (const [i, h] of imported.entries()) {
        const engine = createEngine(importConfig(parsed.value), 0, { walls: [h.wall], firstHand: h.firstHand });
        const [again] = recordEngine(engine, h.log.slice(1));
        expect(again && comparable(again)).toBe(comparable(recording.hands[i] as HandRecord));
      }
    }
    expect(norths).toBeGreaterThan(0);
  });

  const THREE = path.join(TESTDATA, 'three-player');
  const check = (file: string) => {
    const parsed = readTenhou6(readFileSync(path.join(THREE, file), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(parsed.value.seats).toBe(3);
    return checkHands(replayLog(parsed.value));
  };

  it.each(['chankan.json', 'double_nukidora.json'])('real three-player log %s replays to its stated scores', (file) => {
    const result = check(file);
    expect(result.differences).toEqual([]);
    expect(result.agree).toBeGreaterThan(0);
  });

  it("reports the two real hands that part from Tenhou's rules or from the file's own scores", () => {
    // Mahjong Soul lets thirteen orphans rob a concealed kong; Tenhou (the engine) plays on.
    const robbed = check('kokushi_ankan.json');
    expect(robbed.agree).toBe(0);
    expect(robbed.differences[0]?.computed).toBeNull();
    expect(robbed.differences[0]?.reason).toMatch(/the table plays on/);
    // The win on a North after the discarder's riichi: the file's deltas leave out the stick.
    const north = check('kokushi_peinuki.json');
    expect(north.agree).toBe(3);
    expect(north.differences.map((d) => [d.hand, d.stated, d.computed])).toEqual([
      [3, [-48000, 0, 48000, 0], [-48000, 0, 49000, 0]],
    ]);
  });

  it('puts every dora and ura-dora indicator where the engine turns it, the fourth of three kongs too', () => {
    // A three-player hand of three kongs: the third and fourth indicators lie before the 14 tiles
    // the dead wall starts as (8 replacement tiles at its back), and the fourth was lost.
    const t = (kind: number, red = false) => ({ kind: kind as TileKind, red });
    const sanmaKinds = [0, 8, ...Array.from({ length: 27 }, (_, i) => 9 + i).filter((k) => k < 34)];
    const pool = sanmaKinds.flatMap((k) => [t(k), t(k), t(k), t(k)]);
    const take = () => pool.shift() as LogTile;
    const deal = [0, 1, 2].map(() => Array.from({ length: 13 }, take));
    const firstDraw = take();
    const replacementDraws = [take(), take(), take()];
    const indicators = [take(), take(), take(), take()];
    const ura = [take(), take(), take(), take()];
    const hand = {
      dealer: 0,
      deal: [...deal, []],
      events: [
        { type: 'draw', seat: 0, tile: firstDraw, replacement: false },
        ...replacementDraws.map((tile) => ({ type: 'draw', seat: 0, tile, replacement: true })),
      ],
      doraIndicators: indicators,
      uraIndicators: ura,
    } as unknown as ParsedHand;
    const wall = impliedWall(hand, false, 3);
    const kind = (at: number) => Math.floor((wall.order[at] as number) / 4);
    expect([0, 1, 2, 3].map((n) => kind(sanmaDoraIndicatorIndex(n)))).toEqual(indicators.map((x) => x.kind));
    expect([0, 1, 2, 3].map((n) => kind(sanmaUraIndicatorIndex(n)))).toEqual(ura.map((x) => x.kind));
    expect(replacementDraws.map((_, i) => kind(107 - i))).toEqual(replacementDraws.map((x) => x.kind));
    expect(new Set(wall.order).size).toBe(108);
  });

  it("reads open all-simples off a Tenhou lobby's name, and as on from any other room's", () => {
    const file = JSON.parse(readFileSync(path.join(THREE, 'chankan.json'), 'utf8'));
    const tanyao = (disp: string) => {
      const r = readTenhou6(JSON.stringify({ ...file, rule: { ...file.rule, disp } }));
      if (!r.ok) throw new Error(r.error.message);
      return r.value.openTanyao;
    };
    expect([tanyao('三鳳南喰赤'), tanyao('三鳳南赤'), tanyao('三般東赤速'), tanyao('三銀の間赤')]).toEqual([
      true,
      false,
      false,
      true,
    ]);
  });

  it('refuses what a three-player hand cannot hold: 2m-8m, a chow, a North set aside among four', () => {
    const text = readFileSync(path.join(THREE, 'chankan.json'), 'utf8');
    const file = JSON.parse(text);
    const read = (f: unknown) => readTenhou6(JSON.stringify(f));
    const withDeal = structuredClone(file);
    withDeal.log[0][4][0] = 12;
    const two = read(withDeal);
    expect(two.ok ? null : two.error.code).toBe('log/tile');
    // A chow among three: seat 1's first take claims seat 0's discard as a chow.
    const withChow = structuredClone(file);
    withChow.log[0][8][0] = 'c212223';
    const chow = read(withChow);
    expect(chow.ok ? null : chow.error.message).toMatch(/a chow \("c212223"\) among three players/);
    // A North set aside in a four-player file.
    const four = readFileSync(path.join(TESTDATA, 'double_ron.json'), 'utf8');
    const parsed = JSON.parse(four);
    const discards = parsed.log[0][6] as unknown[];
    discards[0] = 'f44';
    const north = read(parsed);
    expect(north.ok ? null : north.error.code).toBe('log/call');
  });
});

describe('on a server', () => {
  it('a file of a hundred hands, imported and replayed, lets the event loop run between hands', async () => {
    const f = JSON.parse(readFileSync(path.join(TESTDATA, 'ranked_game.json'), 'utf8'));
    f.log = Array.from({ length: 100 }, (_, i) => f.log[i % f.log.length]);
    // Callbacks of the loop that run while the work is under way (none could, were it one piece).
    const ticksDuring = async <T>(work: Promise<T>): Promise<[T, number]> => {
      let ticks = 0;
      let on = true;
      const tick = () => {
        ticks += 1;
        if (on) setImmediate(tick);
      };
      setImmediate(tick);
      const value = await work;
      on = false;
      return [value, ticks];
    };
    const [imported, importTicks] = await ticksDuring(importMatch(f, new Date()));
    expect(imported.check).toEqual({ hands: 100, agree: 100, differences: [] });
    expect(importTicks).toBeGreaterThan(1);
    const [replay, replayTicks] = await ticksDuring(importedReplay(imported.record));
    expect(replay.check).toEqual(imported.check);
    expect(replayTicks).toBeGreaterThan(1);
    // The frames are made as they are taken: each hand starts with its deal, in the file's order.
    const hands = [...replay.frames].filter((x) => x.frame.event === null).map((x) => x.hand);
    expect(hands).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });
});
