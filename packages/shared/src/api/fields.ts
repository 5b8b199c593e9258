import { z } from 'zod';

/**
 * Building blocks of every request schema. Each closes a class of input that zod would pass and PostgreSQL
 * would refuse with an error (a 500): ids past its `integer`, NUL characters in text, instants it or
 * JavaScript cannot hold. Request schemas use these, never a bare `z.number()` for an id.
 */

/** PostgreSQL's `integer`, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** The instants the API accepts, as milliseconds: 1970 up to the end of 2099, far beyond any schedule. */
export const EARLIEST_INSTANT_MS = Date.UTC(1970, 0, 1);
export const LATEST_INSTANT_MS = Date.UTC(2100, 0, 1) - 1;
const INSTANT_RANGE = 'must be between 1970 and 2099';

/** An id in a JSON body. */
export const idSchema = z
  .number({ error: 'must be an id' })
  .int({ error: 'must be a whole number' })
  .min(1, { error: 'must be a positive id' })
  .max(MAX_ID, { error: `must be at most ${MAX_ID}` });

/** An id in a path or query string: decimal digits only, so '0x10', '1e3', '1.0' or ' 7' are refused, not read. */
export const idTextSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a positive id in decimal digits' })
  .transform(Number)
  .pipe(idSchema);

/** A page number or size in a query string: decimal digits only, as ids are, with its own wording. */
export const countTextSchema = z
  .string()
  .regex(/^[1-9][0-9]{0,9}$/, { error: 'must be a positive whole number in decimal digits' })
  .transform(Number)
  .pipe(z.number().max(MAX_ID, { error: `must be at most ${MAX_ID}` }));

/** A list of ids in a JSON body. */
export const idListSchema = (max: number) =>
  z.array(idSchema, { error: 'must be a list of ids' }).max(max, { error: `must have at most ${max} ids` });

/** Text that is stored: PostgreSQL refuses the NUL character, so it is refused here. Chain `.trim()`, `.max()`. */
export const textSchema = () => z.string().regex(/^[^\0]*$/, { error: 'must not contain NUL characters' });

/** An email address as typed (trimmed, lower-cased). */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(254, { error: 'must be at most 254 characters' })
  .pipe(z.email({ error: 'must be an email address' }));

/** An ISO 8601 date-time with an offset, read as milliseconds since 1970. */
export const isoInstantSchema = (name: string) =>
  z.iso
    .datetime({ offset: true, error: `${name} must be an ISO 8601 date-time` })
    .transform((value) => Date.parse(value))
    .pipe(
      z
        .number()
        .min(EARLIEST_INSTANT_MS, { error: `${name} ${INSTANT_RANGE}` })
        .max(LATEST_INSTANT_MS, { error: `${name} ${INSTANT_RANGE}` }),
    );

/** Unix seconds, as the date pickers of the dashboards send them. */
export const unixSecondsSchema = z
  .number({ error: 'must be Unix seconds' })
  .int({ error: 'must be whole seconds' })
  .min(EARLIEST_INSTANT_MS / 1000, { error: INSTANT_RANGE })
  .max(Math.floor(LATEST_INSTANT_MS / 1000), { error: INSTANT_RANGE });

/** A calendar date (yyyy-MM-dd). */
export const isoDateSchema = (name: string) =>
  z.iso
    .date({ error: `${name} must be a date (yyyy-MM-dd)` })
    .refine((value) => value >= '1970-01-01' && value <= '2099-12-31', { error: `${name} ${INSTANT_RANGE}` });

/**
 * The range check of a body with `start` and `end` (Unix seconds, both included), for `superRefine`: the end is not
 * before the start, and the two are at most `maxDays` days apart.
 */
export const refineUnixRange =
  (maxDays: number) =>
  (body: { start: number; end: number }, context: z.RefinementCtx): void => {
    if (body.end < body.start) context.addIssue({ code: 'custom', path: ['end'], message: 'must not be before start' });
    if (body.end - body.start > maxDays * 86_400) {
      context.addIssue({ code: 'custom', path: ['end'], message: `must be within ${maxDays} days of start` });
    }
  };

/** Path parameters naming one row. */
export const idParamSchema = z.object({ id: idTextSchema });
export const userIdParamSchema = z.object({ userId: idTextSchema });

/** The answer of a call that has nothing else to say. */
export const okSchema = z.object({ status: z.literal('ok') });
export type Ok = z.infer<typeof okSchema>;
