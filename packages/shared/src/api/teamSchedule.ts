import { z } from 'zod';
import { BREAK_TYPES, SHIFT_STATUSES } from '../schedule/constants.js';
import { VACATION_REASONS, VACATION_STATUSES } from '../schedule/vacations.js';
import { workingHoursOutSchema } from './campaigns.js';
import { countTextSchema, idListSchema, idSchema, idTextSchema, isoInstantSchema, textSchema } from './fields.js';

const instant = isoInstantSchema;
const idList = idListSchema(2000);

export const teamScheduleQuerySchema = z
  .object({
    start_period: instant('start_period'),
    end_period: instant('end_period'),
    /** Only data points of users with this role. */
    user_role: z.enum(['agent', 'team_lead', 'agent_supervisor', 'campaign_manager']).optional(),
    /** Comma-separated campaign ids: only agents of these campaigns. */
    campaigns: z
      .string()
      .max(2000)
      .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9})*$/, { error: 'must be comma-separated campaign ids' })
      .transform((value) => value.split(',').map(Number))
      .pipe(idListSchema(200))
      .optional(),
  })
  .refine((q) => q.end_period > q.start_period, { path: ['end_period'], error: 'must be after start_period' })
  .refine((q) => q.end_period - q.start_period <= 100 * 86_400_000, {
    path: ['end_period'],
    error: 'must be at most 100 days after start_period',
  });

export const timePointSchema = z.object({
  id: z.number().int(),
  type: z.enum(['shift', 'vacation']),
  status: z.union([z.enum(SHIFT_STATUSES), z.enum(VACATION_STATUSES)]),
  start: z.string(),
  end: z.string(),
  start_utc: z.string(),
  end_utc: z.string(),
  breaks: z.array(z.object({ type: z.enum(BREAK_TYPES), start_utc: z.string(), end_utc: z.string() })),
  free_shift_id: z.number().int().nullable(),
});

export const dataPointSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  userUrl: z.string(),
  user_avatar_url: z.string().nullable(),
  role_name: z.string(),
  starred: z.boolean(),
  bg_color: z.object({ bg: z.string(), text: z.string() }),
  count: z.number().int(),
  time_points: z.array(timePointSchema),
  agent_type: z.string().nullable(),
  agent_group: z.string().nullable(),
  vacations: z.array(timePointSchema),
  campaigns: z.array(z.number().int()),
});
export type DataPoint = z.infer<typeof dataPointSchema>;

export const freeShiftSchema = z.object({
  id: z.number().int(),
  start_utc: z.string(),
  end_utc: z.string(),
  campaigns: z.array(z.number().int()),
  count_agents: z.number().int(),
  accepted: z.number().int(),
  breaks: z.array(z.object({ type: z.enum(BREAK_TYPES), start_utc: z.string(), end_utc: z.string() })),
});

export const teamScheduleSchema = z.object({
  data_points: z.array(dataPointSchema),
  /** Keyed by local date (yyyy-MM-dd) in the viewer's zone. */
  summary: z.record(z.string(), z.object({ count_shifts: z.number().int(), count_vacations: z.number().int() })),
  free_shifts: z.array(freeShiftSchema),
});
export type TeamSchedule = z.infer<typeof teamScheduleSchema>;

export const scheduleCampaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  users: z.array(z.number().int()),
  working_hours: workingHoursOutSchema.describe("Local working hours in the campaign's own zone"),
  /** Shifts of the campaign's agents in the period: approved only, unless the viewer is a schedule supervisor. */
  shifts: z.array(
    z.object({
      id: z.number().int(),
      user_id: z.number().int(),
      status: z.enum(SHIFT_STATUSES),
      start_utc: z.string(),
      end_utc: z.string(),
    }),
  ),
});

export type ScheduleCampaign = z.infer<typeof scheduleCampaignSchema>;

export const campaignsQuerySchemaForSchedule = z
  .object({ start_period: instant('start_period'), end_period: instant('end_period') })
  .refine((q) => q.end_period > q.start_period, { path: ['end_period'], error: 'must be after start_period' });

/** Pages of the days-off list: the size when none is asked for, and the largest. */
export const DEFAULT_DAYS_OFF_PAGE_SIZE = 50;
export const MAX_DAYS_OFF_PAGE_SIZE = 200;

/** GET get_days_off: one page (from 1) of the requests, newest days first. */
export const daysOffQuerySchema = z.object({
  status: z.enum(VACATION_STATUSES).optional(),
  page: countTextSchema.default(1),
  page_size: countTextSchema
    .pipe(z.number().max(MAX_DAYS_OFF_PAGE_SIZE, { error: `must be at most ${MAX_DAYS_OFF_PAGE_SIZE}` }))
    .default(DEFAULT_DAYS_OFF_PAGE_SIZE),
});

export const daysOffEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  user_avatar_url: z.string().nullable(),
  start_utc: z.string(),
  end_utc: z.string(),
  reason: z.string(),
  reason_name: z.string(),
  status: z.enum(VACATION_STATUSES),
  timezone: z.string().describe("the owner's zone: days off are whole days there, whoever views them"),
  created_at: z.string(),
});
export type DaysOffEntry = z.infer<typeof daysOffEntrySchema>;

export const daysOffListSchema = z.object({
  days_off: z.array(daysOffEntrySchema),
  total: z.number().int().describe('requests matching the filter, on every page'),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type DaysOffList = z.infer<typeof daysOffListSchema>;

export const approveAllBodySchema = z.object({ ids: idList.min(1) });
export const cancelShiftBodySchema = z
  .object({ reason: textSchema().trim().max(500).optional() })
  .nullish()
  .transform((body) => body ?? {});

export const freeShiftBodySchema = z.object({
  count_agents: z.number().int().min(1, { error: 'must be above 0' }).max(500),
  campaigns: idListSchema(100).min(1, { error: 'choose at least one campaign' }),
  start: instant('start'),
  end: instant('end'),
  breaks: z.array(z.object({ type: z.enum(BREAK_TYPES), start: instant('start') })).max(5),
});

export type FreeShiftBody = z.input<typeof freeShiftBodySchema>;

export const freeShiftsQuerySchema = z
  .object({ start_period: instant('start_period'), end_period: instant('end_period') })
  .refine((q) => q.end_period > q.start_period, { path: ['end_period'], error: 'must be after start_period' });

const reasonKeys = Object.keys(VACATION_REASONS) as [
  keyof typeof VACATION_REASONS,
  ...(keyof typeof VACATION_REASONS)[],
];

export const createVacationBodySchema = z
  .object({
    user: idSchema.optional(),
    start: instant('start'),
    end: instant('end'),
    reason: z.enum(reasonKeys),
  })
  .refine((body) => body.end > body.start, { path: ['end'], error: 'must be after start' });

/** A new vacation: `start` is the start of the first local day, `end` the start of the day after the last. */
export type NewVacationBody = z.input<typeof createVacationBodySchema>;

/** create_vacation's answer. */
export const createdVacationSchema = z.object({ id: z.number().int(), status: z.string() });
export type CreatedVacation = z.infer<typeof createdVacationSchema>;

export const vacationDecisionBodySchema = z
  .object({
    /** Approve and delete the overlapping shifts without a notice. */
    delete_shifts: z.boolean().optional(),
  })
  .nullish()
  .transform((body) => body ?? {});

export const userDatesParamsSchema = z.object({
  user: idTextSchema,
  start: instant('start'),
  end: instant('end'),
});

/** get_user_shifts_by_dates: a live shift of the user overlapping the period. */
export const datedShiftSchema = z.object({
  id: z.number().int(),
  status: z.string(),
  start_utc: z.string(),
  end_utc: z.string(),
});
export type DatedShift = z.infer<typeof datedShiftSchema>;
/** get_user_vacations_by_dates: approved (or cancel-requested) days off of the user overlapping the period. */
export const datedVacationSchema = datedShiftSchema.extend({ reason: z.string() });
export type DatedVacation = z.infer<typeof datedVacationSchema>;

export const deleteShiftsBodySchema = z.object({ shifts: idList.min(1) });

export const cancelAndNotifyBodySchema = z.object({
  /** The vacation being approved, when the notice is part of a vacation approval. */
  vacation_id: idSchema.optional(),
  shifts: idList,
  /** The ids among `shifts` to offer to other agents as free shifts. */
  free_shifts: idList,
  is_schedule_page: z.boolean().optional(),
});

export const startVacationActionBodySchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('approve'), vacation_id: idSchema }),
  z.object({ action: z.literal('reject_cancellation'), vacation_id: idSchema }),
  z
    .object({
      action: z.literal('add'),
      user: idSchema,
      start: instant('start'),
      end: instant('end'),
      reason: z.enum(reasonKeys),
    })
    .refine((body) => body.end > body.start, { path: ['end'], error: 'must be after start' }),
]);
/** What the schedule supervisor's approval host is asked to open (the server answers with a socket event). */
export type VacationActionBody = z.input<typeof startVacationActionBodySchema>;
