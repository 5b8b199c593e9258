import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Recordings' rows: the legs being recorded, their pauses, their files and who may hear them. */
export function createRecordingsRepository(db: Kysely<Database>) {
  return {
    /** The call's agent now and whether its campaign records calls (null: no such call). */
    callToRecord: (callId: string) =>
      db
        .selectFrom('calls as c')
        .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
        .select(['c.agent_id', 'camp.record_calls'])
        .where('c.id', '=', callId)
        .executeTakeFirst(),

    /** Starts a leg's recording row, unless that dialog is being recorded already (null then). */
    async insertRecording(callId: string, sipCallId: string, agentId: number | null): Promise<string | null> {
      const row = await db
        .insertInto('call_recordings')
        .values({ call_id: callId, sip_call_id: sipCallId, agent_id: agentId })
        .onConflict((conflict) => conflict.column('sip_call_id').where('status', '=', 'recording').doNothing())
        .returning('id')
        .executeTakeFirst();
      return row ? String(row.id) : null;
    },

    failed: (id: string, failure: string) =>
      db
        .updateTable('call_recordings')
        .set({ status: 'failed', failure, finished_at: new Date() })
        .where('id', '=', id)
        .execute(),

    /** The recording of the call's live leg that this agent works (the one a pause applies to). */
    liveRecordingOf: (callId: number, agentId: number) =>
      db
        .selectFrom('call_recordings')
        .select(['id', 'sip_call_id', 'paused'])
        .where('call_id', '=', String(callId))
        .where('agent_id', '=', agentId)
        .where('status', '=', 'recording')
        .orderBy('id', 'desc')
        .executeTakeFirst(),

    /** The agent working a call now (null: no such call). */
    callAgent: (callId: number) =>
      db.selectFrom('calls').select(['agent_id', 'ended_at']).where('id', '=', String(callId)).executeTakeFirst(),

    /**
     * Pauses (or resumes) a recording once: the row is claimed by its paused flag, so of several requests at once one
     * changes it and the others find it done. `tell` (rtpengine) runs while the row is held; if it fails nothing is
     * written. Resolves whether this request made the change.
     */
    setPaused: (id: string, pause: boolean, by: number, tell: () => Promise<void>): Promise<boolean> =>
      db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('call_recordings')
          .set({ paused: pause })
          .where('id', '=', id)
          .where('paused', '=', !pause)
          .returning('id')
          .executeTakeFirst();
        if (!claimed) return false;
        if (pause) {
          await trx.insertInto('recording_pauses').values({ recording_id: id, paused_by: by }).execute();
        } else {
          await trx
            .updateTable('recording_pauses')
            .set({ resumed_at: new Date() })
            .where('recording_id', '=', id)
            .where('resumed_at', 'is', null)
            .execute();
        }
        await tell();
        return true;
      }),

    /**
     * Takes up to `limit` legs still marked as recording for this process to finish: a leg another process took
     * less than five minutes ago is left to it (one that took longer died on it).
     */
    claimRecording: (limit: number) =>
      db
        .updateTable('call_recordings')
        .set({ finished_at: new Date() })
        .where('id', 'in', (sub) =>
          sub
            .selectFrom('call_recordings')
            .select('id')
            .where('status', '=', 'recording')
            .where((where) =>
              where.or([
                where('finished_at', 'is', null),
                where('finished_at', '<', sql<Date>`now() - interval '5 minutes'`),
              ]),
            )
            .orderBy('id')
            .limit(limit),
        )
        .returning(['id', 'sip_call_id', 'started_at'])
        .execute(),

    /** Gives a leg back: its dialog is still live (its next round looks again). */
    release: (id: string) =>
      db.updateTable('call_recordings').set({ finished_at: null }).where('id', '=', id).execute(),

    ready: (id: string, file: { fileName: string; durationMs: number; sizeBytes: number }) =>
      db
        .updateTable('call_recordings')
        .set({
          status: 'ready',
          file_name: file.fileName,
          duration_ms: file.durationMs,
          size_bytes: file.sizeBytes,
          finished_at: new Date(),
        })
        .where('id', '=', id)
        .execute(),

    /** Ready recordings older than their campaign keeps them, oldest first. */
    expired: (limit: number) =>
      db
        .selectFrom('call_recordings as r')
        .innerJoin('calls as c', 'c.id', 'r.call_id')
        .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
        .select(['r.id', 'r.file_name'])
        .where('r.status', '=', 'ready')
        .where('r.started_at', '<', sql<Date>`now() - make_interval(days => camp.recording_retention_days)`)
        .orderBy('r.started_at')
        .limit(limit)
        .execute(),

    markExpired: (ids: readonly string[]) =>
      db.updateTable('call_recordings').set({ status: 'expired', file_name: null }).where('id', 'in', ids).execute(),

    /** A call's recordings with what deciding who hears them needs, oldest first. */
    recordingsOfCall: (callId: number) =>
      db
        .selectFrom('call_recordings as r')
        .innerJoin('calls as c', 'c.id', 'r.call_id')
        .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
        .leftJoin('users as u', 'u.id', 'r.agent_id')
        .select([
          'r.id',
          'r.status',
          'r.agent_id',
          sql<string | null>`u.first_name || ' ' || u.second_name`.as('agent_name'),
          'r.started_at',
          'r.duration_ms',
          'r.size_bytes',
          'r.failure',
          'camp.agents_hear_own_recordings as agents_hear_own',
        ])
        .where('r.call_id', '=', String(callId))
        .orderBy('r.id')
        .execute(),

    pausesOf: (recordingIds: readonly string[]) =>
      recordingIds.length === 0
        ? Promise.resolve([])
        : db
            .selectFrom('recording_pauses as p')
            .leftJoin('users as u', 'u.id', 'p.paused_by')
            .select([
              'p.recording_id',
              'p.paused_at',
              'p.resumed_at',
              sql<string | null>`u.first_name || ' ' || u.second_name`.as('paused_by'),
            ])
            .where('p.recording_id', 'in', recordingIds)
            .orderBy('p.paused_at')
            .execute(),

    /** One recording's file and who may hear it. */
    recordingFile: (id: number) =>
      db
        .selectFrom('call_recordings as r')
        .innerJoin('calls as c', 'c.id', 'r.call_id')
        .innerJoin('campaigns as camp', 'camp.id', 'c.campaign_id')
        .select([
          'r.id',
          'r.call_id',
          'r.status',
          'r.agent_id',
          'r.file_name',
          'r.size_bytes',
          'camp.agents_hear_own_recordings as agents_hear_own',
        ])
        .where('r.id', '=', String(id))
        .executeTakeFirst(),
  };
}

export type RecordingsRepository = ReturnType<typeof createRecordingsRepository>;
