import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { type MjaiEvent, mjaiStartGame } from '../logs/mjai.js';
import { HandRecorder } from '../logs/record.js';
import { createEngine } from '../table/engine.js';
import type { MatchConfig } from '../table/index.js';
import { playBotMatch } from '../table/sim.js';
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
      code: 'TEST',
      log: pino({ level: 'silent' }),
      onAnswer: () => {},
      onMark: () => {},
    });
    const expected = [mjaiStartGame(['Bot 1', 'Bot 2', 'Bot 3', 'Bot 4'], 1, true), ...hand.map((e) => maskFor(e, 1))];
    const seen = () =>
      readFileSync(file, 'utf8')
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
