import { type Kysely, sql } from 'kysely';

/**
 * Blocked numbers (issue 25 item 7): the do-not-call list (numbers in E.164 that the centre never dials and whose
 * calls it refuses) beside the blacklist (clients.blocked, set from the call page), now with who blocked a client
 * and when. A call refused for either is kept as a calls row in the 'blocked' state with its reason, so the call log
 * shows it; it never queues, and the rollups leave it out (rollups/upkeep.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE do_not_call (
      phone text PRIMARY KEY,
      note text,
      created_at timestamptz NOT NULL DEFAULT now(),
      created_by integer REFERENCES users(id) ON DELETE SET NULL
    );

    ALTER TABLE clients
      ADD COLUMN blocked_at timestamptz,
      ADD COLUMN blocked_by integer REFERENCES users(id) ON DELETE SET NULL;
    -- The blacklist is a few rows among millions of clients: its list and its checks read this index only.
    CREATE INDEX clients_blocked_idx ON clients (phone) WHERE blocked;

    ALTER TABLE calls DROP CONSTRAINT calls_status_check;
    ALTER TABLE calls ADD CONSTRAINT calls_status_check
      CHECK (status IN ('queued','offered','dialling','talking','on_hold','after_call','ended','abandoned','blocked'));
    ALTER TABLE calls
      ADD COLUMN block_reason text CHECK (block_reason IN ('blacklist','dnc')),
      ADD CONSTRAINT calls_blocked_has_reason CHECK ((status IS NOT DISTINCT FROM 'blocked') = (block_reason IS NOT NULL));
    -- The call log counts a period's blocked calls beside the rollups' (which leave them out).
    CREATE INDEX calls_blocked_idx ON calls (queued_at) WHERE status = 'blocked';
  `.execute(db);
}
