import type { TableFilterItem } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../../db/schema.js';
import { forbidden, notFound } from '../../../plugins/errors.js';
import type { TableContext } from '../tableDefinition.js';

/*
 * Whose work time a viewer sees, as productivity decides it: an agent only their own, every other role with work
 * time (team leads, supervisors, managers, administrators) every agent's; never the seven system accounts.
 */

/** True when the viewer sees only their own rows. */
export const seesOnlyOwnTime = (viewer: UserRow): boolean => viewer.role === 'agent';

/** The user ids a work-time table's rows are limited to, or null for every agent. */
export const ownRowsOnly = (viewer: UserRow): number | null => (seesOnlyOwnTime(viewer) ? viewer.id : null);

/** The agent of an edit: one the viewer may see, not a system account; 404 otherwise (no hint it exists). */
export async function agentOfEdit(db: Kysely<Database>, viewer: UserRow, userId: number): Promise<UserRow> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  if (!user || user.is_system) throw notFound('No such agent.');
  if (seesOnlyOwnTime(viewer) && user.id !== viewer.id) throw forbidden('You may only see your own time.');
  return user;
}

/** Agents filter items: listed agents (an agent only themselves). */
export async function workTimeAgentItems({ db, viewer }: TableContext): Promise<TableFilterItem[]> {
  const rows = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'second_name'])
    .where('is_system', '=', false)
    .where('archived', '=', false)
    .where('role', '!=', 'company_supervisor')
    .$if(seesOnlyOwnTime(viewer), (query) => query.where('id', '=', viewer.id))
    .orderBy('first_name')
    .orderBy('second_name')
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ value: row.id, text: `${row.first_name} ${row.second_name}` }));
}

/** Agent group filter items. */
export async function agentGroupItems({ db }: TableContext): Promise<TableFilterItem[]> {
  const rows = await db.selectFrom('agent_groups').select(['id', 'name']).orderBy('name').orderBy('id').execute();
  return rows.map((row) => ({ value: row.id, text: row.name }));
}

/** `user_id = ANY(ids)` on an id column, for the multiselect filters (values are checked against the items). */
export const idsOf = (value: unknown): number[] => (value as (string | number)[]).map(Number);
