import {
  CALL_TAKING_ROLES,
  type ChangePasswordBody,
  canHaveStatus,
  type EditProfileBody,
  type TimeZoneId,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, invalidField, notFound } from '../../plugins/errors.js';
import { checkMayChange } from '../admin/index.js';
import type { ActiveSession, SessionsService } from '../auth/index.js';
import type { Realtime } from '../realtime/index.js';
import { hashPassword, type UsersRepository, verifyPassword } from '../users/index.js';

/** Names the user's own field and where an administrator sets it, so the warning can be acted on. */
export const crmIdMissingMessage = (user: Pick<UserRow, 'first_name' | 'second_name'>): string =>
  `Your CRM ID is not set, so sales you make cannot be credited to you. Please ask an administrator to enter it in the CRM ID field of your user (Administration → Users → ${`${user.first_name} ${user.second_name}`.trim()} → CRM ID).`;

export function createProfileService(deps: {
  users: UsersRepository;
  sessions: SessionsService;
  realtime: Realtime;
  /** Puts an agent who signs out in Logged out (the call engine's status change). */
  endStatus: (user: UserRow) => Promise<void>;
}) {
  const { users, sessions, realtime } = deps;
  return {
    /**
     * Ends the session, and an agent's status with it: a Ready agent who signed out gets no more calls. During a
     * call the status is not the agent's to change (the engine refuses): the call goes on and ends as calls do.
     */
    async logout(token: string, user: UserRow): Promise<void> {
      await sessions.end(token);
      if (!canHaveStatus(user.role)) return;
      await deps.endStatus(user).catch((error: unknown) => {
        if (!(error instanceof AppError)) throw error;
      });
    },

    /** Changing the password ends the user's other sessions; the current one stays signed in. */
    async changePassword(active: ActiveSession, body: ChangePasswordBody): Promise<void> {
      if (!(await verifyPassword(active.user.password_hash, body.current_password))) {
        throw invalidField('current_password', 'is incorrect');
      }
      if (body.new_password === body.current_password) {
        throw invalidField('new_password', 'must differ from the current password');
      }
      await users.update(active.user.id, {
        password_hash: await hashPassword(body.new_password),
        must_change_password: false,
      });
      await sessions.endAllForUser(active.user.id, active.session.id);
    },

    profileForm: (user: UserRow) => ({
      first_name: user.first_name,
      second_name: user.second_name,
      email: user.email,
      extension: user.extension,
      avatar_url: user.avatar_url,
    }),

    async editProfile(user: UserRow, body: EditProfileBody & { avatar_url: string | null }): Promise<void> {
      const fields: Record<string, string> = {};
      if (await users.isEmailTaken(body.email, user.id)) fields.email = 'is already used by another user';
      if (body.extension && (await users.isExtensionTaken(body.extension, user.id))) {
        fields.extension = 'is already used by another user';
      }
      if (Object.keys(fields).length > 0) throw conflict('The profile clashes with another user.', fields);
      await users.update(user.id, {
        first_name: body.first_name,
        second_name: body.second_name,
        email: body.email,
        extension: body.extension,
        avatar_url: body.avatar_url,
      });
    },

    setTimezone: (user: UserRow, timezone: TimeZoneId) => users.update(user.id, { timezone }),

    /** Call-taking users need a CRM id for their sales to be credited. */
    checkCrmId: (user: UserRow): string | null =>
      CALL_TAKING_ROLES.includes(user.role) && !user.crm_id ? crmIdMissingMessage(user) : null,

    /**
     * An administrator ends every session of a user; their open pages go to the sign-in page. Who may sign out whom
     * is the administration's one rule (a super admin only by a super admin, never the protected root).
     */
    async forceLogout(viewer: UserRow, targetId: number): Promise<number> {
      const target = await users.findById(targetId);
      if (!target) throw notFound('No such user.');
      checkMayChange(viewer, target, 'sign_out');
      const ended = await sessions.endAllForUser(targetId);
      await realtime.forceLogout(targetId, '/login?reason=forced');
      return ended;
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
