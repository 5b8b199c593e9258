import { currentStatusInfoSchema, setNewStatusBodySchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import { clearSessionCookie, type SessionsService } from '../auth/index.js';
import type { CallEngine } from './callEngine.js';

const tags = ['status'];

/** The agent's live status (operations spec §7 Status). */
export const statusRoutes: FastifyPluginAsyncZod<{ engine: CallEngine; sessions: SessionsService }> = async (
  app,
  { engine, sessions },
) => {
  viewerRoute(app, {
    method: 'GET',
    url: '/api/status/get_current_status_info',
    action: 'status.use',
    tags,
    summary: 'The current status, its timer, and the statuses the agent may move to, by priority',
    response: currentStatusInfoSchema,
    answer: (viewer) => engine.statusInfo(viewer),
  });

  app.post(
    '/api/status/set_new_status',
    {
      config: { action: 'status.use' },
      schema: {
        tags,
        summary:
          'Choose a status among those offered (409 naming status_name otherwise); from after-call work it closes the call. Logged out signs out.',
        body: setNewStatusBodySchema,
        response: { 200: currentStatusInfoSchema },
      },
    },
    async (request, reply) => {
      const { user } = signedIn(request);
      await engine.setStatus(user, request.body);
      const info = await engine.statusInfo(user);
      if (request.body.status_name === 'logged_out') {
        if (request.sessionToken) await sessions.end(request.sessionToken);
        clearSessionCookie(reply);
      }
      return info;
    },
  );
};
