import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from './support/requests.js';
import { shiftBodiesIn } from './support/shiftBodies.js';
import { createTestUser, demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

/** What the client portal (company supervisor) receives: its own company's data only, filtered by the server. */
const NOW = Date.parse('2030-01-10T12:00:00Z');
const ZONE = 'America/Toronto';
const PERIOD = 'start_period=2030-01-01T00:00:00Z&end_period=2030-02-01T00:00:00Z';
const t = testAppForTests({}, { now: () => NOW });
let client: Session;
let scheduler: Session;
let companyCampaigns: Set<number>;
let ownCampaign: number;
let otherCampaign: number;
let sharedAgent: number;

const shiftBody = shiftBodiesIn(ZONE);
const { get, post } = signedInRequests(() => t);

beforeAll(async () => {
  client = await login(t.app, demoEmail('company_supervisor'));
  scheduler = await login(t.app, demoEmail('schedule_supervisor'));
  const { db } = t.database;
  const { company_id } = await db
    .selectFrom('users')
    .select('company_id')
    .where('id', '=', client.userId)
    .executeTakeFirstOrThrow();
  const campaigns = await db
    .selectFrom('campaigns')
    .select(['id', 'company_id'])
    .where('archived', '=', false)
    .execute();
  companyCampaigns = new Set(campaigns.filter((c) => c.company_id === company_id).map((c) => c.id));
  ownCampaign = [...companyCampaigns][0] as number;
  otherCampaign = (campaigns.find((c) => c.company_id !== company_id) as { id: number }).id;
  // An agent who works for the client's company and for another one.
  sharedAgent = await createTestUser(t.database, { email: 'shared.agent@test.local', timezone: ZONE });
  await db
    .insertInto('campaign_agents')
    .values([
      { campaign_id: ownCampaign, user_id: sharedAgent },
      { campaign_id: otherCampaign, user_id: sharedAgent },
    ])
    .execute();
  const shift = await post(scheduler, '/api/schedules/save_new_event', {
    ...shiftBody('2030-01-14', '09:00', '17:00'),
    user: sharedAgent,
  });
  expect(shift.statusCode, shift.body).toBe(201);
});

describe('client portal responses', () => {
  it("sends the team calendar without other companies' free shifts or campaign ids", async () => {
    const elsewhere = await post(scheduler, '/api/schedules/set_free_shift', {
      ...shiftBody('2030-01-15', '09:00', '13:00'),
      count_agents: 1,
      campaigns: [otherCampaign],
    });
    const both = await post(scheduler, '/api/schedules/set_free_shift', {
      ...shiftBody('2030-01-16', '09:00', '13:00'),
      count_agents: 1,
      campaigns: [otherCampaign, ownCampaign],
    });
    expect([elsewhere.statusCode, both.statusCode]).toEqual([201, 201]);

    // Staff see both offers with every campaign.
    const staff = (await get(scheduler, `/api/schedules/get_schedule?${PERIOD}`)).json();
    const staffOffers = new Map(
      staff.free_shifts.map((offer: { id: number; campaigns: number[] }) => [offer.id, offer.campaigns]),
    );
    expect(staffOffers.get(elsewhere.json().id)).toEqual([otherCampaign]);
    expect(staffOffers.get(both.json().id)).toEqual(expect.arrayContaining([otherCampaign, ownCampaign]));

    const seen = (await get(client, `/api/schedules/get_schedule?${PERIOD}`)).json();
    const offers = seen.free_shifts as { id: number; campaigns: number[] }[];
    expect(offers.some((offer) => offer.id === elsewhere.json().id)).toBe(false);
    expect(offers.find((offer) => offer.id === both.json().id)?.campaigns).toEqual([ownCampaign]);
    for (const offer of offers) expect(offer.campaigns.every((id) => companyCampaigns.has(id))).toBe(true);

    // The day panel's call answers the same way.
    const day = (
      await get(
        client,
        '/api/schedules/get_day_schedule?start_period=2030-01-16T05:00:00Z&end_period=2030-01-17T05:00:00Z',
      )
    ).json();
    const dayOffers = day.free_shifts as { id: number; campaigns: number[] }[];
    expect(dayOffers.find((offer) => offer.id === both.json().id)?.campaigns).toEqual([ownCampaign]);
    expect(dayOffers.every((offer) => offer.campaigns.every((id) => companyCampaigns.has(id)))).toBe(true);

    const agent = seen.data_points.find((point: { user_id: number }) => point.user_id === sharedAgent);
    expect(agent.campaigns).toEqual([ownCampaign]);
    for (const point of seen.data_points as { campaigns: number[] }[]) {
      expect(point.campaigns.every((id) => companyCampaigns.has(id))).toBe(true);
    }
  });

  it("names only the company's campaigns in its campaign lists and timelines", async () => {
    const campaigns = (await get(client, '/api/dashboards/campaigns')).json() as { id: number }[];
    expect(campaigns.length).toBeGreaterThan(0);
    expect(campaigns.every((c) => companyCampaigns.has(c.id))).toBe(true);
    const lists = (await get(client, '/api/dashboards/campaign_lists')).json() as { campaigns: { id: number }[] }[];
    expect(lists.flatMap((list) => list.campaigns).every((c) => companyCampaigns.has(c.id))).toBe(true);
    const timelines = (await get(client, `/api/schedules/get_all_campaigns?${PERIOD}`)).json() as { id: number }[];
    expect(timelines.every((c) => companyCampaigns.has(c.id))).toBe(true);
  });

  it('shows no staff e-mail address', async () => {
    const agents = (await get(client, '/api/dashboards/agents_list')).json() as { id: number; email: unknown }[];
    expect(agents.some((agent) => agent.id === sharedAgent)).toBe(true);
    expect(agents.every((agent) => agent.email === null)).toBe(true);
    // Staff still see them.
    const forStaff = (await get(scheduler, '/api/dashboards/agents_list')).json() as { email: string }[];
    expect(forStaff.every((agent) => agent.email.includes('@'))).toBe(true);

    // No response the client portal reads while working carries anyone's address but its own.
    const own = (await get(client, '/api/auth/me')).json().user.email as string;
    const responses = await Promise.all([
      get(client, '/api/dashboards/agents_list'),
      get(client, '/api/dashboards/agent_groups'),
      get(client, '/api/dashboards/campaigns'),
      get(client, '/api/dashboards/campaign_lists'),
      get(client, `/api/schedules/get_schedule?${PERIOD}`),
      get(client, `/api/schedules/get_all_campaigns?${PERIOD}`),
      get(client, `/api/schedules/get_month_summary?${PERIOD}`),
      get(client, '/api/schedules/get_day_schedule?start_period=2030-01-14T05:00:00Z&end_period=2030-01-15T05:00:00Z'),
      get(client, '/api/notification/get_notifications'),
      get(client, '/api/dashboards/dispositions'),
      post(client, '/api/dashboards/agent-records', {
        start: NOW / 1000 - 30 * 86_400,
        end: NOW / 1000,
        timezone: ZONE,
      }),
      post(client, '/api/dashboards/records-for-campaigns', {
        start: NOW / 1000 - 30 * 86_400,
        end: NOW / 1000,
        timezone: ZONE,
      }),
    ]);
    for (const response of responses) {
      expect(response.statusCode, response.body).toBe(200);
      const addresses = response.body.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? [];
      expect(
        addresses.filter((address) => address !== own),
        response.raw.req.url,
      ).toEqual([]);
    }
  });
});
