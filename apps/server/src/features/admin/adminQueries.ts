import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listedAgent } from '../users/index.js';

/* Queries both administration repositories make: which rows a form names exist, and who works in which campaign. */

/** Which of these ids are existing rows of `table` (the campaigns, groups or companies a form names). */
export async function existingIds(
  db: Kysely<Database>,
  table: 'campaigns' | 'agent_groups' | 'companies',
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Enables exactly these pairs of campaign_agents on one side (a campaign's agents, or a user's campaigns): the
 * side's other pairs are disabled, their rows kept, so the history of who worked where (and a later re-enable)
 * keeps them.
 */
export async function setEnabledCampaignAgents(
  db: Kysely<Database>,
  side: 'campaign_id' | 'user_id',
  id: number,
  otherIds: readonly number[],
): Promise<void> {
  const other = side === 'campaign_id' ? 'user_id' : 'campaign_id';
  await db
    .updateTable('campaign_agents')
    .set({ is_disabled: true })
    .where(side, '=', id)
    .$if(otherIds.length > 0, (q) => q.where(other, 'not in', [...otherIds]))
    .where('is_disabled', '=', false)
    // The campaign form lists only listed agents: an archived or system user it cannot show keeps their place.
    .$if(side === 'campaign_id', (q) =>
      q.where('user_id', 'in', (users) => users.selectFrom('users').select('users.id').where(listedAgent)),
    )
    .execute();
  if (otherIds.length === 0) return;
  const pair = (otherId: number) =>
    side === 'campaign_id' ? { campaign_id: id, user_id: otherId } : { campaign_id: otherId, user_id: id };
  await db
    .insertInto('campaign_agents')
    .values(otherIds.map((otherId) => ({ ...pair(otherId), is_disabled: false })))
    .onConflict((oc) => oc.columns(['campaign_id', 'user_id']).doUpdateSet({ is_disabled: false }))
    .execute();
}
