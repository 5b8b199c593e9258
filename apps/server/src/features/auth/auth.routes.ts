import { loginBodySchema, sessionResponseSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { describeCurrentUser, type UsersRepository } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import { setSessionCookie } from './sessionCookie.js';

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UsersRepository;
  loginAttemptsPerMinute: number;
}> = async (app, { auth, users, loginAttemptsPerMinute }) => {
  app.post(
    '/api/auth/login',
    {
      config: {
        action: 'auth.login',
        rateLimit: {
          max: loginAttemptsPerMinute,
          timeWindow: '1 minute',
          // Counted per address and email, so one office behind a NAT does not lock everyone out.
          keyGenerator: (request) => `${request.ip}|${String((request.body as { email?: unknown })?.email ?? '')}`,
        },
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; sets the session cookie',
        body: loginBodySchema,
        response: { 200: sessionResponseSchema },
      },
    },
    async (request, reply) => {
      const result = await auth.login(request.body, {
        previousToken: request.sessionToken,
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      setSessionCookie(reply, result.token);
      return { user: result.user, csrf_token: result.csrfToken };
    },
  );

  app.get(
    '/api/auth/me',
    {
      config: { action: 'auth.me' },
      schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: sessionResponseSchema } },
    },
    async (request) => {
      const { user, session } = signedIn(request);
      return { user: await describeCurrentUser(users, user), csrf_token: session.csrf_token };
    },
  );
};
