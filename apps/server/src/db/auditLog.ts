import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/** One change as the audit log keeps it: who, what, to which record, and the record before and after. */
export type AuditEntry = {
  actorId: number;
  /** 'user.create', 'campaign.edit'... */
  action: string;
  /** 'user:12', 'campaign:3'... */
  subject: string;
  details: { before: unknown; after: unknown; [more: string]: unknown };
};

/** Writes the entry on `db`: the transaction of the change, so the row and the change land together or not at all. */
export async function writeAudit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
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
