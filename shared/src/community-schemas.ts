/**
 * The zod schemas of the requests about players, circles and the league (`community.ts` is the
 * contract they parse into). Kept apart from the contract so that the pages do not load zod.
 */
import { z } from 'zod';
import { FAMILIES, PLAYER_COLOURS, TRANSFER_CODE_ALPHABET, TRANSFER_CODE_LENGTH } from './community.js';
import { displayNameSchema } from './protocol-schemas.js';

export const playerColourSchema = z.enum(PLAYER_COLOURS);

/** A device's label, as the browser describes itself (shortened, never shown to others). */
const deviceLabelSchema = z
  .string()
  .max(200)
  // Shortened by characters, not UTF-16 units: a cut through an emoji's pair would leave half a
  // character, which the database will not store.
  .transform(
    (s) =>
      Array.from(s.replace(/[\p{C}]/gu, ''))
        .slice(0, 60)
        .join('') || 'a browser',
  );

/** POST /api/players: the first visit. Both fields optional (a name is made up otherwise). */
export const createPlayerSchema = z
  .object({
    name: displayNameSchema.optional(),
    colour: playerColourSchema.optional(),
    device: deviceLabelSchema.optional(),
  })
  .strict();

/** POST /api/me: rename, recolour. */
export const updatePlayerSchema = z
  .object({ name: displayNameSchema.optional(), colour: playerColourSchema.optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.colour !== undefined, 'name or colour');

/** POST /api/players/transfer: this browser becomes a device of the code's player. */
export const useTransferSchema = z
  .object({
    code: z
      .string()
      .transform((s) => s.toUpperCase().replace(/[\s-]/g, ''))
      .pipe(
        z.string().regex(new RegExp(`^[${TRANSFER_CODE_ALPHABET}]{${TRANSFER_CODE_LENGTH}}$`), 'not a transfer code'),
      ),
    device: deviceLabelSchema.optional(),
  })
  .strict();

const circleNameSchema = displayNameSchema;

/** POST /api/circles */
export const createCircleSchema = z.object({ name: circleNameSchema }).strict();

/** POST /api/circles/:id/settings (owner) */
export const circleSettingsSchema = z
  .object({
    name: circleNameSchema.optional(),
    /** Money per point for Hong Kong tables (null: points only). */
    stakePerPoint: z.number().min(0).max(1_000_000).nullable().optional(),
    currency: z
      .string()
      .max(8)
      .regex(/^[\p{L}\p{Sc}$ .]*$/u, 'a currency label of letters or a currency sign')
      .nullable()
      .optional(),
  })
  .strict();

/** POST /api/circles/:id/invite (owner): a new invite (the old one stops working) or none. */
export const inviteActionSchema = z.object({ action: z.enum(['rotate', 'revoke']) }).strict();

/** POST /api/circles/:id/remove: the member the owner removes. */
export const removeMemberSchema = z.object({ playerId: z.string().uuid('not a player') }).strict();

/** POST /api/circles/join */
export const joinCircleSchema = z
  .object({ invite: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not an invite') })
  .strict();

/**
 * A day of the calendar as YYYY-MM-DD, from 1970 to 2999: a date that does not exist (2024-02-30)
 * is refused, not rolled over, and the years a league can span keep its months to four digits.
 */
const seasonDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
  }, 'must be a day of the calendar')
  .refine((s) => s >= '1970-01-01' && s <= '2999-12-31', 'must be a day from 1970 to 2999');

/** ?family=hk|riichi&from=YYYY-MM-DD&to=YYYY-MM-DD (a season; all time without dates). */
export const leagueQuerySchema = z
  .object({
    family: z.enum(FAMILIES).default('hk'),
    from: seasonDay.optional(),
    to: seasonDay.optional(),
  })
  .strict();
export type LeagueQuery = z.infer<typeof leagueQuerySchema>;
