import { tile } from '@mahjong/shared';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../table/engine.js';
import type { MatchConfig } from '../table/index.js';
import { scriptedWall } from '../table/testing.js';
import { readReaction } from './reaction.js';

const PLAYERS = [0, 1, 2, 3].map((i) => ({ name: `P${i}`, bot: false })) as unknown as MatchConfig['players'];

describe('an mjai reaction read as a move', () => {
  it('takes a move the seat is offered and refuses everything else with its reason', () => {
    // The dealer's fourteen: riichi discarding the green dragon (F) leaves it ready.
    const walls = [
      scriptedWall({
        bonus: false,
        hands: ['123m456m789m2355p6z', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'],
      }),
    ];
    const config: MatchConfig = { seed: '5eed', ruleset: 'riichi-modern', options: { redFives: 0 }, players: PLAYERS };
    const view = createEngine(config, 0, { walls }).viewFor(0);
    const read = (line: string, riichi = false) => readReaction(line, 0, view, riichi);
    expect(read('{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}')).toEqual({
      ok: true,
      action: { type: 'discard', tile: tile('6z') },
    });
    expect(read('{"type":"reach","actor":0}')).toEqual({ ok: true, reach: true });
    expect(read('{"type":"dahai","actor":0,"pai":"F","tsumogiri":true}', true)).toEqual({
      ok: true,
      action: { type: 'riichi', tile: tile('6z') },
    });
    const refused: [string, RegExp][] = [
      ['this is not mjai {', /garbage: not JSON/],
      ['[1,2]', /garbage: not a JSON object/],
      ['{"type":"fly","actor":0}', /garbage: unknown type/],
      ['{"type":"dahai","actor":0,"pai":"6z"}', /garbage: dahai of no tile/],
      ['{"type":"dahai","actor":1,"pai":"F","tsumogiri":true}', /an answer for seat 1, not 0/],
      ['{"type":"none","actor":2}', /an answer for seat 2, not 0/],
      ['{"type":"none"}', /not offered now/],
      ['{"type":"hora","actor":0,"target":0}', /not offered now/],
      ['{"type":"pon","actor":0,"target":1,"pai":"F","consumed":["F","F"]}', /a pon of a tile not discarded/],
      ['{"type":"ankan","actor":0,"consumed":["F"]}', /garbage: ankan without four consumed/],
    ];
    for (const [line, why] of refused) {
      const r = read(line);
      expect(r.ok, line).toBe(false);
      if (!r.ok) expect(r.reason, line).toMatch(why);
    }
    expect(read('{"type":"reach","actor":0}', true)).toMatchObject({ ok: false, reason: /after reach/ });
  });
});

describe('nukidora (three-player riichi)', () => {
  it('is a North set aside where the seat may set one aside, refused elsewhere', () => {
    // The dealer holds a North: it may set it aside; at a four-player table nobody may.
    const walls = [
      scriptedWall({
        three: true,
        bonus: false,
        hands: ['19m2468p2468s1234z', '19m3579p3579s123z', '19m2468p2468s567z', ''],
      }),
    ];
    const sanma: MatchConfig<'riichi-sanma'> = {
      seed: '5eed',
      ruleset: 'riichi-sanma',
      options: { redFives: 0 },
      players: PLAYERS,
    };
    const view = createEngine(sanma, 0, { walls }).viewFor(0);
    expect(view.legalActions).toContainEqual({ type: 'north' });
    expect(readReaction('{"type":"nukidora","actor":0,"pai":"N"}', 0, view, false)).toEqual({
      ok: true,
      action: { type: 'north' },
    });
    expect(readReaction('{"type":"nukidora","actor":0}', 0, view, false)).toEqual({
      ok: true,
      action: { type: 'north' },
    });
    expect(readReaction('{"type":"nukidora","actor":0,"pai":"E"}', 0, view, false)).toMatchObject({
      ok: false,
      reason: /not N/,
    });
    expect(readReaction('{"type":"nukidora","actor":2,"pai":"N"}', 0, view, false)).toMatchObject({ ok: false });
    const four: MatchConfig = { seed: '5eed', ruleset: 'riichi-modern', options: { redFives: 0 }, players: PLAYERS };
    const fourView = createEngine(four, 0).viewFor(0);
    expect(readReaction('{"type":"nukidora","actor":0,"pai":"N"}', 0, fourView, false)).toMatchObject({
      ok: false,
      reason: /not offered now/,
    });
  });
});

describe('a dahai from the hand', () => {
  it('of the drawn tile’s kind with tsumogiri false names a copy from the hand, when one is held', () => {
    const config: MatchConfig = { seed: '5eed', ruleset: 'riichi-modern', options: { redFives: 0 }, players: PLAYERS };
    // The dealer holds a 9s and drew another; its 1p is its only one.
    const view = createEngine(config, 0, {
      walls: [
        scriptedWall({
          bonus: false,
          hands: ['123m456m789m123p9s9s', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'],
        }),
      ],
    }).viewFor(0);
    const read = (line: string) => readReaction(line, 0, view, false);
    expect(read('{"type":"dahai","actor":0,"pai":"9s","tsumogiri":false}')).toEqual({
      ok: true,
      action: { type: 'discard', tile: tile('9s'), fromHand: true },
    });
    expect(read('{"type":"dahai","actor":0,"pai":"9s","tsumogiri":true}')).toEqual({
      ok: true,
      action: { type: 'discard', tile: tile('9s') },
    });
    // Another kind, or the drawn kind with no other copy, is the plain discard it always was.
    expect(read('{"type":"dahai","actor":0,"pai":"1p","tsumogiri":false}')).toEqual({
      ok: true,
      action: { type: 'discard', tile: tile('1p') },
    });
    const lone = createEngine(config, 0, {
      walls: [
        scriptedWall({
          bonus: false,
          hands: ['123m456m789m123p1s9s', '7m147p258s123456z', '8m258p369s123457z', '9m36p147s1234567z'],
        }),
      ],
    }).viewFor(0);
    expect(readReaction('{"type":"dahai","actor":0,"pai":"9s","tsumogiri":false}', 0, lone, false)).toEqual({
      ok: true,
      action: { type: 'discard', tile: tile('9s') },
    });
  });
});
