import type { CreateUserBody } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* Users as a new centre needs them (issue 25 item 5): extensions given automatically and uniquely, a super admin's
 * e-mail, name and password kept from administrators, and admin rows offering only what the server allows. */

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
    email: `protect.${serial}.${process.pid}@test.local`,
    first_name: 'Pat',
    second_name: `Person ${serial}`,
    role: 'agent',
    agent_group_id: null,
    company_id: null,
    timezone: 'America/St_Johns',
    pay_rate_cents: 1734,
    extension: null,
    agent_call_type: 'inbound',
    campaign_ids: [],
    password: 'first-password',
    ...overrides,
  };
};

const extensionOf = async (id: number) =>
  (await t.database.db.selectFrom('users').select('extension').where('id', '=', id).executeTakeFirstOrThrow())
    .extension;

describe('extensions', () => {
  it('20 users created at once without an extension get 20 different free ones; a given one is kept', async () => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(admin, '/api/admin/users', newUser())));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(201));
    const extensions = await Promise.all(answers.map((answer) => extensionOf(answer.json().id)));
    expect(new Set(extensions).size).toBe(20);
    for (const extension of extensions) expect(Number(extension)).toBeGreaterThanOrEqual(1000);
    const given = await post(admin, '/api/admin/users', newUser({ extension: '777' }));
    expect(await extensionOf(given.json().id)).toBe('777');
    // The pay rate keeps its cents.
    expect((await get(admin, `/api/admin/users/${given.json().id}`)).json().pay_rate_cents).toBe(1734);
  });
});

describe("a super admin's identity", () => {
  it("an administrator may not change a super admin's e-mail, name or password; a super admin may", async () => {
    const created = await post(superAdmin, '/api/admin/users', newUser({ role: 'super_admin', agent_call_type: null }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as number;
    const form = (await get(admin, `/api/admin/users/${id}`)).json();
    const { id: _id, archived: _archived, must_change_password: _must, ...body } = form;
    const before = await t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    for (const [field, value] of [
      ['email', `renamed.${id}@test.local`],
      ['first_name', 'Changed'],
      ['second_name', 'Changed'],
    ] as const) {
      const refused = await post(admin, `/api/admin/users/${id}`, { ...body, [field]: value });
      expect(refused.statusCode, field).toBe(403);
      expect(refused.json().error.fields).toEqual({ [field]: 'only a super admin can change this' });
    }
    expect((await post(admin, `/api/admin/users/${id}/reset_password`, {})).statusCode).toBe(403);
    const after = await t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    // Their other fields stay an administrator's to edit; a super admin may change everything.
    expect((await post(admin, `/api/admin/users/${id}`, { ...body, pay_rate_cents: 2000 })).statusCode).toBe(200);
    expect(
      (await post(superAdmin, `/api/admin/users/${id}`, { ...body, pay_rate_cents: 2000, first_name: 'New' }))
        .statusCode,
    ).toBe(200);
  });

  it("the users list offers an administrator no action on a super admin's row, and offers it to a super admin", async () => {
    const created = await post(superAdmin, '/api/admin/users', newUser({ role: 'super_admin', agent_call_type: null }));
    const id = created.json().id as number;
    const rowFor = async (viewer: Session) => {
      const search = encodeURIComponent(JSON.stringify({ search: `Person ${serial}` }));
      const table = (await get(viewer, `/api/tables/admin_users?items_per_page=10&chosenValues=${search}`)).json();
      return table.items.find((item: { id: number }) => item.id === id);
    };
    expect(await rowFor(admin)).toMatchObject({ can_archive: false, archived: false });
    expect(await rowFor(superAdmin)).toMatchObject({ can_archive: true });
    // And the server refuses what the row does not offer.
    expect((await post(admin, `/api/admin/users/${id}/archive`)).statusCode).toBe(403);
  });
});

describe('the CRM-id check', () => {
  it("names the user's own field, and says nothing once an administrator set it", async () => {
    const created = await post(admin, '/api/admin/users', newUser({ password: 'first-password' }));
    const id = created.json().id as number;
    const email = (await get(admin, `/api/admin/users/${id}`)).json().email as string;
    const agent = await login(t.app, email, 'first-password');
    const changed = await post(agent, '/api/profile/change_password', {
      current_password: 'first-password',
      new_password: 'my-own-password',
      confirm_password: 'my-own-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(agent, '/api/profile/check_crm_id')).json().message).toContain(
      'CRM ID field of your user (Administration → Users → your name → CRM ID)',
    );
    const {
      id: _id,
      archived: _archived,
      must_change_password: _must,
      ...body
    } = (await get(admin, `/api/admin/users/${id}`)).json();
    expect((await post(admin, `/api/admin/users/${id}`, { ...body, crm_id: `CRM-${id}` })).statusCode).toBe(200);
    expect((await get(agent, '/api/profile/check_crm_id')).json().message).toBeNull();
  });
});
