import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { tile } from '@mahjong/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type MjaiEvent, mjaiStartGame } from '../logs/mjai.js';
import { HandRecorder } from '../logs/record.js';
import { createEngine } from '../table/engine.js';
import type { MatchConfig } from '../table/index.js';
import { playBotMatch } from '../table/sim.js';
import { scriptedWall } from '../table/testing.js';
import { MJAI_DEFAULTS } from './config.js';
import { MjaiTable, maskFor, startEvents, stepEvents } from './table.js';

const BOTS = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];

async function until(pred: () => boolean): Promise<void> {
  const end = Date.now() + 10_000;
  while (!pred()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((f) => setTimeout(f, 50));
  }
}

describe('a table brought back from the ledger', () => {
  it('starts each AI with start_game and the hand in play so far, as its seat may see it', async () => {
    const config: MatchConfig = { seed: 'c0ffee', ruleset: 'riichi-modern', players: BOTS, rounds: 1 };
    const log = playBotMatch(config, { maxHands: 2 }).engine.log;
    // Part way into the second hand.
    const shadow = new HandRecorder(createEngine(config, (log[0] as (typeof log)[number]).at));
    let cut = 0;
    let hand: MjaiEvent[] = [];
    for (const [i, entry] of log.slice(1).entries()) {
      const step = shadow.apply(entry);
      if (step.started !== null) hand = startEvents(step.started);
      else hand.push(...stepEvents(step));
      if (shadow.engine.state.hand.number === 1 && hand.length > 30) {
        cut = i + 2;
        break;
      }
    }
    expect(cut).toBeGreaterThan(0);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mjai-')), 'seen.jsonl');
    // A process that writes down what it is sent (the seat comes as its last argument).
    const spec = { ...MJAI_DEFAULTS, name: 'cat', command: '/bin/sh', args: ['-c', 'cat > "$0"', file] };
    const table = new MjaiTable(config, {}, log.slice(0, cut), [{ seat: 1, spec }], {
      log: pino({ level: 'silent' }),
      onAnswer: () => {},
      onMark: () => {},
    });
    const expected = [mjaiStartGame(['Bot 1', 'Bot 2', 'Bot 3', 'Bot 4'], 1, true), ...hand.map((e) => maskFor(e, 1))];
    const seen = () =>
      (existsSync(file) ? readFileSync(file, 'utf8') : '')
        .split('\n')
        .filter((l) => l !== '')
        .map((l) => JSON.parse(l) as MjaiEvent);
    try {
      await until(() => seen().length >= expected.length);
      expect(seen()).toEqual(expected);
      expect(seen().filter((e) => e.type === 'start_kyoku')).toHaveLength(1);
    } finally {
      table.close();
    }
  });
});

describe('a declaration', () => {
  it("is the AI's reach, sent back to it alone, then its discard: one riichi move, and no second reach", async () => {
    // The dealer's fourteen: riichi discarding the green dragon leaves it ready.
    const walls = [
      scriptedWall({
        bonus: false,
        hands: ['123m456m789m2355p6z', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'],
      }),
    ];
    const config: MatchConfig = { seed: '5eed', ruleset: 'riichi-modern', options: { redFives: 0 }, players: BOTS };
    const engine = createEngine(config, 0, { walls });
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mjai-')), 'seen.jsonl');
    // Declares on its draw, discards the green dragon when its reach comes back; writes down what it is sent.
    const script = `tee -a "$0" | while read -r line; do case "$line" in
      *'"type":"tsumo","actor":0'*) echo '{"type":"reach","actor":0}' ;;
      *'"type":"reach","actor":0'*) echo '{"type":"dahai","actor":0,"pai":"F","tsumogiri":false}' ;;
    esac; done`;
    const spec = { ...MJAI_DEFAULTS, name: 'sh', command: '/bin/sh', args: ['-c', script, file] };
    let answers = 0;
    const table = new MjaiTable(config, { walls }, engine.log, [{ seat: 0, spec }], {
      log: pino({ level: 'silent' }),
      onAnswer: () => {
        answers += 1;
      },
      onMark: () => {},
    });
    try {
      table.ask(0, engine.viewFor(0), 0);
      await until(() => answers === 1);
      expect(table.decide(0, engine.viewFor(0), 10)).toEqual({ kind: 'wait', until: 10 + spec.timeoutMs });
      await until(() => answers === 2);
      const d = table.decide(0, engine.viewFor(0), 20);
      expect(d).toEqual({ kind: 'act', action: { type: 'riichi', tile: tile('6z') } });
      if (d.kind !== 'act') return;
      expect(engine.act(0, d.action, 20).ok).toBe(true);
      table.sync(engine.log);
      const seen = () =>
        (existsSync(file) ? readFileSync(file, 'utf8') : '')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as MjaiEvent);
      await until(() => seen().some((e) => e.type === 'dahai'));
      expect(seen().slice(3)).toEqual([
        { type: 'reach', actor: 0 },
        // The dealer's fourteenth tile was the green dragon.
        { type: 'dahai', actor: 0, pai: 'F', tsumogiri: true },
      ]);
      expect(table.marks()).toEqual([{ seat: 0, name: 'sh', fallbacks: 0, gone: false }]);
    } finally {
      table.close();
    }
  });
});
