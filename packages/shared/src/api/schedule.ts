import { z } from 'zod';
import { BREAK_TYPES, SHIFT_STATUSES } from '../schedule/constants.js';
import { VACATION_STATUSES } from '../schedule/vacations.js';
import { idListSchema, idSchema, idTextSchema, isoInstantSchema, textSchema } from './fields.js';

const instant = isoInstantSchema;

/** The longest period one schedule request may cover (a month view spans at most six weeks). */
export const MAX_SCHEDULE_PERIOD_DAYS = 100;

export const schedulePeriodQuerySchema = z
  .object({
    start_period: instant('start_period'),
    end_period: instant('end_period'),
    user: idTextSchema.optional(),
  })
  .refine((query) => query.end_period > query.start_period, {
    path: ['end_period'],
    error: 'must be after start_period',
  })
  .refine((query) => query.end_period - query.start_period <= MAX_SCHEDULE_PERIOD_DAYS * 86_400_000, {
    path: ['end_period'],
    error: `must be at most ${MAX_SCHEDULE_PERIOD_DAYS} days after start_period`,
  });

export const breakBodySchema = z.object({ type: z.enum(BREAK_TYPES), start: instant('start') });

export const newShiftBodySchema = z.object({
  start: instant('start'),
  end: instant('end'),
  breaks: z.array(breakBodySchema).max(5),
  notes: textSchema().trim().max(1000).optional(),
  /** A schedule supervisor may plan a shift for someone else. */
  user: idSchema.optional(),
});
export type NewShiftBody = z.input<typeof newShiftBodySchema>;

export const sendForApprovalBodySchema = z
  .object({ shifts: idListSchema(500).optional() })
  // A POST without a body sends everything.
  .nullish()
  .transform((body) => body ?? {});

export const shiftBreakSchema = z.object({ type: z.enum(BREAK_TYPES), start: z.string(), end: z.string() });

export const shiftSchema = z.object({
  id: z.number().int(),
  type: z.literal('shift'),
  user_id: z.number().int(),
  status: z.enum(SHIFT_STATUSES),
  start: z.string().describe("local time in the viewer's zone, ISO 8601 with offset"),
  end: z.string(),
  start_utc: z.string(),
  end_utc: z.string(),
  notes: z.string().nullable(),
  breaks: z.array(shiftBreakSchema),
  reason: z.string().nullable(),
  count: z.number().int().describe("the user's live shifts starting on the same local day"),
  name: z.string(),
  user_avatar_url: z.string().nullable(),
  role_name: z.string(),
  sent_for_approval: z.boolean(),
});
export type Shift = z.infer<typeof shiftSchema>;

export const vacationSchema = z.object({
  id: z.number().int(),
  type: z.literal('vacation'),
  user: z.number().int(),
  start: z.string(),
  end: z.string(),
  start_utc: z.string(),
  end_utc: z.string(),
  reason: z.string(),
  reason_name: z.string(),
  status: z.enum(VACATION_STATUSES),
});
export type Vacation = z.infer<typeof vacationSchema>;

export const userScheduleSchema = z.object({
  shifts: z.array(shiftSchema),
  vacations: z.array(vacationSchema),
  forself: z.boolean().describe('true when the schedule is the viewer’s own'),
  user: z.object({ id: z.number().int(), name: z.string(), timezone: z.string(), display_from: z.string().nullable() }),
});
export type UserSchedule = z.infer<typeof userScheduleSchema>;

/** send_for_approval: the ids of the shifts sent. */
export const sentForApprovalSchema = z.object({ sent: z.array(z.number().int()) });
export type SentForApproval = z.infer<typeof sentForApprovalSchema>;

/** unsent_count: how many of the user's shifts are not sent for approval yet. */
export const unsentCountSchema = z.object({ count: z.number().int() });
export type UnsentCount = z.infer<typeof unsentCountSchema>;
