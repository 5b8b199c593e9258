import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';
import { coldCallFixtures } from './fixtures.js';

// Spec §2.3: the agent state report's phone cells dial the customer's record. Each row of an agent on a call names the
// customer's phone and the client's lead in the call's campaign, the record a supervisor's click dials.

const t = testAppForTests();
const { post } = signedInRequests(() => t);
const f = coldCallFixtures(() => t);
let supervisor: Session;

beforeAll(async () => {
  supervisor = await login(t.app, demoEmail('team_lead'));
});

const report = async (campaignId: number) => {
  const response = await post(supervisor, '/api/dashboards/agent_state_report', { campaigns: [campaignId] });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().items as { id: number; customer_phone: string | null; cold_call_id: number | null }[];
};

describe('the agent state report’s customer phone', () => {
  it('names the lead an outbound call dials, and the lead’s phone', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' })).statusCode).toBe(
      200,
    );
    const lead = await f.lead(campaignId, { phone: '+16045550188' });
    const dialled = await post(agent, '/api/inquiries/cold_call', {
      abonent_number: lead.phone,
      cold_call_id: lead.id,
      check_simultaneous_calls: true,
    });
    expect(dialled.statusCode, dialled.body).toBe(200);
    const row = (await report(campaignId)).find((entry) => entry.id === agent.userId);
    expect(row).toMatchObject({ customer_phone: '+16045550188', cold_call_id: lead.id });
  });

  it('names the phone of an inbound caller with no lead, and no record to dial', async () => {
    const campaignId = await f.campaign({ type: 'inbound' });
    const agent = await f.agent([campaignId]);
    await t.database.db
      .updateTable('users')
      .set({ agent_call_type: 'inbound' })
      .where('id', '=', agent.userId)
      .execute();
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
    await t.app.live.engine.arrive({ campaignId, callerPhone: '+19025550177' });
    const rows = await report(campaignId);
    expect(rows.find((entry) => entry.id === agent.userId)).toMatchObject({
      customer_phone: '+19025550177',
      cold_call_id: null,
    });
  });

  it('names none for an agent on no call', async () => {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' });
    const row = (await report(campaignId)).find((entry) => entry.id === agent.userId);
    expect(row).toMatchObject({ customer_phone: null, cold_call_id: null });
  });
});
