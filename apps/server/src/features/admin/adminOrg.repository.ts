import { CALL_TAKING_ROLES, type CampaignType, type WorkingHours } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import { type AuditEntry, writeAudit } from '../../db/auditLog.js';
import type { Database } from '../../db/schema.js';
import { hoursColumns, withWorkingHours } from '../campaigns/index.js';
import { listedAgent, listedUser } from '../users/index.js';
import { existingIds, setEnabledCampaignAgents } from './adminQueries.js';

type CampaignColumns = {
  name: string;
  unique_name: string;
  type: CampaignType;
  company_id: number | null;
  /** Undefined: a new campaign is open around the clock (the columns' defaults), an edit keeps its hours. */
  working_hours?: WorkingHours | undefined;
  active: boolean;
  archived: boolean;
  billing_rate_cents: number;
  /** Undefined: a new campaign takes the column's default, an edit leaves the column as it is. */
  record_calls?: boolean | undefined;
  agents_hear_own_recordings?: boolean | undefined;
  recording_retention_days?: number | undefined;
};

/** Kysely queries of agent groups, campaigns, campaign lists and companies; bound to a transaction by the service. */
export function createAdminOrgRepository(db: Kysely<Database>) {
  return {
    writeAudit: (entry: AuditEntry) => writeAudit(db, entry),

    existingIds: (table: 'campaigns' | 'companies', ids: readonly number[]) => existingIds(db, table, ids),

    /** Of these users, the ones a campaign may have: listed (not archived, not a system account) and taking calls. */
    async listedAgentIds(ids: readonly number[]): Promise<Set<number>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('users')
        .select('id')
        .where('id', 'in', [...ids])
        .where(listedUser)
        .where('role', 'in', CALL_TAKING_ROLES)
        .execute();
      return new Set(rows.map((row) => row.id));
    },

    /* Agent groups */
    lockGroup: (id: number) =>
      db.selectFrom('agent_groups').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    groupNameTaken: async (name: string, exceptId: number | null) =>
      (await db
        .selectFrom('agent_groups')
        .select('id')
        .where('name', '=', name)
        .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
        .executeTakeFirst()) !== undefined,
    insertGroup: async (name: string) =>
      (await db.insertInto('agent_groups').values({ name }).returning('id').executeTakeFirstOrThrow()).id,
    renameGroup: async (id: number, name: string) => {
      await db.updateTable('agent_groups').set({ name }).where('id', '=', id).execute();
    },
    /** Users in the group, archived ones too: their history names it. */
    groupMembers: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('users')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('agent_group_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    deleteGroup: async (id: number) => {
      await db.deleteFrom('agent_groups').where('id', '=', id).execute();
    },

    /* Companies */
    findCompany: (id: number) => db.selectFrom('companies').selectAll().where('id', '=', id).executeTakeFirst(),
    lockCompany: (id: number) =>
      db.selectFrom('companies').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    companyNameTaken: async (name: string, exceptId: number | null) =>
      (await db
        .selectFrom('companies')
        .select('id')
        .where(sql<string>`lower(name)`, '=', name.toLowerCase())
        .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
        .executeTakeFirst()) !== undefined,
    insertCompany: async (company: { name: string; callbacks_enabled: boolean }) =>
      (await db.insertInto('companies').values(company).returning('id').executeTakeFirstOrThrow()).id,
    updateCompany: async (id: number, company: { name: string; callbacks_enabled: boolean }) => {
      await db.updateTable('companies').set(company).where('id', '=', id).execute();
    },

    /* Campaigns */
    lockCampaign: async (id: number) => {
      const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
      return row && withWorkingHours(row);
    },
    findCampaign: async (id: number) => {
      const row = await db.selectFrom('campaigns').selectAll().where('id', '=', id).executeTakeFirst();
      return row && withWorkingHours(row);
    },
    /** How many numbers reach the campaign (an inbound campaign with numbers cannot become outbound). */
    numberCount: async (id: number) =>
      Number(
        (
          await db
            .selectFrom('campaign_numbers')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('campaign_id', '=', id)
            .executeTakeFirstOrThrow()
        ).n,
      ),
    /** Whether another campaign or campaign list (not `exceptId`) has this unique name. */
    uniqueNameTaken: async (table: 'campaigns' | 'campaign_lists', uniqueName: string, exceptId: number | null) =>
      (await db
        .selectFrom(table)
        .select('id')
        .where('unique_name', '=', uniqueName)
        .$if(exceptId !== null, (q) => q.where('id', '<>', exceptId as number))
        .executeTakeFirst()) !== undefined,
    insertCampaign: async ({ working_hours, ...campaign }: CampaignColumns) =>
      (
        await db
          .insertInto('campaigns')
          .values({ ...campaign, ...(working_hours && hoursColumns(working_hours)) })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    updateCampaign: async (id: number, { working_hours, ...campaign }: CampaignColumns) => {
      await db
        .updateTable('campaigns')
        .set({ ...campaign, ...(working_hours && hoursColumns(working_hours)) })
        .where('id', '=', id)
        .execute();
    },
    /** The listed agents enabled on the campaign (archived and system users are not the form's to show). */
    async enabledAgentIds(campaignId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('campaign_agents')
        .innerJoin('users', 'users.id', 'campaign_agents.user_id')
        .select('campaign_agents.user_id')
        .where('campaign_agents.campaign_id', '=', campaignId)
        .where('campaign_agents.is_disabled', '=', false)
        .where(listedAgent)
        .orderBy('campaign_agents.user_id')
        .execute();
      return rows.map((row) => row.user_id);
    },
    /** Enables exactly these agents; the campaign's other agents are disabled, their rows (and history) kept. */
    setEnabledAgents: (campaignId: number, userIds: readonly number[]) =>
      setEnabledCampaignAgents(db, 'campaign_id', campaignId, userIds),

    /* Campaign lists */
    lockList: (id: number) =>
      db.selectFrom('campaign_lists').selectAll().where('id', '=', id).forUpdate().executeTakeFirst(),
    findList: (id: number) => db.selectFrom('campaign_lists').selectAll().where('id', '=', id).executeTakeFirst(),
    insertList: async (list: { name: string; unique_name: string }) =>
      (await db.insertInto('campaign_lists').values(list).returning('id').executeTakeFirstOrThrow()).id,
    updateList: async (id: number, list: { name: string; unique_name: string }) => {
      await db.updateTable('campaign_lists').set(list).where('id', '=', id).execute();
    },
    async listCampaignIds(listId: number): Promise<number[]> {
      const rows = await db
        .selectFrom('campaign_list_items')
        .select('campaign_id')
        .where('list_id', '=', listId)
        .orderBy('campaign_id')
        .execute();
      return rows.map((row) => row.campaign_id);
    },
    async setListCampaigns(listId: number, campaignIds: readonly number[]): Promise<void> {
      await db.deleteFrom('campaign_list_items').where('list_id', '=', listId).execute();
      if (campaignIds.length === 0) return;
      await db
        .insertInto('campaign_list_items')
        .values(campaignIds.map((campaignId) => ({ list_id: listId, campaign_id: campaignId })))
        .execute();
    },
    deleteList: async (id: number) => {
      await db.deleteFrom('campaign_lists').where('id', '=', id).execute();
    },

    /** What the forms choose from. */
    async options() {
      const [agentGroups, companies, campaigns, agents] = await Promise.all([
        db.selectFrom('agent_groups').select(['id', 'name']).orderBy('name').execute(),
        db.selectFrom('companies').select(['id', 'name']).orderBy('name').execute(),
        db
          .selectFrom('campaigns')
          .select(['id', 'name', 'type'])
          .where('archived', '=', false)
          .orderBy('name')
          .execute(),
        db
          .selectFrom('users')
          .select(['id', sql<string>`first_name || ' ' || second_name`.as('name')])
          .where(listedUser)
          .where('role', 'in', CALL_TAKING_ROLES)
          .orderBy('first_name')
          .orderBy('second_name')
          .execute(),
      ]);
      return { agent_groups: agentGroups, companies, campaigns, agents };
    },
  };
}

export type AdminOrgRepository = ReturnType<typeof createAdminOrgRepository>;
