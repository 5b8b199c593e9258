import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import { viewerRoute } from '../../../plugins/viewerRoute.js';
import { type AgentAction, agentActionBodySchema, runAgentAction } from './agentActions.js';
import { AGENT_ACTION_URLS } from './agents.table.js';
import { saveLoginReport, saveLoginReportBodySchema } from './loginReport.save.js';
import { SAVE_LOGIN_REPORT_URL } from './loginReport.table.js';
import { saveBreakdown, saveBreakdownBodySchema } from './performanceBreakdown.save.js';
import { SAVE_PERFORMANCE_BREAKDOWN_URL } from './performanceBreakdown.table.js';

const tags = ['tables'];
const okSchema = z.object({ status: z.literal('ok') });
const resetSchema = okSchema.extend({ temporary_password: z.string().nullable() });

/** The work-time edit forms' saves and the agents table's row actions (spec §7 Tables, §5). */
export const workTimeRoutes: FastifyPluginAsyncZod<{
  db: Kysely<Database>;
  realtime: Pick<FastifyInstance['realtime'], 'forceLogout'>;
  now?: () => number;
}> = async (app, { db, realtime, now = Date.now }) => {
  viewerRoute(app, {
    method: 'POST',
    url: SAVE_PERFORMANCE_BREAKDOWN_URL,
    action: 'tables.edit_work_time',
    tags,
    summary:
      "Save an agent-day of the performance breakdown: the rows' category times must add up to their total (sum_equals); the edit shows in productivity",
    input: { in: 'body', schema: saveBreakdownBodySchema },
    response: okSchema,
    answer: (viewer, body) => saveBreakdown(db, viewer, body),
  });

  viewerRoute(app, {
    method: 'POST',
    url: SAVE_LOGIN_REPORT_URL,
    action: 'tables.edit_work_time',
    tags,
    summary: "Correct a login session's start and end: its states are clipped or extended, productivity follows",
    input: { in: 'body', schema: saveLoginReportBodySchema },
    response: okSchema,
    answer: (viewer, body) => saveLoginReport(db, viewer, body, now()),
  });

  const actions: [AgentAction, string, string][] = [
    ['enable', AGENT_ACTION_URLS.enable, 'Enable a disabled agent (by email)'],
    ['disable', AGENT_ACTION_URLS.disable, 'Disable an agent (by email): signed out, cannot sign in until enabled'],
    ['archive', AGENT_ACTION_URLS.archive, 'Archive an agent (by email): gone from every list, signed out'],
    [
      'reset_password',
      AGENT_ACTION_URLS.resetPassword,
      'Reset an agent’s password (by email): a temporary one, to be changed at the next sign-in',
    ],
  ];
  for (const [action, url, summary] of actions) {
    viewerRoute(app, {
      method: 'POST',
      url,
      action: 'agents.manage',
      tags,
      summary,
      input: { in: 'body', schema: agentActionBodySchema },
      response: resetSchema,
      answer: async (viewer, body) => {
        const done = await runAgentAction(db, viewer, action, body);
        if (done.signOut) await realtime.forceLogout(done.user.id, '/login?reason=forced');
        return { status: 'ok' as const, temporary_password: done.temporaryPassword };
      },
    });
  }
};
