import { z } from 'zod';
import { DISPOSITION_BUCKET_IDS, type DispositionBucket } from '../metrics/dispositions.js';
import { CAMPAIGN_TYPES } from './campaigns.js';
import { idSchema, textSchema } from './fields.js';
import { e164Schema, MAX_TRUNK_ITEMS } from './trunks.js';

/*
 * What campaigns offer on their calls (issue 25 item 3), edited by the administration: dispositions (with their
 * category, whether a callback time is needed, whether the caller goes on the do-not-call list, their order) and
 * products (price, currency, commission). campaign_id null: every campaign (of the disposition's type). And the
 * stats sources calls count under, with the centre numbers that give a caller's call its source.
 */

/** The currencies a product may be priced in. */
export const PRODUCT_CURRENCIES = ['CAD', 'USD', 'EUR', 'GBP', 'MXN'] as const;

/** The most cents one price or commission may be (a million dollars). */
export const MAX_PRICE_CENTS = 100_000_000;

const titleSchema = (max: number) =>
  textSchema()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .regex(/^[^\p{Cc}]*$/u, { error: 'must not contain control characters' });

const centsSchema = z
  .number({ error: 'must be an amount in cents' })
  .int({ error: 'must be whole cents' })
  .min(0, { error: 'must not be negative' })
  .max(MAX_PRICE_CENTS, { error: `must be at most ${MAX_PRICE_CENTS} cents` });

export const dispositionBodySchema = z.strictObject({
  title: titleSchema(80),
  /** The campaign it belongs to, or null for every campaign of `campaign_type`. */
  campaign_id: idSchema.nullable(),
  /** Needed when campaign_id is null; otherwise the campaign's type (a different one is refused). */
  campaign_type: z.enum(CAMPAIGN_TYPES, { error: "must be 'inbound' or 'outbound'" }),
  bucket: z.enum(DISPOSITION_BUCKET_IDS as [DispositionBucket, ...DispositionBucket[]], {
    error: 'must be one of the categories',
  }),
  callback_required: z.boolean({ error: 'must be true or false' }),
  adds_to_dnc: z.boolean({ error: 'must be true or false' }),
});
export type DispositionBody = z.input<typeof dispositionBodySchema>;

export const adminDispositionSchema = dispositionBodySchema.extend({
  id: z.number().int(),
  title: z.string(),
  position: z.number().int(),
  archived: z.boolean(),
  in_use: z.boolean(),
});
export type AdminDisposition = z.infer<typeof adminDispositionSchema>;

export const productBodySchema = z.strictObject({
  name: titleSchema(120),
  campaign_id: idSchema.nullable(),
  price_cents: centsSchema,
  currency: z.enum(PRODUCT_CURRENCIES, { error: `must be one of ${PRODUCT_CURRENCIES.join(', ')}` }),
  /** The agent's commission per unit sold; null: the centre's commission rule on the sale's amount. */
  commission_cents: centsSchema.nullable(),
});
export type ProductBody = z.input<typeof productBodySchema>;

export const adminProductSchema = productBodySchema.extend({
  id: z.number().int(),
  name: z.string(),
  currency: z.string(),
  active: z.boolean(),
  in_use: z.boolean(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;

export const statsSourceBodySchema = z.strictObject({
  name: titleSchema(80),
  /** The centre numbers (campaign numbers) whose callers' calls count under this source; moved here from another. */
  numbers: z
    .array(e164Schema, { error: 'must be a list of numbers' })
    .max(MAX_TRUNK_ITEMS, { error: `must have at most ${MAX_TRUNK_ITEMS} numbers` }),
});
export type StatsSourceBody = z.input<typeof statsSourceBodySchema>;

export const adminStatsSourceSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  numbers: z.array(z.string()),
  /** Calls counted under it: it can be renamed, not deleted. */
  in_use: z.boolean(),
});
export type AdminStatsSource = z.infer<typeof adminStatsSourceSchema>;

/** The centre's numbers a stats source may be given, with the source each carries now. */
export const statsSourceNumbersSchema = z.object({
  numbers: z.array(
    z.object({
      phone: z.string(),
      campaign_name: z.string(),
      stats_source_id: z.number().int().nullable(),
      stats_source_name: z.string().nullable(),
    }),
  ),
});
export type StatsSourceNumbers = z.infer<typeof statsSourceNumbersSchema>;
