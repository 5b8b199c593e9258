import type { Campaign, CampaignType, UserCampaign } from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, forbidden, notFound } from '../../plugins/errors.js';
import { isListedAgent, type UsersRepository } from '../users/index.js';
import type { CampaignScope, CampaignsRepository } from './campaigns.repository.js';
import { workingHoursOf } from './workingHours.js';

export const PROTECTED_USER_MESSAGE = "You can't change that user";
export const UNKNOWN_EMAIL_MESSAGE = 'Unable to disable/enable user, no user with such email';

/** Every role but agents (their own campaigns) and the client portal (its company's) sees every campaign. */
export const seesEveryCampaign = (viewer: UserRow): boolean =>
  viewer.role !== 'company_supervisor' && viewer.role !== 'agent';

/** Which campaigns a viewer may see: a client-portal user only their company's, an agent only their own. */
export function campaignScopeFor(viewer: UserRow): CampaignScope {
  if (viewer.role === 'company_supervisor') return { companyId: viewer.company_id ?? -1 };
  if (viewer.role === 'agent') return { assignedToUserId: viewer.id };
  return {};
}

export function createCampaignsService(deps: {
  campaigns: CampaignsRepository;
  users: UsersRepository;
  inTransaction: <T>(work: (campaigns: CampaignsRepository) => Promise<T>) => Promise<T>;
  /** Tells the live boards an agent's campaigns changed (after the change committed). */
  announceAgentCampaigns: (userId: number, enabledCampaigns: number[]) => void;
}) {
  const { campaigns: repository, users, inTransaction } = deps;

  async function userCampaigns(userId: number): Promise<UserCampaign[]> {
    return (await repository.userCampaigns(userId)).map((row) => ({
      id: row.id,
      name: row.name,
      is_disabled: row.is_disabled,
    }));
  }

  /** A user whose campaigns the popup may show: a listed agent. */
  async function listableAgent(userId: number): Promise<UserRow> {
    const user = await users.findById(userId);
    if (!user || !isListedAgent(user)) throw notFound('No such agent.');
    return user;
  }

  return {
    async listCampaigns(
      viewer: UserRow,
      type?: CampaignType,
      options: { includeRetired?: boolean } = {},
    ): Promise<Campaign[]> {
      const rows = await repository.listCampaigns({ ...campaignScopeFor(viewer), type, ...options });
      return rows.map((row) => ({
        id: row.id,
        name: row.name,
        unique_name: row.unique_name,
        type: row.type,
        archived: row.archived,
        active: row.active,
        company: row.company_id !== null && row.company_name ? { id: row.company_id, name: row.company_name } : null,
        working_hours: workingHoursOf(row),
        agents_count: Number(row.agents_count ?? 0),
      }));
    },

    async listCampaignLists(viewer: UserRow) {
      const rows = await repository.listCampaignLists(campaignScopeFor(viewer).companyId);
      const lists = new Map<
        number,
        { id: number; name: string; unique_name: string; campaigns: { id: number; name: string }[] }
      >();
      for (const row of rows) {
        const list = lists.get(row.id) ?? { id: row.id, name: row.name, unique_name: row.unique_name, campaigns: [] };
        list.campaigns.push({ id: row.campaign_id, name: row.campaign_name });
        lists.set(row.id, list);
      }
      return [...lists.values()];
    },

    async campaignsPopup(userId: number): Promise<UserCampaign[]> {
      await listableAgent(userId);
      return userCampaigns(userId);
    },

    /** Enables or disables an agent in one campaign (a toggle) and returns their campaigns. */
    async toggleAgentCampaign(actor: UserRow, target: { user: number | string; campaign: number }) {
      const user =
        typeof target.user === 'number' ? await users.findById(target.user) : await users.findByEmail(target.user);
      if (!user) {
        throw typeof target.user === 'string'
          ? new AppError('not_found', UNKNOWN_EMAIL_MESSAGE, { user: UNKNOWN_EMAIL_MESSAGE })
          : notFound('No such user.');
      }
      if (user.is_protected) throw forbidden(PROTECTED_USER_MESSAGE);
      const updated = await inTransaction(async (trx) => {
        const current = (await trx.userCampaigns(user.id)).find((row) => row.id === target.campaign);
        if (!current) {
          throw new AppError('not_found', 'The agent is not in that campaign.', {
            campaign: 'is not one of the agent’s campaigns',
          });
        }
        await trx.setCampaignDisabled(user.id, target.campaign, !current.is_disabled);
        await trx.writeAudit({
          actorId: actor.id,
          action: current.is_disabled ? 'campaign_agent.enable' : 'campaign_agent.disable',
          subject: `user:${user.id}`,
          details: {
            campaign: target.campaign,
            before: { is_disabled: current.is_disabled },
            after: { is_disabled: !current.is_disabled },
          },
        });
        return (await trx.userCampaigns(user.id)).map((row) => ({
          id: row.id,
          name: row.name,
          is_disabled: row.is_disabled,
        }));
      });
      deps.announceAgentCampaigns(
        user.id,
        updated.filter((row) => !row.is_disabled).map((row) => row.id),
      );
      return updated;
    },

    /** The warning on the all-campaigns page: campaigns nobody can take, or no outbound campaign at all. */
    async activeCampaignsNotice(): Promise<string | null> {
      const campaigns = await repository.listCampaigns({});
      const lines: string[] = [];
      const unstaffed = campaigns.filter((campaign) => Number(campaign.agents_count ?? 0) === 0);
      if (unstaffed.length > 0) {
        lines.push(`These active campaigns have no active agents: ${unstaffed.map((c) => c.name).join(', ')}.`);
      }
      if (!campaigns.some((campaign) => campaign.type === 'outbound')) {
        lines.push('There are no active outbound campaigns.');
      }
      return lines.length > 0 ? lines.join(' ') : null;
    },
  };
}

export type CampaignsService = ReturnType<typeof createCampaignsService>;
