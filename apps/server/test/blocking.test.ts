import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blockedPhones } from '../src/features/blocking/index.js';
import { addCallsToRollups, foldRollupBacklog } from '../src/rollups/index.js';
import { coldCallFixtures } from './coldCalls/fixtures.js';
import { signedInRequests } from './support/requests.js';
import { createTestUser, demoEmail, login, type Session, startTestApp, type TestApp } from './support/testApp.js';

/*
 * Blocked numbers (issue 25 item 7) on the real app and database: a blacklisted or do-not-call caller is refused
 * before queuing on the simulated network and logged as blocked (counted by the call log, by no rollup); an agent's
 * dial to such a number is refused (409 naming why); the administration adds and removes do-not-call numbers and
 * unblocks blacklisted ones, audited, admin only, hostile input refused.
 */

/** A quiet hour of its own, far from the demo's history: the call log's period reads only this file's calls. */
let clock = Date.parse('2031-05-06T10:00:00Z');
const HOUR = { start: Date.parse('2031-05-06T10:00:00Z') / 1000, end: Date.parse('2031-05-06T11:00:00Z') / 1000 - 1 };
let t: TestApp;
const { get, post } = signedInRequests(() => t);
const f = coldCallFixtures(() => t);
let admin: Session;
let agentCount = 0;

beforeAll(async () => {
  t = await startTestApp({}, { now: () => clock });
  admin = await login(t.app, demoEmail('administrator'));
});
afterAll(() => t.close());

const db = () => t.database.db;
const simulate = (campaignId: number, callerPhone: string) =>
  post(admin, '/api/telephony/simulated_call', { campaign_id: campaignId, caller_phone: callerPhone });
const addDnc = (phone: unknown, note?: unknown, as = admin) =>
  post(as, '/api/admin/blocked_numbers', note === undefined ? { phone } : { phone, note });
const action = (id: string, name: 'remove' | 'unblock', as = admin) =>
  post(as, `/api/admin/blocked_numbers/${encodeURIComponent(id)}/${name}`);
const stateOf = async (session: Session) =>
  (await get(session, '/api/status/get_current_status_info')).json().status.name as string;
const auditOf = (subject: string) =>
  db().selectFrom('audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();
const callLog = async (values: Record<string, unknown>) => {
  const response = await get(admin, `/api/tables/call_log?chosenValues=${encodeURIComponent(JSON.stringify(values))}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const blockedList = async (session: Session, values: Record<string, unknown> = {}) =>
  get(session, `/api/tables/admin_blocked_numbers?chosenValues=${encodeURIComponent(JSON.stringify(values))}`);

/** An inbound campaign of its own with a ready agent on it (who would be offered any call that queued). */
async function inboundWithReadyAgent() {
  agentCount += 1;
  const campaign = await f.campaign({ type: 'inbound' });
  const email = `blocking.agent${agentCount}@test.local`;
  const id = await createTestUser(t.database, { email, timezone: 'America/Toronto' });
  await db().insertInto('campaign_agents').values({ campaign_id: campaign, user_id: id }).execute();
  const agent = await login(t.app, email);
  expect((await post(agent, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
  return { campaign, agent };
}

describe('inbound calls from blocked numbers', () => {
  it('a caller the agent blacklisted is refused before queuing, logged as blocked, offered to nobody', async () => {
    const { campaign, agent } = await inboundWithReadyAgent();
    // The first call reaches the agent, who blacklists the caller from the call page.
    const first = await simulate(campaign, '+17095550142');
    expect(first.statusCode, first.body).toBe(201);
    const firstId = first.json().current_call_id as number;
    expect(
      (await post(agent, '/api/inquiries/call_data', { crm_call_id: firstId, flow_status: 'talk' })).statusCode,
    ).toBe(200);
    const blacklisted = await post(agent, `/api/inquiries/${firstId}/blacklist`);
    expect(blacklisted.statusCode, blacklisted.body).toBe(200);
    const clientId = blacklisted.json().client_id as number;
    const [audit] = await auditOf(`client:${clientId}`);
    expect(audit).toMatchObject({ actor_id: agent.userId, action: 'client.blacklist' });
    expect(audit?.details).toMatchObject({
      before: { blocked: false },
      after: { blocked: true, blocked_by: agent.userId },
    });
    await post(agent, `/api/inquiries/end_call/${firstId}`, {});
    await post(agent, '/api/status/set_new_status', { status_name: 'ready', call_id: firstId });
    expect(await stateOf(agent)).toBe('ready');

    // The next call from that number, written without its '+', is refused and logged; the agent stays ready.
    clock += 60_000;
    const again = await simulate(campaign, '17095550142');
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.message).toBe('17095550142 is blacklisted: the call was refused and logged as blocked.');
    const rows = await db().selectFrom('calls').selectAll().where('campaign_id', '=', campaign).orderBy('id').execute();
    expect(rows).toHaveLength(2);
    expect(rows[1]).toMatchObject({
      status: 'blocked',
      block_reason: 'blacklist',
      client_id: clientId,
      agent_id: null,
      answered_at: null,
      abandoned: false,
      missed: false,
      queue_seconds: 0,
    });
    expect(rows[1]?.ended_at?.getTime()).toBe(clock);
    // Its page (the call log's row opens it for a supervising role) shows the blocked call.
    const supervisor = await login(t.app, demoEmail('team_lead'));
    const page = await get(supervisor, `/api/inquiries/${rows[1]?.id}/get_call_data`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toMatchObject({ status: 'blocked', blocked: true, client_id: clientId });
    expect(await stateOf(agent)).toBe('ready');
  });

  it('a do-not-call caller is refused; the call log shows both kinds of blocked calls, the rollups count neither', async () => {
    const { campaign, agent } = await inboundWithReadyAgent();
    expect((await addDnc('(416) 555-0177', 'Asked never to be called')).json()).toEqual({
      status: 'ok',
      phone: '+14165550177',
    });
    clock += 60_000;
    const refused = await simulate(campaign, '+14165550177');
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: '+14165550177 is on the do-not-call list: the call was refused and logged as blocked.',
      fields: { caller_phone: 'on the do-not-call list' },
    });
    expect(await stateOf(agent)).toBe('ready');
    // A caller nobody blocked still queues and reaches the agent, then hangs up before answering (abandoned).
    const allowed = await simulate(campaign, '+14165550178');
    expect(allowed.json()).toMatchObject({ status: 'offered', agent_id: agent.userId });
    await post(admin, `/api/telephony/simulated_call/${allowed.json().current_call_id}/hang_up`);

    const blocked = await db()
      .selectFrom('calls')
      .select('id')
      .where('campaign_id', '=', campaign)
      .where('status', '=', 'blocked')
      .executeTakeFirstOrThrow();
    const sums = () =>
      db()
        .selectFrom('campaign_call_rollups')
        .select([
          sql<string>`coalesce(sum(all_calls), 0)`.as('all'),
          sql<string>`coalesce(sum(abandoned_calls), 0)`.as('abandoned'),
          sql<string>`coalesce(sum(unanswered_calls), 0)`.as('unanswered'),
          sql<string>`coalesce(sum(missed_calls), 0)`.as('missed'),
        ])
        .where('campaign_id', '=', campaign)
        .where('alignment', '=', 0)
        .executeTakeFirstOrThrow();
    // Even asked to add it, the rollups leave the blocked call out; the abandoned one comes from the backlog.
    await addCallsToRollups(db(), [blocked.id]);
    expect(await sums()).toEqual({ all: '0', abandoned: '0', unanswered: '0', missed: '0' });
    await foldRollupBacklog(db());
    expect(await sums()).toEqual({ all: '1', abandoned: '1', unanswered: '0', missed: '0' });
  });

  it('the call log lists blocked calls under their own outcome and counts them exactly', async () => {
    const { campaign } = await inboundWithReadyAgent();
    await addDnc('+14165550190');
    clock += 60_000;
    expect((await simulate(campaign, '+14165550190')).statusCode).toBe(409);
    const queued = await simulate(campaign, '+14165550191');
    await post(admin, `/api/telephony/simulated_call/${queued.json().current_call_id}/hang_up`);

    // Period on the hour grid and a campaign: counted from the rollups plus the blocked calls, as the rows say.
    const all = await callLog({ period: HOUR, campaigns: [campaign] });
    expect(all.items.map((row: { outcome: string }) => row.outcome).sort()).toEqual([
      'Abandoned',
      'Blocked (do not call)',
    ]);
    expect(all.options.totalCount).toBe(2);
    const blocked = await callLog({ period: HOUR, campaigns: [campaign], outcome: 'blocked' });
    expect(blocked.items).toHaveLength(1);
    expect(blocked.items[0]).toMatchObject({ client_phone: '+14165550190', outcome: 'Blocked (do not call)' });
    expect(blocked.options.totalCount).toBe(1);
    const unanswered = await callLog({ period: HOUR, campaigns: [campaign], outcome: 'unanswered' });
    expect(unanswered.options.totalCount).toBe(0);
  });
});

describe('outbound dials to blocked numbers', () => {
  async function outboundAgentWithLead(phone: string) {
    const campaignId = await f.campaign();
    const agent = await f.agent([campaignId]);
    expect((await post(agent, '/api/status/set_new_status', { status_name: 'outbound_sales_calls' })).statusCode).toBe(
      200,
    );
    const lead = await f.lead(campaignId, { phone });
    return { campaignId, agent, lead };
  }
  const dial = (agent: Session, lead: { id: number; phone: string }) =>
    post(agent, '/api/inquiries/cold_call', {
      abonent_number: lead.phone,
      cold_call_id: lead.id,
      check_simultaneous_calls: true,
    });

  it('refuses a do-not-call lead and a blacklisted one with 409 naming why, and dials nothing', async () => {
    const dnc = await outboundAgentWithLead('+16045550133');
    await addDnc('+16045550133');
    const calls = await f.callCount();
    const refused = await dial(dnc.agent, dnc.lead);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      message: '+16045550133 is on the do-not-call list: it may not be called.',
      fields: { phone: 'on the do-not-call list' },
    });

    const black = await outboundAgentWithLead('+16045550134');
    // A client with the same number, written otherwise, was blacklisted: the number is blocked.
    const other = await f.client('604-555-0134');
    await db()
      .updateTable('clients')
      .set({ blocked: true, phone_e164: '+16045550134' })
      .where('id', '=', other)
      .execute();
    const blacklisted = await dial(black.agent, black.lead);
    expect(blacklisted.statusCode).toBe(409);
    expect(blacklisted.json().error.message).toBe('+16045550134 is blacklisted: it may not be called.');
    expect(await f.callCount()).toBe(calls);
    expect(await f.leadRow(black.lead.id)).toMatchObject({ last_call_id: null });
    expect(await stateOf(black.agent)).toBe('outbound_sales_calls');

    // Unblocked, the same dial goes out.
    expect((await action('blacklist:+16045550134', 'unblock')).statusCode).toBe(200);
    expect((await dial(black.agent, black.lead)).statusCode).toBe(200);
  });

  it("refuses a redial to a client put on the do-not-call list during the call's after-call work", async () => {
    const { agent, lead } = await outboundAgentWithLead('+16045550135');
    const dialled = await dial(agent, lead);
    const callId = dialled.json().call_id as number;
    await post(admin, `/api/telephony/simulated_call/${callId}/callee`, { answer: true });
    await post(agent, `/api/inquiries/end_call/${callId}`, {});
    await addDnc('+16045550135');
    const redial = await post(agent, '/api/inquiries/cold_call', { redial: true, inquiry_id: callId });
    expect(redial.statusCode).toBe(409);
    expect(redial.json().error.message).toBe('+16045550135 is on the do-not-call list: it may not be called.');
    expect((await f.callRow(callId)).status).toBe('after_call');
  });
});

describe('blockedPhones', () => {
  it('answers 10,000 numbers in one query, the blacklist named before the do-not-call list', async () => {
    await addDnc('+12505550101');
    await addDnc('+12505550102');
    const client = await f.client('+12505550102');
    await db()
      .updateTable('clients')
      .set({ blocked: true, phone_e164: '+12505550102' })
      .where('id', '=', client)
      .execute();
    const phones = Array.from({ length: 10_000 }, (_, i) => `+1250556${String(i).padStart(4, '0')}`);
    phones.push('+12505550101', '+12505550102');
    const started = Date.now();
    const blocked = await blockedPhones(db(), phones);
    expect(Date.now() - started).toBeLessThan(3000);
    expect([...blocked.entries()].sort()).toEqual([
      ['+12505550101', 'dnc'],
      ['+12505550102', 'blacklist'],
    ]);
    expect((await blockedPhones(db(), [])).size).toBe(0);
  });
});

describe('the administration of blocked numbers', () => {
  it('adds, lists and removes do-not-call numbers and unblocks blacklisted ones, each audited', async () => {
    const added = await addDnc(' +1 (902) 555-0161 ', 'Complaint 2031-05');
    expect(added.statusCode, added.body).toBe(201);
    const [addAudit] = await auditOf('do_not_call:+19025550161');
    expect(addAudit).toMatchObject({ actor_id: admin.userId, action: 'do_not_call.add' });
    expect(addAudit?.details).toMatchObject({
      before: null,
      after: { phone: '+19025550161', note: 'Complaint 2031-05', created_by: admin.userId },
    });
    const again = await addDnc('19025550161');
    expect(again.statusCode).toBe(409);
    expect(again.json().error.fields).toEqual({ phone: 'is already on the do-not-call list' });

    const clientId = await f.client('902 555 0162');
    await db()
      .updateTable('clients')
      .set({ blocked: true, phone_e164: '+19025550162', blocked_by: admin.userId, blocked_at: new Date(clock) })
      .where('id', '=', clientId)
      .execute();
    const listed = await blockedList(admin, { search: '90255501' });
    expect(listed.statusCode, listed.body).toBe(200);
    const rows = listed.json().items as Record<string, unknown>[];
    expect(rows.map((row) => [row.id, row.list_name, row.is_dnc, row.is_blacklist]).sort()).toEqual([
      ['blacklist:+19025550162', 'Blacklist', false, true],
      ['dnc:+19025550161', 'Do not call', true, false],
    ]);
    expect(rows.find((row) => row.is_dnc)).toMatchObject({ note: 'Complaint 2031-05', blocked_by: expect.any(String) });
    const onlyDnc = await blockedList(admin, { search: '90255501', list: 'dnc' });
    expect(onlyDnc.json().items).toHaveLength(1);

    expect((await action('dnc:+19025550161', 'remove')).statusCode).toBe(200);
    const removeAudit = (await auditOf('do_not_call:+19025550161'))[1];
    expect(removeAudit).toMatchObject({ action: 'do_not_call.remove' });
    expect(removeAudit?.details).toMatchObject({ before: { phone: '+19025550161' }, after: null });
    expect((await action('dnc:+19025550161', 'remove')).statusCode).toBe(404);

    expect((await action('blacklist:+19025550162', 'unblock')).statusCode).toBe(200);
    const [unblockAudit] = await auditOf(`client:${clientId}`);
    expect(unblockAudit).toMatchObject({ actor_id: admin.userId, action: 'client.unblock' });
    expect(unblockAudit?.details).toMatchObject({
      before: { blocked: true, blocked_by: admin.userId },
      after: { blocked: false, blocked_by: null, blocked_at: null },
    });
    expect((await blockedList(admin, { search: '90255501' })).json().items).toEqual([]);
  });

  it('is the administrators’ only: 403 for a team lead on every route and the list, nothing changed', async () => {
    const lead = await login(t.app, demoEmail('team_lead'));
    await addDnc('+19025550171');
    expect((await addDnc('+19025550172', null, lead)).statusCode).toBe(403);
    expect((await action('dnc:+19025550171', 'remove', lead)).statusCode).toBe(403);
    expect((await action('blacklist:+19025550171', 'unblock', lead)).statusCode).toBe(403);
    expect((await blockedList(lead)).statusCode).toBe(403);
    expect(
      await db().selectFrom('do_not_call').select('phone').where('phone', 'like', '+1902555017%').execute(),
    ).toEqual([{ phone: '+19025550171' }]);
  });

  it('refuses hostile input with 400 naming the field, and 50 identical requests at once change things once', async () => {
    const bad = [
      [{ phone: 'not a number' }, 'phone'],
      [{ phone: '+1416555\u00000123' }, 'phone'],
      [{ phone: '9'.repeat(5000) }, 'phone'],
      [{ phone: 14165550123 }, 'phone'],
      [{ phone: '+14165550181', note: 'a\u0000b' }, 'note'],
      [{ phone: '+14165550181', note: 'x'.repeat(501) }, 'note'],
    ] as const;
    for (const [body, field] of bad) {
      const response = await post(admin, '/api/admin/blocked_numbers', body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {})).toContain(field);
    }
    expect((await action('x'.repeat(5000), 'remove')).statusCode).toBe(414);
    for (const id of ['blacklist:+14165550181', `dnc:${'9'.repeat(90)}`, 'dnc:', '2147483648', 'dnc:+1416\u0000']) {
      const response = await action(id, 'remove');
      expect(response.statusCode, id).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {})).toContain('id');
    }
    expect((await action('dnc:+14165550181', 'unblock')).statusCode).toBe(400);
    expect((await action('blacklist:+14165550181', 'unblock')).statusCode).toBe(404);

    const adds = await Promise.all(Array.from({ length: 50 }, () => addDnc('+14165550182')));
    expect(adds.filter((response) => response.statusCode === 201)).toHaveLength(1);
    expect(adds.filter((response) => response.statusCode === 409)).toHaveLength(49);
    expect(await auditOf('do_not_call:+14165550182')).toHaveLength(1);

    const clientId = await f.client('+14165550183');
    await db()
      .updateTable('clients')
      .set({ blocked: true, phone_e164: '+14165550183' })
      .where('id', '=', clientId)
      .execute();
    const unblocks = await Promise.all(Array.from({ length: 50 }, () => action('blacklist:+14165550183', 'unblock')));
    expect(unblocks.filter((response) => response.statusCode === 200)).toHaveLength(1);
    expect(unblocks.filter((response) => response.statusCode === 404)).toHaveLength(49);
    expect(await auditOf(`client:${clientId}`)).toHaveLength(1);
  });
});
