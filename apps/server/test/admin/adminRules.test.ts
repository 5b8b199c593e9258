import { CANT_CHANGE_USER_MESSAGE, type CreateUserBody } from '@shiftline/shared';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { refusingDuplicates } from '../../src/features/admin/adminErrors.js';
import { signedInRequests } from '../support/requests.js';
import { as, demoEmail, login, protectedAdminId, type Session, testAppForTests } from '../support/testApp.js';

/* The administration's role rules, audit rows and hostile inputs, on the seeded demo centre. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;
let superAdmin: Session;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  superAdmin = await login(t.app, demoEmail('super_admin'));
});

let serial = 0;
const newUser = (overrides: Partial<CreateUserBody> = {}): CreateUserBody => {
  serial += 1;
  return {
    email: `rules.${serial}@shiftline.test`,
    first_name: 'Rule',
    second_name: `Tester${serial}`,
    role: 'agent',
    agent_group_id: null,
    company_id: null,
    timezone: 'America/Winnipeg',
    pay_rate_cents: 1650,
    extension: null,
    agent_call_type: 'inbound',
    campaign_ids: [],
    password: 'first-password',
    ...overrides,
  };
};

/** A campaign form's body: an inbound campaign open around the clock, with no company or agents, unless `fields` say otherwise. */
const newCampaign = (name: string, uniqueName: string, fields: Record<string, unknown> = {}) => ({
  name,
  unique_name: uniqueName,
  type: 'inbound',
  company_id: null,
  active: true,
  archived: false,
  billing_rate_cents: 0,
  agent_ids: [],
  ...fields,
});

async function createUser(overrides: Partial<CreateUserBody> = {}, as: Session = admin): Promise<number> {
  const response = await post(as, '/api/admin/users', newUser(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

/** A new agent who signed in and chose their password (an administrator's new user must): their id and session. */
async function newSignedInUser(email: string): Promise<{ id: number; session: Session }> {
  const id = await createUser({ email });
  const session = await login(t.app, email, 'first-password');
  await post(session, '/api/profile/change_password', {
    current_password: 'first-password',
    new_password: 'agent-password',
    confirm_password: 'agent-password',
  });
  return { id, session };
}

const userIdOf = async (email: string) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;

const auditOf = (subject: string) =>
  t.database.db.selectFrom('audit_log').selectAll().where('subject', '=', subject).orderBy('id').execute();

describe('who may administer', () => {
  it('lets administrators and super admins in, and refuses every other role', async () => {
    for (const role of ['agent', 'team_lead', 'schedule_supervisor', 'company_supervisor'] as const) {
      const session = await login(t.app, demoEmail(role));
      expect((await post(session, '/api/admin/agent_groups', { name: `By ${role}` })).statusCode).toBe(403);
      expect((await get(session, '/api/admin/options')).statusCode).toBe(403);
    }
    expect((await get(admin, '/api/admin/options')).statusCode).toBe(200);
    expect((await get(superAdmin, '/api/admin/options')).statusCode).toBe(200);
  });

  it('every /api/admin route: 401 anonymous, 403 for other roles, let through (4xx at worst) for administrators', async () => {
    const routes = t.app.routeRecords.filter((route) => route.url.startsWith('/api/admin/'));
    expect(routes.length).toBeGreaterThanOrEqual(19);
    const agent = await login(t.app, demoEmail('agent'));
    const client = await login(t.app, demoEmail('company_supervisor'));
    for (const route of routes) {
      expect(route.action, route.url).toBe('admin.manage');
      // An id nothing has: a let-through call meets validation (400) or a missing row (404).
      const url = route.url.replace(':id', '999999');
      const call = (headers: Record<string, string>) =>
        t.app.inject({
          method: route.method as 'GET' | 'POST',
          url,
          headers,
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
      const label = `${route.method} ${route.url}`;
      expect((await call({})).statusCode, label).toBe(401);
      for (const session of [agent, client]) expect((await call(as(session))).statusCode, label).toBe(403);
      for (const session of [admin, superAdmin]) {
        const status = (await call(as(session))).statusCode;
        expect(status === 401 || status === 403 || status >= 500, `${label} → ${status}`).toBe(false);
      }
    }
  });
});

describe('super admins and protected accounts', () => {
  it('an administrator cannot archive, sign out, reset or demote a super admin; a super admin can', async () => {
    const target = await createUser({ role: 'super_admin', agent_call_type: null }, superAdmin);
    for (const action of ['archive', 'sign_out', 'reset_password']) {
      const refused = await post(admin, `/api/admin/users/${target}/${action}`, {});
      expect(refused.statusCode, action).toBe(403);
      expect(refused.json().error.code).toBe('protected_user');
    }
    const form = (await get(admin, `/api/admin/users/${target}`)).json();
    const { id: _id, archived: _a, must_change_password: _m, may: _may, ...fields } = form;
    const demote = await post(admin, `/api/admin/users/${target}`, { ...fields, role: 'administrator' });
    expect(demote.statusCode).toBe(403);
    // Their name and e-mail are a super admin's to change (issue 25 item 5); their other details an administrator's.
    const rename = await post(admin, `/api/admin/users/${target}`, { ...fields, first_name: 'Renamed' });
    expect(rename.statusCode, rename.body).toBe(403);
    const repaid = await post(admin, `/api/admin/users/${target}`, { ...fields, pay_rate_cents: 4321 });
    expect(repaid.statusCode, repaid.body).toBe(200);
    expect((await post(superAdmin, `/api/admin/users/${target}/sign_out`, {})).statusCode).toBe(200);
    expect((await post(superAdmin, `/api/admin/users/${target}/archive`, {})).statusCode).toBe(200);
  });

  it('an administrator cannot make anyone a super admin', async () => {
    const created = await post(admin, '/api/admin/users', newUser({ role: 'super_admin', agent_call_type: null }));
    expect(created.statusCode).toBe(403);
    expect(created.json().error.fields).toEqual({ role: 'only a super admin can grant this role' });
  });

  it("nobody changes the protected root admin: 'You can't change that user'", async () => {
    const root = await protectedAdminId(t.database);
    for (const action of ['archive', 'sign_out', 'reset_password']) {
      const refused = await post(superAdmin, `/api/admin/users/${root}/${action}`, {});
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.message).toBe(CANT_CHANGE_USER_MESSAGE);
    }
  });

  it('the seven system accounts are hidden from the forms and cannot be changed', async () => {
    const systemIds = (
      await t.database.db.selectFrom('users').select('id').where('is_system', '=', true).execute()
    ).map((row) => row.id);
    expect(systemIds).toHaveLength(7);
    const options = (await get(admin, '/api/admin/options')).json();
    for (const id of systemIds) {
      expect(options.agents.map((agent: { id: number }) => agent.id)).not.toContain(id);
      expect((await get(admin, `/api/admin/users/${id}`)).statusCode).toBe(404);
      expect((await post(superAdmin, `/api/admin/users/${id}/archive`, {})).statusCode).toBe(404);
    }
  });
});

describe('signing a user out', () => {
  it('ends their sessions and puts a Ready agent in Logged out, so no call is routed to them', async () => {
    const email = 'ready.agent@shiftline.test';
    const { id, session } = await newSignedInUser(email);
    const ready = await post(session, '/api/status/set_new_status', { status_name: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    const openState = () =>
      t.database.db
        .selectFrom('agent_state_log')
        .select('state')
        .where('user_id', '=', id)
        .where('end_at', 'is', null)
        .executeTakeFirst();
    expect((await openState())?.state).toBe('ready');
    const signedOut = await post(admin, `/api/admin/users/${id}/sign_out`, {});
    expect(signedOut.json()).toEqual({ status: 'ok', sessions_ended: 1 });
    expect((await get(session, '/api/auth/me')).statusCode).toBe(401);
    expect((await openState())?.state).toBe('logged_out');
  });
});

describe('a role change', () => {
  it('signs the user out, and a Ready agent who no longer takes calls goes to Logged out', async () => {
    const email = 'promoted@shiftline.test';
    const { id, session } = await newSignedInUser(email);
    expect((await post(session, '/api/status/set_new_status', { status_name: 'ready' })).statusCode).toBe(200);
    const form = (await get(admin, `/api/admin/users/${id}`)).json();
    const { id: _id, archived: _a, must_change_password: _m, may: _may, ...fields } = form;
    const promoted = await post(admin, `/api/admin/users/${id}`, {
      ...fields,
      role: 'schedule_supervisor',
      agent_call_type: null,
      campaign_ids: [],
    });
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect((await get(session, '/api/auth/me')).statusCode).toBe(401);
    const open = await t.database.db
      .selectFrom('agent_state_log')
      .select('state')
      .where('user_id', '=', id)
      .where('end_at', 'is', null)
      .executeTakeFirst();
    expect(open?.state).toBe('logged_out');
  });
});

describe('password reset', () => {
  it('forces a change at the next sign-in: until then only the password change is allowed', async () => {
    const email = 'reset.me@shiftline.test';
    const id = await createUser({ email });
    // A new user changes the administrator's first password too.
    const first = await login(t.app, email, 'first-password');
    expect((await get(first, '/api/auth/me')).json().user.must_change_password).toBe(true);
    const change = { current_password: 'first-password', new_password: 'my-own-pass', confirm_password: 'my-own-pass' };
    expect((await post(first, '/api/profile/change_password', change)).statusCode).toBe(200);

    const reset = await post(admin, `/api/admin/users/${id}/reset_password`, {});
    expect(reset.statusCode).toBe(200);
    const temporary = reset.json().temporary_password as string;
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    // The reset ended the user's sessions.
    expect((await get(first, '/api/auth/me')).statusCode).toBe(401);

    const session = await login(t.app, email, temporary);
    const me = await get(session, '/api/auth/me');
    expect(me.json().user.must_change_password).toBe(true);
    const blocked = await get(session, '/api/dashboards/campaigns');
    expect(blocked.statusCode).toBe(403);
    expect(blocked.json().error.code).toBe('password_change_required');
    const changed = await post(session, '/api/profile/change_password', {
      current_password: temporary,
      new_password: 'chosen-by-me',
      confirm_password: 'chosen-by-me',
    });
    expect(changed.statusCode).toBe(200);
    expect((await get(session, '/api/dashboards/campaigns')).statusCode).toBe(200);
    expect((await get(session, '/api/auth/me')).json().user.must_change_password).toBe(false);

    const audit = await auditOf(`user:${id}`);
    const resetRow = audit.find((row) => row.action === 'user.reset_password');
    expect(resetRow?.actor_id).toBe(admin.userId);
    expect(JSON.stringify(resetRow?.details)).not.toContain(temporary);
    expect(JSON.stringify(resetRow?.details)).not.toContain('password_hash');
  });
});

describe('audit rows', () => {
  it('records who changed what, with the record before and after, in the same transaction', async () => {
    const id = await createUser({ email: 'audited@shiftline.test' });
    const form = (await get(admin, `/api/admin/users/${id}`)).json();
    const { id: _id, archived: _a, must_change_password: _m, may: _may, ...fields } = form;
    expect((await post(admin, `/api/admin/users/${id}`, { ...fields, pay_rate_cents: 2000 })).statusCode).toBe(200);
    expect((await post(admin, `/api/admin/users/${id}/archive`, {})).statusCode).toBe(200);
    const rows = await auditOf(`user:${id}`);
    expect(rows.map((row) => row.action)).toEqual(['user.create', 'user.edit', 'user.archive']);
    for (const row of rows) expect(row.actor_id).toBe(admin.userId);
    const edit = rows[1]?.details as { before: { pay_rate_cents: number }; after: { pay_rate_cents: number } };
    expect(edit.before.pay_rate_cents).toBe(1650);
    expect(edit.after.pay_rate_cents).toBe(2000);
    const archive = rows[2]?.details as { before: { archived: boolean }; after: { archived: boolean } };
    expect([archive.before.archived, archive.after.archived]).toEqual([false, true]);
  });

  it('a write that fails half-way (at its audit row) leaves nothing behind', async () => {
    // Failure injection: the audit insert of this one company aborts, after the company row was written.
    await sql`
      CREATE FUNCTION refuse_acme_audit() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.details->'after'->>'name' = 'Half-way Acme' THEN RAISE EXCEPTION 'injected failure'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_acme_audit BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION refuse_acme_audit();
    `.execute(t.database.db);
    const failed = await post(admin, '/api/admin/companies', { name: 'Half-way Acme', callbacks_enabled: true });
    expect(failed.statusCode).toBe(500);
    const company = await t.database.db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Half-way Acme')
      .executeTakeFirst();
    expect(company).toBeUndefined();
    await sql`DROP TRIGGER refuse_acme_audit ON audit_log; DROP FUNCTION refuse_acme_audit();`.execute(t.database.db);
  });

  it('a refused write leaves neither the change nor an audit row', async () => {
    const before = await t.database.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    const refused = await post(
      admin,
      '/api/admin/campaigns',
      newCampaign('Half way', 'half-way', { agent_ids: [await userIdOf('former.agent@shiftline.test')] }),
    );
    expect(refused.statusCode).toBe(400);
    expect(Object.keys(refused.json().error.fields)).toEqual(['agent_ids']);
    const campaign = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('unique_name', '=', 'half-way')
      .executeTakeFirst();
    expect(campaign).toBeUndefined();
    const after = await t.database.db
      .selectFrom('audit_log')
      .select(({ fn }) => fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('agent groups', () => {
  it('renames, and deletes only an empty group (409 while someone is in it)', async () => {
    const created = await post(admin, '/api/admin/agent_groups', { name: 'Night shift' });
    expect(created.statusCode).toBe(201);
    const groupId = created.json().id as number;
    expect((await post(admin, '/api/admin/agent_groups', { name: 'Night shift' })).statusCode).toBe(409);
    expect((await post(admin, `/api/admin/agent_groups/${groupId}`, { name: 'Late shift' })).statusCode).toBe(200);
    const member = await createUser({ agent_group_id: groupId });
    const busy = await post(admin, `/api/admin/agent_groups/${groupId}/delete`, {});
    expect(busy.statusCode).toBe(409);
    const form = (await get(admin, `/api/admin/users/${member}`)).json();
    const { id: _id, archived: _a, must_change_password: _m, may: _may, ...fields } = form;
    await post(admin, `/api/admin/users/${member}`, { ...fields, agent_group_id: null });
    expect((await post(admin, `/api/admin/agent_groups/${groupId}/delete`, {})).statusCode).toBe(200);
  });
});

describe('hostile input', () => {
  it('refuses ids past 2^31-1, NUL bytes, SQL fragments, huge lists and unknown fields with 4xx naming the field', async () => {
    const tooBig = await post(admin, '/api/admin/users/2147483648/archive', {});
    expect(tooBig.statusCode).toBe(400);
    const bigGroup = await post(admin, '/api/admin/users', newUser({ agent_group_id: 2_147_483_648 }));
    expect(bigGroup.statusCode).toBe(400);
    expect(Object.keys(bigGroup.json().error.fields)).toContain('agent_group_id');
    const nul = await post(admin, '/api/admin/agent_groups', { name: 'Bad\u0000name' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().error.fields).toHaveProperty('name');
    const sqlName = await post(admin, '/api/admin/campaign_lists', {
      name: "x'; DROP TABLE users; --",
      unique_name: "x'; DROP TABLE users; --",
      campaign_ids: [],
    });
    expect(sqlName.statusCode).toBe(400);
    expect(sqlName.json().error.fields).toHaveProperty('unique_name');
    const huge = await post(
      admin,
      '/api/admin/users',
      newUser({ campaign_ids: Array.from({ length: 5000 }, (_, i) => i + 1) }),
    );
    expect(huge.statusCode).toBe(400);
    const extra = await post(admin, '/api/admin/companies', {
      name: 'Acme',
      callbacks_enabled: false,
      is_system: true,
    });
    expect(extra.statusCode).toBe(400);
    const zone = await post(admin, '/api/admin/users', newUser({ timezone: 'Europe/Paris' as 'America/Toronto' }));
    expect(zone.json().error.fields).toHaveProperty('timezone');
    const portal = await post(
      admin,
      '/api/admin/users',
      newUser({ role: 'company_supervisor', agent_call_type: null }),
    );
    expect(portal.json().error.fields).toEqual({ company_id: 'is required for a company supervisor' });
    const window = await post(
      admin,
      '/api/admin/campaigns',
      newCampaign('Bad window', 'bad-window', {
        type: 'sideways',
        working_hours: {
          time_zone: 'America/St_Johns',
          weekly: Array(7).fill({ open: '25:00', close: '17:00' }),
          holidays: [],
        },
      }),
    );
    expect(window.statusCode).toBe(400);
    expect(window.json().error.fields).toMatchObject({ 'working_hours.weekly.0.open': "must be a time 'HH:mm'" });
    expect(window.json().error.fields).toHaveProperty('type');
    expect(await t.database.db.selectFrom('users').select('id').limit(1).execute()).toHaveLength(1);
  });

  it('a duplicate the unique index catches (a race past the check) is 409 naming the field', async () => {
    await t.database.db.insertInto('agent_groups').values({ name: 'Raced' }).execute();
    const raced = refusingDuplicates(() =>
      t.database.db.insertInto('agent_groups').values({ name: 'Raced' }).execute(),
    );
    await expect(raced).rejects.toMatchObject({ code: 'conflict', fields: { name: 'is already used' } });
    const email = refusingDuplicates(() =>
      t.database.db
        .updateTable('users')
        .set({ email: 'ADMIN@shiftline.test' })
        .where('email', '=', demoEmail('agent'))
        .execute(),
    );
    await expect(email).rejects.toMatchObject({ code: 'conflict', fields: { email: 'is already used' } });
  });

  it('50 identical creates at once make one user; the others get 409 naming the email', async () => {
    const body = newUser({ email: 'Twin@Shiftline.test', extension: '7777' });
    const responses = await Promise.all(Array.from({ length: 50 }, () => post(admin, '/api/admin/users', body)));
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.statusCode === 409)) {
      expect(Object.keys(response.json().error.fields)).toContain('email');
    }
    const twins = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', 'ilike', 'twin@shiftline.test')
      .execute();
    expect(twins).toHaveLength(1);
    // Case does not make an email new.
    expect((await post(admin, '/api/admin/users', newUser({ email: 'TWIN@shiftline.TEST' }))).statusCode).toBe(409);
  });
});

describe('campaign settings', () => {
  it('an archived agent neither appears in nor blocks a campaign form, and keeps their place when it is saved', async () => {
    const agentId = await createUser({ campaign_ids: [] });
    const created = await post(
      admin,
      '/api/admin/campaigns',
      newCampaign('Kept agents', 'kept-agents', { agent_ids: [agentId] }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect((await post(admin, `/api/admin/users/${agentId}/archive`, {})).statusCode).toBe(200);
    const { id: _id, ...loaded } = (await get(admin, `/api/admin/campaigns/${id}`)).json();
    expect(loaded.agent_ids).toEqual([]);
    const saved = await post(admin, `/api/admin/campaigns/${id}`, loaded);
    expect(saved.statusCode, saved.body).toBe(200);
    const place = await t.database.db
      .selectFrom('campaign_agents')
      .select('is_disabled')
      .where('campaign_id', '=', id)
      .where('user_id', '=', agentId)
      .executeTakeFirstOrThrow();
    expect(place.is_disabled).toBe(false);
    // Naming an archived agent is still refused: the form cannot add one.
    const refused = await post(admin, `/api/admin/campaigns/${id}`, { ...loaded, agent_ids: [agentId] });
    expect(refused.json().error.fields).toEqual({ agent_ids: `names records that do not exist (${agentId})` });
  });

  it('records calls when told, keeps its recording settings when an edit leaves them out, and checks the retention', async () => {
    const created = await post(admin, '/api/admin/campaigns', newCampaign('Recorded', 'recorded'));
    const id = created.json().id;
    const { id: _id, ...loaded } = (await get(admin, `/api/admin/campaigns/${id}`)).json();
    // A new campaign does not record; it keeps recordings 90 days once it does.
    expect(loaded).toMatchObject({
      record_calls: false,
      agents_hear_own_recordings: false,
      recording_retention_days: 90,
    });
    const on = { ...loaded, record_calls: true, agents_hear_own_recordings: true, recording_retention_days: 30 };
    expect((await post(admin, `/api/admin/campaigns/${id}`, on)).statusCode).toBe(200);
    const { record_calls: _r, agents_hear_own_recordings: _a, recording_retention_days: _d, ...older } = on;
    expect((await post(admin, `/api/admin/campaigns/${id}`, { ...older, name: 'Recorded still' })).statusCode).toBe(
      200,
    );
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json()).toMatchObject({
      name: 'Recorded still',
      record_calls: true,
      agents_hear_own_recordings: true,
      recording_retention_days: 30,
    });
    for (const [days, reason] of [
      [0, 'must be at least 1 day'],
      [3651, 'must be at most 3650 days'],
      [1.5, 'must be a whole number of days'],
      [null, 'must be a whole number of days'],
    ] as const) {
      const refused = await post(admin, `/api/admin/campaigns/${id}`, { ...on, recording_retention_days: days });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ recording_retention_days: reason });
    }
    expect((await get(admin, `/api/admin/campaigns/${id}`)).json().recording_retention_days).toBe(30);
  });
});

describe('the CRM id', () => {
  it("is set on the user form, ends the agent's CRM-id warning, is one person's, and stays when an edit leaves it out", async () => {
    const email = 'crm.agent@shiftline.test';
    const { id, session } = await newSignedInUser(email);
    expect((await get(session, '/api/profile/check_crm_id')).json().message).toMatch(/CRM ID is not set/);
    const {
      id: _id,
      archived: _a,
      must_change_password: _m,
      may: _may,
      ...form
    } = (await get(admin, `/api/admin/users/${id}`)).json();
    expect(form.crm_id).toBeNull();
    expect((await post(admin, `/api/admin/users/${id}`, { ...form, crm_id: '  CRM-31337 ' })).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/users/${id}`)).json().crm_id).toBe('CRM-31337');
    expect((await get(session, '/api/profile/check_crm_id')).json().message).toBeNull();
    // An edit without the field keeps it; another user may not have it; control characters are refused.
    const { crm_id: _c, ...older } = form;
    expect((await post(admin, `/api/admin/users/${id}`, { ...older, first_name: 'Crm' })).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/users/${id}`)).json()).toMatchObject({
      first_name: 'Crm',
      crm_id: 'CRM-31337',
    });
    const taken = await post(admin, '/api/admin/users', newUser({ crm_id: 'CRM-31337' }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error.fields).toEqual({ crm_id: 'is already used' });
    const control = await post(admin, `/api/admin/users/${id}`, { ...form, crm_id: 'CRM\u0000-1' });
    expect(control.statusCode).toBe(400);
    expect(control.json().error.fields).toEqual({ crm_id: 'must not contain control characters' });
    // Emptied: none again, and the warning is back.
    expect((await post(admin, `/api/admin/users/${id}`, { ...form, crm_id: '' })).statusCode).toBe(200);
    expect((await get(session, '/api/profile/check_crm_id')).json().message).toMatch(/CRM ID is not set/);
  });
});
