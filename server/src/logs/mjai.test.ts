import type { MatchConfig } from '../table/index.js';
import { playBotMatch } from '../table/sim.js';
import { describe, expect, it } from 'vitest';
import { type MjaiEvent, mjaiLines, toMjai } from './mjai.js';
import { recordMatch } from './record.js';
import { fromMjaiName } from './tiles.js';

const BOTS = [0, 1, 2, 3].map((i) => ({ name: `Bot ${i + 1}`, bot: true })) as unknown as MatchConfig['players'];

/**
 * Plays an mjai log on four hands of tile names, as a reader of the format would: every tile
 * dealt, drawn, discarded or melded must be where the event says, and the points must move by
 * the deltas. Returns the scores after each hand.
 */
function playMjai(events: readonly MjaiEvent[]): number[][] {
  const hands: string[][] = [[], [], [], []];
  const melds = [0, 0, 0, 0];
  const after: number[][] = [];
  let scores: number[] = [];
  const take = (seat: number, pai: string) => {
    const hand = hands[seat] as string[];
    const at = hand.indexOf(pai);
    if (at < 0) throw new Error(`seat ${seat} has no ${pai} (hand ${hand.join(' ')})`);
    hand.splice(at, 1);
  };
  for (const e of events) {
    const actor = e.actor as number;
    switch (e.type) {
      case 'start_kyoku': {
        const tehais = e.tehais as string[][];
        for (const t of tehais.flat()) expect(fromMjaiName(t), t).not.toBeNull();
        hands.splice(0, 4, ...tehais.map((t) => [...t]));
        melds.fill(0);
        scores = [...(e.scores as number[])];
        break;
      }
      case 'tsumo':
        expect(fromMjaiName(e.pai)).not.toBeNull();
        hands[actor]?.push(e.pai as string);
        break;
      case 'dahai':
        take(actor, e.pai as string);
        expect(hands[actor]?.length).toBe(13 - 3 * (melds[actor] as number));
        break;
      case 'chi':
      case 'pon':
      case 'daiminkan':
        for (const t of e.consumed as string[]) take(actor, t);
        melds[actor] = (melds[actor] as number) + 1;
        break;
      case 'ankan':
        for (const t of e.consumed as string[]) take(actor, t);
        melds[actor] = (melds[actor] as number) + 1;
        break;
      case 'kakan':
      case 'nukidora':
        take(actor, e.pai as string);
        break;
      case 'reach_accepted':
        scores[actor] = (scores[actor] as number) - 1000;
        break;
      case 'start_game':
        expect(e.names).toHaveLength(4);
        break;
      case 'hora':
      case 'ryukyoku':
        scores = scores.map((s, i) => s + ((e.deltas as number[])[i] as number));
        break;
      case 'end_kyoku':
        after.push(scores);
        break;
      default:
        break;
    }
  }
  return after;
}

describe('mjai export', () => {
  it('simulated matches: every tile where the events say, the points as the table moved them', () => {
    const kinds = new Set<string>();
    for (let m = 0; m < 6; m++) {
      const run = playBotMatch({ seed: (0x2000 + m).toString(16), ruleset: 'riichi-modern', players: BOTS });
      const events = toMjai(recordMatch(run.engine.config, run.engine.log));
      for (const e of events) kinds.add(e.type);
      // One JSON object a line.
      const lines = mjaiLines(events).trimEnd().split('\n');
      expect(lines.map((l) => JSON.parse(l) as MjaiEvent)).toEqual(events);
      expect(events[0]?.type).toBe('start_game');
      expect(events[events.length - 1]?.type).toBe('end_game');
      const after = playMjai(events);
      const results = run.engine.results();
      expect(after.length).toBe(results.length);
      // The next hand starts from the scores the events arrive at.
      const starts = events.filter((e) => e.type === 'start_kyoku').map((e) => e.scores);
      for (let i = 1; i < starts.length; i++) expect(starts[i]).toEqual(after[i - 1]);
    }
    for (const k of [
      'tsumo',
      'dahai',
      'chi',
      'pon',
      'ankan',
      'kakan',
      'reach',
      'reach_accepted',
      'dora',
      'hora',
      'ryukyoku',
    ]) {
      expect(kinds, k).toContain(k);
    }
  });
});

describe('mjai export of a three-player match', () => {
  it('tells each North set aside as nukidora, the seats in four slots with North vacant', () => {
    let norths = 0;
    for (let m = 0; m < 3; m++) {
      const run = playBotMatch({ seed: (0x2100 + m).toString(16), ruleset: 'riichi-sanma', players: BOTS });
      const recording = recordMatch(run.engine.config, run.engine.log);
      const events = toMjai(recording);
      const declared = run.engine.log.filter((e) => e.event.type === 'act' && e.event.action.type === 'north');
      const told = events.filter((e) => e.type === 'nukidora');
      expect(told.length).toBe(declared.length);
      norths += told.length;
      for (const e of told) {
        expect(e.pai).toBe('N');
        expect([0, 1, 2]).toContain(e.actor);
      }
      expect(events[0]?.names).toEqual(['Bot 1', 'Bot 2', 'Bot 3', '']);
      for (const e of events.filter((x) => x.type === 'start_kyoku')) {
        expect((e.scores as number[])[3]).toBe(0);
        expect((e.tehais as string[][])[3]).toEqual([]);
        // no 2m-8m in the set
        expect((e.tehais as string[][]).flat().some((t) => /^[2-8]m/.test(t))).toBe(false);
      }
      // every tile where the events say (the North leaves the hand), the points as the table moved them
      const after = playMjai(events);
      const results = run.engine.results();
      expect(after.length).toBe(results.length);
      expect(after.at(-1)).toEqual([...run.engine.state.scores]);
    }
    expect(norths).toBeGreaterThan(0);
  });
});
