import type { WorkingHours } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROTECTED_USER_MESSAGE, UNKNOWN_EMAIL_MESSAGE } from '../src/features/campaigns/index.js';
import { as, demoEmail, login, protectedAdminId, type Session, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
let admin: Session;
beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

type AgentBody = {
  id: number;
  email: string;
  archived: boolean;
  starred: boolean;
  role: string;
  agent_group: string | null;
};
type CampaignBody = { id: number; name: string; type: string; company: { name: string } | null; agents_count: number };

describe('agents list', () => {
  it('excludes archived agents, the seven system accounts and non-agent roles, and stars leads and supervisors', async () => {
    const response = await t.app.inject({ url: '/api/dashboards/agents_list', headers: as(admin) });
    const agents = response.json() as AgentBody[];
    expect(agents.length).toBeGreaterThanOrEqual(40);
    const emails = agents.map((agent) => agent.email);
    expect(emails).not.toContain('former.agent@shiftline.test');
    expect(emails.filter((email) => email.startsWith('system'))).toEqual([]);
    expect(emails).not.toContain('admin@shiftline.test');
    expect(agents.every((agent) => !agent.archived)).toBe(true);
    const lead = agents.find((agent) => agent.email === 'teamlead@shiftline.test');
    expect(lead?.starred).toBe(true);
    expect(agents.find((agent) => agent.email === 'agent@shiftline.test')?.starred).toBe(false);
    const systemCount = await t.database.db
      .selectFrom('users')
      .where('is_system', '=', true)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(systemCount.n)).toBe(7);
  });

  it('filters by group and by campaign', async () => {
    const groups = (await t.app.inject({ url: '/api/dashboards/agent_groups', headers: as(admin) })).json() as {
      id: number;
      name: string;
    }[];
    expect(groups.length).toBeGreaterThanOrEqual(4);
    const tier1 = groups.find((group) => group.name === 'Tier 1 Support') as { id: number };
    const agents = (
      await t.app.inject({ url: `/api/dashboards/agents_list?group=${tier1.id}`, headers: as(admin) })
    ).json() as AgentBody[];
    expect(agents.length).toBeGreaterThan(0);
    expect(agents.every((agent) => agent.agent_group === 'Tier 1 Support')).toBe(true);
  });

  it('shows a client-portal user only the agents of their company', async () => {
    const client = await login(t.app, demoEmail('company_supervisor'));
    const theirs = (
      await t.app.inject({ url: '/api/dashboards/agents_list', headers: as(client) })
    ).json() as AgentBody[];
    const all = (await t.app.inject({ url: '/api/dashboards/agents_list', headers: as(admin) })).json() as AgentBody[];
    expect(theirs.length).toBeGreaterThan(0);
    expect(theirs.length).toBeLessThan(all.length);
    expect(theirs.map((agent) => agent.agent_group)).not.toContain('Night Desk');
  });
});

describe('campaigns', () => {
  it('lists only active, non-archived campaigns, both types, one with a night window', async () => {
    const campaigns = (
      await t.app.inject({ url: '/api/dashboards/campaigns', headers: as(admin) })
    ).json() as (CampaignBody & { working_hours: WorkingHours })[];
    const names = campaigns.map((campaign) => campaign.name);
    expect(campaigns.length).toBeGreaterThanOrEqual(6);
    expect(names).not.toContain('Legacy Warranty Line');
    expect(names).not.toContain('Spring Survey 2026');
    expect(new Set(campaigns.map((campaign) => campaign.type))).toEqual(new Set(['inbound', 'outbound']));
    const night = campaigns.find((campaign) => campaign.name === 'After-Hours Support');
    expect(night?.working_hours).toMatchObject({
      time_zone: 'America/Toronto',
      weekly: Array(7).fill({ open: '18:00', close: '02:00' }),
    });
  });

  it('filters by type and refuses other types with the field named', async () => {
    const outbound = (
      await t.app.inject({ url: '/api/dashboards/campaigns?type=outbound', headers: as(admin) })
    ).json() as CampaignBody[];
    expect(outbound.every((campaign) => campaign.type === 'outbound')).toBe(true);
    const bad = await t.app.inject({ url: '/api/dashboards/campaigns?type=email', headers: as(admin) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ type: 'must be inbound or outbound' });
  });

  it("gives a client-portal user only their company's campaigns, and an agent only their own", async () => {
    const client = await login(t.app, demoEmail('company_supervisor'));
    const clientCampaigns = (
      await t.app.inject({ url: '/api/dashboards/campaigns', headers: as(client) })
    ).json() as CampaignBody[];
    expect(clientCampaigns.length).toBeGreaterThan(0);
    expect(clientCampaigns.every((campaign) => campaign.company?.name === 'Northwind Health')).toBe(true);
    const lists = (await t.app.inject({ url: '/api/dashboards/campaign_lists', headers: as(client) })).json() as {
      campaigns: { name: string }[];
    }[];
    const listed = lists.flatMap((list) => list.campaigns.map((campaign) => campaign.name));
    expect(listed.every((name) => name.startsWith('Northwind'))).toBe(true);

    const agent = await login(t.app, demoEmail('agent'));
    const agentCampaigns = (
      await t.app.inject({ url: '/api/dashboards/campaigns', headers: as(agent) })
    ).json() as CampaignBody[];
    const popup = (
      await t.app.inject({ url: `/api/dashboards/user-campaigns-popup/${agent.userId}`, headers: as(admin) })
    ).json() as { id: number; is_disabled: boolean }[];
    expect(agentCampaigns.map((campaign) => campaign.id).sort()).toEqual(
      popup
        .filter((c) => !c.is_disabled)
        .map((c) => c.id)
        .sort(),
    );
  });
});

describe('enabling and disabling an agent in a campaign', () => {
  it('toggles the campaign and returns the updated list, by id or by email', async () => {
    const agent = await login(t.app, demoEmail('agent'));
    const before = (
      await t.app.inject({ url: `/api/dashboards/user-campaigns-popup/${agent.userId}`, headers: as(admin) })
    ).json() as { id: number; is_disabled: boolean }[];
    const target = before[0] as { id: number; is_disabled: boolean };
    const scheduler = await login(t.app, demoEmail('schedule_supervisor'));
    const off = await t.app.inject({
      method: 'POST',
      url: '/api/dashboards/disable-campaign-for-agent',
      headers: as(scheduler),
      payload: { user: agent.userId, campaign: target.id },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().find((c: { id: number }) => c.id === target.id).is_disabled).toBe(!target.is_disabled);
    const mine = (
      await t.app.inject({ url: '/api/dashboards/campaigns', headers: as(agent) })
    ).json() as CampaignBody[];
    expect(mine.map((campaign) => campaign.id)).not.toContain(target.id);
    const on = await t.app.inject({
      method: 'POST',
      url: '/api/dashboards/disable-campaign-for-agent',
      headers: as(scheduler),
      payload: { user: 'agent@shiftline.test', campaign: target.id },
    });
    expect(on.json().find((c: { id: number }) => c.id === target.id).is_disabled).toBe(target.is_disabled);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `user:${agent.userId}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['campaign_agent.disable', 'campaign_agent.enable']);
  });

  it("answers with the spec's messages for the protected administrator and an unknown email", async () => {
    const rootId = await protectedAdminId(t.database);
    const protectedUser = await t.app.inject({
      method: 'POST',
      url: '/api/dashboards/disable-campaign-for-agent',
      headers: as(admin),
      payload: { user: rootId, campaign: 1 },
    });
    expect(protectedUser.statusCode).toBe(403);
    expect(protectedUser.json().error.message).toBe(PROTECTED_USER_MESSAGE);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/dashboards/disable-campaign-for-agent',
      headers: as(admin),
      payload: { user: 'ghost@shiftline.test', campaign: 1 },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe(UNKNOWN_EMAIL_MESSAGE);
  });

  it('refuses roles other than super admin, administrator and schedule supervisor', async () => {
    for (const role of ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager', 'company_supervisor'] as const) {
      const session = await login(t.app, demoEmail(role));
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/dashboards/disable-campaign-for-agent',
        headers: as(session),
        payload: { user: session.userId, campaign: 1 },
      });
      expect(response.statusCode, role).toBe(403);
    }
  });
});

describe('active campaigns warning', () => {
  it('names the active campaigns without active agents and is empty when all are staffed', async () => {
    const none = (
      await t.app.inject({ url: '/api/companies/check_active_outbound_campaigns', headers: as(admin) })
    ).json();
    expect(none).toEqual({ notice_body: null });
    const campaign = await t.database.db
      .selectFrom('campaigns')
      .select(['id', 'name'])
      .where('name', '=', 'After-Hours Support')
      .executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('campaign_agents')
      .set({ is_disabled: true })
      .where('campaign_id', '=', campaign.id)
      .execute();
    const warned = (
      await t.app.inject({ url: '/api/companies/check_active_outbound_campaigns', headers: as(admin) })
    ).json();
    expect(warned.notice_body).toBe('These active campaigns have no active agents: After-Hours Support.');
    await t.database.db
      .updateTable('campaign_agents')
      .set({ is_disabled: false })
      .where('campaign_id', '=', campaign.id)
      .execute();
  });
});
