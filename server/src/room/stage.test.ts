import { describe, expect, it } from 'vitest';
import {
  holdsLobby,
  holdsMatch,
  inPlay,
  lobbyRefusal,
  moveStage,
  type Stage,
  type StageKind,
  seatsHeld,
  stageOf,
} from './stage.js';

const KINDS: readonly StageKind[] = ['lobby', 'dealing', 'playing', 'paused', 'ending', 'finished', 'closed'];

/** One stage of each kind (the ending one begun in play, the closed one closed from play). */
const sample = (kind: StageKind): Stage => {
  switch (kind) {
    case 'paused':
      return { kind, since: 1, reason: 'disk full' };
    case 'ending':
      return { kind, from: 'playing' };
    case 'closed':
      return { kind, from: 'playing' };
    default:
      return { kind };
  }
};

const ALLOWED: readonly [StageKind, StageKind][] = [
  ['lobby', 'dealing'],
  ['lobby', 'ending'],
  ['lobby', 'closed'],
  ['dealing', 'playing'],
  ['dealing', 'ending'],
  ['dealing', 'closed'],
  ['playing', 'paused'],
  ['playing', 'ending'],
  ['playing', 'finished'],
  ['playing', 'closed'],
  ['paused', 'dealing'],
  ['paused', 'playing'],
  ['paused', 'finished'],
  ['paused', 'closed'],
  ['ending', 'playing'],
  ['ending', 'paused'],
  ['ending', 'finished'],
  ['ending', 'closed'],
  ['finished', 'closed'],
];

describe('room stage', () => {
  it('allows exactly the moves of the table and refuses every other pair', () => {
    for (const from of KINDS) {
      for (const to of KINDS) {
        const allowed = ALLOWED.some(([f, t]) => f === from && t === to);
        const r = moveStage(sample(from), sample(to));
        expect({ from, to, ok: r.ok }).toEqual({ from, to, ok: allowed });
        if (!r.ok) expect(r.reason).toContain(to);
      }
    }
  });

  it('never leaves closed, never deals twice and never plays on after the end', () => {
    for (const to of KINDS) expect(moveStage(sample('closed'), sample(to)).ok).toBe(false);
    expect(moveStage(sample('playing'), { kind: 'dealing' }).ok).toBe(false);
    expect(moveStage(sample('finished'), { kind: 'playing' }).ok).toBe(false);
    expect(moveStage({ kind: 'ending', from: 'lobby' }, { kind: 'dealing' }).ok).toBe(false);
  });

  it('sends a failed end back only where it began, and pauses it only when play was applied', () => {
    for (const from of ['lobby', 'dealing', 'playing'] as const) {
      const ending: Stage = { kind: 'ending', from };
      for (const back of ['lobby', 'dealing', 'playing'] as const) {
        expect(moveStage(ending, { kind: back }).ok).toBe(back === from);
      }
      expect(moveStage(ending, sample('paused')).ok).toBe(from === 'playing');
    }
  });

  it('carries the pause (since when, why) in the stage itself', () => {
    const r = moveStage(sample('playing'), { kind: 'paused', since: 42, reason: 'connection lost' });
    expect(r).toEqual({ ok: true, stage: { kind: 'paused', since: 42, reason: 'connection lost' } });
  });

  it('starts a room built from a stored record in the stage its status says', () => {
    expect(stageOf('lobby')).toEqual({ kind: 'lobby' });
    expect(stageOf('playing')).toEqual({ kind: 'dealing' });
    expect(stageOf('over')).toEqual({ kind: 'finished' });
    expect(stageOf('ended')).toEqual({ kind: 'finished' });
  });

  it('answers the lobby check, the play check and the seat check from the stage alone', () => {
    expect(KINDS.map((k) => lobbyRefusal(sample(k)))).toEqual([
      null,
      'table/already_started',
      'table/already_started',
      'table/already_started',
      'table/over',
      'table/over',
      'table/over',
    ]);
    expect(KINDS.filter((k) => inPlay(sample(k)))).toEqual(['playing']);
    expect(KINDS.filter((k) => seatsHeld(sample(k)))).toEqual(['lobby', 'dealing', 'playing', 'paused']);
  });

  it('counts for the caps as the ledger would: a lobby until its end is committed, a match until it finishes', () => {
    const stages: Stage[] = [
      ...KINDS.map(sample),
      { kind: 'ending', from: 'lobby' },
      { kind: 'ending', from: 'dealing' },
      { kind: 'closed', from: 'lobby' },
    ];
    const counted = stages.map((s) => [s.kind, 'from' in s ? s.from : '', holdsLobby(s), holdsMatch(s)]);
    expect(counted).toEqual([
      ['lobby', '', true, false],
      ['dealing', '', false, true],
      ['playing', '', false, true],
      ['paused', '', false, true],
      ['ending', 'playing', false, true],
      ['finished', '', false, false],
      ['closed', 'playing', false, false],
      ['ending', 'lobby', true, false],
      ['ending', 'dealing', false, true],
      ['closed', 'lobby', false, false],
    ]);
  });
});
