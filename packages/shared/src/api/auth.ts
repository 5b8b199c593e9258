import { z } from 'zod';
import { ROLES } from '../auth/roles.js';
import { TIME_ZONE_IDS } from '../time/timezones.js';
import { emailSchema, textSchema } from './fields.js';

export const AGENT_CALL_TYPES = ['inbound', 'outbound', 'email'] as const;
export type AgentCallType = (typeof AGENT_CALL_TYPES)[number];

export const loginBodySchema = z.object({
  email: emailSchema,
  password: z.string().min(1, { error: 'is required' }).max(200),
});
export type LoginBody = z.infer<typeof loginBodySchema>;

export const currentUserSchema = z.object({
  id: z.number().int(),
  long_name: z.string(),
  first_name: z.string(),
  second_name: z.string(),
  role: z.enum(ROLES),
  role_name: z.string(),
  avatar_url: z.string().nullable(),
  email: z.string(),
  extension: z.string().nullable(),
  timezone: z.enum(TIME_ZONE_IDS),
  agent_call_type: z.enum(AGENT_CALL_TYPES).nullable(),
  agent_group: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  pay_rate: z.number().int().describe('cents per hour'),
  display_from: z.string().nullable().describe('ISO 8601 UTC; earlier dates are not selectable'),
  crm_id: z.string().nullable(),
  rooms: z.array(z.string()),
  /** An administrator reset the password: the app sends the user to change it before anything else. */
  must_change_password: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

export const sessionResponseSchema = z.object({
  user: currentUserSchema,
  csrf_token: z.string(),
});
export type SessionResponse = z.infer<typeof sessionResponseSchema>;

export const changePasswordBodySchema = z
  .object({
    current_password: z.string().min(1, { error: 'is required' }).max(200),
    new_password: z
      .string()
      .min(8, { error: 'must be at least 8 characters' })
      .max(200, { error: 'must be at most 200 characters' }),
    confirm_password: z.string().max(200),
  })
  .refine((body) => body.new_password === body.confirm_password, {
    path: ['confirm_password'],
    error: 'does not match the new password',
  });
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const editProfileBodySchema = z.object({
  first_name: textSchema().trim().min(1, { error: 'is required' }).max(80),
  second_name: textSchema().trim().min(1, { error: 'is required' }).max(80),
  email: emailSchema,
  extension: z
    .string()
    .trim()
    .regex(/^\d{2,8}$/, { error: 'must be 2 to 8 digits' })
    .nullable(),
  avatar_url: textSchema()
    .trim()
    .max(500)
    .refine((value) => value === '' || /^(https?:\/\/|\/)/.test(value), { error: 'must be a web address' })
    .transform((value) => (value === '' ? null : value))
    .nullable(),
});
export type EditProfileBody = z.input<typeof editProfileBodySchema>;

export const setTimezoneBodySchema = z.object({ timezone: z.enum(TIME_ZONE_IDS) });

export const crmIdCheckSchema = z.object({ message: z.string().nullable() });
export type CrmIdCheck = z.infer<typeof crmIdCheckSchema>;

/** The profile form as the server sends it and answers a save with. */
export const profileFormSchema = z.object({
  first_name: z.string(),
  second_name: z.string(),
  email: z.string(),
  extension: z.string().nullable(),
  avatar_url: z.string().nullable(),
});
export type ProfileForm = z.infer<typeof profileFormSchema>;

/** Signing out: where the page goes next. */
export const logoutResponseSchema = z.object({ status: z.literal('logout'), url: z.string() });
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

/** Signing a user out everywhere: how many of their sessions ended. */
export const forceLogoutResponseSchema = z.object({ status: z.literal('ok'), sessions_ended: z.number().int() });
export type ForceLogoutResponse = z.infer<typeof forceLogoutResponseSchema>;
