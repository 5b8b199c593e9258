import {
  changePasswordBodySchema,
  crmIdCheckSchema,
  editProfileBodySchema,
  forceLogoutResponseSchema,
  idParamSchema,
  logoutResponseSchema,
  okSchema,
  profileFormSchema,
  setTimezoneBodySchema,
} from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { clearSessionCookie } from '../auth/index.js';
import type { ProfileService } from './profile.service.js';

export const profileRoutes: FastifyPluginAsyncZod<{ profile: ProfileService }> = async (app, { profile }) => {
  app.post(
    '/api/profile/logout',
    {
      config: { action: 'profile.logout' },
      schema: {
        tags: ['profile'],
        summary: 'Sign out: ends this session',
        response: { 200: logoutResponseSchema },
      },
    },
    async (request, reply) => {
      if (request.sessionToken) await profile.logout(request.sessionToken, signedIn(request).user);
      clearSessionCookie(reply);
      return { status: 'logout' as const, url: '/login' };
    },
  );

  app.post(
    '/api/profile/change_password',
    {
      config: { action: 'profile.change_password' },
      schema: {
        tags: ['profile'],
        summary: 'Change the password (the current one is required); ends other sessions',
        body: changePasswordBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await profile.changePassword(signedIn(request), request.body);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/profile/edit_profile',
    {
      config: { action: 'profile.edit' },
      schema: { tags: ['profile'], summary: 'Profile form data', response: { 200: profileFormSchema } },
    },
    async (request) => profile.profileForm(signedIn(request).user),
  );

  app.post(
    '/api/profile/edit_profile',
    {
      config: { action: 'profile.edit' },
      schema: {
        tags: ['profile'],
        summary: 'Save the profile form',
        body: editProfileBodySchema,
        response: { 200: profileFormSchema },
      },
    },
    async (request) => {
      const { user } = signedIn(request);
      await profile.editProfile(user, request.body);
      return { ...profile.profileForm(user), ...request.body };
    },
  );

  app.post(
    '/api/profile/timezone',
    {
      config: { action: 'profile.set_timezone' },
      schema: {
        tags: ['profile'],
        summary: 'Choose the time zone times are shown in',
        body: setTimezoneBodySchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      await profile.setTimezone(signedIn(request).user, request.body.timezone);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/profile/check_crm_id',
    {
      config: { action: 'profile.check_crm_id' },
      schema: {
        tags: ['profile'],
        summary: 'A warning to show when the user has no CRM id',
        response: { 200: crmIdCheckSchema },
      },
    },
    async (request) => ({ message: profile.checkCrmId(signedIn(request).user) }),
  );

  app.post(
    '/api/users/:id/force_logout',
    {
      config: { action: 'users.force_logout' },
      schema: {
        tags: ['users'],
        summary: 'End every session of a user; their open pages go to the sign-in page',
        params: idParamSchema,
        response: { 200: forceLogoutResponseSchema },
      },
    },
    async (request) => ({
      status: 'ok' as const,
      sessions_ended: await profile.forceLogout(signedIn(request).user, request.params.id),
    }),
  );
};
