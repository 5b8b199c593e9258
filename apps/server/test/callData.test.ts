import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coldCallFixtures } from './coldCalls/fixtures.js';
import { signedInRequests } from './support/requests.js';
import { startTestApp, type TestApp } from './support/testApp.js';

/*
 * The call data's fields of spec §3 (issue 26 item 5): the client's height and weight (saved from the client card),
 * the after-call statuses the form offers the call's agent, the lead fields (from the lead's list columns), and the
 * sales store's url.
 */
const clock = Date.parse('2026-11-12T15:00:00Z');
let t: TestApp;
const { get, post } = signedInRequests(() => t);
const f = coldCallFixtures(() => t);

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
});
afterAll(() => t.close());

describe('the call data', () => {
  it('carries height and weight, the after-call statuses, the lead’s fields and the sale’s url', async () => {
    const campaign = await f.campaign();
    const agent = await f.agent([campaign]);
    const list = await t.database.db
      .insertInto('lead_lists')
      .values({ campaign_id: campaign, name: 'Spring renewals' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lead = await f.lead(campaign, { phone: '+14165550133' });
    await t.database.db
      .updateTable('cold_calls')
      .set({
        list_id: list.id,
        custom_fields: sql`${JSON.stringify({
          Product: 'Fibre 500',
          Service: 'Install',
          'Sales URL': 'https://crm.example/s/9',
        })}::jsonb`,
      })
      .where('id', '=', lead.id)
      .execute();
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' })).statusCode).toBe(
      200,
    );
    const dialled = await post(agent, '/api/inquiries/cold_call', {
      abonent_number: lead.phone,
      cold_call_id: lead.id,
      check_simultaneous_calls: true,
    });
    expect(dialled.statusCode, dialled.body).toBe(200);
    const callId = dialled.json().call_id as number;

    const data = (await get(agent, `/api/inquiries/${callId}/get_call_data`)).json();
    expect(data).toMatchObject({ height: null, weight: null });
    expect(data.lead).toEqual({
      cold_call_id: lead.id,
      create_time: expect.any(String),
      status: 'Called',
      product: 'Fibre 500',
      service: 'Install',
      source: 'Spring renewals',
      sales_url: 'https://crm.example/s/9',
      created: true,
    });
    // An outbound agent's form offers Outbound Sales Calls, never the inbound Ready.
    const statuses = data.after_call_statuses.map((status: { name: string }) => status.name);
    expect(statuses).toContain('outbound_sales_calls');
    expect(statuses).not.toContain('ready');
    expect(data.after_call_statuses[0]).toEqual({ name: 'ready_outbound', title: 'Ready (Outbound)' });

    const saved = await post(agent, `/api/inquiries/${callId}/update_client`, {
      first_name: 'Lena',
      last_name: 'Ross',
      country: 'CA',
      height: '5 ft 10',
      weight: '72 kg',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ height: '5 ft 10', weight: '72 kg' });
    const tooLong = await post(agent, `/api/inquiries/${callId}/update_client`, { height: 'x'.repeat(41) });
    expect(tooLong.statusCode).toBe(400);
    expect(Object.keys(tooLong.json().error.fields)).toContain('height');

    const sales = (await get(agent, `/api/sales/${callId}/get_sales`)).json();
    expect(sales.url).toBe('https://crm.example/s/9');
  });
});
