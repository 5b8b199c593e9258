import { z } from 'zod';
import { SHIFT_STATUSES } from '../schedule/constants.js';

/** How many items each home-page list shows; the count says how many there are in all. */
export const HOME_LIST_LIMIT = 5;

const homeShiftSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string().describe("the shift owner's name"),
  status: z.enum(SHIFT_STATUSES),
  start_utc: z.string(),
  end_utc: z.string(),
  sent_for_approval: z.boolean().describe('false: a draft its owner has not sent yet'),
});

const homeDaysOffSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  name: z.string(),
  status: z.enum(['vac_pending', 'vac_cancel_requested']),
  start_utc: z.string(),
  end_utc: z.string(),
  timezone: z.string().describe("the owner's zone: the days off are whole days there"),
});

const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ count: z.number().int().describe('all of them'), items: z.array(item).describe('the first few') });

/** GET /api/home/my_work: the signed-in user's next shifts and their requests still waiting for an answer. */
export const myWorkSchema = z.object({
  next_shifts: listOf(homeShiftSchema).describe('live shifts not yet ended, soonest first'),
  pending_shifts: listOf(homeShiftSchema).describe('own shifts waiting for approval (sent or drafts), soonest first'),
  pending_days_off: listOf(homeDaysOffSchema).describe('own days off waiting for a decision, soonest first'),
});
export type MyWork = z.infer<typeof myWorkSchema>;

/** GET /api/home/to_approve (schedule supervisor): what waits for their decision. */
export const toApproveSchema = z.object({
  pending_shifts: listOf(homeShiftSchema).describe('shifts sent for approval and not ended, soonest first'),
  days_off_requests: listOf(homeDaysOffSchema).describe(
    'days off asked for, or asked to be cancelled, oldest request first',
  ),
});
export type ToApprove = z.infer<typeof toApproveSchema>;
export type HomeShift = z.infer<typeof homeShiftSchema>;
export type HomeDaysOff = z.infer<typeof homeDaysOffSchema>;
