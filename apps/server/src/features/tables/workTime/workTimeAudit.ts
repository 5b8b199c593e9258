import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

/** An edit's audit entry, written on the edit's transaction so both land or neither: who, what, before and after. */
export async function auditWorkTimeEdit(
  db: Kysely<Database>,
  entry: {
    actorId: number;
    action: string;
    subject: string;
    details: { before: unknown; after: unknown; [more: string]: unknown };
  },
): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      actor_id: entry.actorId,
      action: entry.action,
      subject: entry.subject,
      details: JSON.stringify(entry.details),
    })
    .execute();
}
