import type { CreateUserBody } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, protectedAdminId, type Session, testAppForTests } from '../support/testApp.js';

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
    const { id: _id, archived: _archived, must_change_password: _must, may: _may, ...body } = form;
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

  it('every action a users-list row offers is one the server takes, and every one it hides the server refuses', async () => {
    const agentId = (await post(admin, '/api/admin/users', newUser())).json().id as number;
    const archivedId = (await post(admin, '/api/admin/users', newUser())).json().id as number;
    expect((await post(admin, `/api/admin/users/${archivedId}/archive`)).statusCode).toBe(200);
    const superId = (
      await post(superAdmin, '/api/admin/users', newUser({ role: 'super_admin', agent_call_type: null }))
    ).json().id as number;
    const rowFor = async (viewer: Session, id: number) => {
      const user = await t.database.db
        .selectFrom('users')
        .select(['email', 'archived'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      const chosen = { show: user.archived ? 'archived' : 'current', search: user.email };
      const url = `/api/tables/admin_users?items_per_page=10&chosenValues=${encodeURIComponent(JSON.stringify(chosen))}`;
      return (await get(viewer, url)).json().items.find((item: { id: number }) => item.id === id) as Record<
        string,
        unknown
      >;
    };
    const undo = { archive: 'unarchive', unarchive: 'archive' } as Record<string, string>;
    const offered: string[] = [];
    for (const [viewerName, viewer] of [
      ['administrator', admin],
      ['super admin', superAdmin],
    ] as const) {
      for (const id of [agentId, archivedId, superId, await protectedAdminId(t.database), viewer.userId]) {
        const row = await rowFor(viewer, id);
        for (const action of ['sign_out', 'archive', 'unarchive'] as const) {
          // Signing oneself out would end this test's session; the row's other flags are checked on oneself.
          if (id === viewer.userId && action === 'sign_out') continue;
          const answer = await post(viewer, `/api/admin/users/${id}/${action}`);
          const label = `${viewerName} ${action} user ${id}`;
          expect(answer.statusCode < 300, `${label}: ${answer.body}`).toBe(row[`can_${action}`]);
          if (answer.statusCode < 300) offered.push(label);
          if (answer.statusCode < 300 && undo[action]) {
            expect((await post(superAdmin, `/api/admin/users/${id}/${undo[action]}`)).statusCode).toBe(200);
          }
        }
      }
    }
    // An administrator is offered nothing on a super admin's row; a super admin everything their state allows.
    expect(offered.filter((label) => label.endsWith(`user ${superId}`))).toEqual([
      `super admin sign_out user ${superId}`,
      `super admin archive user ${superId}`,
    ]);
    expect(offered).toContain(`administrator archive user ${agentId}`);
    expect(offered).toContain(`administrator unarchive user ${archivedId}`);
  });

  it("the user form's flags (may) say what the server then takes and refuses", async () => {
    const agentId = (await post(admin, '/api/admin/users', newUser())).json().id as number;
    const superId = (
      await post(superAdmin, '/api/admin/users', newUser({ role: 'super_admin', agent_call_type: null }))
    ).json().id as number;
    const seen: string[] = [];
    for (const [viewerName, viewer] of [
      ['administrator', admin],
      ['super admin', superAdmin],
    ] as const) {
      for (const id of [agentId, superId, await protectedAdminId(t.database)]) {
        const {
          id: _id,
          archived: _a,
          must_change_password: _m,
          may,
          ...body
        } = (await get(viewer, `/api/admin/users/${id}`)).json();
        const tried = {
          edit: await post(viewer, `/api/admin/users/${id}`, body),
          change_identity: await post(viewer, `/api/admin/users/${id}`, { ...body, first_name: `${body.first_name}x` }),
          reset_password: await post(viewer, `/api/admin/users/${id}/reset_password`, {}),
        };
        for (const [change, answer] of Object.entries(tried)) {
          expect(answer.statusCode < 300, `${viewerName} ${change} user ${id}: ${answer.body}`).toBe(may[change]);
          if (!may[change]) seen.push(`${viewerName} may not ${change} user ${id}`);
        }
      }
    }
    // The form hides from an administrator a super admin's identity and password, and everything of the root.
    expect(seen).toContain(`administrator may not change_identity user ${superId}`);
    expect(seen).toContain(`administrator may not reset_password user ${superId}`);
    expect(seen).not.toContain(`administrator may not edit user ${superId}`);
    expect(seen.filter((entry) => entry.startsWith('super admin'))).toHaveLength(3);
  });
});

describe('the CRM-id check', () => {
  it("names the user's own field, and says nothing once an administrator set it", async () => {
    const created = await post(admin, '/api/admin/users', newUser({ password: 'first-password' }));
    const id = created.json().id as number;
    const {
      id: _id,
      archived: _archived,
      must_change_password: _must,
      may: _may,
      ...body
    } = (await get(admin, `/api/admin/users/${id}`)).json();
    const agent = await login(t.app, body.email, 'first-password');
    const changed = await post(agent, '/api/profile/change_password', {
      current_password: 'first-password',
      new_password: 'my-own-password',
      confirm_password: 'my-own-password',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await get(agent, '/api/profile/check_crm_id')).json().message).toContain(
      `CRM ID field of your user (Administration → Users → ${body.first_name} ${body.second_name} → CRM ID)`,
    );
    expect((await post(admin, `/api/admin/users/${id}`, { ...body, crm_id: `CRM-${id}` })).statusCode).toBe(200);
    expect((await get(agent, '/api/profile/check_crm_id')).json().message).toBeNull();
  });
});
