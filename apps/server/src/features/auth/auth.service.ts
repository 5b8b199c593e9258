import type { CurrentUser } from '@shiftline/shared';
import { AppError } from '../../plugins/errors.js';
import { burnPasswordCheck, describeCurrentUser, type UsersRepository, verifyPassword } from '../users/index.js';
import type { SessionsService } from './sessions.service.js';

export function createAuthService(deps: { users: UsersRepository; sessions: SessionsService }) {
  const { users, sessions } = deps;
  return {
    /**
     * Checks the password and starts a new session. Any session the browser already had is ended,
     * so a session id fixed by someone else before sign-in never becomes authenticated.
     */
    async login(
      input: { email: string; password: string },
      context: { previousToken: string | null; userAgent: string | null; ip: string | null },
    ): Promise<{ token: string; csrfToken: string; user: CurrentUser }> {
      const user = await users.findByEmail(input.email);
      const refuse = new AppError('invalid_credentials', 'The email or password is incorrect.', {
        password: 'The email or password is incorrect.',
      });
      if (!user || user.archived || user.disabled || user.is_system) {
        await burnPasswordCheck(input.password);
        throw refuse;
      }
      if (!(await verifyPassword(user.password_hash, input.password))) throw refuse;
      if (context.previousToken) await sessions.end(context.previousToken);
      const started = await sessions.start(user.id, { userAgent: context.userAgent, ip: context.ip });
      return { ...started, user: await describeCurrentUser(users, user) };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
