import type { PeriodValue, TableFilterItem } from '@shiftline/shared';
import { type RawBuilder, sql } from 'kysely';
import { DateTime } from 'luxon';
import type { TableContext, TableFilterDefinition } from './tableDefinition.js';

/** Filters several tables share. */

/**
 * A period on one timestamp column, both ends included (the date picker sends the first second of the first day and
 * the last second of the last day). By default the last `defaultDays` days in the viewer's zone, today included.
 */
export function periodFilter(options: { column: RawBuilder<unknown>; defaultDays?: number }): TableFilterDefinition {
  const { column, defaultDays } = options;
  return {
    name: 'period',
    text: 'Period',
    type: 'period',
    icon: 'calendar',
    default:
      defaultDays === undefined
        ? undefined
        : ({ viewer, now }: TableContext): PeriodValue => {
            const today = DateTime.fromMillis(now, { zone: viewer.timezone }).startOf('day');
            return {
              start: today.minus({ days: defaultDays - 1 }).toSeconds(),
              end: today.plus({ days: 1 }).toSeconds() - 1,
            };
          },
    apply: (query, value) => {
      const period = value as PeriodValue;
      return query
        .where(sql<boolean>`${column} >= ${new Date(period.start * 1000)}`)
        .where(sql<boolean>`${column} < ${new Date((period.end + 1) * 1000)}`);
    },
  };
}

/** The agents a viewer may filter by: an agent only themselves, the client portal its campaigns' agents. */
export async function agentItems({ db, viewer }: TableContext): Promise<TableFilterItem[]> {
  let query = db
    .selectFrom('users')
    .select(['users.id', 'users.first_name', 'users.second_name'])
    .where('users.role', '=', 'agent')
    .where('users.archived', '=', false)
    .where('users.is_system', '=', false)
    .orderBy('users.first_name')
    .orderBy('users.second_name')
    .orderBy('users.id');
  if (viewer.role === 'agent') query = query.where('users.id', '=', viewer.id);
  if (viewer.role === 'company_supervisor') {
    query = query.where('users.id', 'in', (sub) =>
      sub
        .selectFrom('campaign_agents')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
        .select('campaign_agents.user_id')
        .where('campaigns.company_id', '=', viewer.company_id ?? -1),
    );
  }
  return (await query.execute()).map((user) => ({ value: user.id, text: `${user.first_name} ${user.second_name}` }));
}
