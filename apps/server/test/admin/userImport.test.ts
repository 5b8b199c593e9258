import { beforeAll, describe, expect, it } from 'vitest';
import { as, demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* Users from a CSV (issue 25 item 8): each line checked as the user form is, reported by line; all or nothing, or
 * only the good lines; temporary passwords that must be changed; imports at once list each user once. */

const t = testAppForTests();
let admin: Session;
let campaign: string;
let group: string;

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  campaign = (
    await t.database.db
      .selectFrom('campaigns')
      .select('name')
      .where('type', '=', 'inbound')
      .where('archived', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).name;
  group = (await t.database.db.selectFrom('agent_groups').select('name').orderBy('id').executeTakeFirstOrThrow()).name;
});

async function importFile(session: Session, csv: string, options: { dry_run: boolean; mode: 'all' | 'good_lines' }) {
  const form = new FormData();
  form.append('options', JSON.stringify(options));
  form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/users/import',
    headers: { ...as(session), 'content-type': encoded.headers.get('content-type') as string },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

let serial = 0;
/** Three good users and, when asked, three bad lines (lines 3, 5 and 6). */
function usersCsv(withBadLines: boolean) {
  serial += 1;
  const email = (name: string) => `${name}.${serial}.${process.pid}@import.test`;
  const rows = [
    'Name,E-mail,Role,Group,Campaigns,Time zone,Extension,Pay rate,CRM ID',
    `Ada Agent,${email('ada')},Agent,${group},${campaign},America/St_Johns,,17.25,CRM-${serial}-1`,
    withBadLines ? `Bad Role,${email('bad')},Wizard,,,,,,` : `Bea Agent,${email('bea')},agent,,${campaign},Halifax,,,`,
    `Cy Lead,${email('cy')},Team Lead,${group},,America/Toronto,,20,`,
    withBadLines ? `No Campaign,${email('nc')},Agent,,Nowhere Campaign,,,,` : `Dee Agent,${email('dee')},Agent,,,,,,`,
    withBadLines ? `Ada Again,${email('ada')},Agent,,,,,,` : `Eve Agent,${email('eve')},Agent,,,,,,`,
  ];
  return { csv: `${rows.join('\n')}\n`, email };
}

const exists = async (email: string) =>
  (await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()) !== undefined;

describe('user import', () => {
  it('checks every line as the form does and reports the bad ones by line, writing nothing', async () => {
    const { csv, email } = usersCsv(true);
    const preview = await importFile(admin, csv, { dry_run: true, mode: 'all' });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([
      { line: 3, reason: "role 'Wizard' is not a role" },
      { line: 5, reason: "there is no campaign 'Nowhere Campaign'" },
      { line: 6, reason: 'email is also on line 2' },
    ]);
    expect(preview.json()).toMatchObject({ rows: 5, created: 0 });
    expect(await exists(email('ada'))).toBe(false);

    const all = await importFile(admin, csv, { dry_run: false, mode: 'all' });
    expect(all.statusCode).toBe(400);
    expect(all.json().error.fields).toMatchObject({ 'line 3': "role 'Wizard' is not a role" });
    expect(await exists(email('ada'))).toBe(false);
    expect(await exists(email('cy'))).toBe(false);

    const good = await importFile(admin, csv, { dry_run: false, mode: 'good_lines' });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().created).toBe(2);
    expect(good.json().users.map((user: { line: number }) => user.line)).toEqual([2, 4]);
    const ada = good.json().users[0];
    expect(ada.temporary_password).toMatch(/^[\w-]{12}$/);
    expect(Number(ada.extension)).toBeGreaterThanOrEqual(1000);
    const row = await t.database.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email('ada'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      role: 'agent',
      timezone: 'America/St_Johns',
      pay_rate_cents: 1725,
      must_change_password: true,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `user:${row.id}`)
      .execute();
    expect(audit.map((entry) => entry.action)).toEqual(['user.create']);
    // The temporary password signs in (to the password change).
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: email('ada'), password: ada.temporary_password },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('20 imports of the same file at once create each user once', async () => {
    const { csv, email } = usersCsv(false);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => importFile(admin, csv, { dry_run: false, mode: 'all' })),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, ...Array(19).fill(400)]);
    const count = await t.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('email', 'in', ['ada', 'bea', 'cy', 'dee', 'eve'].map(email))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(5);
  });

  it('refuses hostile lines by line (NUL bytes, a taken e-mail or extension) and a file over 5,000 users', async () => {
    const taken = await t.database.db
      .selectFrom('users')
      .select(['email', 'extension'])
      .where('extension', 'is not', null)
      .where('is_system', '=', false)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    serial += 1;
    const fresh = (name: string) => `${name}.${serial}.${process.pid}@import.test`;
    const hostile = [
      'Name,E-mail,Role,Extension,Pay rate',
      `Nul\u0000Name,${fresh('nul')},Agent,`,
      `Same Mail,${taken.email},Agent,`,
      `Same Ext,${fresh('ext')},Agent,${taken.extension}`,
      `Fine Person,${fresh('fine')},Agent,`,
      `Minus Pay,${fresh('pay')},Agent,,-5`,
    ].join('\n');
    const checked = await importFile(admin, hostile, { dry_run: true, mode: 'all' });
    expect(checked.statusCode, checked.body).toBe(200);
    expect(checked.json().errors.map((error: { line: number }) => error.line)).toEqual([2, 3, 4, 6]);
    expect(checked.json().errors[1].reason).toMatch(/^email /);
    expect(checked.json().errors[2].reason).toMatch(/^extension /);
    // Reasons name the file's column, not the form's field.
    expect(checked.json().errors[3].reason).toBe('pay rate must not be negative');

    const rows = Array.from({ length: 5001 }, (_, index) => `Many ${index},many.${index}.${serial}@import.test,Agent`);
    const tooMany = await importFile(admin, `Name,E-mail,Role\n${rows.join('\n')}\n`, {
      dry_run: false,
      mode: 'good_lines',
    });
    expect(tooMany.statusCode).toBe(413);
    expect(tooMany.json().error.fields.file).toMatch(/at most 5000/);
    expect(await exists(`many.0.${serial}@import.test`)).toBe(false);
  });

  it('lets only a super admin import a super admin', async () => {
    serial += 1;
    const email = `boss.${serial}.${process.pid}@import.test`;
    const csv = `Name,E-mail,Role\nBig Boss,${email},Super Admin\n`;
    const byAdmin = await importFile(admin, csv, { dry_run: false, mode: 'good_lines' });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({
      created: 0,
      errors: [{ line: 2, reason: 'role only a super admin can grant this role' }],
    });
    expect(await exists(email)).toBe(false);
    const superAdmin = await login(t.app, demoEmail('super_admin'));
    const bySuperAdmin = await importFile(superAdmin, csv, { dry_run: false, mode: 'all' });
    expect(bySuperAdmin.statusCode, bySuperAdmin.body).toBe(200);
    expect(bySuperAdmin.json().created).toBe(1);
  });

  it('refuses other roles, a file without the needed columns, and bad options', async () => {
    const lead = await login(t.app, demoEmail('team_lead'));
    expect((await importFile(lead, usersCsv(false).csv, { dry_run: true, mode: 'all' })).statusCode).toBe(403);
    const noHeader = await importFile(admin, 'a,b\n1,2\n', { dry_run: true, mode: 'all' });
    expect(noHeader.statusCode).toBe(400);
    expect(noHeader.json().error.fields.file).toMatch(/email, role, name/);
    const badMode = await importFile(admin, usersCsv(false).csv, { dry_run: true, mode: 'some' as 'all' });
    expect(Object.keys(badMode.json().error.fields)).toEqual(['options.mode']);
  });
});
