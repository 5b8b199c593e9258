import { AGENT_STATES, PRODUCTIVITY_GROUPS, type ProductivityGroup } from '@shiftline/shared';
import { type Kysely, type RawBuilder, sql } from 'kysely';
import type { Database } from '../../../db/schema.js';

/*
 * Login sessions, read from agent_state_log: a session is a run of states between logged-out rows (Logged out or
 * Logout). It starts at a state whose previous row is logged out (or that is the agent's first), and ends where the
 * next logged-out row starts (open while there is none). Indexed: every lookup is on (user_id, start_at).
 */

const LOGGED_OUT = sql`('logged_out', 'logout')`;

/** Column value of a group's time ('Billable Work' → billable_work). */
export const groupColumn = (group: ProductivityGroup) => group.toLowerCase().replace(/\s+/g, '_');

const statesOf = (group: ProductivityGroup) =>
  AGENT_STATES.filter((state) => state.classification?.group === group).map((state) => sql.lit(state.id));

/** Each session as a derived table `ls`: id (its first state row), user, agent, group, start, end, seconds per group. */
export function loginSessions(nowMs: number): RawBuilder<unknown> {
  const now = sql`${new Date(nowMs).toISOString()}::timestamptz`;
  const groupTimes = PRODUCTIVITY_GROUPS.map(
    (group) =>
      sql`coalesce(sum(x.seconds) FILTER (WHERE x.state IN (${sql.join(statesOf(group))})), 0)::int AS ${sql.ref(groupColumn(group))}`,
  );
  return sql`(
    SELECT s.id, s.user_id, u.first_name || ' ' || u.second_name AS agent, u.agent_group_id, g.name AS agent_group,
      s.start_at AS start_time, e.end_at AS end_time,
      round(extract(epoch FROM coalesce(e.end_at, ${now}) - s.start_at))::int AS session_seconds,
      ${sql.join(PRODUCTIVITY_GROUPS.map((group) => sql`t.${sql.ref(groupColumn(group))}`))}
    FROM agent_state_log s
      JOIN users u ON u.id = s.user_id
      LEFT JOIN agent_groups g ON g.id = u.agent_group_id
      LEFT JOIN LATERAL (
        SELECT o.start_at AS end_at FROM agent_state_log o
        WHERE o.user_id = s.user_id AND o.start_at >= s.start_at AND (o.start_at, o.id) > (s.start_at, s.id)
          AND o.state IN ${LOGGED_OUT}
        ORDER BY o.start_at, o.id LIMIT 1) e ON true
      LEFT JOIN LATERAL (
        SELECT ${sql.join(groupTimes)}
        FROM (SELECT x.state, round(extract(epoch FROM coalesce(x.end_at, ${now}) - x.start_at)) AS seconds
          FROM agent_state_log x
          WHERE x.user_id = s.user_id AND x.start_at >= s.start_at AND (x.start_at, x.id) >= (s.start_at, s.id)
            AND (e.end_at IS NULL OR x.start_at < e.end_at)) x) t ON true
    WHERE s.state NOT IN ${LOGGED_OUT} AND NOT u.is_system
      AND coalesce((SELECT p.state IN ${LOGGED_OUT} FROM agent_state_log p
        WHERE p.user_id = s.user_id AND p.start_at <= s.start_at AND (p.start_at, p.id) < (s.start_at, s.id)
        ORDER BY p.start_at DESC, p.id DESC LIMIT 1), true)
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
    FROM ${loginSessions(nowMs)} ls WHERE ls.id = ${id}`.execute(db);
  return result.rows[0];
}
