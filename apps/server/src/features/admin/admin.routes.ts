import {
  adminCampaignListSchema,
  adminCampaignSchema,
  adminCompanySchema,
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
import { ADMIN_ROUTE, adminRecordRoutes, OK } from './adminRecordRoutes.js';
import type { AdminUsersService } from './adminUsers.service.js';

/** The administration's writes and form data; its lists are the admin_* generic tables (adminTables.ts). */
export const adminRoutes: FastifyPluginAsyncZod<{ users: AdminUsersService; org: AdminOrgService }> = async (
  app,
  { users, org },
) => {
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'GET',
    url: '/api/admin/options',
    summary: 'What the administration forms choose from: groups, companies, campaigns, agents',
    response: adminOptionsSchema,
    answer: () => org.options(),
  });

  adminRecordRoutes(app, 'users', {
    create: {
      summary: 'Create a user; they must change the given password at their first sign-in',
      body: createUserBodySchema,
      run: users.createUser,
    },
    read: { summary: "A user's form data", response: adminUserSchema, run: users.getUser },
    edit: {
      summary: 'Edit a user (role, group, time zone, pay rate, extension, campaigns...)',
      body: editUserBodySchema,
      run: users.editUser,
    },
  });
  for (const [name, archived] of [
    ['archive', true],
    ['unarchive', false],
  ] as const) {
    viewerRoute(app, {
      ...ADMIN_ROUTE,
      method: 'POST',
      url: `/api/admin/users/:id/${name}`,
      summary: archived ? 'Archive a user (ends their sessions)' : 'Bring an archived user back',
      input: { in: 'params', schema: idParamSchema },
      response: okSchema,
      answer: async (viewer, params) => {
        await users.setArchived(viewer, params.id, archived);
        return OK;
      },
    });
  }
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/users/:id/reset_password',
    summary: 'Set a temporary password the user must change at their next sign-in; ends their sessions',
    input: { in: 'body', schema: resetPasswordBodySchema },
    params: idParamSchema,
    response: resetPasswordResponseSchema,
    answer: async (viewer, body, params) => ({
      ...OK,
      temporary_password: await users.resetPassword(viewer, params.id, body),
    }),
  });
  viewerRoute(app, {
    ...ADMIN_ROUTE,
    method: 'POST',
    url: '/api/admin/users/:id/sign_out',
    summary: 'End every session of a user',
    input: { in: 'params', schema: idParamSchema },
    response: forceLogoutResponseSchema,
    answer: async (viewer, params) => ({ ...OK, sessions_ended: await users.signOut(viewer, params.id) }),
  });

  adminRecordRoutes(app, 'agent_groups', {
    create: { summary: 'Create an agent group', body: agentGroupBodySchema, run: org.createGroup },
    edit: { summary: 'Rename an agent group', body: agentGroupBodySchema, run: org.renameGroup },
    remove: { summary: 'Delete an agent group nobody is in (409 otherwise)', run: org.deleteGroup },
  });

  adminRecordRoutes(app, 'companies', {
    create: {
      summary: 'Create a client company (its portal users are users with the company supervisor role)',
      body: companyBodySchema,
      run: org.createCompany,
    },
    read: { summary: "A client company's form data", response: adminCompanySchema, run: org.getCompany },
    edit: { summary: 'Edit a client company', body: companyBodySchema, run: org.editCompany },
  });

  adminRecordRoutes(app, 'campaigns', {
    create: { summary: 'Create a campaign', body: campaignBodySchema, run: org.createCampaign },
    read: { summary: "A campaign's form data", response: adminCampaignSchema, run: org.getCampaign },
    edit: {
      summary: 'Edit a campaign (type, company, working hours, active, archived, billing rate, agents)',
      body: campaignBodySchema,
      run: org.editCampaign,
    },
  });

  adminRecordRoutes(app, 'campaign_lists', {
    create: { summary: 'Create a campaign list', body: campaignListBodySchema, run: org.createCampaignList },
    read: { summary: "A campaign list's form data", response: adminCampaignListSchema, run: org.getCampaignList },
    edit: { summary: 'Edit a campaign list', body: campaignListBodySchema, run: org.editCampaignList },
    remove: { summary: 'Delete a campaign list', run: org.deleteCampaignList },
  });
};
