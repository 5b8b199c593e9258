import type { BucketRange } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { CALL_ROLLUP_SUMS, type CallRollupSum } from './rollups.js';

/** One rollup row's sums, as numbers. */
export type RollupSums = Record<CallRollupSum, number>;

export type CallRollupFilter = {
  range: BucketRange;
  campaignIds: readonly number[];
  /** Empty: every stats source (calls without one included). */
  statsSourceIds: readonly number[];
  /** Empty: the campaign rollup; otherwise only these agents' calls, from the per-agent rollup. */
  agentIds: readonly number[];
};

const summed = sql.join(
  CALL_ROLLUP_SUMS.map((column) => sql`coalesce(sum(${sql.ref(`r.${column}`)}), 0)::float8 AS ${sql.ref(column)}`),
);

const toSums = (row: Record<string, unknown>): RollupSums => {
  const sums = {} as RollupSums;
  for (const column of CALL_ROLLUP_SUMS) sums[column] = Number(row[column] ?? 0);
  return sums;
};

function rollupWhere(filter: CallRollupFilter): RawBuilder<unknown> {
  const conditions = [
    sql`r.alignment = ${filter.range.alignment}`,
    sql`r.bucket_start >= ${new Date(filter.range.fromMs)}`,
    sql`r.bucket_start < ${new Date(filter.range.toMs)}`,
    sql`r.campaign_id = ANY(${sql.val([...filter.campaignIds])}::int[])`,
  ];
  if (filter.statsSourceIds.length > 0) {
    conditions.push(sql`r.stats_source_id = ANY(${sql.val([...filter.statsSourceIds])}::int[])`);
  }
  if (filter.agentIds.length > 0) conditions.push(sql`r.agent_id = ANY(${sql.val([...filter.agentIds])}::int[])`);
  return sql.join(conditions, sql` AND `);
}

const rollupTable = (filter: CallRollupFilter) =>
  filter.agentIds.length > 0 ? sql`agent_call_rollups r` : sql`call_rollups r`;

/** Kysely queries over the rollups; the rollup rules themselves live in rollups.ts. */
export function createDashboardsRepository(db: Kysely<Database>) {
  return {
    /** Sums per bucket (one UTC hour or half-hour-aligned hour each); the caller maps buckets to local days. */
    async callSumsByBucket(filter: CallRollupFilter): Promise<{ bucketStartMs: number; sums: RollupSums }[]> {
      if (filter.campaignIds.length === 0) return [];
      const result = await sql<Record<string, unknown> & { bucket_start: Date }>`
        SELECT r.bucket_start, ${summed} FROM ${rollupTable(filter)}
        WHERE ${rollupWhere(filter)} GROUP BY r.bucket_start ORDER BY r.bucket_start`.execute(db);
      return result.rows.map((row) => ({ bucketStartMs: new Date(row.bucket_start).getTime(), sums: toSums(row) }));
    },

    /** Sums per campaign over the whole range (sales leads). */
    async callSumsByCampaign(filter: CallRollupFilter): Promise<{ campaignId: number; sums: RollupSums }[]> {
      if (filter.campaignIds.length === 0) return [];
      const result = await sql<Record<string, unknown> & { campaign_id: number }>`
        SELECT r.campaign_id, ${summed} FROM ${rollupTable(filter)}
        WHERE ${rollupWhere(filter)} GROUP BY r.campaign_id`.execute(db);
      return result.rows.map((row) => ({ campaignId: Number(row.campaign_id), sums: toSums(row) }));
    },

    /** Sums per agent over the whole range, from the per-agent rollup (agent records). */
    async callSumsByAgent(filter: CallRollupFilter): Promise<{ agentId: number; sums: RollupSums }[]> {
      if (filter.campaignIds.length === 0) return [];
      const result = await sql<Record<string, unknown> & { agent_id: number }>`
        SELECT r.agent_id, ${summed} FROM agent_call_rollups r
        WHERE ${rollupWhere(filter)} GROUP BY r.agent_id`.execute(db);
      return result.rows.map((row) => ({ agentId: Number(row.agent_id), sums: toSums(row) }));
    },

    listStatsSources: () => db.selectFrom('stats_sources').select(['id', 'name']).orderBy('name').execute(),

    listDispositions: () =>
      db
        .selectFrom('dispositions')
        .select(['id', 'title', 'campaign_type', 'bucket'])
        .orderBy('campaign_type')
        .orderBy('title')
        .execute(),

    async companyCallbacksEnabled(companyId: number): Promise<boolean> {
      const row = await db
        .selectFrom('companies')
        .select('callbacks_enabled')
        .where('id', '=', companyId)
        .executeTakeFirst();
      return row?.callbacks_enabled ?? false;
    },
  };
}

export type DashboardsRepository = ReturnType<typeof createDashboardsRepository>;
