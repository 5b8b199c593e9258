import { stat } from 'node:fs/promises';
import { type CallRecording, hearsRecording, type LiveRecording } from '@shiftline/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import { finishRecording, recordingPath, removeRecordingFile } from './recordingFiles.js';
import { createRecordingsRepository } from './recordings.repository.js';
import { type RtpengineControl, RtpengineError } from './rtpengineControl.js';

/** Where recordings are made and kept: rtpengine's control socket and the folder it shares with the app. */
export type RecordingSetup = { control: RtpengineControl; directory: string };

/** How many legs one finishing round looks at, and how many expired files one retention round removes. */
const FINISH_BATCH = 50;
const EXPIRE_BATCH = 500;

/**
 * Call recording (issue 24 item 8). rtpengine records every answered agent leg of a campaign that records calls: the
 * app starts it when Kamailio reports the answer, stops and restarts it for the agent's pauses (card numbers: the
 * stretch is never written), and once rtpengine has let the dialog go turns its stretches into one WAV. Files are
 * deleted after the campaign's retention. Without a setup (simulated telephony, or SIP without SIP_RTPENGINE and
 * SIP_RECORDINGS_DIR) nothing is recorded and the campaign setting has no effect.
 */
export function createRecordingsService(deps: {
  db: Kysely<Database>;
  setup: RecordingSetup | null;
  log: FastifyBaseLogger;
}) {
  const { setup, log } = deps;
  const recordings = createRecordingsRepository(deps.db);

  /** The live leg's recording of the call the viewer works (403 for anyone else, 409 when it records nothing). */
  async function workedRecording(viewer: UserRow, callId: number) {
    const call = await recordings.callAgent(callId);
    if (!call) throw notFound('No such call.');
    if (call.agent_id !== viewer.id || call.ended_at !== null) {
      throw forbidden('Only the agent on the call may pause its recording.');
    }
    const recording = await recordings.liveRecordingOf(callId, viewer.id);
    if (!recording || !setup) throw conflict('This call is not being recorded.');
    return { ...recording, id: String(recording.id) };
  }

  /** An ng command about one dialog; a refusal or silence of rtpengine is a 503 for the agent to try again. */
  async function ask(command: string, sipCallId: string): Promise<void> {
    try {
      await setup?.control.command(command, { 'call-id': sipCallId });
    } catch (error) {
      log.warn({ err: error, sipCallId, command }, 'rtpengine did not take a recording command');
      throw new AppError('unavailable', 'The recorder did not answer: try again.');
    }
  }

  return {
    /** Kamailio reported an agent's leg answered: recorded when the call's campaign records calls. */
    async legAnswered(callId: string, sipCallId: string): Promise<void> {
      if (!setup || sipCallId === '') return;
      const call = await recordings.callToRecord(callId);
      if (!call?.record_calls) return;
      const id = await recordings.insertRecording(callId, sipCallId, call.agent_id);
      if (id === null) return;
      try {
        await setup.control.command('start recording', { 'call-id': sipCallId });
      } catch (error) {
        log.error({ err: error, callId, sipCallId }, 'rtpengine did not start recording a call');
        await recordings.failed(id, `The recorder did not start: ${(error as Error).message}`);
      }
    },

    async liveState(viewer: UserRow, callId: number): Promise<LiveRecording> {
      const call = await recordings.callAgent(callId);
      if (!call) throw notFound('No such call.');
      if (call.agent_id !== viewer.id) return { recorded: false, paused: false };
      const recording = setup ? await recordings.liveRecordingOf(callId, viewer.id) : undefined;
      return { recorded: recording !== undefined, paused: recording?.paused ?? false };
    },

    /** Pauses (or resumes) the live call's recording; asking for the state it is in changes nothing. */
    async setPaused(viewer: UserRow, callId: number, pause: boolean): Promise<LiveRecording> {
      const recording = await workedRecording(viewer, callId);
      await recordings.setPaused(recording.id, pause, viewer.id, () =>
        ask(pause ? 'stop recording' : 'start recording', recording.sip_call_id),
      );
      return { recorded: true, paused: pause };
    },

    /**
     * Finishes the legs rtpengine no longer has (the dialog ended, or rtpengine restarted): their WAV is written, or
     * the leg marked failed when nothing was recorded. A leg rtpengine still has, or one it does not answer about,
     * waits for the next round. Returns how many were finished.
     */
    async finishEnded(): Promise<number> {
      if (!setup) return 0;
      let finished = 0;
      for (const leg of await recordings.claimRecording(FINISH_BATCH)) {
        const id = String(leg.id);
        try {
          await setup.control.command('query', { 'call-id': leg.sip_call_id });
          await recordings.release(id);
          continue;
        } catch (error) {
          if (!(error instanceof RtpengineError)) {
            await recordings.release(id);
            continue;
          }
        }
        try {
          const file = await finishRecording(setup.directory, id, leg.sip_call_id);
          if (file) await recordings.ready(id, file);
          else await recordings.failed(id, 'No audio was recorded.');
          finished += 1;
        } catch (error) {
          log.error({ err: error, recording: id }, 'a recording could not be finished');
          await recordings.failed(id, `The recording could not be written: ${(error as Error).message}`);
        }
      }
      return finished;
    },

    /** Deletes recordings past their campaign's retention (their row stays, marked expired). */
    async expireOld(): Promise<number> {
      if (!setup) return 0;
      const rows = await recordings.expired(EXPIRE_BATCH);
      for (const row of rows) if (row.file_name) await removeRecordingFile(setup.directory, row.file_name);
      if (rows.length > 0) await recordings.markExpired(rows.map((row) => String(row.id)));
      return rows.length;
    },

    /** A call's recordings the viewer may hear (403 when they may hear none of a call that has some). */
    async ofCall(viewer: UserRow, callId: number): Promise<CallRecording[]> {
      const rows = await recordings.recordingsOfCall(callId);
      const heard = rows.filter((row) => hearsRecording(viewer, row));
      if (rows.length > 0 && heard.length === 0) throw forbidden("You may not hear this call's recordings.");
      const pauses = await recordings.pausesOf(heard.map((row) => String(row.id)));
      return heard.map((row) => {
        const start = row.started_at.getTime();
        const offset = (at: Date) => Math.max(0, at.getTime() - start);
        return {
          id: Number(row.id),
          status: row.status,
          agent_name: row.agent_name,
          started_at: row.started_at.toISOString(),
          duration_ms: row.duration_ms,
          size_bytes: row.size_bytes === null ? null : Number(row.size_bytes),
          audio_url: row.status === 'ready' ? `/api/recordings/${row.id}/audio` : null,
          failure: row.failure,
          pauses: pauses
            .filter((pause) => String(pause.recording_id) === String(row.id))
            .map((pause) => ({
              paused_at: pause.paused_at.toISOString(),
              resumed_at: pause.resumed_at?.toISOString() ?? null,
              from_ms: offset(pause.paused_at),
              to_ms: pause.resumed_at ? offset(pause.resumed_at) : null,
              paused_by: pause.paused_by,
            })),
        };
      });
    },

    /** A ready recording's file for a viewer who may hear it: its path and size. */
    async audioFile(viewer: UserRow, id: number): Promise<{ path: string; size: number; callId: string }> {
      const row = await recordings.recordingFile(id);
      if (!row) throw notFound('No such recording.');
      if (!hearsRecording(viewer, row)) throw forbidden('You may not hear this recording.');
      const path =
        row.status === 'ready' && row.file_name && setup ? recordingPath(setup.directory, row.file_name) : null;
      const found = path ? await stat(path).catch(() => null) : null;
      if (!path || !found) throw notFound('This recording has no file (not finished, failed or deleted).');
      return { path, size: found.size, callId: String(row.call_id) };
    },
  };
}

export type RecordingsService = ReturnType<typeof createRecordingsService>;
