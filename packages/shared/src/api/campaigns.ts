import { z } from 'zod';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { WEEKDAY_NAMES, type WorkingHours } from '../time/workingHours.js';

export const CAMPAIGN_TYPES = ['inbound', 'outbound'] as const;
export type CampaignType = (typeof CAMPAIGN_TYPES)[number];

/** The most holiday closures one campaign keeps (a few years' worth; past ones can be removed). */
export const MAX_HOLIDAYS = 200;

const OPEN_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;
const CLOSE_TIME = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;

const dayHoursSchema = z
  .strictObject({
    open: z.string({ error: "must be a time 'HH:mm'" }).regex(OPEN_TIME, { error: "must be a time 'HH:mm'" }),
    close: z
      .string({ error: "must be a time 'HH:mm' or '24:00'" })
      .regex(CLOSE_TIME, { error: "must be a time 'HH:mm' or '24:00'" }),
  })
  .nullable()
  .superRefine((day, context) => {
    if (day && day.open === day.close) {
      context.addIssue({ code: 'custom', path: ['close'], message: 'must differ from the opening time' });
    }
  });

/** A calendar date that exists (2026-02-30 does not). */
const localDateSchema = z
  .string({ error: 'must be a date yyyy-MM-dd' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date yyyy-MM-dd' })
  .refine(
    (date) => {
      // Checked even after the pattern failed: text that is no date at all must not throw here.
      const parsed = Date.parse(`${date}T00:00:00Z`);
      return !Number.isNaN(parsed) && new Date(parsed).toISOString().startsWith(date);
    },
    { error: 'is not a real date' },
  );

/**
 * Working hours as a campaign stores them (shared/time/workingHours.ts has the rule): its zone, one window a weekday
 * (Monday first; null closed; a close not after the open runs past midnight), holiday closures by local date.
 */
export const workingHoursSchema = z
  .strictObject({
    time_zone: z.enum(TIME_ZONE_IDS, { error: 'must be one of the supported time zones' }),
    weekly: z
      .array(dayHoursSchema, { error: `must list the ${WEEKDAY_NAMES.length} weekdays` })
      .length(7, { error: 'must list the 7 weekdays, Monday first' }),
    holidays: z
      .array(
        z.strictObject({
          date: localDateSchema,
          name: z
            .string()
            .trim()
            .max(100, { error: 'must be at most 100 characters' })
            .regex(/^\P{Cc}*$/u, { error: 'must not contain control characters' })
            .transform((name) => (name === '' ? null : name))
            .nullable()
            .optional()
            .transform((name) => name ?? null),
        }),
        { error: 'must be a list of dates' },
      )
      .max(MAX_HOLIDAYS, { error: `must hold at most ${MAX_HOLIDAYS} dates` }),
  })
  .superRefine((hours, context) => {
    const seen = new Set<string>();
    hours.holidays.forEach((holiday, index) => {
      if (seen.has(holiday.date)) {
        context.addIssue({ code: 'custom', path: ['holidays', index, 'date'], message: 'is listed twice' });
      }
      seen.add(holiday.date);
    });
  })
  .transform(
    (hours): WorkingHours => ({
      ...hours,
      holidays: [...hours.holidays].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)),
    }),
  );
export type WorkingHoursBody = z.input<typeof workingHoursSchema>;

/** Working hours as the API answers them (the rule's input). */
export const workingHoursOutSchema = z.object({
  time_zone: z.string(),
  weekly: z.array(z.object({ open: z.string(), close: z.string() }).nullable()),
  holidays: z.array(z.object({ date: z.string(), name: z.string().nullable() })),
});

export const campaignSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  type: z.enum(CAMPAIGN_TYPES),
  archived: z.boolean(),
  active: z.boolean(),
  company: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  working_hours: workingHoursOutSchema.describe("Local working hours in the campaign's own zone"),
  agents_count: z.number().int(),
});
export type Campaign = z.infer<typeof campaignSchema>;

export const campaignsQuerySchema = z.object({
  type: z.enum(CAMPAIGN_TYPES, { error: 'must be inbound or outbound' }).optional(),
});

export const campaignListSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  unique_name: z.string(),
  campaigns: z.array(z.object({ id: z.number().int(), name: z.string() })),
});

/** The warning about campaigns without active agents (null when there is nothing to say). */
export const noticeSchema = z.object({ notice_body: z.string().nullable() });
export type CampaignsNotice = z.infer<typeof noticeSchema>;
