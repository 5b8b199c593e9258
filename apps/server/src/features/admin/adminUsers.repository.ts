import { type Kysely, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/auditLog.js';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.js';
import { createUsersRepository } from '../users/index.js';
import { existingIds, setEnabledCampaignAgents } from './adminQueries.js';

/** What the audit log keeps of a user: every field the administration writes, never the password hash. */
export type UserSnapshot = Omit<UserRow, 'password_hash' | 'created_at' | 'display_from'> & { campaign_ids: number[] };

/** Kysely queries of the administration's user writes; bound to one transaction by the service. */
export function createAdminUsersRepository(db: Kysely<Database>) {
  return {
    /** The user, their row locked until the transaction ends: two edits of one user queue here. */
    lockUser: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),

    /**
     * The lowest extension from 1000 to 9999 no user has, held until the transaction ends (creates queue on the
     * lock, so users created at once get different ones); null when all are taken.
     */
    async nextFreeExtension(): Promise<string | null> {
      await sql`SELECT pg_advisory_xact_lock(25005)`.execute(db);
      const { rows } = await sql<{ extension: string | null }>`
        SELECT min(n)::text AS extension FROM generate_series(1000, 9999) AS n
        WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.extension = n::text)`.execute(db);
      return rows[0]?.extension ?? null;
    },

    /** User imports take their turn until the transaction ends. */
    async lockUserImports(): Promise<void> {
      await sql`SELECT pg_advisory_xact_lock(25008)`.execute(db);
    },

    findUser: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** Campaigns the user is enabled in. */
    enabledCampaignIds: createUsersRepository(db).enabledCampaignIds,

    /** Another user with this email (case-insensitive) or extension, for the form's field errors. */
    /** Which of the user's e-mail, extension and CRM id another user has (one CRM id credits one person's sales). */
    async clashes(
      user: { email: string; extension: string | null; crm_id?: string | null | undefined },
      exceptId: number | null,
    ) {
      const crmId = user.crm_id ?? null;
      const rows = await db
        .selectFrom('users')
        .select(['id', 'email', 'extension', 'crm_id'])
        .where((eb) =>
          eb.or([
            eb(sql<string>`lower(email)`, '=', user.email.toLowerCase()),
            ...(user.extension === null ? [] : [eb('extension', '=', user.extension)]),
            ...(crmId === null ? [] : [eb('crm_id', '=', crmId)]),
          ]),
        )
        .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
        .execute();
      return {
        email: rows.some((row) => row.email.toLowerCase() === user.email.toLowerCase()),
        extension: user.extension !== null && rows.some((row) => row.extension === user.extension),
        crm_id: crmId !== null && rows.some((row) => row.crm_id === crmId),
      };
    },

    async insertUser(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async updateUser(id: number, changes: UserUpdate): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** Enables the user in exactly these campaigns; the others stay, disabled. */
    setEnabledCampaigns: (userId: number, campaignIds: readonly number[]) =>
      setEnabledCampaignAgents(db, 'user_id', userId, campaignIds),

    /** Ends every session of the user (their open pages are told after the commit). */
    async endSessions(userId: number): Promise<number> {
      const result = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    existingIds: (table: 'campaigns' | 'agent_groups' | 'companies', ids: readonly number[]) =>
      existingIds(db, table, ids),

    writeAudit: (entry: AuditEntry) => writeAudit(db, entry),
  };
}

export type AdminUsersRepository = ReturnType<typeof createAdminUsersRepository>;

/** The audit log's picture of a user. */
export function snapshotUser(user: UserRow, campaignIds: number[]): UserSnapshot {
  const { password_hash: _hash, created_at: _created, display_from: _from, ...fields } = user;
  return { ...fields, campaign_ids: campaignIds };
}
