import { chooseBotAction, type LegalAction, SEATS, type Seat } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { type MjaiEvent, mjaiStartGame } from '../logs/mjai.js';
import { HandRecorder } from '../logs/record.js';
import { createEngine } from '../table/engine.js';
import type { MatchConfig } from '../table/index.js';
import { playBotMatch } from '../table/sim.js';
import { MjaiBot } from './bot-command.js';
import { readReaction } from './reaction.js';
import { gameInfo, reactionOf, seatView } from './seat-picture.js';
import { maskFor, stepEvents, startEvents } from './table.js';

const BOTS = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];

/** A legal move without its preview and copy (the picture may not know which copy a made-up hand holds). */
const key = (a: LegalAction): string => JSON.stringify({ ...a, faan: undefined, red: undefined });
const keys = (legal: readonly LegalAction[]) => [...new Set(legal.map(key))].sort();

/**
 * Plays bot matches, replays each on a second engine entry by entry, and at every decision of
 * every seat compares the moves the table offers with the moves the seat's own picture (built
 * from its masked mjai events only) offers. The made-up hidden tiles must never change what
 * the seat may do, and no event sent to a seat may show another seat's hidden tile.
 */
describe('an mjai seat pictures the hand from its own events', () => {
  // Seeds whose first hand has a riichi (5eed02), and each kind of kong (calls in them too).
  // Three-player riichi (5a11a): Norths set aside (`nukidora`), the fourth seat vacant.
  const cases = [
    ['5eed02', 1, 'reach', 'riichi-modern'],
    ['ab0c', 1, 'kakan', 'riichi-modern'],
    ['ab0f', 1, 'ankan', 'riichi-modern'],
    ['ab22', 1, 'daiminkan', 'riichi-modern'],
    ['5a11a', 2, 'nukidora', 'riichi-sanma'],
  ] as const;
  for (const [seed, hands, has, ruleset] of cases) {
    it(`offers the same moves as the table (${ruleset}, seed ${seed}, with a ${has})`, () => {
      const config: MatchConfig<typeof ruleset> = {
        seed,
        ruleset,
        players: BOTS,
        rounds: 1,
      };
      const played = playBotMatch(config, { maxHands: hands });
      const log = played.engine.log;
      const engine = createEngine(config, (log[0] as (typeof log)[number]).at);
      const recorder = new HandRecorder(engine);
      const game = gameInfo(mjaiStartGame(['a', 'b', 'c', 'd'], 1, true));
      const start = recorder.current();
      let hand: MjaiEvent[] = start === null ? [] : startEvents(start);
      let compared = 0;
      const seenTypes = new Set<string>();
      for (const entry of log.slice(1)) {
        const step = recorder.apply(entry);
        const events = stepEvents(step);
        if (step.started !== null) hand = startEvents(step.started);
        else if (step.ended !== null) hand = [];
        else hand.push(...events);
        for (const e of events) seenTypes.add(e.type);
        if (engine.state.phase !== 'playing' || hand.length === 0) continue;
        for (const seat of SEATS) {
          const masked = hand.map((e) => maskFor(e, seat));
          for (const e of masked) {
            if (e.type === 'tsumo' && e.actor !== seat) expect(e.pai).toBe('?');
            if (e.type === 'start_kyoku') {
              (e.tehais as string[][]).forEach((t, s) => {
                // the vacant North seat of a three-player table has no tiles at all
                if (s !== seat) expect(new Set(t)).toEqual(new Set(ruleset === 'riichi-sanma' && s === 3 ? [] : ['?']));
              });
            }
          }
          const real = engine.viewFor(seat).legalActions;
          if (real.length === 0) continue;
          const mine = seatView(game, seat as Seat, masked).legalActions;
          expect(keys(mine), `seq ${entry.seq} seat ${seat}`).toEqual(keys(real));
          compared += 1;
        }
      }
      expect(compared).toBeGreaterThan(40);
      expect(seenTypes.has(has)).toBe(true);
    });
  }

  /**
   * The bot's discard as an mjai line and read back as the server reads an AI's line: the same
   * move, which the table takes. A move that named no copy of a five was once written as the
   * plain copy; a seat in riichi that drew the red 5s beside a plain one was refused it (a live
   * match's AI seat fell back to the built-in bot).
   */
  it('writes every discard so that the table takes it back: the drawn copy of a five, in riichi too', () => {
    let discards = 0;
    let drawnRedFives = 0;
    for (const seed of Array.from({ length: 80 }, (_, i) => (0xed500 + i).toString(16))) {
      const engine = createEngine({ seed, ruleset: 'riichi-modern', players: BOTS, rounds: 1 } as MatchConfig, 0);
      let now = 0;
      for (let steps = 0; !engine.isOver() && steps < 5000; steps += 1) {
        let acted = false;
        for (const seat of SEATS) {
          const view = engine.viewFor(seat);
          if (view.legalActions.length === 0) continue;
          let action = chooseBotAction(view, 'normal');
          if (action === null) continue;
          if (action.type === 'discard') {
            const { red: _red, ...unnamed } = action;
            const line = JSON.stringify(reactionOf(view, seat, unnamed, new Map()));
            const read = readReaction(line, seat, view, false);
            expect(read.ok && !('reach' in read), `${seed} seq ${engine.seq}: ${line}`).toBe(true);
            if (read.ok && !('reach' in read)) action = read.action;
            discards += 1;
            // The case once refused: in riichi, the red five drawn, a plain one of its kind held.
            const held = view.hand?.concealed.filter((k) => k === view.hand?.drawn).length ?? 0;
            if (view.seats[seat].riichi && view.hand?.drawnRed && held >= 2) drawnRedFives += 1;
          }
          const r = engine.act(seat, action, now);
          expect(r.ok, `${seed} seq ${engine.seq}: ${JSON.stringify(action)} ${r.ok ? '' : r.error.code}`).toBe(true);
          acted = true;
        }
        if (!acted) {
          const d = engine.nextDeadline();
          if (d === null) break;
          now = Math.max(now, d);
          engine.timeout(now);
        }
      }
    }
    expect(discards).toBeGreaterThan(500);
    expect(drawnRedFives).toBeGreaterThan(0);
  });

  it('answers a tsumo with a discard and stays silent when it cannot act', () => {
    const out: string[] = [];
    const bot = new MjaiBot(0, (l) => out.push(l));
    bot.event(mjaiStartGame(['a', 'b', 'c', 'd'], 1, true));
    bot.event({
      type: 'start_kyoku',
      bakaze: 'E',
      dora_marker: '1m',
      kyoku: 1,
      honba: 0,
      kyotaku: 0,
      oya: 0,
      scores: [25000, 25000, 25000, 25000],
      tehais: [
        ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', 'E', 'E', 'S', 'W'],
        ...[1, 2, 3].map(() => Array.from({ length: 13 }, () => '?')),
      ],
    });
    bot.event({ type: 'tsumo', actor: 0, pai: 'N' });
    expect(out).toHaveLength(1);
    const r = JSON.parse(out[0] as string) as MjaiEvent;
    expect(r).toMatchObject({ type: 'dahai', actor: 0 });
    bot.event({ type: 'dahai', actor: 0, pai: r.pai, tsumogiri: r.tsumogiri });
    bot.event({ type: 'tsumo', actor: 1, pai: '?' });
    expect(out).toHaveLength(1);
  });
});
