/**
 * An outside AI seat at a three-player table (`riichi-sanma`, reached through the engine's own
 * id while the lobby does not offer it): one seat is the real `npm run --silent mjai-bot`
 * process behind the adapter (`MjaiTable`), the two others the built-in bot, and the match is
 * played to its end. The AI is told the others' Norths as `nukidora` and sets its own aside by
 * answering `nukidora`; what it was sent is written down by a `tee` in front of it.
 */
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chooseBotAction, type PlayerAction, SEATS, type Seat } from '@mahjong/shared';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { MjaiEvent } from '../logs/mjai.js';
import { createEngine } from '../table/engine.js';
import type { MatchConfig } from '../table/index.js';
import { hasActions } from '../table/legal.js';
import { MJAI_DEFAULTS } from './config.js';
import { MjaiTable } from './table.js';

const PLAYERS = [0, 1, 2, 3].map((i) => ({ name: `P${i + 1}`, bot: true })) as unknown as MatchConfig['players'];
const AI: Seat = 1;

describe('an mjai seat at a three-player table', () => {
  it('the project’s mjai-bot plays a whole match: told the others’ Norths, setting its own aside', {
    timeout: 300_000,
  }, async () => {
    const config: MatchConfig<'riichi-sanma'> = { seed: '5a11a', ruleset: 'riichi-sanma', players: PLAYERS, rounds: 1 };
    const engine = createEngine(config, 0);
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'mjai-sanma-')), 'seen.jsonl');
    // `tee` writes down every event the bot is sent; the seat comes as the last argument ($1).
    const spec = {
      ...MJAI_DEFAULTS,
      timeoutMs: 20_000,
      name: 'project',
      command: '/bin/sh',
      args: ['-c', 'tee -a "$0" | exec npm run --silent mjai-bot -- "$1"', file],
    };
    const warnings: string[] = [];
    const log = pino({ level: 'info' }, { write: (line: string) => void warnings.push(line) });
    let wake: (() => void) | null = null;
    const table = new MjaiTable(config, {}, engine.log, [{ seat: AI, spec }], {
      log,
      onAnswer: () => wake?.(),
      onMark: () => {},
    });
    const aiActions: PlayerAction[] = [];
    let now = 0;
    try {
      while (!engine.isOver()) {
        table.sync(engine.log);
        let acted = false;
        for (const seat of SEATS) {
          if (!hasActions(engine.state, seat)) continue;
          const view = engine.viewFor(seat);
          let action: PlayerAction | null = null;
          if (seat === AI) {
            table.ask(seat, view, Date.now());
            for (;;) {
              const d = table.decide(seat, view, Date.now());
              if (d.kind === 'act') {
                action = d.action;
                aiActions.push(d.action);
                break;
              }
              if (d.kind !== 'wait') {
                action = chooseBotAction(view);
                break;
              }
              await new Promise<void>((resolve) => {
                wake = resolve;
                setTimeout(resolve, Math.max(1, d.until - Date.now()));
              });
            }
          } else {
            action = chooseBotAction(view);
          }
          if (action === null) continue;
          now += 10;
          const r = engine.act(seat, action, now);
          if (!r.ok && seat === AI) table.refused(seat, action, r.error.code);
          expect(r.ok, `${seat} ${JSON.stringify(action)}: ${r.ok ? '' : r.error.code}`).toBe(true);
          acted = true;
          break;
        }
        if (!acted) {
          const due = engine.nextDeadline();
          if (due === null) break;
          now = Math.max(now, due);
          expect(engine.timeout(now).ok).toBe(true);
        }
      }
      table.sync(engine.log);
      expect(engine.isOver()).toBe(true);
      // The AI played every decision: the built-in bot never stood in.
      expect(table.marks()).toEqual([{ seat: AI, name: 'project', fallbacks: 0, gone: false }]);
      const fallbackLines = warnings.filter((l) => l.includes('built-in bot'));
      expect(fallbackLines).toEqual([]);

      const declared = (s: Seat) =>
        engine.log.filter((e) => e.event.type === 'act' && e.event.seat === s && e.event.action.type === 'north')
          .length;
      // It set Norths aside itself, and the others did too.
      expect(aiActions.filter((a) => a.type === 'north').length).toBe(declared(AI));
      expect(declared(AI)).toBeGreaterThan(0);
      expect(declared(0) + declared(2)).toBeGreaterThan(0);
      const seen = () =>
        (existsSync(file) ? readFileSync(file, 'utf8') : '')
          .split('\n')
          .filter((l) => l !== '')
          .map((l) => JSON.parse(l) as MjaiEvent);
      const end = Date.now() + 10_000;
      while (!seen().some((e) => e.type === 'end_game') && Date.now() < end)
        await new Promise((f) => setTimeout(f, 50));
      const events = seen();
      expect(events.at(-1)?.type).toBe('end_game');
      const told = events.filter((e) => e.type === 'nukidora');
      expect(told.filter((e) => e.actor !== AI).length).toBe(declared(0) + declared(2));
      expect(told.filter((e) => e.actor === AI).length).toBe(declared(AI));
      // Three seats in four slots; nothing of the others' hidden tiles
      for (const e of events.filter((x) => x.type === 'start_kyoku')) {
        expect((e.scores as number[])[3]).toBe(0);
        const tehais = e.tehais as string[][];
        expect(tehais[3]).toEqual([]);
        for (const seat of [0, 2]) expect(new Set(tehais[seat])).toEqual(new Set(['?']));
      }
      for (const e of events.filter((x) => x.type === 'tsumo' && x.actor !== AI)) expect(e.pai).toBe('?');
    } finally {
      table.close();
    }
  });
});
