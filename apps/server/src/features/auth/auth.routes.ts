import { loginBodySchema, sessionResponseSchema } from '@shiftline/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signedIn } from '../../plugins/access.js';
import { AppError } from '../../plugins/errors.js';
import { describeCurrentUser, type UsersRepository } from '../users/index.js';
import type { AuthService } from './auth.service.js';
import { setSessionCookie } from './sessionCookie.js';

/** The limit per address across accounts, as a multiple of the limit per address and email. */
export const SIGN_IN_ATTEMPTS_PER_ADDRESS_FACTOR = 3;

export const authRoutes: FastifyPluginAsyncZod<{
  auth: AuthService;
  users: UsersRepository;
  loginAttemptsPerMinute: number;
}> = async (app, { auth, users, loginAttemptsPerMinute }) => {
  // Password spraying tries many accounts once each from one address: a second, wider limit counts every attempt
  // from the address whatever the email. Both keys include the address, so a stranger elsewhere locks out no one.
  const perAddress = app.createRateLimit({
    max: loginAttemptsPerMinute * SIGN_IN_ATTEMPTS_PER_ADDRESS_FACTOR,
    timeWindow: 60_000,
    keyGenerator: (request) => `sign-in-address|${request.ip}`,
  });

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
      preHandler: async (request, reply) => {
        const limit = await perAddress(request);
        if (limit.isAllowed || !limit.isExceeded) return;
        reply.header('retry-after', limit.ttlInSeconds);
        throw new AppError('rate_limited', 'Too many sign-in attempts from this address. Wait a minute and try again.');
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
