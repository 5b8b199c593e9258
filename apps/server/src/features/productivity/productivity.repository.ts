import { CALL_TAKING_ROLES, grainSegments } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

export type ProductivityAgentRow = { id: number; first_name: string; second_name: string; pay_rate_cents: number };

export type StateSecondsFilter = {
  agentIds: readonly number[];
  alignment: 0 | 30;
  /** Bucket starts from `fromMs` (inclusive) to `toMs` (exclusive). */
  fromMs: number;
  toMs: number;
  /** Only these bucket starts count toward `seconds` (the hour filter); null: every bucket. */
  bucketStartsMs: readonly number[] | null;
  /** Only these campaigns count toward `seconds`; null: every campaign. */
  campaignIds: readonly number[] | null;
};

/** Capped seconds per agent and state: `seconds` after the hour and campaign filters, `rangeSeconds` before them. */
export type StateSecondsRow = { userId: number; state: string; seconds: number; rangeSeconds: number };

const intArray = (ids: readonly number[]) => sql`${sql.val([...ids])}::int[]`;

/**
 * Which rollup rows cover the range: with the hour filter, the hours; otherwise whole months and days, and hours
 * only at the edges (a year reads a few hundred thousand rows instead of millions).
 */
function rangeCondition(filter: StateSecondsFilter): RawBuilder<unknown> {
  const hoursOnly = [{ grain: 0 as const, fromMs: filter.fromMs, toMs: filter.toMs }];
  const segments =
    filter.bucketStartsMs === null
      ? grainSegments({ zone: 'UTC', alignment: filter.alignment, fromMs: filter.fromMs, toMs: filter.toMs })
      : hoursOnly;
  const pieces = segments.map(
    (segment) =>
      sql`(r.grain = ${segment.grain} AND r.bucket_start >= ${new Date(segment.fromMs)} AND r.bucket_start < ${new Date(segment.toMs)})`,
  );
  return sql`(${sql.join(pieces, sql` OR `)})`;
}

/** Kysely queries only: listable agents, the productivity rollup, sold leads' commissions and agent payments. */
export function createProductivityRepository(db: Kysely<Database>) {
  const listableAgents = () =>
    db
      .selectFrom('users')
      .select(['id', 'first_name', 'second_name', 'pay_rate_cents'])
      .where('archived', '=', false)
      .where('is_system', '=', false)
      .where('role', 'in', CALL_TAKING_ROLES);

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

    async stateSeconds(filter: StateSecondsFilter): Promise<StateSecondsRow[]> {
      if (filter.agentIds.length === 0) return [];
      const counted: RawBuilder<unknown>[] = [];
      if (filter.bucketStartsMs !== null) {
        const starts = filter.bucketStartsMs.map((ms) => new Date(ms).toISOString());
        counted.push(sql`r.bucket_start = ANY(${sql.val(starts)}::timestamptz[])`);
      }
      if (filter.campaignIds !== null) counted.push(sql`r.campaign_id = ANY(${intArray(filter.campaignIds)})`);
      const countedSum =
        counted.length === 0
          ? sql`sum(r.seconds)`
          : sql`sum(r.seconds) FILTER (WHERE ${sql.join(counted, sql` AND `)})`;
      const result = await sql<{ user_id: number; state: string; seconds: string | null; range_seconds: string }>`
        SELECT r.user_id, r.state, ${countedSum} AS seconds, sum(r.seconds) AS range_seconds
        FROM agent_state_rollups r
        WHERE r.alignment = ${filter.alignment} AND ${rangeCondition(filter)}
          AND r.user_id = ANY(${intArray(filter.agentIds)})
        GROUP BY r.user_id, r.state`.execute(db);
      return result.rows.map((row) => ({
        userId: Number(row.user_id),
        state: row.state,
        seconds: Number(row.seconds ?? 0),
        rangeSeconds: Number(row.range_seconds),
      }));
    },

    /** Commissions of sold leads created in [fromMs, toMs) by the agents, per agent. */
    async commissions(agentIds: readonly number[], fromMs: number, toMs: number): Promise<Map<number, number>> {
      if (agentIds.length === 0) return new Map();
      const result = await sql<{ agent_id: number; cents: string }>`
        SELECT l.agent_id, sum(l.commission_cents) AS cents FROM sales_leads l
        WHERE l.sold AND l.agent_id = ANY(${intArray(agentIds)})
          AND l.created_at >= ${new Date(fromMs)} AND l.created_at < ${new Date(toMs)}
        GROUP BY l.agent_id`.execute(db);
      return new Map(result.rows.map((row) => [Number(row.agent_id), Number(row.cents)]));
    },

    /** The agents' payments whose whole period lies within [firstDay, lastDay] (yyyy-MM-dd, both included). */
    payments: (agentIds: readonly number[], firstDay: string, lastDay: string) =>
      agentIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('agent_payments as p')
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
            .where(sql<boolean>`p.user_id = ANY(${intArray(agentIds)})`)
            .where('p.period_start', '>=', firstDay)
            .where('p.period_end', '<=', lastDay)
            .orderBy('p.paid_at')
            .orderBy('p.id')
            .execute(),
  };
}

export type ProductivityRepository = ReturnType<typeof createProductivityRepository>;
