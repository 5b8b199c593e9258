import { createReadStream } from 'node:fs';
import { callRecordingsSchema, idParamSchema, liveRecordingSchema, recordingAudioQuerySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { RecordingsService } from './recordings.service.js';

const tags = ['recordings'];

/**
 * The byte range a Range header asks of a file of `size` bytes: null for the whole file (no header, or several
 * ranges, which HTTP lets a server answer whole), 'unsatisfiable' for one outside it.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return header.includes(',') ? null : 'unsatisfiable';
  const [, from, to] = match as unknown as [string, string, string];
  if (from === '' && to === '') return 'unsatisfiable';
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** Recordings: the call page's pause control, and playing and downloading them (call page and call log). */
export const recordingsRoutes: FastifyPluginAsyncZod<{ recordings: RecordingsService }> = async (
  app,
  { recordings },
) => {
  viewerRoute(app, {
    method: 'GET',
    url: '/api/calls/:id/recordings',
    action: 'calls.recordings',
    tags,
    summary:
      "A call's recordings the viewer may hear, with their pauses (403 when the call has some but none for them)",
    input: { in: 'params', schema: idParamSchema },
    response: callRecordingsSchema,
    answer: async (viewer, { id }) => ({ recordings: await recordings.ofCall(viewer, id) }),
  });

  viewerRoute(app, {
    method: 'GET',
    url: '/api/calls/:id/recording',
    action: 'calls.handle',
    tags,
    summary: "Whether the agent's live call is being recorded, and whether the recording is paused",
    input: { in: 'params', schema: idParamSchema },
    response: liveRecordingSchema,
    answer: (viewer, { id }) => recordings.liveState(viewer, id),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/calls/:id/recording/pause',
    action: 'calls.handle',
    tags,
    summary: "The call's agent pauses its recording (a card number): the stretch is not recorded, the pause is kept",
    input: { in: 'params', schema: idParamSchema },
    response: liveRecordingSchema,
    answer: (viewer, { id }) => recordings.setPaused(viewer, id, true),
  });

  viewerRoute(app, {
    method: 'POST',
    url: '/api/calls/:id/recording/resume',
    action: 'calls.handle',
    tags,
    summary: "The call's agent resumes its recording",
    input: { in: 'params', schema: idParamSchema },
    response: liveRecordingSchema,
    answer: (viewer, { id }) => recordings.setPaused(viewer, id, false),
  });

  app.get(
    '/api/recordings/:id/audio',
    {
      config: { action: 'calls.recordings' },
      schema: {
        tags,
        summary: 'A recording as WAV (8 kHz mono), streamed with HTTP ranges; ?download=1 saves it as a file',
        params: idParamSchema,
        querystring: recordingAudioQuerySchema,
      },
    },
    async (request, reply) => {
      const viewer = signedIn(request).user;
      const file = await recordings.audioFile(viewer, request.params.id);
      const range = byteRange(request.headers.range, file.size);
      reply.header('accept-ranges', 'bytes').header('cache-control', 'private, no-store').type('audio/wav');
      if (request.query.download === '1') {
        reply.header(
          'content-disposition',
          `attachment; filename="call-${file.callId}-recording-${request.params.id}.wav"`,
        );
      }
      if (range === 'unsatisfiable') {
        return reply.status(416).header('content-range', `bytes */${file.size}`).send();
      }
      const { start, end } = range ?? { start: 0, end: file.size - 1 };
      reply.header('content-length', String(end - start + 1));
      if (range) reply.status(206).header('content-range', `bytes ${start}-${end}/${file.size}`);
      return reply.send(createReadStream(file.path, { start, end }));
    },
  );
};
