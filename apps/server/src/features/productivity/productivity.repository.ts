import { type ActivityRecord, type BucketRange, COUNTED_STATE_IDS, PAID_STATE_IDS } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { foldRollupBacklog, grainedRows, hourOfDayRows } from '../../rollups/index.js';
import { listedAgent } from '../users/index.js';

export type ProductivityAgentRow = { id: number; first_name: string; second_name: string; pay_rate_cents: number };

export type AgentTimeFilter = {
  agentIds: readonly number[];
  range: BucketRange;
  /** Only buckets starting in these local hours of day count (the time-of-day filter); null: every hour. */
  localHours: readonly number[] | null;
  /** Only these campaigns count; null: every campaign. */
  campaignIds: readonly number[] | null;
};

/**
 * One agent's capped seconds per state (the states that count anywhere; see COUNTED_STATE_IDS) and the commissions
 * of their sold leads, under the same filters.
 */
export type AgentProductivitySums = {
  userId: number;
  states: ActivityRecord[];
  /** Seconds in the paid states (Billable Work, Productive, Unproductive). */
  paidSeconds: number;
  commissionCents: number;
};

/** What an agent's pay over a whole period rests on. */
export type PayBasis = { paidSeconds: number; commissionCents: number };

const intArray = (ids: readonly number[]) => sql`${sql.val([...ids])}::int[]`;

const stateSums = sql.join(COUNTED_STATE_IDS.map((state) => sql`sum(${sql.ref(`r.${state}`)}) AS ${sql.ref(state)}`));
const paidSum = sql`sum(${sql.join(
  PAID_STATE_IDS.map((state) => sql.ref(`r.${state}`)),
  sql` + `,
)})`;

/** The rollup columns the sums below read (the campaign only where a campaign filter needs it). */
const SUMMED_COLUMNS = ['user_id', ...new Set<string>([...COUNTED_STATE_IDS, ...PAID_STATE_IDS]), 'commission_cents'];

/** Kysely queries only: listable agents, the productivity rollup (time and commissions) and agent payments. */
export function createProductivityRepository(db: Kysely<Database>) {
  const listableAgents = () =>
    db.selectFrom('users').select(['id', 'first_name', 'second_name', 'pay_rate_cents']).where(listedAgent);

  /** The agents' payments whose whole period lies within [firstDay, lastDay] (yyyy-MM-dd, both included). */
  const paymentsWithin = (agentIds: readonly number[], firstDay: string, lastDay: string) =>
    db
      .selectFrom('agent_payments as p')
      .where(sql<boolean>`p.user_id = ANY(${intArray(agentIds)})`)
      .where('p.period_start', '>=', firstDay)
      .where('p.period_end', '<=', lastDay);

  return {
    /** Agents any list shows (not archived, not a system account, a call-taking role); all when `ids` is null. */
    listAgents: (ids: readonly number[] | null): Promise<ProductivityAgentRow[]> =>
      listableAgents()
        .$if(ids !== null, (query) => query.where(sql<boolean>`id = ANY(${intArray(ids ?? [])})`))
        .orderBy('first_name')
        .orderBy('second_name')
        .orderBy('id')
        .execute(),

    findAgent: (id: number): Promise<ProductivityAgentRow | undefined> =>
      db
        .selectFrom('users')
        .select(['id', 'first_name', 'second_name', 'pay_rate_cents'])
        .where('id', '=', id)
        .executeTakeFirst(),

    /**
     * Capped seconds per agent and state, and commissions, after the time-of-day and campaign filters. Without an
     * hour filter a year reads whole months and days and hours only at its edges; with one, the month × hour-of-day,
     * week × hour-of-day and hour rows of the hours that pass (without a campaign filter, summed over campaigns).
     */
    async productivitySums(filter: AgentTimeFilter): Promise<AgentProductivitySums[]> {
      if (filter.agentIds.length === 0) return [];
      await foldRollupBacklog(db);
      const byCampaign = filter.campaignIds !== null;
      const rows =
        filter.localHours === null
          ? grainedRows('agent_productivity_rollups', filter.range)
          : hourOfDayRows(
              // Without a campaign filter, the rows summed over campaigns: one per agent, not one per campaign worked.
              byCampaign ? 'agent_productivity_rollups' : 'agent_hour_of_day_rollups',
              filter.range,
              filter.localHours,
              byCampaign ? [...SUMMED_COLUMNS, 'campaign_id'] : SUMMED_COLUMNS,
            );
      const conditions = [sql`r.user_id = ANY(${intArray(filter.agentIds)})`];
      if (filter.campaignIds !== null) conditions.push(sql`r.campaign_id = ANY(${intArray(filter.campaignIds)})`);
      const result = await sql<Record<string, string> & { user_id: number }>`
        SELECT r.user_id, ${stateSums}, ${paidSum} AS paid_seconds, sum(r.commission_cents) AS commission_cents
        FROM ${rows}
        WHERE ${sql.join(conditions, sql` AND `)}
        GROUP BY r.user_id`.execute(db);
      return result.rows.map((row) => ({
        userId: Number(row.user_id),
        states: COUNTED_STATE_IDS.map((state) => ({ state, seconds: Number(row[state] ?? 0) })),
        paidSeconds: Number(row.paid_seconds),
        commissionCents: Number(row.commission_cents),
      }));
    },

    /** Paid seconds and commissions per agent over the whole range, whatever hours or campaigns the charts show. */
    async payBasis(agentIds: readonly number[], range: BucketRange): Promise<Map<number, PayBasis>> {
      if (agentIds.length === 0) return new Map();
      await foldRollupBacklog(db);
      const result = await sql<{ user_id: number; paid: string; commission_cents: string }>`
        SELECT r.user_id, ${paidSum} AS paid, sum(r.commission_cents) AS commission_cents
        FROM ${grainedRows('agent_productivity_rollups', range)}
        WHERE r.user_id = ANY(${intArray(agentIds)})
        GROUP BY r.user_id`.execute(db);
      return new Map(
        result.rows.map((row) => [
          Number(row.user_id),
          { paidSeconds: Number(row.paid), commissionCents: Number(row.commission_cents) },
        ]),
      );
    },

    /** How many of the agents' payments lie wholly within [firstDay, lastDay], and their hourly + statutory + commissions. */
    async paymentTotals(
      agentIds: readonly number[],
      firstDay: string,
      lastDay: string,
    ): Promise<{ count: number; cents: number }> {
      if (agentIds.length === 0) return { count: 0, cents: 0 };
      const row = await paymentsWithin(agentIds, firstDay, lastDay)
        .select([
          sql<string>`count(*)`.as('count'),
          sql<string>`coalesce(sum(p.hourly_cents + p.statutory_cents + p.commission_cents), 0)`.as('cents'),
        ])
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), cents: Number(row.cents) };
    },

    /** The payments of `paymentTotals`, oldest payroll run first, with their agents' names. */
    payments: (agentIds: readonly number[], firstDay: string, lastDay: string) =>
      agentIds.length === 0
        ? Promise.resolve([])
        : paymentsWithin(agentIds, firstDay, lastDay)
            .innerJoin('users as u', 'u.id', 'p.user_id')
            .select([
              'p.id',
              'p.user_id',
              'u.first_name',
              'u.second_name',
              sql<string>`p.period_start::text`.as('period_start'),
              sql<string>`p.period_end::text`.as('period_end'),
              'p.paid_at',
              'p.hourly_cents',
              'p.statutory_cents',
              'p.commission_cents',
            ])
            .orderBy('p.paid_at')
            .orderBy('p.id')
            .execute(),
  };
}

export type ProductivityRepository = ReturnType<typeof createProductivityRepository>;
