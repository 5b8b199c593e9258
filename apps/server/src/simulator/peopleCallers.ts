import { sql } from 'kysely';
import type { DatabaseHandle } from '../db/database.js';

/**
 * Callers for the people trying the demo. The history's traffic follows the campaigns' working windows and is shared
 * with the generated agents, so a person who goes Ready at night, or beside twenty busy simulated colleagues, might
 * wait an hour for a call. A person (anyone Ready whom the simulator is not running through a shift) who has been
 * Ready and idle this long gets a caller of their own on one of their inbound campaigns, open or not.
 */
export const PERSON_IDLE_SECONDS = 10;

/** How often the simulator looks for idle people. */
export const PEOPLE_CHECK_MS = 5_000;

/**
 * People Ready since `idleSince` or earlier with nothing offered, and the inbound campaigns each is enabled on (active,
 * not archived), for the simulator to send a caller to one of them.
 */
export async function idlePeople(
  database: DatabaseHandle,
  simulated: ReadonlySet<number>,
  idleSince: Date,
): Promise<{ userId: number; campaignIds: number[] }[]> {
  const rows = await sql<{ user_id: number; campaign_ids: number[] }>`
    SELECT s.user_id, array_agg(ca.campaign_id ORDER BY ca.campaign_id) AS campaign_ids
    FROM agent_state_log s
      JOIN campaign_agents ca ON ca.user_id = s.user_id AND NOT ca.is_disabled
      JOIN campaigns c ON c.id = ca.campaign_id AND c.type = 'inbound' AND c.active AND NOT c.archived
    WHERE s.end_at IS NULL AND s.state = 'ready' AND s.start_at <= ${idleSince}
    GROUP BY s.user_id`.execute(database.db);
  return rows.rows
    .filter((row) => !simulated.has(row.user_id))
    .map((row) => ({ userId: row.user_id, campaignIds: row.campaign_ids.map(Number) }));
}
