import {
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCompanySchema,
  adminCreatedSchema,
  adminOptionsSchema,
  adminUserSchema,
  agentGroupBodySchema,
  campaignBodySchema,
  campaignListBodySchema,
  companyBodySchema,
  createUserBodySchema,
  editUserBodySchema,
  forceLogoutResponseSchema,
  idParamSchema,
  okSchema,
  resetPasswordBodySchema,
  resetPasswordResponseSchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerRoute } from '../../plugins/viewerRoute.js';
import type { AdminOrgService } from './adminOrg.service.js';
import type { AdminUsersService } from './adminUsers.service.js';

const ok = { status: 'ok' as const };
const admin = { tags: ['admin'], action: 'admin.manage' } as const;

/** The administration's writes and form data; its lists are the admin_* generic tables (adminTables.ts). */
export const adminRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService; org: AdminOrgService }> = async (
  app,
  { users, org },
) => {
  const created = (id: number) => ({ status: 'ok' as const, id });

  viewerRoute(app, {
    ...admin,
    method: 'GET',
    url: '/api/admin/options',
    summary: 'What the administration forms choose from: groups, companies, campaigns, agents',
    response: adminOptionsSchema,
    answer: () => org.options(),
  });

  /* Users */
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/users',
    summary: 'Create a user; they must change the given password at their first sign-in',
    input: { in: 'body', schema: createUserBodySchema },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => created(await users.createUser(viewer, body)),
  });
  viewerRoute(app, {
    ...admin,
    method: 'GET',
    url: '/api/admin/users/:id',
    summary: "A user's form data",
    input: { in: 'params', schema: idParamSchema },
    response: adminUserSchema,
    answer: (_viewer, params) => users.getUser(params.id),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/users/:id',
    summary: 'Edit a user (role, group, time zone, pay rate, extension, campaigns...)',
    input: { in: 'body', schema: editUserBodySchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await users.editUser(viewer, params.id, body);
      return ok;
    },
  });
  for (const [name, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    viewerRoute(app, {
      ...admin,
      method: 'POST',
      url: `/api/admin/users/:id/${name}`,
      summary: archived ? 'Archive a user (ends their sessions)' : 'Bring an archived user back',
      input: { in: 'params', schema: idParamSchema },
      response: okSchema,
      answer: async (viewer, params) => {
        await users.setArchived(viewer, params.id, archived);
        return ok;
      },
    });
  }
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/users/:id/reset_password',
    summary: 'Set a temporary password the user must change at their next sign-in; ends their sessions',
    input: { in: 'body', schema: resetPasswordBodySchema },
    params: idParamSchema,
    response: resetPasswordResponseSchema,
    answer: async (viewer, body, params) => ({
      status: 'ok' as const,
      temporary_password: await users.resetPassword(viewer, params.id, body),
    }),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/users/:id/sign_out',
    summary: 'End every session of a user',
    input: { in: 'params', schema: idParamSchema },
    response: forceLogoutResponseSchema,
    answer: async (viewer, params) => ({
      status: 'ok' as const,
      sessions_ended: await users.signOut(viewer, params.id),
    }),
  });

  /* Agent groups */
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/agent_groups',
    summary: 'Create an agent group',
    input: { in: 'body', schema: agentGroupBodySchema },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => created(await org.createGroup(viewer, body)),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/agent_groups/:id',
    summary: 'Rename an agent group',
    input: { in: 'body', schema: agentGroupBodySchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await org.renameGroup(viewer, params.id, body);
      return ok;
    },
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/agent_groups/:id/delete',
    summary: 'Delete an agent group nobody is in (409 otherwise)',
    input: { in: 'params', schema: idParamSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await org.deleteGroup(viewer, params.id);
      return ok;
    },
  });

  /* Companies */
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/companies',
    summary: 'Create a client company (its portal users are users with the company supervisor role)',
    input: { in: 'body', schema: companyBodySchema },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => created(await org.createCompany(viewer, body)),
  });
  viewerRoute(app, {
    ...admin,
    method: 'GET',
    url: '/api/admin/companies/:id',
    summary: "A client company's form data",
    input: { in: 'params', schema: idParamSchema },
    response: adminCompanySchema,
    answer: (_viewer, params) => org.getCompany(params.id),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/companies/:id',
    summary: 'Edit a client company',
    input: { in: 'body', schema: companyBodySchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await org.editCompany(viewer, params.id, body);
      return ok;
    },
  });

  /* Campaigns */
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/campaigns',
    summary: 'Create a campaign',
    input: { in: 'body', schema: campaignBodySchema },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => created(await org.createCampaign(viewer, body)),
  });
  viewerRoute(app, {
    ...admin,
    method: 'GET',
    url: '/api/admin/campaigns/:id',
    summary: "A campaign's form data",
    input: { in: 'params', schema: idParamSchema },
    response: adminCampaignSchema,
    answer: (_viewer, params) => org.getCampaign(params.id),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/campaigns/:id',
    summary: 'Edit a campaign (type, company, working window, active, archived, billing rate, agents)',
    input: { in: 'body', schema: campaignBodySchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await org.editCampaign(viewer, params.id, body);
      return ok;
    },
  });

  /* Campaign lists */
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/campaign_lists',
    summary: 'Create a campaign list',
    input: { in: 'body', schema: campaignListBodySchema },
    response: adminCreatedSchema,
    status: 201,
    answer: async (viewer, body) => created(await org.createCampaignList(viewer, body)),
  });
  viewerRoute(app, {
    ...admin,
    method: 'GET',
    url: '/api/admin/campaign_lists/:id',
    summary: "A campaign list's form data",
    input: { in: 'params', schema: idParamSchema },
    response: adminCampaignListSchema,
    answer: (_viewer, params) => org.getCampaignList(params.id),
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/campaign_lists/:id',
    summary: 'Edit a campaign list',
    input: { in: 'body', schema: campaignListBodySchema },
    params: idParamSchema,
    response: okSchema,
    answer: async (viewer, body, params) => {
      await org.editCampaignList(viewer, params.id, body);
      return ok;
    },
  });
  viewerRoute(app, {
    ...admin,
    method: 'POST',
    url: '/api/admin/campaign_lists/:id/delete',
    summary: 'Delete a campaign list',
    input: { in: 'params', schema: idParamSchema },
    response: okSchema,
    answer: async (viewer, params) => {
      await org.deleteCampaignList(viewer, params.id);
      return ok;
    },
  });
};
