import { type Kysely, sql } from 'kysely';

/**
 * Call recording (issue 24 item 8).
 *
 * A campaign records its calls or not (record_calls), lets agents play their own calls' recordings or not, and keeps
 * recordings for a number of days. rtpengine records each answered agent leg (a SIP dialog) of a recording campaign
 * into pcap segments (a pause ends one, the resume starts the next); once the leg is over the app turns them into one
 * WAV file (status 'ready', pauses kept as silence), and deletes it after the campaign's retention (status 'expired').
 * Every pause is kept: when, by whom, and when it was resumed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE campaigns
      ADD COLUMN record_calls boolean NOT NULL DEFAULT false,
      ADD COLUMN agents_hear_own_recordings boolean NOT NULL DEFAULT false,
      ADD COLUMN recording_retention_days integer NOT NULL DEFAULT 90
        CHECK (recording_retention_days BETWEEN 1 AND 3650);

    CREATE TABLE call_recordings (
      id bigserial PRIMARY KEY,
      call_id bigint NOT NULL REFERENCES calls(id) ON DELETE CASCADE,
      sip_call_id text NOT NULL,
      agent_id integer REFERENCES users(id),
      started_at timestamptz NOT NULL DEFAULT now(),
      status text NOT NULL DEFAULT 'recording' CHECK (status IN ('recording', 'ready', 'failed', 'expired')),
      paused boolean NOT NULL DEFAULT false,
      file_name text,
      duration_ms integer,
      size_bytes bigint,
      finished_at timestamptz,
      failure text
    );
    CREATE INDEX call_recordings_call_idx ON call_recordings (call_id);
    -- One recording per live dialog: a second answer of the same leg records nothing more.
    CREATE UNIQUE INDEX call_recordings_live_dialog_key ON call_recordings (sip_call_id) WHERE status = 'recording';
    CREATE INDEX call_recordings_ready_idx ON call_recordings (started_at) WHERE status = 'ready';

    CREATE TABLE recording_pauses (
      id bigserial PRIMARY KEY,
      recording_id bigint NOT NULL REFERENCES call_recordings(id) ON DELETE CASCADE,
      paused_by integer REFERENCES users(id),
      paused_at timestamptz NOT NULL DEFAULT now(),
      resumed_at timestamptz
    );
    CREATE INDEX recording_pauses_recording_idx ON recording_pauses (recording_id);
  `.execute(db);
}
