import { z } from 'zod';

/** Error codes the API answers with; each maps to one HTTP status. */
export const ERROR_STATUS = {
  validation_failed: 400,
  not_signed_in: 401,
  invalid_credentials: 401,
  forbidden: 403,
  csrf_failed: 403,
  protected_user: 403,
  /** An administrator reset the password: only changing it (and signing out) is allowed until then. */
  password_change_required: 403,
  not_found: 404,
  conflict: 409,
  vacation_overlap: 409,
  shifts_overlap: 409,
  /** An upload larger than its limit. */
  payload_too_large: 413,
  /** An upload of a kind the route does not read (a lead list that is neither CSV nor XLSX). */
  unsupported_media_type: 415,
  rate_limited: 429,
  /** Too many changes at once (one agent's, or the database's connections all in use): try again in a moment. */
  busy: 429,
  /** A service the request needs (the database, the call recorder) did not answer: try again. */
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});

export type ErrorBody = z.infer<typeof errorBodySchema>;
