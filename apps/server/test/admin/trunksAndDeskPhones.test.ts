import { createHash } from 'node:crypto';
import { aroundTheClock, SIP_SECRET_HEADER, type TrunkBody } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { hoursColumns } from '../../src/features/campaigns/index.js';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';
import { unreachableSip } from '../telephony/centre.js';

/* Carrier trunks and desk phones through the administration's API: rules, audit, hostile input, and what the SIP
 * server is told (the source check, the outbound trunk, a desk phone's HA1). */

const sip = unreachableSip();
const t = testAppForTests({ sip });
const { get, post } = signedInRequests(() => t);
let admin: Session;
let superAdmin: Session;
let campaignIds: number[];

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  superAdmin = await login(t.app, demoEmail('super_admin'));
  campaignIds = (
    await t.database.db.selectFrom('campaigns').select('id').where('archived', '=', false).orderBy('id').execute()
  ).map((row) => row.id);
});

let serial = 0;
const trunkBody = (overrides: Partial<TrunkBody> = {}): TrunkBody => {
  serial += 1;
  return {
    name: `Carrier ${serial}`,
    source_addresses: ['203.0.113.10', '198.51.100.0/24'],
    numbers: [],
    outbound_address: null,
    auth_username: null,
    caller_ids: [],
    ...overrides,
  };
};

const auditOf = (subject: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

/** The SIP server's routing question for an INVITE to `to` from `source`. */
const route = (to: string, source: string, from = '+14165550123') =>
  t.app.inject({
    method: 'POST',
    url: '/api/telephony/sip/route',
    headers: { [SIP_SECRET_HEADER]: sip.secret },
    payload: { sip_call_id: `trunk-${Math.random()}@test`, from, to, source, cseq: 1, hold_ms: 0 },
  });

describe('carrier trunks', () => {
  it('only administrators and super admins manage trunks', async () => {
    for (const role of ['agent', 'team_lead', 'agent_supervisor', 'campaign_manager', 'company_supervisor'] as const) {
      const session = await login(t.app, demoEmail(role));
      expect((await post(session, '/api/admin/trunks', trunkBody())).statusCode, role).toBe(403);
    }
    expect((await post(superAdmin, '/api/admin/trunks', trunkBody())).statusCode).toBe(201);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/admin/trunks', payload: trunkBody() });
    expect(anonymous.statusCode).toBe(401);
  });

  it('creates, reads, edits and deletes a trunk with its numbers and caller IDs, each step audited', async () => {
    const [first, second] = campaignIds as [number, number];
    const body = trunkBody({
      numbers: [{ phone: '1 (416) 555-0142', campaign_id: first }],
      outbound_address: 'sip.carrier.example:5060',
      auth_username: 'centre01',
      auth_password: 'digest-secret',
      caller_ids: [{ campaign_id: second, caller_id: '+14165550100' }],
    });
    const created = await post(admin, '/api/admin/trunks', body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const form = (await get(admin, `/api/admin/trunks/${id}`)).json();
    expect(form).toEqual({
      id,
      name: body.name,
      source_addresses: ['203.0.113.10/32', '198.51.100.0/24'],
      numbers: [{ phone: '+14165550142', campaign_id: first }],
      outbound_address: 'sip.carrier.example:5060',
      auth_username: 'centre01',
      has_password: true,
      caller_ids: [{ campaign_id: second, caller_id: '+14165550100' }],
    });
    // The password is never sent back, nor kept in clear, nor written to the audit log.
    expect(JSON.stringify(form)).not.toContain('digest-secret');
    const row = await t.database.db.selectFrom('trunks').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.auth_password_sealed).not.toContain('digest-secret');
    expect(JSON.stringify(await auditOf(`trunk:${id}`))).not.toContain('digest-secret');

    // Omitting the password keeps it; the numbers become exactly the form's.
    const { auth_password: _kept, ...withoutPassword } = body;
    const edited = await post(admin, `/api/admin/trunks/${id}`, {
      ...withoutPassword,
      name: `${body.name} renamed`,
      numbers: [{ phone: '+14165550143', campaign_id: first }],
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const after = (await get(admin, `/api/admin/trunks/${id}`)).json();
    expect(after.has_password).toBe(true);
    expect(after.numbers).toEqual([{ phone: '+14165550143', campaign_id: first }]);
    const sealedAfter = (
      await t.database.db.selectFrom('trunks').select('auth_password_sealed').where('id', '=', id).executeTakeFirst()
    )?.auth_password_sealed;
    expect(sealedAfter).toBe(row.auth_password_sealed);
    // null clears it.
    await post(admin, `/api/admin/trunks/${id}`, { ...withoutPassword, auth_password: null });
    expect((await get(admin, `/api/admin/trunks/${id}`)).json().has_password).toBe(false);

    expect((await post(admin, `/api/admin/trunks/${id}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/trunks/${id}`)).statusCode).toBe(404);
    expect((await auditOf(`trunk:${id}`)).map((entry) => entry.action)).toEqual([
      'trunk.create',
      'trunk.edit',
      'trunk.edit',
      'trunk.delete',
    ]);
  });

  it('refuses bad fields with 400 naming the field, and clashes with 409', async () => {
    const [first] = campaignIds as [number];
    const cases: [Partial<TrunkBody> | Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ name: 'a\u0000b' }, 'name'],
      [{ source_addresses: ['not an address'] }, 'source_addresses.0'],
      [{ source_addresses: ['10.0.0.0/33'] }, 'source_addresses.0'],
      [{ source_addresses: Array.from({ length: 501 }, () => '10.0.0.1') }, 'source_addresses'],
      [{ numbers: [{ phone: '12', campaign_id: first }] }, 'numbers.0.phone'],
      [{ numbers: [{ phone: '+14165550150', campaign_id: 2 ** 31 }] }, 'numbers.0.campaign_id'],
      [{ numbers: [{ phone: '+14165550150', campaign_id: 999_999 }] }, 'numbers'],
      [
        {
          numbers: [
            { phone: '+14165550150', campaign_id: first },
            { phone: '14165550150', campaign_id: first },
          ],
        },
        'numbers',
      ],
      [{ outbound_address: 'no-port.example' }, 'outbound_address'],
      [{ outbound_address: 'host.example:70000' }, 'outbound_address'],
      [{ outbound_address: 'bad host:5060' }, 'outbound_address'],
      [{ auth_username: 'with space' }, 'auth_username'],
      [{ auth_username: 'user', auth_password: 'pass word' }, 'auth_password'],
      [{ auth_password: 'orphan' }, 'auth_password'],
      [{ caller_ids: [{ campaign_id: first, caller_id: '+14165550100' }] }, 'outbound_address'],
      [{ extra: true }, 'body'],
    ];
    for (const [overrides, field] of cases) {
      const response = await post(admin, '/api/admin/trunks', { ...trunkBody(), ...overrides });
      expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fields ?? {}), `${field}: ${response.body}`).toContain(field);
    }

    const taken = trunkBody({ numbers: [{ phone: '+14165550160', campaign_id: first }] });
    expect((await post(admin, '/api/admin/trunks', taken)).statusCode).toBe(201);
    const sameName = await post(admin, '/api/admin/trunks', trunkBody({ name: taken.name.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.fields).toHaveProperty('name');
    const sameNumber = await post(admin, '/api/admin/trunks', trunkBody({ numbers: taken.numbers }));
    expect(sameNumber.statusCode).toBe(409);
    expect(sameNumber.json().error.fields).toHaveProperty('numbers');
    // A number reaches only an inbound campaign (the form offers only those; the server refuses the others).
    const outbound = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 'outbound')
      .executeTakeFirstOrThrow();
    const toOutbound = await post(
      admin,
      '/api/admin/trunks',
      trunkBody({ numbers: [{ phone: '+14165550161', campaign_id: outbound.id }] }),
    );
    expect(toOutbound.statusCode).toBe(409);
    expect(toOutbound.json().error).toMatchObject({
      message: 'Only inbound campaigns take calls on numbers; make the campaign inbound first.',
      fields: { 'numbers.0.campaign_id': 'is not an inbound campaign' },
    });
  });

  it('a campaign number takes calls only from its trunk’s addresses; no trunk, no calls', async () => {
    const inbound = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 'inbound')
      .where('archived', '=', false)
      .where('active', '=', true)
      .executeTakeFirstOrThrow();
    // Open around the clock, so the trunk's check is what answers whenever the test runs (not the demo's hours).
    await t.database.db
      .updateTable('campaigns')
      .set(hoursColumns(aroundTheClock('America/Toronto')))
      .where('id', '=', inbound.id)
      .execute();
    const created = await post(
      admin,
      '/api/admin/trunks',
      trunkBody({
        source_addresses: ['192.0.2.7', '2001:db8::/32'],
        numbers: [{ phone: '+14165550170', campaign_id: inbound.id }],
      }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const refused = await route('+14165550170', '192.0.2.8');
    expect(refused.body).toBe('reject 403 Source_not_allowed\n');
    for (const allowed of ['192.0.2.7', '2001:db8::15']) {
      expect((await route('+14165550170', allowed)).body).not.toMatch(/^reject/);
    }
    // Deleted trunk: the number stays with its campaign and refuses every caller.
    await post(admin, `/api/admin/trunks/${created.json().id}/delete`);
    expect((await route('+14165550170', '192.0.2.7')).body).toBe('reject 403 Source_not_allowed\n');
    const number = await t.database.db
      .selectFrom('campaign_numbers')
      .selectAll()
      .where('phone', '=', '+14165550170')
      .executeTakeFirstOrThrow();
    expect(number).toMatchObject({ campaign_id: inbound.id, trunk_id: null });
    // A malformed source is the SIP server's bug: 400.
    expect((await route('+14165550170', 'not-an-ip')).statusCode).toBe(400);
  });
});

describe('desk phones', () => {
  async function agentWithExtension(extension: string | null) {
    const response = await post(admin, '/api/admin/users', {
      email: `desk.${extension ?? 'none'}.${Date.now()}@shiftline.test`,
      first_name: 'Desk',
      second_name: 'Agent',
      role: 'agent',
      agent_group_id: null,
      company_id: null,
      timezone: 'America/Winnipeg',
      pay_rate_cents: 1650,
      extension,
      agent_call_type: 'inbound',
      campaign_ids: [],
      password: 'first-password',
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().id as number;
    // Signs in as is (the administration makes new users change their first password).
    await t.database.db.updateTable('users').set({ must_change_password: false }).where('id', '=', id).execute();
    return id;
  }

  const deviceQuestion = (username: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/telephony/sip/device',
      headers: { [SIP_SECRET_HEADER]: sip.secret },
      payload: { username },
    });

  it('adds a device showing its password once, keeps only the HA1, and revokes it', async () => {
    const userId = await agentWithExtension('6101');
    const added = await post(admin, `/api/admin/users/${userId}/desk_phones`, { name: 'Yealink T54W, desk 12' });
    expect(added.statusCode, added.body).toBe(201);
    const { device, credentials } = added.json();
    expect(credentials).toMatchObject({ extension: '6101', sip_domain: sip.domain, sip_server: 'sip.test:5060' });
    expect(credentials.username).toMatch(/^desk[0-9a-f]{12}$/);
    expect(credentials.password.length).toBeGreaterThanOrEqual(24);
    const row = await t.database.db
      .selectFrom('desk_phones')
      .selectAll()
      .where('id', '=', device.id)
      .executeTakeFirstOrThrow();
    const ha1 = createHash('md5').update(`${credentials.username}:${sip.domain}:${credentials.password}`).digest('hex');
    expect(row.ha1).toBe(ha1);
    expect(JSON.stringify(row)).not.toContain(credentials.password);

    const listed = (await get(admin, `/api/admin/users/${userId}/desk_phones`)).json();
    expect(listed.devices).toEqual([{ ...device, last_registered_at: null }]);
    expect(JSON.stringify(listed)).not.toContain(credentials.password);

    // Kamailio's question: the HA1 and the agent's extension; the agent's softphone no longer registers.
    expect((await deviceQuestion(credentials.username)).body).toBe(`device ${ha1} 6101\n`);
    const agent = await login(
      t.app,
      (await t.database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow())
        .email,
      'first-password',
    );
    const settings = (await get(agent, '/api/settings/get_settings')).json();
    expect(settings).toMatchObject({ desk_phone: true, token: null });

    expect((await post(admin, `/api/admin/desk_phones/${device.id}/delete`)).statusCode).toBe(200);
    expect((await deviceQuestion(credentials.username)).body).toBe('unknown\n');
    expect((await get(agent, '/api/settings/get_settings')).json()).toMatchObject({ desk_phone: false });
    expect((await get(agent, '/api/settings/get_settings')).json().token).not.toBeNull();
    expect((await post(admin, `/api/admin/desk_phones/${device.id}/delete`)).statusCode).toBe(404);
    expect(
      (
        await t.database.db
          .selectFrom('audit_log')
          .select('action')
          .where('subject', '=', `user:${userId}`)
          .where('action', 'like', 'desk_phone.%')
          .orderBy('id')
          .execute()
      ).map((entry) => entry.action),
    ).toEqual(['desk_phone.create', 'desk_phone.revoke']);
  });

  it('refuses other roles, users without an extension, bad names and hostile ids', async () => {
    const userId = await agentWithExtension('6102');
    const agent = await login(t.app, demoEmail('agent'));
    expect((await post(agent, `/api/admin/users/${userId}/desk_phones`, { name: 'x' })).statusCode).toBe(403);
    expect((await get(agent, `/api/admin/users/${userId}/desk_phones`)).statusCode).toBe(403);
    // A new user gets an extension; an administrator can clear it afterwards.
    const noExtension = await agentWithExtension(null);
    const {
      id: _id,
      archived: _archived,
      must_change_password: _must,
      may: _may,
      ...form
    } = (await get(admin, `/api/admin/users/${noExtension}`)).json();
    expect(form.extension).not.toBeNull();
    const cleared = await post(admin, `/api/admin/users/${noExtension}`, { ...form, extension: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const refused = await post(admin, `/api/admin/users/${noExtension}/desk_phones`, { name: 'Phone' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.fields).toHaveProperty('extension');
    for (const name of ['', 'a\u0000b', 'x'.repeat(101)]) {
      const response = await post(admin, `/api/admin/users/${userId}/desk_phones`, { name });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toHaveProperty('name');
    }
    expect((await post(admin, `/api/admin/users/${2 ** 31}/desk_phones`, { name: 'P' })).statusCode).toBe(400);
    expect((await post(admin, '/api/admin/users/999999/desk_phones', { name: 'P' })).statusCode).toBe(404);
    expect((await post(admin, `/api/admin/desk_phones/${2 ** 31}/delete`)).statusCode).toBe(400);
    // Kamailio's questions carry what a phone sent: a NUL or an oversized username is refused, not looked up.
    for (const username of ['desk\u0000x', 'x'.repeat(129), '']) {
      expect((await deviceQuestion(username)).statusCode).toBe(400);
    }
  });
});
