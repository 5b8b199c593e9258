import { z } from 'zod';

/** A stretch of a recording the agent paused (card numbers): offsets from the recording's start, in ms. */
export const recordingPauseSchema = z.object({
  paused_at: z.string(),
  resumed_at: z.string().nullable(),
  /** Where the pause falls in the recording (its silence), in ms from the start; null ends with the recording. */
  from_ms: z.number().int(),
  to_ms: z.number().int().nullable(),
  paused_by: z.string().nullable(),
});

export const RECORDING_STATUSES = ['recording', 'ready', 'failed', 'expired'] as const;
export type RecordingStatus = (typeof RECORDING_STATUSES)[number];

/** One agent's part of a call, recorded: playable once 'ready'. */
export const callRecordingSchema = z.object({
  id: z.number().int(),
  status: z.enum(RECORDING_STATUSES),
  agent_name: z.string().nullable(),
  started_at: z.string(),
  duration_ms: z.number().int().nullable(),
  size_bytes: z.number().int().nullable(),
  /** Plays in an <audio> element (HTTP ranges); with ?download=1 it is saved as a file. */
  audio_url: z.string().nullable(),
  failure: z.string().nullable(),
  pauses: z.array(recordingPauseSchema),
});
export type CallRecording = z.infer<typeof callRecordingSchema>;

export const callRecordingsSchema = z.object({ recordings: z.array(callRecordingSchema) });
export type CallRecordings = z.infer<typeof callRecordingsSchema>;

/** The live call's recording as its agent controls it: whether it is being recorded, and paused. */
export const liveRecordingSchema = z.object({ recorded: z.boolean(), paused: z.boolean() });
export type LiveRecording = z.infer<typeof liveRecordingSchema>;

export const recordingAudioQuerySchema = z.strictObject({
  download: z.enum(['0', '1'], { error: 'must be 0 or 1' }).optional(),
});

/** The campaign settings of recording (admin campaign form). */
export const RECORDING_RETENTION_DAYS = { min: 1, max: 3650, default: 90 } as const;
