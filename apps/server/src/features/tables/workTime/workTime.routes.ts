import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../../db/schema.js';
import { viewerRoute } from '../../../plugins/viewerRoute.js';
import type { AdminUsersService } from '../../admin/index.js';
import { type AgentSwitch, agentActionBodySchema, agentByEmail, switchAgent } from './agentActions.js';
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
  /** The administration's user changes: archiving, password resets, ending a signed-out user's live session. */
  adminUsers: Pick<AdminUsersService, 'setArchived' | 'resetPassword' | 'signedOut'>;
  now?: () => number;
}> = async (app, { db, adminUsers, now = Date.now }) => {
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

  const switches: [AgentSwitch, string, string][] = [
    ['enable', AGENT_ACTION_URLS.enable, 'Enable a disabled agent (by email)'],
    ['disable', AGENT_ACTION_URLS.disable, 'Disable an agent (by email): signed out, cannot sign in until enabled'],
  ];
  for (const [action, url, summary] of switches) {
    viewerRoute(app, {
      method: 'POST',
      url,
      action: 'agents.manage',
      tags,
      summary,
      input: { in: 'body', schema: agentActionBodySchema },
      response: resetSchema,
      answer: async (viewer, body) => {
        const user = await switchAgent(db, viewer, action, body);
        if (action === 'disable') await adminUsers.signedOut(user.id);
        return { status: 'ok' as const, temporary_password: null };
      },
    });
  }
  // Archiving and a password reset are the administration's, found here by the row's email.
  viewerRoute(app, {
    method: 'POST',
    url: AGENT_ACTION_URLS.archive,
    action: 'agents.manage',
    tags,
    summary: 'Archive an agent (by email): gone from every list, signed out',
    input: { in: 'body', schema: agentActionBodySchema },
    response: resetSchema,
    answer: async (viewer, body) => {
      const user = await agentByEmail(db, viewer, body.email);
      await adminUsers.setArchived(viewer, user.id, true);
      return { status: 'ok' as const, temporary_password: null };
    },
  });
  viewerRoute(app, {
    method: 'POST',
    url: AGENT_ACTION_URLS.resetPassword,
    action: 'agents.manage',
    tags,
    summary: 'Reset an agent’s password (by email): a temporary one, to be changed at the next sign-in',
    input: { in: 'body', schema: agentActionBodySchema },
    response: resetSchema,
    answer: async (viewer, body) => {
      const user = await agentByEmail(db, viewer, body.email);
      return { status: 'ok' as const, temporary_password: await adminUsers.resetPassword(viewer, user.id, {}) };
    },
  });
};
