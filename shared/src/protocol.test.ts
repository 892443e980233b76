import { describe, expect, it } from 'vitest';
import {
  CLIENT_MESSAGE_TYPES,
  type ClientMessage,
  type CreateTableRequest,
  PROTOCOL_VERSION,
  parseJoinCode,
  REFUSAL_CODES,
} from './protocol.js';
import { createTableRequestSchema, joinCodeSchema, joinRequestSchema, parseClientMessage } from './protocol-schemas.js';

describe('parseClientMessage', () => {
  const good: ClientMessage[] = [
    { type: 'hello', v: PROTOCOL_VERSION, code: 'ABC234' },
    { type: 'hello', v: PROTOCOL_VERSION, code: 'ABC234', token: 't.o.k' },
    { type: 'act', seat: 2, seq: 5, action: { type: 'discard', tile: 33 as never }, id: 7 },
    { type: 'act', seat: 0, seq: 0, action: { type: 'chow', tiles: [0, 1, 2] as never } },
    { type: 'act', seat: 3, seq: 1, action: { type: 'pass' } },
    { type: 'act', seat: 1, seq: 4, action: { type: 'discard', tile: 4 as never, red: true } },
    { type: 'act', seat: 1, seq: 4, action: { type: 'riichi', tile: 13 as never, red: false } },
    { type: 'act', seat: 1, seq: 4, action: { type: 'chow', tiles: [12, 13, 14] as never, red: true } },
    { type: 'act', seat: 1, seq: 4, action: { type: 'pung', red: false } },
    { type: 'act', seat: 2, seq: 9, action: { type: 'north' } },
    { type: 'sync' },
    { type: 'ping', t: 12 },
  ];
  it.each(good)('accepts %j', (msg) => {
    const r = parseClientMessage(msg);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toEqual(msg);
  });

  it('upper-cases and trims join codes', () => {
    const r = parseClientMessage({ type: 'hello', v: 1, code: ' abc234 ' });
    expect(r.ok && r.value.type === 'hello' && r.value.code).toBe('ABC234');
  });

  const unknown: unknown[] = [
    null,
    42,
    'hello',
    [],
    {},
    { type: 'admin' },
    { type: 'HELLO', v: 1, code: 'ABC234' },
    { type: 7 },
  ];
  it.each(unknown)('calls %j an unknown type', (raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'msg/unknown_type' });
  });

  const malformed: unknown[] = [
    { type: 'hello', v: 1 },
    { type: 'hello', v: 1, code: 'ABC23' },
    { type: 'hello', v: 1, code: 'ABCO23' }, // O is not in the alphabet
    { type: 'hello', v: '1', code: 'ABC234' },
    { type: 'act', seat: 4, seq: 1, action: { type: 'pass' } },
    { type: 'act', seat: 0, seq: -1, action: { type: 'pass' } },
    { type: 'act', seat: 0, seq: 1.5, action: { type: 'pass' } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'discard', tile: 42 } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'discard' } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'chow', tiles: [1, 2] } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'steal' } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'pass', extra: 1 } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'discard', tile: 4, red: 'yes' } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'chow', tiles: [3, 4, 5], red: 'yes' } },
    { type: 'act', seat: 0, seq: 1, action: { type: 'pung', red: 0 } },
    // Kongs take every copy of their kind: nothing to name.
    { type: 'act', seat: 0, seq: 1, action: { type: 'kong', red: true } },
    // A North set aside names nothing either (it is the North, whichever copy).
    { type: 'act', seat: 0, seq: 1, action: { type: 'north', tile: 30 } },
    { type: 'act', seq: 1, action: { type: 'pass' } },
    { type: 'sync', now: true },
    { type: 'ping' },
  ];
  it.each(malformed)('calls %j invalid', (raw) => {
    expect(parseClientMessage(raw)).toEqual({ ok: false, code: 'msg/invalid' });
  });

  it('knows every message type it declares', () => {
    expect(new Set(CLIENT_MESSAGE_TYPES).size).toBe(CLIENT_MESSAGE_TYPES.length);
    expect(REFUSAL_CODES).toContain('act/stale_seq');
  });
});

describe('HTTP schemas', () => {
  it('fills defaults of a table request', () => {
    const r = createTableRequestSchema.parse({});
    expect(r).toEqual({
      ruleset: 'hk-new',
      options: {},
      bots: [],
      fillWithBots: true,
      spectatorsAllowed: true,
      spectatorDelay: false,
      rounds: 4,
    });
  });
  it("types a request's options by its ruleset, from the descriptor (checked by `npm run typecheck`)", () => {
    const requests: CreateTableRequest[] = [
      { ruleset: 'riichi-modern', options: { redFives: 0, turnSeconds: 30, uma: [20, 10, -10, -20] } },
      { ruleset: 'riichi', options: { akaDora: true, claimSeconds: 0.5 } },
      { ruleset: 'hk-new', options: { minFaan: 1, bankruptcyPoints: 500 } },
      // @ts-expect-error riichi-modern counts its red fives (`redFives`), riichi's seed table has `akaDora`
      { ruleset: 'riichi-modern', options: { akaDora: true } },
      // @ts-expect-error a riichi table ends on a negative score (`bustEnds`), not by `bankruptcyPoints`
      { ruleset: 'riichi', options: { bankruptcyPoints: 500 } },
      // @ts-expect-error a clock is a number of seconds
      { ruleset: 'hk-old', options: { turnSeconds: '20' } },
    ];
    // What the wire schema lets through is the record as sent; the values' bounds are checked at creation.
    for (const r of requests.slice(0, 3)) expect(createTableRequestSchema.parse(r).options).toEqual(r.options);
  });
  it('refuses unknown fields and rulesets', () => {
    expect(createTableRequestSchema.safeParse({ ruleset: 'zung-jung' }).success).toBe(false);
    // Riichi tables are offered; their match is east and south (2 rounds) unless said.
    expect(createTableRequestSchema.parse({ ruleset: 'riichi-modern' }).rounds).toBe(2);
    expect(createTableRequestSchema.parse({ ruleset: 'riichi', rounds: 1 }).rounds).toBe(1);
    expect(createTableRequestSchema.parse({}).rounds).toBe(4);
    expect(createTableRequestSchema.safeParse({ cheat: true }).success).toBe(false);
  });
  it('trims names and refuses empty or long ones', () => {
    expect(joinRequestSchema.parse({ name: '  Ann ' })).toEqual({ name: 'Ann' });
    expect(joinRequestSchema.safeParse({ name: '   ' }).success).toBe(false);
    expect(joinRequestSchema.safeParse({ name: 'x'.repeat(25) }).success).toBe(false);
  });
  it('normalises join codes', () => {
    expect(joinCodeSchema.parse('xyz789')).toBe('XYZ789');
    expect(joinCodeSchema.safeParse('XYZ78I').success).toBe(false);
    expect(parseJoinCode(' xyz789 ')).toBe('XYZ789');
    for (const bad of ['XYZ78I', 'XYZ78', 'XYZ7890', 'XY Z78', 'XYZ78O', 'XYZ781'])
      expect(parseJoinCode(bad)).toBeNull();
  });
});

describe('types', () => {
  it('types every message so that wrong payloads do not compile', () => {
    const ok: ClientMessage[] = [
      { type: 'act', seat: 1, seq: 3, action: { type: 'pung' } },
      { type: 'hello', v: PROTOCOL_VERSION, code: 'ABC234' },
    ];
    const wrong: unknown[] = [
      // @ts-expect-error seat 4 does not exist
      { type: 'act', seat: 4, seq: 3, action: { type: 'pung' } } satisfies ClientMessage,
      // @ts-expect-error an act needs its seq
      { type: 'act', seat: 1, action: { type: 'pass' } } satisfies ClientMessage,
      // @ts-expect-error no such action
      { type: 'act', seat: 1, seq: 0, action: { type: 'steal' } } satisfies ClientMessage,
      // @ts-expect-error no such message
      { type: 'admin' } satisfies ClientMessage,
    ];
    // What the compiler refuses, the schema refuses too.
    for (const m of ok) expect(parseClientMessage(m).ok).toBe(true);
    for (const m of wrong) expect(parseClientMessage(m).ok).toBe(false);
  });
});
