import { type Kysely, sql } from 'kysely';

/**
 * Indexes the generic tables sort and filter on (issue 16): the call log's client-phone filter finds a client's calls
 * by time, and the audit log reads newest first within a period.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX calls_client_queued_idx ON calls (client_id, queued_at) WHERE client_id IS NOT NULL;
    CREATE INDEX audit_log_created_idx ON audit_log (created_at);
  `.execute(db);
}
