import { z } from 'zod';

/*
 * Bulk user import (issue 25 item 8): a CSV (or XLSX) of users, one per row, read by its header. The browser first
 * sends it to be checked (nothing written: each line's errors), then to be imported, all or nothing, or only its
 * good lines.
 */

/** The most users one file may create. */
export const USER_IMPORT_MAX_ROWS = 5000;

/** The header names each column may have (compared loosely: case, spaces, '_' and '-' ignored). */
export const USER_IMPORT_COLUMNS = {
  name: ['name', 'full name'],
  first_name: ['first name', 'first', 'given name'],
  last_name: ['last name', 'last', 'surname', 'second name'],
  email: ['email', 'e-mail', 'email address'],
  role: ['role'],
  group: ['group', 'agent group', 'team'],
  company: ['company', 'client company'],
  campaigns: ['campaigns', 'campaign'],
  timezone: ['time zone', 'timezone', 'zone'],
  extension: ['extension', 'ext'],
  pay_rate: ['pay rate', 'rate', 'hourly rate'],
  crm_id: ['crm id', 'crm'],
  call_type: ['call type', 'type'],
} as const;

export const userImportOptionsSchema = z.strictObject({
  /** Check the file and write nothing (the preview). */
  dry_run: z.boolean({ error: 'must be true or false' }),
  /** all: nothing is written when a line is bad; good_lines: the good lines are written, the bad ones reported. */
  mode: z.enum(['all', 'good_lines'], { error: "must be 'all' or 'good_lines'" }),
});
export type UserImportOptions = z.input<typeof userImportOptionsSchema>;

export const userImportResultSchema = z.object({
  rows: z.number().int(),
  /** The lines with what is wrong with each (all of them, in file order). */
  errors: z.array(z.object({ line: z.number().int(), reason: z.string() })),
  /** The first rows as they will be created (a preview), or as they were (an import). */
  users: z.array(
    z.object({
      line: z.number().int(),
      email: z.string(),
      name: z.string(),
      role: z.string(),
      id: z.number().int().nullable(),
      extension: z.string().nullable(),
      /** Shown once: the user must change it at their first sign-in. */
      temporary_password: z.string().nullable(),
    }),
  ),
  created: z.number().int(),
});
export type UserImportResult = z.infer<typeof userImportResultSchema>;
