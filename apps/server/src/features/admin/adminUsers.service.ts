import { randomBytes } from 'node:crypto';
import {
  type AdminUser,
  CALL_TAKING_ROLES,
  CANT_CHANGE_USER_MESSAGE,
  canHaveStatus,
  type createUserBodySchema,
  type editUserBodySchema,
  type ResetPasswordBody,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import type { Realtime } from '../realtime/index.js';
import { hashPassword } from '../users/index.js';
import { refusingDuplicates, throwIfTaken, throwIfUnknown } from './adminErrors.js';
import { type AdminUsersRepository, createAdminUsersRepository, snapshotUser } from './adminUsers.repository.js';

type UserFields = z.output<typeof editUserBodySchema>;
type FormColumn = Exclude<keyof UserFields, 'campaign_ids'>;
/**
 * What is being done to a user: the super-admin rule differs (an administrator may edit one, not demote one, nor
 * change the e-mail and name they sign in with and are known by).
 */
type UserChange = 'edit' | 'change_identity' | 'archive' | 'unarchive' | 'reset_password' | 'sign_out';

const ONLY_SUPER_ADMIN = 'Only a super admin can do this to a super admin.';

type Target = Pick<UserRow, 'id' | 'role' | 'is_system' | 'is_protected' | 'archived'>;

/**
 * Who may change whom (issue 16), as an error or null: the seven system accounts are hidden (404, as if absent);
 * nobody changes the protected root administrator; an administrator may edit a super admin's details, never archive,
 * sign out, demote or reset one, and never make anyone a super admin. Nobody archives themselves, nor archives,
 * unarchives or signs out a user already in that state. The one rule both the endpoints enforce and the users list
 * reads to offer a row's actions (issue 25: a row never offers what the server refuses).
 */
export function refusalOf(
  actor: Pick<UserRow, 'id' | 'role'>,
  target: Target,
  change: UserChange,
  newRole?: string,
): AppError | null {
  if (target.is_system) return notFound('No such user.');
  if (change === 'archive' && actor.id === target.id) return conflict('You cannot archive yourself.');
  if (target.is_protected) return forbidden(CANT_CHANGE_USER_MESSAGE);
  if (actor.role !== 'super_admin') {
    if (target.role === 'super_admin' && (change !== 'edit' || newRole !== 'super_admin')) {
      return new AppError('protected_user', ONLY_SUPER_ADMIN);
    }
    if (newRole === 'super_admin' && target.role !== 'super_admin') {
      return new AppError('protected_user', 'Only a super admin can make a super admin.', {
        role: 'only a super admin can grant this role',
      });
    }
  }
  if (change === 'archive' && target.archived) return conflict('The user is already archived.');
  if (change === 'unarchive' && !target.archived) return conflict('The user is not archived.');
  if (change === 'sign_out' && target.archived) return conflict('The user is archived, so signed out already.');
  return null;
}

export function checkMayChange(actor: UserRow, target: Target, change: UserChange, newRole?: string): void {
  const refusal = refusalOf(actor, target, change, newRole);
  if (refusal) throw refusal;
}

/** The users list's row flags: which of its actions this viewer may take on this user (refusalOf). */
export const userRowActions = (viewer: UserRow, target: Target) => ({
  can_archive: refusalOf(viewer, target, 'archive') === null,
  can_unarchive: refusalOf(viewer, target, 'unarchive') === null,
  can_sign_out: refusalOf(viewer, target, 'sign_out') === null,
});

/** Only a super admin creates a super admin (by the form or an import). */
function checkMayCreate(actor: Pick<UserRow, 'role'>, body: Pick<UserFields, 'role'>): void {
  if (body.role === 'super_admin' && actor.role !== 'super_admin') {
    throw new AppError('protected_user', 'Only a super admin can make a super admin.', {
      role: 'only a super admin can grant this role',
    });
  }
}

/**
 * Only a super admin changes a super admin's e-mail or name (with their password, what they sign in with and are
 * known by): an administrator may still edit their other fields.
 */
function checkIdentityKept(actor: UserRow, target: UserRow, body: UserFields): void {
  if (refusalOf(actor, target, 'change_identity') === null) return;
  const changed = (
    [
      ['email', target.email.toLowerCase() !== body.email.toLowerCase()],
      ['first_name', target.first_name !== body.first_name],
      ['second_name', target.second_name !== body.second_name],
    ] as const
  ).filter(([, differs]) => differs);
  if (changed.length === 0) return;
  throw new AppError(
    'protected_user',
    "Only a super admin can change a super admin's e-mail or name.",
    Object.fromEntries(changed.map(([field]) => [field, 'only a super admin can change this'])),
  );
}

export function createAdminUsersService(deps: {
  db: Kysely<Database>;
  realtime: Pick<Realtime, 'forceLogout'>;
  /** Tells the live boards these agents' campaigns changed (after the commit). */
  announceAgentCampaigns: (userIds: readonly number[]) => Promise<void>;
  /** Puts an agent in Logged out (the call engine's status change), as signing out does. */
  endStatus: (user: UserRow) => Promise<void>;
}) {
  const { db } = deps;
  const inTransaction = <T>(work: (users: AdminUsersRepository) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute((trx) => work(createAdminUsersRepository(trx))));
  const reader = createAdminUsersRepository(db);

  /** The rules between fields, and the rows they name, before anything is written. */
  async function checkFields(users: AdminUsersRepository, user: UserFields, exceptId: number | null) {
    const takesCalls = CALL_TAKING_ROLES.includes(user.role);
    if (!takesCalls && user.agent_call_type !== null) {
      throw new AppError('validation_failed', 'Only roles that take calls have a call type.', {
        agent_call_type: 'is only for roles that take calls',
      });
    }
    if (!takesCalls && user.campaign_ids.length > 0) {
      throw new AppError('validation_failed', 'Only roles that take calls work in campaigns.', {
        campaign_ids: 'is only for roles that take calls',
      });
    }
    const campaignIds = [...new Set(user.campaign_ids)];
    throwIfUnknown('campaign_ids', campaignIds, await users.existingIds('campaigns', campaignIds));
    if (user.agent_group_id !== null) {
      throwIfUnknown(
        'agent_group_id',
        [user.agent_group_id],
        await users.existingIds('agent_groups', [user.agent_group_id]),
      );
    }
    if (user.company_id !== null) {
      throwIfUnknown('company_id', [user.company_id], await users.existingIds('companies', [user.company_id]));
    }
    throwIfTaken(await users.clashes(user, exceptId));
    return campaignIds;
  }

  /** The columns the user form edits, from its body or from the user's row (a body without crm_id keeps the row's). */
  const columnsOf = (
    user: Pick<UserRow, Exclude<FormColumn, 'crm_id'>> & { crm_id?: string | null | undefined },
  ): Pick<UserRow, Exclude<FormColumn, 'crm_id'>> & { crm_id?: string | null } => ({
    email: user.email,
    first_name: user.first_name,
    second_name: user.second_name,
    role: user.role,
    agent_group_id: user.agent_group_id,
    company_id: user.company_id,
    timezone: user.timezone,
    pay_rate_cents: user.pay_rate_cents,
    extension: user.extension,
    crm_id: user.crm_id,
    agent_call_type: user.agent_call_type,
  });

  /** Locks the target, checks the actor may make this change, and writes it with its audit row. */
  async function changeUser(
    actor: UserRow,
    id: number,
    change: UserChange,
    write: (users: AdminUsersRepository, target: UserRow) => Promise<Record<string, unknown> | undefined>,
  ) {
    return inTransaction(async (users) => {
      const target = await users.lockUser(id);
      if (!target) throw notFound('No such user.');
      checkMayChange(actor, target, change);
      const before = snapshotUser(target, await users.enabledCampaignIds(id));
      const extra = await write(users, target);
      const after = snapshotUser((await users.findUser(id)) as UserRow, await users.enabledCampaignIds(id));
      await users.writeAudit({
        actorId: actor.id,
        action: `user.${change}`,
        subject: `user:${id}`,
        details: { before, after, ...extra },
      });
      return after;
    });
  }

  /**
   * After a commit that ended a user's sessions: their open pages go to the sign-in page, and an agent who was Ready
   * goes to Logged out, so no call is routed to someone who can no longer answer. During a call the engine refuses
   * (the call ends as calls do).
   */
  async function signedOut(id: number, asBefore?: UserRow): Promise<void> {
    await deps.realtime.forceLogout(id, '/login?reason=forced');
    // A role change: the status belongs to the role the user had.
    const user = asBefore ?? (await reader.findUser(id));
    if (!user || !canHaveStatus(user.role)) return;
    await deps.endStatus(user).catch((error: unknown) => {
      if (!(error instanceof AppError)) throw error;
    });
  }

  async function insertUser(actor: UserRow, body: z.output<typeof createUserBodySchema>): Promise<number> {
    checkMayCreate(actor, body);
    const passwordHash = await hashPassword(body.password);
    return inTransaction(async (users) => (await createIn(users, actor, body, passwordHash)).id);
  }

  /**
   * Creates a user in the caller's transaction, as the form and the CSV import do: the same checks, a free
   * extension when none is given, their campaigns and the audit row. Answers the id and the extension given.
   */
  async function createIn(users: AdminUsersRepository, actor: UserRow, body: UserFields, passwordHash: string) {
    checkMayCreate(actor, body);
    const campaignIds = await checkFields(users, body, null);
    // A user created without an extension gets the next free one (editable like any other).
    const extension = body.extension ?? (await users.nextFreeExtension());
    const id = await users.insertUser({
      ...columnsOf(body),
      extension,
      password_hash: passwordHash,
      must_change_password: true,
    });
    await users.setEnabledCampaigns(id, campaignIds);
    const after = snapshotUser((await users.findUser(id)) as UserRow, campaignIds);
    await users.writeAudit({
      actorId: actor.id,
      action: 'user.create',
      subject: `user:${id}`,
      details: { before: null, after },
    });
    return { id, extension };
  }

  /** Answers the user as they were before the edit. */
  async function updateUser(actor: UserRow, id: number, body: UserFields): Promise<UserRow> {
    return inTransaction(async (users) => {
      const target = await users.lockUser(id);
      if (!target) throw notFound('No such user.');
      checkMayChange(actor, target, 'edit', body.role);
      checkIdentityKept(actor, target, body);
      const campaignIds = await checkFields(users, body, id);
      const before = snapshotUser(target, await users.enabledCampaignIds(id));
      await users.updateUser(id, columnsOf(body));
      await users.setEnabledCampaigns(id, campaignIds);
      // A new role changes what the open pages may do: they sign in again.
      if (target.role !== body.role) await users.endSessions(id);
      const after = snapshotUser((await users.findUser(id)) as UserRow, campaignIds);
      await users.writeAudit({
        actorId: actor.id,
        action: 'user.edit',
        subject: `user:${id}`,
        details: { before, after },
      });
      return target;
    });
  }

  return {
    /**
     * Runs `work` in one transaction, with a way to create users as the form does and to check one without
     * writing (the CSV import); imports take turns, so the same file imported twice at once lists its users once.
     */
    importInTransaction: <T>(
      work: (steps: {
        check: (body: UserFields) => Promise<void>;
        create: (body: UserFields, passwordHash: string) => Promise<{ id: number; extension: string | null }>;
      }) => Promise<T>,
      actor: UserRow,
    ) =>
      inTransaction(async (users) => {
        await users.lockUserImports();
        return work({
          check: async (body) => {
            checkMayCreate(actor, body);
            await checkFields(users, body, null);
          },
          create: (body, passwordHash) => createIn(users, actor, body, passwordHash),
        });
      }),

    async getUser(id: number, viewer: UserRow): Promise<AdminUser> {
      const user = await reader.findUser(id);
      if (!user || user.is_system) throw notFound('No such user.');
      const may = (change: UserChange) => refusalOf(viewer, user, change, user.role) === null;
      return {
        id: user.id,
        ...columnsOf(user),
        crm_id: user.crm_id,
        campaign_ids: await reader.enabledCampaignIds(id),
        archived: user.archived,
        must_change_password: user.must_change_password,
        may: { edit: may('edit'), change_identity: may('change_identity'), reset_password: may('reset_password') },
      };
    },

    async createUser(actor: UserRow, body: z.output<typeof createUserBodySchema>): Promise<number> {
      const id = await insertUser(actor, body);
      if (body.campaign_ids.length > 0) await deps.announceAgentCampaigns([id]);
      return id;
    },

    async editUser(actor: UserRow, id: number, body: UserFields): Promise<void> {
      const before = await updateUser(actor, id, body);
      if (before.role !== body.role) await signedOut(id, before);
      await deps.announceAgentCampaigns([id]);
    },

    async setArchived(actor: UserRow, id: number, archived: boolean): Promise<void> {
      await changeUser(actor, id, archived ? 'archive' : 'unarchive', async (users) => {
        await users.updateUser(id, { archived });
        if (archived) await users.endSessions(id);
        return undefined;
      });
      if (archived) await signedOut(id);
    },

    /** Sets a temporary password (the one given, or a new random one) that must be changed at the next sign-in. */
    async resetPassword(actor: UserRow, id: number, body: ResetPasswordBody): Promise<string> {
      const temporary = body.password ?? randomBytes(9).toString('base64url');
      const passwordHash = await hashPassword(temporary);
      await changeUser(actor, id, 'reset_password', async (users) => {
        await users.updateUser(id, { password_hash: passwordHash, must_change_password: true });
        await users.endSessions(id);
        return undefined;
      });
      await signedOut(id);
      return temporary;
    },

    /** Closes a user's pages and ends their live status (after a change that signed them out has committed). */
    signedOut,

    async signOut(actor: UserRow, id: number): Promise<number> {
      let ended = 0;
      await changeUser(actor, id, 'sign_out', async (users) => {
        ended = await users.endSessions(id);
        return { sessions_ended: ended };
      });
      await signedOut(id);
      return ended;
    },
  };
}

export type AdminUsersService = ReturnType<typeof createAdminUsersService>;
