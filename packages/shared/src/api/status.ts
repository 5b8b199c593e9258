import { z } from 'zod';
import { idSchema, textSchema } from './fields.js';

/** A status as the top bar and its menu draw it: its name, title, icon and background colour. */
const statusLookSchema = z.object({
  name: z.string(),
  title: z.string(),
  icon: z.string(),
  bgc: z.string(),
});

/** One status as the top bar draws it (operations spec §3 Status). */
export const statusViewSchema = statusLookSchema.extend({
  /** Seconds in this status when the answer was made; the top bar counts on from it. */
  timer: z.number().int(),
  status_start_at: z.string(),
  sip_register: z.boolean(),
});
export type StatusView = z.infer<typeof statusViewSchema>;

/** A status the agent may move to, in the menu's order. */
export const statusTransitionSchema = statusLookSchema.extend({ priority: z.number().int() });
export type StatusTransition = z.infer<typeof statusTransitionSchema>;

/** GET /api/status/get_current_status_info and the answer of set_new_status. */
export const currentStatusInfoSchema = z.object({
  status: statusViewSchema,
  status_transitions: z.array(statusTransitionSchema),
  /** The live call that holds the agent (ringing, on call, on hold, after-call work), if any. */
  call_id: z.number().int().nullable(),
});
export type CurrentStatusInfo = z.infer<typeof currentStatusInfoSchema>;

export const setNewStatusBodySchema = z.object({
  status_name: textSchema()
    .trim()
    .min(1, { error: 'must name a status' })
    .max(64, { error: 'must be at most 64 characters' }),
  /** The call whose after-call form chose this status: closing the form ends that call. */
  call_id: idSchema.nullish(),
});
export type SetNewStatusBody = z.infer<typeof setNewStatusBodySchema>;
