import type {
  AdminCampaign,
  AdminCampaignList,
  AdminCompany,
  AdminOptions,
  AgentGroupBody,
  CampaignListBody,
  CompanyBody,
  campaignBodySchema,
} from '@shiftline/shared';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Database, UserRow } from '../../db/schema.js';
import { conflict, notFound } from '../../plugins/errors.js';
import { refusingDuplicates, throwIfTaken, throwIfUnknown } from './adminErrors.js';
import { type AdminOrgRepository, createAdminOrgRepository } from './adminOrg.repository.js';

type CampaignFields = z.output<typeof campaignBodySchema>;

/** Agent groups, client companies, campaigns and campaign lists: each write one transaction with its audit row. */
export function createAdminOrgService(deps: {
  db: Kysely<Database>;
  /** Tells the live boards these agents' campaigns changed (after the commit). */
  announceAgentCampaigns: (userIds: readonly number[]) => Promise<void>;
}) {
  const { db } = deps;
  const inTransaction = <T>(work: (org: AdminOrgRepository) => Promise<T>) =>
    refusingDuplicates(() => db.transaction().execute((trx) => work(createAdminOrgRepository(trx))));
  const reader = createAdminOrgRepository(db);

  async function checkCampaign(org: AdminOrgRepository, campaign: CampaignFields, exceptId: number | null) {
    if (campaign.company_id !== null) {
      throwIfUnknown('company_id', [campaign.company_id], await org.existingIds('companies', [campaign.company_id]));
    }
    const agentIds = [...new Set(campaign.agent_ids)];
    throwIfUnknown('agent_ids', agentIds, await org.listedAgentIds(agentIds));
    throwIfTaken({ unique_name: await org.uniqueNameTaken('campaigns', campaign.unique_name, exceptId) });
    return agentIds;
  }

  const campaignColumns = ({ agent_ids: _agents, ...columns }: CampaignFields) => columns;

  async function checkList(org: AdminOrgRepository, list: CampaignListBody, exceptId: number | null) {
    const campaignIds = [...new Set(list.campaign_ids)];
    throwIfUnknown('campaign_ids', campaignIds, await org.existingIds('campaigns', campaignIds));
    throwIfTaken({ unique_name: await org.uniqueNameTaken('campaign_lists', list.unique_name, exceptId) });
    return campaignIds;
  }

  return {
    options: (): Promise<AdminOptions> => reader.options(),

    createGroup: (actor: UserRow, body: AgentGroupBody) =>
      inTransaction(async (org) => {
        throwIfTaken({ name: await org.groupNameTaken(body.name, null) });
        const id = await org.insertGroup(body.name);
        await org.writeAudit({
          actorId: actor.id,
          action: 'agent_group.create',
          subject: `agent_group:${id}`,
          details: { before: null, after: { id, name: body.name } },
        });
        return id;
      }),

    renameGroup: (actor: UserRow, id: number, body: AgentGroupBody) =>
      inTransaction(async (org) => {
        const group = await org.lockGroup(id);
        if (!group) throw notFound('No such agent group.');
        throwIfTaken({ name: await org.groupNameTaken(body.name, id) });
        await org.renameGroup(id, body.name);
        await org.writeAudit({
          actorId: actor.id,
          action: 'agent_group.rename',
          subject: `agent_group:${id}`,
          details: { before: group, after: { id, name: body.name } },
        });
      }),

    /** Only an empty group goes: users (archived ones too) keep naming theirs. */
    deleteGroup: (actor: UserRow, id: number) =>
      inTransaction(async (org) => {
        const group = await org.lockGroup(id);
        if (!group) throw notFound('No such agent group.');
        const members = await org.groupMembers(id);
        if (members > 0) {
          throw conflict(`The group still has ${members} user${members === 1 ? '' : 's'}; move them first.`);
        }
        await org.deleteGroup(id);
        await org.writeAudit({
          actorId: actor.id,
          action: 'agent_group.delete',
          subject: `agent_group:${id}`,
          details: { before: group, after: null },
        });
      }),

    async getCompany(id: number): Promise<AdminCompany> {
      const company = await reader.findCompany(id);
      if (!company) throw notFound('No such company.');
      return company;
    },

    createCompany: (actor: UserRow, body: CompanyBody) =>
      inTransaction(async (org) => {
        throwIfTaken({ name: await org.companyNameTaken(body.name, null) });
        const id = await org.insertCompany(body);
        await org.writeAudit({
          actorId: actor.id,
          action: 'company.create',
          subject: `company:${id}`,
          details: { before: null, after: { id, ...body } },
        });
        return id;
      }),

    editCompany: (actor: UserRow, id: number, body: CompanyBody) =>
      inTransaction(async (org) => {
        const company = await org.lockCompany(id);
        if (!company) throw notFound('No such company.');
        throwIfTaken({ name: await org.companyNameTaken(body.name, id) });
        await org.updateCompany(id, body);
        await org.writeAudit({
          actorId: actor.id,
          action: 'company.edit',
          subject: `company:${id}`,
          details: { before: company, after: { id, ...body } },
        });
      }),

    async getCampaign(id: number): Promise<AdminCampaign> {
      const campaign = await reader.findCampaign(id);
      if (!campaign) throw notFound('No such campaign.');
      return { ...campaign, agent_ids: await reader.enabledAgentIds(id) };
    },

    async createCampaign(actor: UserRow, body: CampaignFields): Promise<number> {
      const { id, agentIds } = await inTransaction(async (org) => {
        const agentIds = await checkCampaign(org, body, null);
        const id = await org.insertCampaign(campaignColumns(body));
        await org.setEnabledAgents(id, agentIds);
        await org.writeAudit({
          actorId: actor.id,
          action: 'campaign.create',
          subject: `campaign:${id}`,
          details: { before: null, after: { id, ...campaignColumns(body), agent_ids: agentIds } },
        });
        return { id, agentIds };
      });
      await deps.announceAgentCampaigns(agentIds);
      return id;
    },

    async editCampaign(actor: UserRow, id: number, body: CampaignFields): Promise<void> {
      const changed = await inTransaction(async (org) => {
        const campaign = await org.lockCampaign(id);
        if (!campaign) throw notFound('No such campaign.');
        const agentIds = await checkCampaign(org, body, id);
        // Its numbers would route callers to a campaign no inbound agent works; they are removed (or moved) first.
        const numbers = body.type === campaign.type ? 0 : await org.numberCount(id);
        if (numbers > 0) {
          const reason = `still has ${numbers} phone number${numbers === 1 ? '' : 's'}; remove or move them first`;
          throw conflict(`The campaign ${reason} to make it ${body.type}.`, { type: reason });
        }
        const before = { ...campaign, agent_ids: await org.enabledAgentIds(id) };
        await org.updateCampaign(id, campaignColumns(body));
        await org.setEnabledAgents(id, agentIds);
        await org.writeAudit({
          actorId: actor.id,
          action: 'campaign.edit',
          subject: `campaign:${id}`,
          details: { before, after: { id, ...campaignColumns(body), agent_ids: agentIds } },
        });
        // Everyone whose enabled set changed: added, removed, or on a campaign that was archived or deactivated.
        return new Set([...before.agent_ids, ...agentIds]);
      });
      await deps.announceAgentCampaigns([...changed]);
    },

    async getCampaignList(id: number): Promise<AdminCampaignList> {
      const list = await reader.findList(id);
      if (!list) throw notFound('No such campaign list.');
      return { ...list, campaign_ids: await reader.listCampaignIds(id) };
    },

    createCampaignList: (actor: UserRow, body: CampaignListBody) =>
      inTransaction(async (org) => {
        const campaignIds = await checkList(org, body, null);
        const id = await org.insertList({ name: body.name, unique_name: body.unique_name });
        await org.setListCampaigns(id, campaignIds);
        await org.writeAudit({
          actorId: actor.id,
          action: 'campaign_list.create',
          subject: `campaign_list:${id}`,
          details: {
            before: null,
            after: { id, name: body.name, unique_name: body.unique_name, campaign_ids: campaignIds },
          },
        });
        return id;
      }),

    editCampaignList: (actor: UserRow, id: number, body: CampaignListBody) =>
      inTransaction(async (org) => {
        const list = await org.lockList(id);
        if (!list) throw notFound('No such campaign list.');
        const campaignIds = await checkList(org, body, id);
        const before = { ...list, campaign_ids: await org.listCampaignIds(id) };
        await org.updateList(id, { name: body.name, unique_name: body.unique_name });
        await org.setListCampaigns(id, campaignIds);
        await org.writeAudit({
          actorId: actor.id,
          action: 'campaign_list.edit',
          subject: `campaign_list:${id}`,
          details: { before, after: { id, name: body.name, unique_name: body.unique_name, campaign_ids: campaignIds } },
        });
      }),

    deleteCampaignList: (actor: UserRow, id: number) =>
      inTransaction(async (org) => {
        const list = await org.lockList(id);
        if (!list) throw notFound('No such campaign list.');
        const before = { ...list, campaign_ids: await org.listCampaignIds(id) };
        await org.deleteList(id);
        await org.writeAudit({
          actorId: actor.id,
          action: 'campaign_list.delete',
          subject: `campaign_list:${id}`,
          details: { before, after: null },
        });
      }),
  };
}

export type AdminOrgService = ReturnType<typeof createAdminOrgService>;
