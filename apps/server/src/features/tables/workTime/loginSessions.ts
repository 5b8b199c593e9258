import { AGENT_STATES, PRODUCTIVITY_GROUPS, type ProductivityGroup } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

/*
 * Login sessions, read from agent_state_log: a session is a run of states between logged-out rows (Logged out or
 * Logout). It starts with the state after a logged-out row (or with the agent's first state), and ends where the next
 * logged-out row starts (open while there is none).
 *
 * The table is driven by the logged-out rows, a few per agent a day, through the partial indexes of migration 0018:
 * the period filter is on `anchor_at`, the instant the logged-out row ended, which is the session's start (the log has
 * no gaps: each move closes one state at the instant the next opens). Checking every state row for "is the row before
 * me logged out?" instead took 9 s for a week of a 500-agent centre.
 */

const LOGGED_OUT = sql`('logged_out', 'logout')`;

/** Column value of a group's time ('Billable Work' → billable_work). */
export const groupColumn = (group: ProductivityGroup) => group.toLowerCase().replace(/\s+/g, '_');

const statesOf = (group: ProductivityGroup) =>
  AGENT_STATES.filter((state) => state.classification?.group === group).map((state) => sql.lit(state.id));

/**
 * Where sessions start, as rows (user_id, anchor_at, after_start, after_id): each closed logged-out row (the session
 * starts with the row after it), and each agent's first state (after_id null).
 */
const SESSION_ANCHORS = sql`(
  SELECT o.user_id, o.end_at AS anchor_at, o.start_at AS after_start, o.id AS after_id
  FROM agent_state_log o WHERE o.state IN ${LOGGED_OUT} AND o.end_at IS NOT NULL
  UNION ALL
  SELECT f.user_id, f.start_at, NULL::timestamptz, NULL::bigint
  FROM users fu CROSS JOIN LATERAL (
    SELECT x.user_id, x.start_at FROM agent_state_log x WHERE x.user_id = fu.id ORDER BY x.start_at, x.id LIMIT 1) f
)`;

/** The session's first state: the row after the anchor's logged-out row, or the agent's first row. */
const FIRST_STATE = sql`(
  SELECT n.id, n.user_id, n.state, n.start_at FROM agent_state_log n
  WHERE n.user_id = b.user_id AND (b.after_id IS NULL
    OR (n.start_at >= b.after_start AND (n.start_at, n.id) > (b.after_start, b.after_id)))
  ORDER BY n.start_at, n.id LIMIT 1)`;

/** The one-row anchor of a session whose first state is row `id` (its previous row logged out, or none). */
const anchorOfRow = (id: number) => sql`(
  SELECT s.user_id, s.start_at AS anchor_at, p.start_at AS after_start, p.id AS after_id
  FROM agent_state_log s LEFT JOIN LATERAL (
    SELECT q.id, q.start_at, q.state FROM agent_state_log q
    WHERE q.user_id = s.user_id AND q.start_at <= s.start_at AND (q.start_at, q.id) < (s.start_at, s.id)
    ORDER BY q.start_at DESC, q.id DESC LIMIT 1) p ON true
  WHERE s.id = ${id} AND (p.id IS NULL OR p.state IN ${LOGGED_OUT})
)`;

/**
 * Each session as a derived table `ls`: id (its first state row), user, agent, group, anchor_at (where the period
 * filter looks), start, end, length and seconds per productivity group (open states counted up to now).
 */
export function loginSessions(nowMs: number, firstRowId?: number): RawBuilder<unknown> {
  const now = sql`${new Date(nowMs).toISOString()}::timestamptz`;
  const groupTimes = PRODUCTIVITY_GROUPS.map(
    (group) =>
      sql`coalesce(sum(x.seconds) FILTER (WHERE x.state IN (${sql.join(statesOf(group))})), 0)::int AS ${sql.ref(groupColumn(group))}`,
  );
  const anchors = firstRowId === undefined ? SESSION_ANCHORS : anchorOfRow(firstRowId);
  return sql`(
    SELECT n.id, n.user_id, u.first_name || ' ' || u.second_name AS agent, u.agent_group_id, g.name AS agent_group,
      b.anchor_at, n.start_at AS start_time, e.end_at AS end_time,
      round(extract(epoch FROM coalesce(e.end_at, ${now}) - n.start_at))::int AS session_seconds,
      ${sql.join(PRODUCTIVITY_GROUPS.map((group) => sql`t.${sql.ref(groupColumn(group))}`))}
    FROM ${anchors} b
      CROSS JOIN LATERAL ${FIRST_STATE} n
      JOIN users u ON u.id = n.user_id
      LEFT JOIN agent_groups g ON g.id = u.agent_group_id
      LEFT JOIN LATERAL (
        SELECT o.start_at AS end_at FROM agent_state_log o
        WHERE o.user_id = n.user_id AND o.start_at >= n.start_at AND (o.start_at, o.id) > (n.start_at, n.id)
          AND o.state IN ${LOGGED_OUT}
        ORDER BY o.start_at, o.id LIMIT 1) e ON true
      LEFT JOIN LATERAL (
        SELECT ${sql.join(groupTimes)}
        FROM (SELECT x.state, round(extract(epoch FROM coalesce(x.end_at, ${now}) - x.start_at)) AS seconds
          FROM agent_state_log x
          WHERE x.user_id = n.user_id AND x.start_at >= n.start_at AND (x.start_at, x.id) >= (n.start_at, n.id)
            AND x.start_at < coalesce(e.end_at, 'infinity'::timestamptz)) x) t ON true
    WHERE n.state NOT IN ${LOGGED_OUT} AND NOT u.is_system
  )`;
}

export type LoginSession = {
  id: string;
  user_id: number;
  agent: string;
  start_time: Date;
  end_time: Date | null;
};

/** One session by its id (its first state row's), or undefined when that row starts no session. */
export async function findLoginSession(
  db: Kysely<Database>,
  id: number,
  nowMs: number,
): Promise<LoginSession | undefined> {
  const result = await sql<LoginSession>`SELECT ls.id, ls.user_id, ls.agent, ls.start_time, ls.end_time
    FROM ${loginSessions(nowMs, id)} ls`.execute(db);
  return result.rows[0];
}
