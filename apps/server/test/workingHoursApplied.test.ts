import { WEEKDAY_NAMES, type WorkingHours } from '@shiftline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursColumns } from '../src/features/campaigns/index.js';
import { coldCallFixtures } from './coldCalls/fixtures.js';
import { signedInRequests } from './support/requests.js';
import { demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

/*
 * Working hours applied (issue 25 item 4): a call that reaches an inbound campaign outside its hours is refused before
 * it queues (409 on the simulated network, naming when it opens) and logged as refused 'closed', never offered; an
 * outbound campaign outside its hours takes no dial, and the next lead comes only from a campaign open now. The hours
 * are wall-clock rules in the campaign's zone: across both 2026 clock changes in three zones, 9:00 opens at 9:00
 * local. The expected instants below are written out by hand from each zone's offsets, not computed by the rule.
 */

let clock = Date.parse('2026-11-04T15:00:00Z');
let t: TestApp;
const { get, post } = signedInRequests(() => t);
const f = coldCallFixtures(() => t);
let admin: Session;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await login(t.app, demoEmail('administrator'));
});
afterAll(() => t.close());

const db = () => t.database.db;
const weekdays = (open: string, close: string) => WEEKDAY_NAMES.map((_, index) => (index < 5 ? { open, close } : null));

async function withHours(campaignId: number, hours: WorkingHours) {
  await db().updateTable('campaigns').set(hoursColumns(hours)).where('id', '=', campaignId).execute();
}
const nameOf = async (campaignId: number) =>
  (await db().selectFrom('campaigns').select('name').where('id', '=', campaignId).executeTakeFirstOrThrow()).name;
const simulate = (campaignId: number, callerPhone = '+17095550100') =>
  post(admin, '/api/telephony/simulated_call', { campaign_id: campaignId, caller_phone: callerPhone });

/** Each zone's 09:00 local on the Friday before and the Monday after both 2026 clock changes, as UTC instants. */
const OPENINGS: Record<string, string[]> = {
  // NST UTC−3:30, NDT UTC−2:30.
  'America/St_Johns': ['2026-03-06T12:30Z', '2026-03-09T11:30Z', '2026-10-30T11:30Z', '2026-11-02T12:30Z'],
  // EST UTC−5, EDT UTC−4.
  'America/Toronto': ['2026-03-06T14:00Z', '2026-03-09T13:00Z', '2026-10-30T13:00Z', '2026-11-02T14:00Z'],
  // PST UTC−8, PDT UTC−7.
  'America/Los_Angeles': ['2026-03-06T17:00Z', '2026-03-09T16:00Z', '2026-10-30T16:00Z', '2026-11-02T17:00Z'],
};
const MINUTE = 60_000;
const HOURS_8 = 8 * 60 * MINUTE;

describe('inbound calls outside working hours', () => {
  it.each(Object.entries(OPENINGS))('%s: 9:00–17:00 local on both sides of each clock change', async (zone, opens) => {
    const campaign = await f.campaign({ type: 'inbound' });
    await withHours(campaign, { time_zone: zone, weekly: weekdays('09:00', '17:00'), holidays: [] });
    const outcomes: [string, number][] = [];
    for (const open of opens) {
      const opening = Date.parse(open);
      for (const at of [opening - MINUTE, opening, opening + HOURS_8 - MINUTE, opening + HOURS_8]) {
        clock = at;
        outcomes.push([new Date(at).toISOString(), (await simulate(campaign)).statusCode]);
      }
    }
    // Closed a minute before 9:00 and from 17:00; open from 9:00 to 16:59.
    expect(outcomes).toEqual(
      opens.flatMap((open) => {
        const opening = Date.parse(open);
        return [
          [new Date(opening - MINUTE).toISOString(), 409],
          [new Date(opening).toISOString(), 201],
          [new Date(opening + HOURS_8 - MINUTE).toISOString(), 201],
          [new Date(opening + HOURS_8).toISOString(), 409],
        ];
      }),
    );
  });

  it('is refused before it queues, logged as outside working hours, offered to nobody, and says when it opens', async () => {
    const campaign = await f.campaign({ type: 'inbound' });
    await withHours(campaign, {
      time_zone: 'America/St_Johns',
      weekly: weekdays('09:30', '17:30'),
      holidays: [{ date: '2026-11-11', name: 'Remembrance Day' }],
    });
    const agentId = await f.agentId([campaign]);
    await db().updateTable('users').set({ agent_call_type: 'inbound' }).where('id', '=', agentId).execute();
    const { email } = await db()
      .selectFrom('users')
      .select('email')
      .where('id', '=', agentId)
      .executeTakeFirstOrThrow();
    const agent = await login(t.app, email);
    // Wednesday 11 November 2026, 11:00 in St John's (UTC−3:30): a weekday window, but a holiday.
    clock = Date.parse('2026-11-11T14:30:00Z');
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
    const refused = await simulate(campaign, '+17095550123');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: `${await nameOf(campaign)} is closed now (outside its working hours): it opens Thu 9:30 AM (St Johns).`,
      fields: { campaign_id: 'is closed now' },
    });
    const logged = await db()
      .selectFrom('calls')
      .selectAll()
      .where('campaign_id', '=', campaign)
      .executeTakeFirstOrThrow();
    expect(logged).toMatchObject({
      status: 'blocked',
      block_reason: 'closed',
      agent_id: null,
      offered_at: null,
      did: null,
    });
    expect(logged.queued_at.getTime()).toBe(clock);
    expect(logged.ended_at?.getTime()).toBe(clock);
    const state = await get(agent, '/api/status/get_current_status_info');
    expect(state.json().status.name).toBe('ready');
    // The call log shows it under its own outcome, counted as such (a period on the hour grid reads the rollups).
    const period = {
      start: Date.parse('2026-11-11T14:00:00Z') / 1000,
      end: Date.parse('2026-11-11T15:00:00Z') / 1000 - 1,
    };
    const callLog = async (outcome: string | null) => {
      const values = { period, campaigns: [campaign], ...(outcome ? { outcome } : {}) };
      const log = await get(admin, `/api/tables/call_log?chosenValues=${encodeURIComponent(JSON.stringify(values))}`);
      expect(log.statusCode, log.body).toBe(200);
      const { items, options } = log.json();
      return { outcomes: items.map((row: { outcome: string }) => row.outcome), count: options.totalCount };
    };
    expect(await callLog(null)).toEqual({ outcomes: ['Outside working hours'], count: 1 });
    expect(await callLog('closed')).toEqual({ outcomes: ['Outside working hours'], count: 1 });
    expect(await callLog('blocked')).toEqual({ outcomes: [], count: 0 });
    // The next day at opening the same caller is queued and offered to the ready agent.
    clock = Date.parse('2026-11-12T13:00:00Z');
    const taken = await simulate(campaign, '+17095550123');
    expect(taken.statusCode, taken.body).toBe(201);
    expect((await get(agent, '/api/status/get_current_status_info')).json().status.name).toBe('ringing');
  });
});

describe('outbound dialling outside working hours', () => {
  it('refuses a dial while the campaign is closed and takes the next lead only from a campaign open now', async () => {
    const closed = await f.campaign();
    const open = await f.campaign();
    await withHours(closed, { time_zone: 'America/Los_Angeles', weekly: weekdays('09:00', '17:00'), holidays: [] });
    await withHours(open, { time_zone: 'America/St_Johns', weekly: weekdays('09:00', '17:00'), holidays: [] });
    // Thursday 12 November 2026 13:00 UTC: 9:30 AM in St John's, 5:00 AM in Los Angeles.
    clock = Date.parse('2026-11-12T13:00:00Z');
    const agent = await f.agent([closed, open]);
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' })).statusCode).toBe(
      200,
    );
    const closedLead = await f.lead(closed);
    const openLead = await f.lead(open);
    const dialled = await post(agent, '/api/inquiries/cold_call', {
      abonent_number: closedLead.phone,
      cold_call_id: closedLead.id,
      check_simultaneous_calls: true,
    });
    expect(dialled.statusCode).toBe(409);
    expect(dialled.json().error).toMatchObject({
      message: `${await nameOf(closed)} is closed now (outside its working hours): it opens Thu 9:00 AM (Los Angeles).`,
      fields: { campaign_id: 'is closed now' },
    });
    const next = await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: null, mode: 'preview' });
    expect(next.statusCode, next.body).toBe(200);
    expect(next.json().cold_call.id).toBe(openLead.id);
    expect((await post(agent, '/api/inquiries/cold_call', { check_ivr: true })).json()).toMatchObject({
      ready: true,
    });
    // At 11 PM in St John's both are closed: no next lead, and the dial check says why.
    clock = Date.parse('2026-11-13T02:30:00Z');
    await post(agent, '/api/clear_lead_attached_to_agent', { only_definite_leads: false });
    const none = await post(agent, '/api/get_cold_call_for_agent', { cold_call_id: null, mode: 'preview' });
    expect(none.json()).toEqual({ cold_call: null });
    expect((await post(agent, '/api/inquiries/cold_call', { check_ivr: true })).json()).toMatchObject({
      ready: false,
      reason: 'Your outbound campaigns are closed now (outside their working hours).',
    });
  });
});
