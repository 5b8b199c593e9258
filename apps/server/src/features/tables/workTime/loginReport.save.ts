import { ACTIVITY_CAP_SECONDS, isoInstantSchema } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import { writeAudit } from '../../../db/auditLog.js';
import type { Database, UserRow } from '../../../db/schema.js';
import { conflict, invalidField, notFound } from '../../../plugins/errors.js';
import { addStateDeltasToRollups, foldRollupBacklog, type StateDelta } from '../../../rollups/index.js';
import { lockUserRow } from '../../users/index.js';
import { findLoginSession } from './loginSessions.js';
import { agentOfEdit } from './workTimeScope.js';

/** POST /api/save_login_report_data: the form's model (agent and other fields are ignored). */
export const saveLoginReportBodySchema = z.object({
  id: z.number().int().min(1).max(2_147_483_647),
  start_time: isoInstantSchema('start_time'),
  end_time: isoInstantSchema('end_time').nullable(),
});
export type SaveLoginReportBody = z.output<typeof saveLoginReportBodySchema>;

type StateRow = {
  id: string;
  state: string;
  start_at: Date;
  end_at: Date | null;
  campaign_id: number | null;
  /** The record's seconds as the rollups count them (whole, capped at 3,600). */
  capped: number;
};

const LOGGED_OUT = ['logged_out', 'logout'];

const stateRows = (db: Kysely<Database>) =>
  db
    .selectFrom('agent_state_log')
    .select([
      'id',
      'state',
      'start_at',
      'end_at',
      'campaign_id',
      sql<number>`least(greatest(round(extract(epoch FROM end_at - start_at)), 0), ${sql.lit(ACTIVITY_CAP_SECONDS)})::int`.as(
        'capped',
      ),
    ]);

/** The session's rows, and the logged-out rows around it (before: the one it follows; after: the one that ends it). */
async function sessionRows(db: Kysely<Database>, userId: number, first: StateRow, end: Date | null) {
  const after = (query: ReturnType<typeof stateRows>) =>
    query.where('user_id', '=', userId).where(sql<boolean>`(start_at, id) >= (${first.start_at}, ${first.id}::bigint)`);
  const rows = (await after(stateRows(db))
    .$if(end !== null, (query) => query.where('start_at', '<', end as Date))
    .orderBy('start_at')
    .orderBy('id')
    .execute()) as StateRow[];
  const before = (await stateRows(db)
    .where('user_id', '=', userId)
    .where(sql<boolean>`(start_at, id) < (${first.start_at}, ${first.id}::bigint)`)
    .orderBy('start_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()) as StateRow | undefined;
  const next =
    end === null
      ? undefined
      : ((await after(stateRows(db))
          .where('state', 'in', LOGGED_OUT)
          .orderBy('start_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst()) as StateRow | undefined);
  return { rows, before, next };
}

/** Checks the new times against the session and its neighbours; every refusal names the field. */
function checkTimes(
  start: Date,
  end: Date | null,
  session: { start: Date; end: Date | null },
  around: { before?: StateRow; next?: StateRow },
  now: number,
) {
  if (session.end === null && end !== null)
    throw invalidField('end_time', 'cannot be set while the agent is signed in');
  if (session.end !== null && end === null) throw invalidField('end_time', 'is required');
  if (start.getTime() > now) throw invalidField('start_time', 'must not be in the future');
  if (end !== null && end.getTime() > now) throw invalidField('end_time', 'must not be in the future');
  if (end !== null && end <= start) throw invalidField('end_time', 'must be after the start');
  if (around.before && start <= around.before.start_at) {
    throw invalidField('start_time', 'must be after the previous session ended');
  }
  if (around.next?.end_at && end !== null && end >= around.next.end_at) {
    throw invalidField('end_time', 'must be before the next session starts');
  }
  // The new times must overlap the recorded session: an edit corrects a session, it does not move it elsewhere.
  if (start.getTime() >= (session.end?.getTime() ?? now) || (end !== null && end <= session.start)) {
    throw invalidField('start_time', 'must overlap the recorded session');
  }
}

const max = (a: Date, b: Date) => (a > b ? a : b);
const min = (a: Date, b: Date) => (a < b ? a : b);

/**
 * Moves a session's start and end: its states are clipped to the new times (states wholly outside are removed), the
 * first kept state starts at the new start and the last ends at the new end, and the logged-out rows on either side
 * follow, so the agent's timeline stays without gaps. The rollups get the difference of every closed state changed
 * (they counted its old time); the open state is counted when it closes. One transaction, audited.
 */
export async function saveLoginReport(db: Kysely<Database>, viewer: UserRow, body: SaveLoginReportBody, now: number) {
  const start = new Date(body.start_time);
  const end = body.end_time === null ? null : new Date(body.end_time);
  await db.transaction().execute(async (trx) => {
    const session = await findLoginSession(trx, body.id, now);
    if (!session) throw notFound('No such session.');
    await agentOfEdit(trx, viewer, session.user_id);
    await lockUserRow(trx, session.user_id);
    await foldRollupBacklog(trx);
    const first = (await stateRows(trx).where('id', '=', session.id).executeTakeFirst()) as StateRow;
    const { rows, before, next } = await sessionRows(trx, session.user_id, first, session.end_time);
    checkTimes(start, end, { start: session.start_time, end: session.end_time }, { before, next }, now);
    if (rows.length === 0) throw conflict('The session has no states.');

    const kept = rows
      .map((row) => ({
        row,
        start_at: max(row.start_at, start),
        end_at: row.end_at === null ? null : end === null ? row.end_at : min(row.end_at, end),
      }))
      .filter((row) => row.end_at === null || row.start_at < row.end_at);
    const firstKept = kept[0];
    const lastKept = kept.at(-1);
    if (!firstKept || !lastKept) throw invalidField('start_time', 'must overlap the recorded session');
    firstKept.start_at = start;
    if (end !== null) lastKept.end_at = end;

    const keptIds = new Set(kept.map((row) => row.row.id));
    const removed = rows.filter((row) => !keptIds.has(row.id));
    if (removed.length > 0) {
      await trx
        .deleteFrom('agent_state_log')
        .where(
          'id',
          'in',
          removed.map((row) => row.id),
        )
        .execute();
    }
    for (const row of kept) {
      if (
        row.start_at.getTime() === row.row.start_at.getTime() &&
        row.end_at?.getTime() === row.row.end_at?.getTime()
      ) {
        continue;
      }
      await trx
        .updateTable('agent_state_log')
        .set({ start_at: row.start_at, end_at: row.end_at })
        .where('id', '=', row.row.id)
        .execute();
    }
    if (before?.end_at) {
      await trx.updateTable('agent_state_log').set({ end_at: start }).where('id', '=', before.id).execute();
    }
    if (next && end !== null) {
      await trx.updateTable('agent_state_log').set({ start_at: end }).where('id', '=', next.id).execute();
    }

    // The rollups counted each closed state's capped time where it started: take that out, put the new time in.
    const after = new Map(
      (
        (await stateRows(trx)
          .where(
            'id',
            'in',
            kept.map((row) => row.row.id),
          )
          .execute()) as StateRow[]
      ).map((row) => [row.id, row]),
    );
    const deltas: StateDelta[] = rows.flatMap((row) => {
      if (row.end_at === null) return [];
      const changed = after.get(row.id);
      if (changed && changed.capped === row.capped && changed.start_at.getTime() === row.start_at.getTime()) return [];
      const delta = (at: Date, seconds: number): StateDelta => ({
        userId: session.user_id,
        campaignId: row.campaign_id,
        state: row.state,
        at,
        seconds,
      });
      return [delta(row.start_at, -row.capped), ...(changed ? [delta(changed.start_at, changed.capped)] : [])];
    });
    await addStateDeltasToRollups(trx, deltas);

    await writeAudit(trx, {
      actorId: viewer.id,
      action: 'login_report.edit',
      subject: `user:${session.user_id}`,
      details: {
        session: Number(session.id),
        before: { start_time: session.start_time, end_time: session.end_time, states: rows },
        after: { start_time: start, end_time: end, states: [...after.values()], removed: removed.map((row) => row.id) },
      },
    });
  });
  return { status: 'ok' as const };
}
