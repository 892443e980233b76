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
  .transform((s) => s.replace(/[\p{C}]/gu, '').slice(0, 60) || 'a browser');

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

/** POST /api/circles/join */
export const joinCircleSchema = z
  .object({ invite: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'not an invite') })
  .strict();

/** ?family=hk|riichi&from=YYYY-MM-DD&to=YYYY-MM-DD (a season; all time without dates). */
export const leagueQuerySchema = z
  .object({
    family: z.enum(FAMILIES).default('hk'),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
    to: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .optional(),
  })
  .strict();
export type LeagueQuery = z.infer<typeof leagueQuerySchema>;
