import { DEFAULT_TIME_ZONE, emailSchema } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { hashPassword } from '../features/users/index.js';

export const administratorSchema = z.object({
  email: emailSchema,
  // The same floor as changing a password in the app.
  password: z.string().min(8, { error: 'must be at least 8 characters' }).max(200),
  role: z.enum(['administrator', 'super_admin'], { error: 'must be administrator or super_admin' }),
  firstName: z.string().trim().min(1, { error: 'is required' }).max(100),
  lastName: z.string().trim().max(100),
});

export type NewAdministrator = z.input<typeof administratorSchema>;

export class CreateAdministratorError extends Error {}

/**
 * Creates a signing-in administrator: how a production database, which gets no demo accounts, gets its first user.
 * Refuses an email already taken rather than changing someone's password behind their back.
 */
export async function createAdministrator(
  db: Kysely<Database>,
  input: NewAdministrator,
): Promise<{ id: number; email: string }> {
  const parsed = administratorSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new CreateAdministratorError(`${String(issue?.path[0] ?? 'input')} ${issue?.message ?? 'is invalid'}`);
  }
  const admin = parsed.data;
  const taken = await db
    .selectFrom('users')
    .select('id')
    .where(sql<string>`lower(email)`, '=', admin.email)
    .executeTakeFirst();
  if (taken)
    throw new CreateAdministratorError(`A user with the email ${admin.email} already exists (id ${taken.id}).`);
  return db
    .insertInto('users')
    .values({
      email: admin.email,
      password_hash: await hashPassword(admin.password),
      first_name: admin.firstName,
      second_name: admin.lastName,
      role: admin.role,
      agent_group_id: null,
      company_id: null,
      extension: null,
      timezone: DEFAULT_TIME_ZONE,
      agent_call_type: null,
      avatar_url: null,
      crm_id: null,
      display_from: null,
    })
    .returning(['id', 'email'])
    .executeTakeFirstOrThrow();
}
