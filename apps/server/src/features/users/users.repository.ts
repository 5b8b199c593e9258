import { type Kysely, sql } from 'kysely';
import type { Database, NewUser, UserRow, UserUpdate } from '../../db/schema.js';
import { lockUserRow } from './listedUsers.js';

export function createUsersRepository(db: Kysely<Database>) {
  return {
    findById: (id: number): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    findByEmail: (email: string): Promise<UserRow | undefined> =>
      db.selectFrom('users').selectAll().where(sql<string>`lower(email)`, '=', email.toLowerCase()).executeTakeFirst(),

    async insert(user: NewUser): Promise<number> {
      const row = await db.insertInto('users').values(user).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, changes: UserUpdate): Promise<void> {
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** Locks the user's row until the transaction ends (see lockUserRow). */
    async lockRow(userId: number): Promise<void> {
      await lockUserRow(db, userId);
    },

    scheduleSupervisorIds: async (): Promise<number[]> =>
      (
        await db
          .selectFrom('users')
          .select('id')
          .where('role', '=', 'schedule_supervisor')
          .where('archived', '=', false)
          .execute()
      ).map((row) => row.id),

    findGroupName: async (groupId: number | null): Promise<string | null> => {
      if (groupId === null) return null;
      const row = await db.selectFrom('agent_groups').select('name').where('id', '=', groupId).executeTakeFirst();
      return row?.name ?? null;
    },

    /** Campaigns the user is assigned to and not disabled in: they decide the user's Socket.IO rooms. */
    enabledCampaignIds: async (userId: number): Promise<number[]> => {
      const rows = await db
        .selectFrom('campaign_agents')
        .select('campaign_id')
        .where('user_id', '=', userId)
        .where('is_disabled', '=', false)
        .orderBy('campaign_id')
        .execute();
      return rows.map((row) => row.campaign_id);
    },

    /** The client companies each of these users works for, through their campaigns (as the team calendar scopes them). */
    companiesOf: async (userIds: readonly number[]): Promise<{ user_id: number; company_id: number }[]> => {
      if (userIds.length === 0) return [];
      const rows = await db
        .selectFrom('campaign_agents')
        .innerJoin('campaigns', 'campaigns.id', 'campaign_agents.campaign_id')
        .select(['campaign_agents.user_id', 'campaigns.company_id'])
        .where('campaign_agents.user_id', 'in', [...userIds])
        .where('campaign_agents.is_disabled', '=', false)
        .where('campaigns.company_id', 'is not', null)
        .distinct()
        .execute();
      return rows.map((row) => ({ user_id: row.user_id, company_id: row.company_id as number }));
    },

    isEmailTaken: async (email: string, exceptUserId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where(sql<string>`lower(email)`, '=', email.toLowerCase())
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },

    isExtensionTaken: async (extension: string, exceptUserId: number): Promise<boolean> => {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('extension', '=', extension)
        .where('id', '<>', exceptUserId)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type UsersRepository = ReturnType<typeof createUsersRepository>;
