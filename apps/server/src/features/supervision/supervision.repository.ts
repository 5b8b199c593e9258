import { CALL_TAKING_ROLES, STATUS_GROUPS } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The SQL of a status's group key (shared/live/supervision.ts statusGroupKey), built from the shared groups. */
function groupKeyOf(state: RawBuilder<unknown>) {
  const cases = STATUS_GROUPS.map(
    (group) => sql`WHEN ${state} = ANY(${sql.val([...group.statuses])}::text[]) THEN ${sql.lit(group.label)}`,
  );
  return sql`(CASE ${sql.join(cases, sql` `)} ELSE ${state} END)`;
}

export type LiveAgentRow = {
  id: number;
  first_name: string;
  second_name: string;
  agent_group: string | null;
  agent_call_type: string | null;
  /** Null: no open state (logged out since `last_end`, or never signed in). */
  state: string | null;
  start_at: Date | null;
  last_end: Date | null;
  /** When the agent entered the current status group (null: no open state). */
  group_since: Date | null;
  /** The status of the agent's row before the current one (or their last, when logged out). */
  old_status: string | null;
  campaign_id: number | null;
  campaign: string | null;
  customer: string | null;
  customer_phone: string | null;
  cold_call_id: number | null;
  call_type: string | null;
  source: string | null;
  campaigns: number[];
};

export type WaitingCallRow = { id: string; campaign_id: number; queued_at: Date; callback_requested: boolean };

/** The live floor as the supervision reports read it: one query for the agents, one for the queues. */
export function createSupervisionRepository(db: Kysely<Database>) {
  return {
    /**
     * Every listed call-taking agent enabled on one of `campaignIds`, with their open state (if any), the call that
     * holds them (its campaign, customer and source) and their enabled campaigns.
     */
    async liveAgents(campaignIds: readonly number[]): Promise<LiveAgentRow[]> {
      if (campaignIds.length === 0) return [];
      const result = await sql<LiveAgentRow>`
        WITH agents AS (
          SELECT u.id, u.first_name, u.second_name, u.agent_call_type, g.name AS agent_group,
            array_agg(ca.campaign_id ORDER BY ca.campaign_id) AS campaigns
          FROM users u
            JOIN campaign_agents ca ON ca.user_id = u.id AND NOT ca.is_disabled
            LEFT JOIN agent_groups g ON g.id = u.agent_group_id
          WHERE NOT u.archived AND NOT u.is_system
            AND u.role = ANY(${sql.val([...CALL_TAKING_ROLES])}::text[])
            AND ca.campaign_id = ANY(${sql.val([...campaignIds])}::int[])
          GROUP BY u.id, g.name
        )
        SELECT a.id, a.first_name, a.second_name, a.agent_group, a.agent_call_type, a.campaigns,
          s.state, s.start_at, s.campaign_id, camp.name AS campaign,
          coalesce(nullif(trim(concat_ws(' ', cl.first_name, cl.last_name)), ''), cl.phone) AS customer,
          coalesce(cc.phone, cl.phone) AS customer_phone, cc.id AS cold_call_id,
          c.direction AS call_type, src.name AS source,
          -- Logged out since the end of their latest row (rows never overlap; the index on (user_id, start_at)
          -- reads one row, where max(end_at) would read the agent's whole history).
          CASE WHEN s.id IS NULL THEN (SELECT l.end_at FROM agent_state_log l WHERE l.user_id = a.id
            ORDER BY l.start_at DESC LIMIT 1) END AS last_end,
          (SELECT p.state FROM agent_state_log p WHERE p.user_id = a.id
            AND (s.id IS NULL OR p.start_at < s.start_at) ORDER BY p.start_at DESC LIMIT 1) AS old_status,
          -- The end of the latest earlier row in another status group (a few rows back on the same index), else the
          -- agent's first row: when the current group began.
          CASE WHEN s.id IS NOT NULL THEN coalesce(
            (SELECT p.end_at FROM agent_state_log p WHERE p.user_id = a.id AND p.start_at < s.start_at
              AND ${groupKeyOf(sql.ref('p.state'))} <> ${groupKeyOf(sql.ref('s.state'))}
              ORDER BY p.start_at DESC LIMIT 1),
            (SELECT f.start_at FROM agent_state_log f WHERE f.user_id = a.id ORDER BY f.start_at LIMIT 1)) END AS group_since
        FROM agents a
          LEFT JOIN agent_state_log s ON s.user_id = a.id AND s.end_at IS NULL
          LEFT JOIN calls c ON c.id = s.call_id
          LEFT JOIN campaigns camp ON camp.id = s.campaign_id
          LEFT JOIN clients cl ON cl.id = c.client_id
          -- The client's lead in the call's campaign (one per client and campaign): what a phone cell dials.
          LEFT JOIN LATERAL (SELECT l.id, l.phone FROM cold_calls l
            WHERE l.campaign_id = c.campaign_id AND l.client_id = c.client_id ORDER BY l.id LIMIT 1) cc ON true
          LEFT JOIN stats_sources src ON src.id = c.stats_source_id`.execute(db);
      return result.rows.map((row) => ({ ...row, campaigns: row.campaigns.map(Number) }));
    },

    /** Calls waiting (queued, or ringing an agent) in these campaigns. */
    waitingCalls: async (campaignIds: readonly number[]): Promise<WaitingCallRow[]> =>
      campaignIds.length === 0
        ? []
        : ((await db
            .selectFrom('calls')
            .select(['id', 'campaign_id', 'queued_at', 'callback_requested'])
            .where('status', 'in', ['queued', 'offered'])
            .where('campaign_id', 'in', [...campaignIds])
            .execute()) as WaitingCallRow[]),

    /** The longest queue time of calls of these campaigns queued in [from, to), answered or not, per campaign. */
    async longestQueued(campaignIds: readonly number[], from: Date, to: Date): Promise<Map<number, number>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('calls')
        .select(['campaign_id', sql<number>`max(queue_seconds)::int`.as('longest')])
        .where('campaign_id', 'in', [...campaignIds])
        .where('queued_at', '>=', from)
        .where('queued_at', '<', to)
        .groupBy('campaign_id')
        .execute();
      return new Map(rows.map((row) => [row.campaign_id, Number(row.longest)]));
    },

    /** Per campaign, the calls queued in [from, to): answered, answered within `withinSeconds`, abandoned. */
    async answeredAndAbandoned(
      campaignIds: readonly number[],
      from: Date,
      to: Date,
      withinSeconds: number,
    ): Promise<Map<number, { answered: number; answeredWithin: number; abandoned: number }>> {
      if (campaignIds.length === 0) return new Map();
      const result = await sql<{ campaign_id: number; answered: number; within: number; abandoned: number }>`
        SELECT campaign_id, count(*) FILTER (WHERE answered_at IS NOT NULL)::int AS answered,
          count(*) FILTER (WHERE answered_at <= queued_at + make_interval(secs => ${withinSeconds}))::int AS within,
          count(*) FILTER (WHERE abandoned)::int AS abandoned
        FROM calls
        WHERE campaign_id = ANY(${sql.val([...campaignIds])}::int[]) AND queued_at >= ${from} AND queued_at < ${to}
        GROUP BY campaign_id`.execute(db);
      return new Map(
        result.rows.map((row) => [
          Number(row.campaign_id),
          { answered: row.answered, answeredWithin: row.within, abandoned: row.abandoned },
        ]),
      );
    },

    campaignByName: async (name: string) =>
      (await db.selectFrom('campaigns').select(['id', 'name']).where('name', '=', name).executeTakeFirst()) ?? null,
  };
}

export type SupervisionRepository = ReturnType<typeof createSupervisionRepository>;
