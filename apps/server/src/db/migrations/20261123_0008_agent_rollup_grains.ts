import { type Kysely, type RawBuilder, sql } from 'kysely';

/**
 * Per-agent rollups that a month or a year of 500 agents reads in a few ten thousand rows.
 *
 * - `agent_campaign_call_rollups`: the per-agent call sums without the stats-source key, in hours, days and months
 *   (grain 0, 1, 2, each in both alignments). Agent records read whole months and days and hours only at the edges.
 * - `agent_time_rollups` replaces `agent_state_rollups`: one row per agent, campaign and bucket with a column of
 *   capped seconds per state (instead of a row per state), in the same three grains. Logged out and Logout time
 *   counts toward nothing on the productivity page, so it has no column.
 *
 * The state log keeps state ids only (display names are normalised here and refused by a CHECK from now on), so
 * the rollups can key on them. Both new rollups are filled from the existing hourly ones.
 */

/** Frozen copies of the lists in packages/shared as of this migration: migrations never change afterwards. */
const STATES: readonly { id: string; name: string }[] = [
  { id: 'on_call', name: 'on call' },
  { id: 'on_hold', name: 'on hold' },
  { id: 'ringing', name: 'ringing' },
  { id: 'after_call_work', name: 'after-call work' },
  { id: 'email_tickets', name: 'email&tickets' },
  { id: 'ready', name: 'ready' },
  { id: 'ready_outbound', name: 'ready (outbound)' },
  { id: 'meeting', name: 'meeting' },
  { id: 'qa_monitoring', name: 'qa monitoring' },
  { id: 'escalation', name: 'escalation' },
  { id: 'follow_up_work', name: 'follow-up work' },
  { id: 'training', name: 'training' },
  { id: 'administrative', name: 'administrative' },
  { id: 'outbound_sales_calls', name: 'outbound sales calls' },
  { id: 'break', name: 'break' },
  { id: 'lunch', name: 'lunch' },
  { id: 'not_ready_personal', name: 'not ready (personal)' },
  { id: 'not_ready_automatic', name: 'not ready (automatic)' },
  { id: 'technical_issues', name: 'technical issues' },
  { id: 'pre_shift', name: 'pre-shift' },
  { id: 'post_shift', name: 'post-shift' },
  { id: 'logout', name: 'logout' },
  { id: 'logged_out', name: 'logged out' },
  { id: 'did_ringing', name: 'did ringing' },
  { id: 'not_ready_text', name: 'not ready_text' },
];
const UNCOUNTED = new Set(['logout', 'logged_out']);
const COUNTED_STATES = STATES.filter((state) => !UNCOUNTED.has(state.id));

const CALL_SUMS = [
  'all_calls',
  'taken_calls',
  'billed_calls',
  'missed_calls',
  'abandoned_calls',
  'unanswered_calls',
  'callbacks_requested',
  'callbacks_requested_as_bill',
  'connected_calls',
  'agent_disconnected_calls',
  'queue_seconds',
  'billed_queue_seconds',
  'talk_seconds',
  'billed_seconds',
  'billed_cents',
  'queue_lt1',
  'queue_lt2',
  'queue_lt4',
  'queue_gt4',
  'duration_lt4',
  'duration_lt6',
  'duration_lt8',
  'duration_gt8',
  'disposition_resolved',
  'disposition_sale',
  'disposition_callback',
  'disposition_escalated',
  'disposition_not_interested',
  'disposition_no_contact',
  'disposition_other',
  'leads',
  'valid_leads',
  'sales',
];

const list = (names: readonly string[], each: (name: string) => RawBuilder<unknown> = (name) => sql.ref(name)) =>
  sql.join(names.map(each));

/** Day and month buckets from hour buckets, on the alignment's grid, in UTC whatever the session zone. */
const DAY_AND_MONTH = sql`(VALUES (1::smallint, 'day'), (2::smallint, 'month')) AS g(grain, unit)`;
const grainBucket = sql`date_trunc(g.unit, h.bucket_start - make_interval(mins => h.alignment), 'UTC') + make_interval(mins => h.alignment)`;

/** A rollup table in hours, days and months, keyed by an agent column and the campaign, with bigint sums. */
const createGrainedRollup = (db: Kysely<unknown>, table: string, agentKey: string, sums: readonly string[]) =>
  sql`
    CREATE TABLE ${sql.table(table)} (
      alignment smallint NOT NULL CHECK (alignment IN (0, 30)),
      grain smallint NOT NULL CHECK (grain IN (0, 1, 2)),
      bucket_start timestamptz NOT NULL,
      ${sql.ref(agentKey)} integer NOT NULL,
      campaign_id integer NOT NULL,
      ${list(sums, (name) => sql`${sql.ref(name)} bigint NOT NULL DEFAULT 0`)},
      PRIMARY KEY (alignment, grain, bucket_start, ${sql.ref(agentKey)}, campaign_id)
    )`.execute(db);

/** Fills the day and month rows of a grained rollup from its hour rows. */
const addDaysAndMonths = (db: Kysely<unknown>, table: string, agentKey: string, sums: readonly string[]) =>
  sql`
    INSERT INTO ${sql.table(table)} (alignment, grain, bucket_start, ${sql.ref(agentKey)}, campaign_id, ${list(sums)})
    SELECT h.alignment, g.grain, ${grainBucket} AS day_or_month, ${sql.ref(`h.${agentKey}`)}, h.campaign_id,
      ${list(sums, (name) => sql`sum(${sql.ref(`h.${name}`)})`)}
    FROM ${sql.table(table)} h CROSS JOIN ${DAY_AND_MONTH}
    WHERE h.grain = 0
    GROUP BY h.alignment, g.grain, day_or_month, ${sql.ref(`h.${agentKey}`)}, h.campaign_id`.execute(db);

export async function up(db: Kysely<unknown>): Promise<void> {
  await createGrainedRollup(db, 'agent_campaign_call_rollups', 'agent_id', CALL_SUMS);
  await sql`
    INSERT INTO agent_campaign_call_rollups (alignment, grain, bucket_start, agent_id, campaign_id, ${list(CALL_SUMS)})
    SELECT alignment, 0, bucket_start, agent_id, campaign_id, ${list(CALL_SUMS, (name) => sql`sum(${sql.ref(name)})`)}
    FROM agent_call_rollups GROUP BY alignment, bucket_start, agent_id, campaign_id`.execute(db);
  await addDaysAndMonths(db, 'agent_campaign_call_rollups', 'agent_id', CALL_SUMS);

  const stateIds = COUNTED_STATES.map((state) => state.id);
  await createGrainedRollup(db, 'agent_time_rollups', 'user_id', stateIds);
  // The hourly per-state rows become one row per agent, campaign and hour; states were stored by id or name.
  const pivot = sql.join(
    COUNTED_STATES.map(
      ({ id, name }) =>
        sql`coalesce(sum(seconds) FILTER (WHERE lower(state) IN (${sql.lit(id)}, ${sql.lit(name)})), 0)`,
    ),
  );
  await sql`
    INSERT INTO agent_time_rollups (alignment, grain, bucket_start, user_id, campaign_id, ${list(stateIds)})
    SELECT alignment, 0, bucket_start, user_id, campaign_id, ${pivot}
    FROM agent_state_rollups WHERE grain = 0
    GROUP BY alignment, bucket_start, user_id, campaign_id`.execute(db);
  await addDaysAndMonths(db, 'agent_time_rollups', 'user_id', stateIds);
  await sql`DROP TABLE agent_state_rollups`.execute(db);
  // Reads ask for a list of agents: led by the agent, the index reads only their rows. (A list on the primary key's
  // fourth column makes PostgreSQL rescan the whole range once per agent.)
  await sql`CREATE INDEX agent_campaign_call_rollups_agent_idx
    ON agent_campaign_call_rollups (agent_id, alignment, grain, bucket_start)`.execute(db);
  await sql`CREATE INDEX agent_time_rollups_user_idx ON agent_time_rollups (user_id, alignment, grain, bucket_start)`.execute(
    db,
  );
  // Statistics for the readers' plans straight away, rather than whenever autovacuum comes round.
  await sql`ANALYZE agent_campaign_call_rollups, agent_time_rollups`.execute(db);

  const normalise = sql.join(
    STATES.map((state) => sql`WHEN lower(state) = ${sql.lit(state.name)} THEN ${sql.lit(state.id)}`),
    sql` `,
  );
  await sql`
    UPDATE agent_state_log SET state = CASE WHEN lower(state) LIKE 'logout%' THEN 'logout' ${normalise} ELSE state END
    WHERE state NOT IN (${list(
      STATES.map((state) => state.id),
      (id) => sql.lit(id),
    )})`.execute(db);
  await sql`
    ALTER TABLE agent_state_log ADD CONSTRAINT agent_state_log_state_check
    CHECK (state IN (${list(
      STATES.map((state) => state.id),
      (id) => sql.lit(id),
    )}))`.execute(db);
}
