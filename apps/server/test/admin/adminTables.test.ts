import { ROLES } from '@shiftline/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInRequests } from '../support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* The administration's lists on the generic table: who sees them, the rows, filters, sorting and row actions. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;

const ADMIN_TABLE_NAMES = [
  'admin_users',
  'admin_agent_groups',
  'admin_campaigns',
  'admin_campaign_lists',
  'admin_companies',
];

const table = (session: Session, name: string, query: Record<string, string> = {}) =>
  get(session, `/api/tables/${name}?${new URLSearchParams(query).toString()}`);

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
});

describe('the administration tables', () => {
  it('answer administrators and super admins only', async () => {
    for (const role of ROLES) {
      const session = await login(t.app, demoEmail(role));
      for (const name of ADMIN_TABLE_NAMES) {
        const response = await table(session, name);
        const allowed = role === 'administrator' || role === 'super_admin';
        expect(response.statusCode, `${name} as ${role}`).toBe(allowed ? 200 : 403);
        if (allowed) expect(response.json().items.length, name).toBeGreaterThan(0);
      }
    }
  });

  it('list users without the seven system accounts; archived ones only when asked', async () => {
    const current = (await table(admin, 'admin_users', { items_per_page: '100' })).json();
    const system = await t.database.db.selectFrom('users').select('email').where('is_system', '=', true).execute();
    const emails = (items: { email: string }[]) => items.map((item) => item.email);
    for (const { email } of system) expect(emails(current.items)).not.toContain(email);
    expect(emails(current.items)).not.toContain('former.agent@shiftline.test');
    const archived = (await table(admin, 'admin_users', { chosenValues: JSON.stringify({ show: 'archived' }) })).json();
    expect(emails(archived.items)).toEqual(['former.agent@shiftline.test']);
    // Each row opens the administration's edit form.
    expect(current.items[0].url).toBe(`/admin/users/${current.items[0].id}`);
    expect(current.clickable_row).toBe(true);
  });

  it('sort on their indexed columns and filter by role and search; unknown or hostile sorts are refused', async () => {
    const byEmail = (
      await table(admin, 'admin_users', { sortBy: 'email', sortDesc: 'true', items_per_page: '100' })
    ).json();
    const emails = byEmail.items.map((item: { email: string }) => item.email.toLowerCase());
    expect(emails).toEqual([...emails].sort().reverse());
    const admins = (
      await table(admin, 'admin_users', { chosenValues: JSON.stringify({ roles: ['administrator', 'super_admin'] }) })
    ).json();
    expect(new Set(admins.items.map((item: { role_name: string }) => item.role_name))).toEqual(
      new Set(['Administrator', 'Super Admin']),
    );
    const searched = (await table(admin, 'admin_users', { chosenValues: JSON.stringify({ search: 'ADRIAN' }) })).json();
    expect(searched.items.map((item: { email: string }) => item.email)).toEqual([demoEmail('administrator')]);
    for (const sortBy of ['pay_rate_cents', 'name; DROP TABLE users', 'status']) {
      expect((await table(admin, 'admin_users', { sortBy })).statusCode, sortBy).toBe(400);
    }
    const injected = await table(admin, 'admin_users', {
      chosenValues: JSON.stringify({ roles: ["agent' OR 1=1 --"] }),
    });
    expect(injected.statusCode).toBe(400);
    const percent = (await table(admin, 'admin_users', { chosenValues: JSON.stringify({ search: '%' }) })).json();
    expect(percent.items).toEqual([]);
  });

  it('row actions post to the administration and the list follows', async () => {
    const created = await post(admin, '/api/admin/agent_groups', { name: 'Zz empty group' });
    const id = created.json().id as number;
    const groups = (
      await table(admin, 'admin_agent_groups', { chosenValues: JSON.stringify({ search: 'zz empty' }) })
    ).json();
    expect(groups.items).toMatchObject([{ id, name: 'Zz empty group', users_count: 0, empty: true }]);
    const action = groups.headers.find((header: { value: string }) => header.value === 'actions').actions[0];
    const url = action.url.replace(':id', String(id));
    expect((await post(admin, url, { identifier: id })).statusCode).toBe(200);
    const after = (
      await table(admin, 'admin_agent_groups', { chosenValues: JSON.stringify({ search: 'zz empty' }) })
    ).json();
    expect(after.items).toEqual([]);
  });

  it("a company's portal users: companyId narrows the users to that company", async () => {
    const client = await t.database.db
      .selectFrom('users')
      .select(['email', 'company_id'])
      .where('email', '=', demoEmail('company_supervisor'))
      .executeTakeFirstOrThrow();
    const portal = (await table(admin, 'admin_users', { companyId: String(client.company_id) })).json();
    expect(portal.items.map((item: { email: string }) => item.email)).toContain(client.email);
    for (const item of portal.items) expect(item.role_name).toBe('Company Supervisor');
  });

  it('campaigns filter by type and show archived ones on request', async () => {
    const outbound = (
      await table(admin, 'admin_campaigns', { chosenValues: JSON.stringify({ type: 'outbound' }) })
    ).json();
    expect(outbound.items.length).toBeGreaterThan(0);
    for (const item of outbound.items) expect(item.type).toBe('outbound');
    expect(
      (await table(admin, 'admin_campaigns', { chosenValues: JSON.stringify({ type: 'sideways' }) })).statusCode,
    ).toBe(400);
  });
});
