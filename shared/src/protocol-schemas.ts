/**
 * The zod schemas of everything the server receives (`protocol.ts` is the contract they parse
 * into): socket messages, the lobby API's bodies and queries. Kept apart from the contract so
 * that a page importing the types and codes does not load zod; the server parses with these.
 */
import { z } from 'zod';
import { checkDisplayName } from './display-name.js';
import { CLIENT_MESSAGE_TYPES, type ClientMessage, parseJoinCode, type RefusalCode } from './protocol.js';
import { defaultRounds } from './rulesets/index.js';
import { DEFAULT_RULESET, RULESET_IDS } from './rulesets/ids.js';
import type { PlayerAction } from './table-types.js';
import type { TileKind } from './tiles.js';

// ---------------------------------------------------------------------------------------------
// Building blocks

const seatSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
const tileSchema = z
  .number()
  .int()
  .min(0)
  .max(41)
  .transform((n) => n as TileKind);

export const playerActionSchema: z.ZodType<PlayerAction, unknown> = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('discard'),
      tile: tileSchema,
      red: z.boolean().optional(),
      fromHand: z.literal(true).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('chow'),
      tiles: z.tuple([tileSchema, tileSchema, tileSchema]),
      red: z.boolean().optional(),
    })
    .strict(),
  z.object({ type: z.literal('pung'), red: z.boolean().optional() }).strict(),
  z.object({ type: z.literal('kong') }).strict(),
  z.object({ type: z.literal('concealedKong'), tile: tileSchema }).strict(),
  z.object({ type: z.literal('addedKong'), tile: tileSchema }).strict(),
  z.object({ type: z.literal('win') }).strict(),
  z.object({ type: z.literal('pass') }).strict(),
  z
    .object({
      type: z.literal('riichi'),
      tile: tileSchema,
      red: z.boolean().optional(),
      fromHand: z.literal(true).optional(),
    })
    .strict(),
  z.object({ type: z.literal('nineTerminals') }).strict(),
  z.object({ type: z.literal('north') }).strict(),
]) as unknown as z.ZodType<PlayerAction, unknown>;

/** A join code by the rule of `parseJoinCode`: the parsed value is the normalised code. */
export const joinCodeSchema = z.string().transform((raw, ctx) => {
  const code = parseJoinCode(raw);
  if (code !== null) return code;
  ctx.addIssue({ code: 'custom', message: 'not a join code' });
  return z.NEVER;
});

/** A display name by the rule of `checkDisplayName`: the parsed value is the normalised name. */
export const displayNameSchema = z.string().transform((raw, ctx) => {
  const checked = checkDisplayName(raw);
  if (checked.ok) return checked.value;
  ctx.addIssue({ code: 'custom', message: `name: ${checked.error.message}`, params: { code: checked.error.code } });
  return z.NEVER;
});

// ---------------------------------------------------------------------------------------------
// Socket: client to server

export const clientMessageSchema: z.ZodType<ClientMessage, unknown> = z.discriminatedUnion('type', [
  z
    .object({
      type: z.literal('hello'),
      v: z.number().int(),
      code: joinCodeSchema,
      token: z.string().min(1).max(512).optional(),
    })
    .strict(),
  z
    .object({
      type: z.literal('act'),
      seat: seatSchema,
      seq: z.number().int().min(0),
      action: playerActionSchema,
      id: z.number().int().min(0).optional(),
    })
    .strict(),
  z.object({ type: z.literal('sync') }).strict(),
  z.object({ type: z.literal('ping'), t: z.number() }).strict(),
  z.object({ type: z.literal('hand-over') }).strict(),
  z.object({ type: z.literal('lobby'), code: joinCodeSchema }).strict(),
]) as unknown as z.ZodType<ClientMessage, unknown>;

/** Parses one incoming socket payload; unknown types are told apart from malformed ones. */
export function parseClientMessage(
  raw: unknown,
): { ok: true; value: ClientMessage } | { ok: false; code: RefusalCode } {
  const parsed = clientMessageSchema.safeParse(raw);
  if (parsed.success) return { ok: true, value: parsed.data };
  const type = typeof raw === 'object' && raw !== null ? (raw as { type?: unknown }).type : undefined;
  const known = typeof type === 'string' && (CLIENT_MESSAGE_TYPES as readonly string[]).includes(type);
  return { ok: false, code: known ? 'msg/invalid' : 'msg/unknown_type' };
}

// ---------------------------------------------------------------------------------------------
// HTTP API

/** POST /api/tables */
export const createTableRequestSchema = z
  .object({
    ruleset: z.enum(RULESET_IDS).default(DEFAULT_RULESET),
    options: z.record(z.string(), z.unknown()).default({}),
    bots: z.array(seatSchema).max(4).default([]),
    fillWithBots: z.boolean().default(true),
    spectatorsAllowed: z.boolean().default(true),
    spectatorDelay: z.boolean().default(false),
    rounds: z.number().int().min(1).max(4).optional(),
    circleId: z.string().uuid().optional(),
    /**
     * The name the creator will sit under: checked here, before the table exists, so that a
     * name the join would refuse (a direction control, too long) leaves no table without its
     * host's seat counting against the creation limits. Only checked; the join seats.
     */
    hostName: displayNameSchema.optional(),
  })
  .strict()
  .transform(({ hostName: _checked, ...b }) => ({
    ...b,
    rounds: b.rounds ?? defaultRounds(b.ruleset),
  }));

/** POST /api/tables/:code/join */
export const joinRequestSchema = z.object({ name: displayNameSchema, seat: seatSchema.optional() }).strict();

/** POST /api/tables/:code/bot (host) */
export const botRequestSchema = z
  .object({
    seat: seatSchema,
    /** An outside AI by its name in the server's list (`GET /api/ai`); the built-in bot without. */
    ai: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,32}$/)
      .optional(),
  })
  .strict();

/** GET /api/matches?page=&limit= */
export const matchListQuerySchema = z
  .object({
    page: z.coerce.number().int().min(1).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();
