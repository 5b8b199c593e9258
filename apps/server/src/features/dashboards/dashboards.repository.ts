import { type BucketRange, CALL_SUM_COLUMNS, type CallSums, type CampaignType } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { foldRollupBacklog, grainedRows, localSecondsOf, summedCallSums, toCallSums } from '../../rollups/index.js';

export type CallRollupFilter = {
  range: BucketRange;
  campaignIds: readonly number[];
  /** Empty: every stats source (calls without one included). */
  statsSourceIds: readonly number[];
  /** Empty: the campaign rollup; otherwise only these agents' calls, from the per-agent rollup. */
  agentIds: readonly number[];
  /**
   * Set when `campaignIds` are every campaign of this type: the per-type rollup answers with a fraction of the rows.
   * Only without source and agent filters.
   */
  wholeType?: CampaignType;
};

/** Re-sums the per-bucket sums of the CTE `l`. */
const resummed = sql.join(CALL_SUM_COLUMNS.map((column) => sql`sum(${sql.ref(`l.${column}`)}) AS ${sql.ref(column)}`));

const usesTypeRollup = (filter: CallRollupFilter) =>
  filter.wholeType !== undefined && filter.agentIds.length === 0 && filter.statsSourceIds.length === 0;

function rollupWhere(filter: CallRollupFilter): RawBuilder<unknown> {
  const conditions = [
    sql`r.alignment = ${filter.range.alignment}`,
    sql`r.bucket_start >= ${new Date(filter.range.fromMs)}`,
    sql`r.bucket_start < ${new Date(filter.range.toMs)}`,
    usesTypeRollup(filter)
      ? sql`r.campaign_type = ${filter.wholeType}`
      : sql`r.campaign_id = ANY(${sql.val([...filter.campaignIds])}::int[])`,
  ];
  if (filter.statsSourceIds.length > 0) {
    conditions.push(sql`r.stats_source_id = ANY(${sql.val([...filter.statsSourceIds])}::int[])`);
  }
  if (filter.agentIds.length > 0) conditions.push(sql`r.agent_id = ANY(${sql.val([...filter.agentIds])}::int[])`);
  return sql.join(conditions, sql` AND `);
}

/** The smallest rollup that can answer: per agent when filtering agents, per source when filtering sources. */
const rollupTable = (filter: CallRollupFilter) => {
  if (filter.agentIds.length > 0) return sql`agent_call_rollups r`;
  if (filter.statsSourceIds.length > 0) return sql`call_rollups r`;
  if (usesTypeRollup(filter)) return sql`type_call_rollups r`;
  return sql`campaign_call_rollups r`;
};

/** Kysely queries over the call rollups; the rollup rules themselves live in src/rollups. */
export function createDashboardsRepository(db: Kysely<Database>) {
  return {
    /**
     * Sums per local day and per local hour of day over the range. Local time is the bucket start plus the zone's
     * offset (`localSecondsOf` in src/rollups), so the database returns a few hundred rows even for a year.
     */
    async callSumsByDayAndHour(filter: CallRollupFilter): Promise<{ days: Map<string, CallSums>; hours: CallSums[] }> {
      const days = new Map<string, CallSums>();
      const hours: CallSums[] = [];
      if (filter.campaignIds.length === 0) return { days, hours };
      await foldRollupBacklog(db);
      const localSeconds = localSecondsOf(sql`b.bucket_start`, filter.range);
      const result = await sql<Record<string, unknown> & { day: string | null; hour: number | null }>`
        WITH b AS MATERIALIZED (
          SELECT r.bucket_start, ${summedCallSums} FROM ${rollupTable(filter)}
          WHERE ${rollupWhere(filter)} GROUP BY r.bucket_start
        ), l AS (SELECT ${localSeconds} AS local_seconds, b.* FROM b)
        SELECT (local_seconds / 86400)::integer AS day, NULL::integer AS hour, ${resummed} FROM l GROUP BY 1
        UNION ALL
        SELECT NULL, ((local_seconds % 86400) / 3600)::integer, ${resummed} FROM l GROUP BY 2`.execute(db);
      for (const row of result.rows) {
        if (row.day !== null)
          days.set(new Date(Number(row.day) * 86_400_000).toISOString().slice(0, 10), toCallSums(row));
        else hours[Number(row.hour)] = toCallSums(row);
      }
      return { days, hours };
    },

    /** Sums per campaign over the whole range (sales leads). */
    async callSumsByCampaign(filter: CallRollupFilter): Promise<{ campaignId: number; sums: CallSums }[]> {
      if (filter.campaignIds.length === 0) return [];
      await foldRollupBacklog(db);
      const result = await sql<Record<string, unknown> & { campaign_id: number }>`
        SELECT r.campaign_id, ${summedCallSums} FROM ${rollupTable(filter)}
        WHERE ${rollupWhere(filter)} GROUP BY r.campaign_id`.execute(db);
      return result.rows.map((row) => ({ campaignId: Number(row.campaign_id), sums: toCallSums(row) }));
    },

    /**
     * Sums per agent over the whole range (agent records): from whole months and days of the per-agent rollup, and
     * hours only at the edges; filtering stats sources needs the hourly per-source one.
     */
    async callSumsByAgent(filter: CallRollupFilter): Promise<{ agentId: number; sums: CallSums }[]> {
      if (filter.campaignIds.length === 0 || filter.agentIds.length === 0) return [];
      await foldRollupBacklog(db);
      const bySource = filter.statsSourceIds.length > 0;
      const campaigns = sql`r.campaign_id = ANY(${sql.val([...filter.campaignIds])}::int[])`;
      const agents = sql`r.agent_id = ANY(${sql.val([...filter.agentIds])}::int[])`;
      const result = bySource
        ? await sql<Record<string, unknown> & { agent_id: number }>`
            SELECT r.agent_id, ${summedCallSums} FROM agent_call_rollups r
            WHERE ${rollupWhere(filter)} GROUP BY r.agent_id`.execute(db)
        : await sql<Record<string, unknown> & { agent_id: number }>`
            SELECT r.agent_id, ${summedCallSums} FROM ${grainedRows('agent_campaign_call_rollups', filter.range)}
            WHERE ${campaigns} AND ${agents}
            GROUP BY r.agent_id`.execute(db);
      return result.rows.map((row) => ({ agentId: Number(row.agent_id), sums: toCallSums(row) }));
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
