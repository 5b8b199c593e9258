import { beforeAll, describe, expect, it } from 'vitest';
import { as, demoEmail, login, protectedAdminId, type Session, testAppForTests } from '../support/testApp.js';
import { NOW, seedWorkTime, tableRequests, type WorkTimeSet } from './workTimeData.js';

/*
 * The agents table and its row actions: who sees it, the system accounts never listed, archived agents only on
 * request, search and sort; enable/disable with the spec's two messages (§5), archive and password reset, each
 * audited, and a disabled agent kept out.
 */

const t = testAppForTests({}, { now: () => NOW });
const { page, raw, post } = tableRequests(() => t);
let s: WorkTimeSet;
let rootEmail: string;

beforeAll(async () => {
  s = await seedWorkTime(t);
  const rootId = await protectedAdminId(t.database);
  rootEmail = (
    await t.database.db.selectFrom('users').select('email').where('id', '=', rootId).executeTakeFirstOrThrow()
  ).email;
});

const search = (session: Session, text: string, extra: Record<string, unknown> = {}) =>
  page(session, 'agents', { search: text, ...extra });
const action = (session: Session, name: string, email: string) => post(session, `/api/agents/${name}`, { email });
const audits = (subjectId: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_id', 'details'])
    .where('subject', '=', `user:${subjectId}`)
    .where('action', 'like', 'agent.%')
    .orderBy('id')
    .execute();

describe('agents table', () => {
  it('lists call-taking users with group, email, extension, zone, campaigns and status; never a system account', async () => {
    const body = await search(s.admin, 'wt-');
    expect(body.items.map((row) => row.email)).toEqual([
      'wt-a@shiftline.test',
      'wt-b@shiftline.test',
      'wt-c@shiftline.test',
    ]);
    expect(body.items[0]).toMatchObject({ agent_group: 'WT-1', timezone: 'America/Toronto', status: 'active' });
    expect(body.headers.map((header) => header.value)).toEqual([
      'name',
      'agent_group',
      'email',
      'extension',
      'timezone',
      'campaigns_count',
      'status',
      'actions',
    ]);
    const all = await page(s.admin, 'agents', {}, '&items_per_page=100');
    const systemIds = (
      await t.database.db.selectFrom('users').select('id').where('is_system', '=', true).execute()
    ).map((row) => row.id);
    expect(systemIds.length).toBe(7);
    expect(all.options.totalCount).toBeLessThanOrEqual(100);
    expect(all.items.some((row) => systemIds.includes(row.id as number))).toBe(false);
  });

  it('is for staff: agents and the client portal get 403; only managers see the actions', async () => {
    expect((await raw(s.a, 'agents', {})).statusCode).toBe(403);
    expect((await raw(s.client, 'agents', {})).statusCode).toBe(403);
    const lead = await search(s.teamLead, 'wt-');
    expect(lead.items).toHaveLength(3);
    expect(lead.headers.map((header) => header.value)).not.toContain('actions');
    expect((await action(s.teamLead, 'disable_user', 'wt-c@shiftline.test')).statusCode).toBe(403);
  });

  it('sorts by name both ways, searches literally and refuses hostile values', async () => {
    const desc = await search(s.admin, 'wt-');
    const reversed = await page(s.admin, 'agents', { search: 'wt-' }, '&sortBy=name&sortDesc=true');
    expect(reversed.items.map((row) => row.email)).toEqual(desc.items.map((row) => row.email).reverse());
    expect((await search(s.admin, '%')).items).toHaveLength(0);
    expect((await search(s.admin, "' OR 1=1 --")).items).toHaveLength(0);
    expect((await raw(s.admin, 'agents', { show: 'everyone' })).statusCode).toBe(400);
    expect((await raw(s.admin, 'agents', {}, '&sortBy=password_hash')).statusCode).toBe(400);
    expect((await raw(s.admin, 'agents', { search: 'x'.repeat(101) })).statusCode).toBe(400);
  });
});

describe('agent row actions', () => {
  it("refuses the protected administrator with 'You can't change that user' and an unknown email", async () => {
    const root = await action(s.admin, 'disable_user', rootEmail);
    expect(root.statusCode).toBe(403);
    expect(root.json().error.message).toBe("You can't change that user");
    const unknown = await action(s.admin, 'enable_user', 'nobody@shiftline.test');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.message).toBe('Unable to disable/enable user, no user with such email');
    const system = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('is_system', '=', true)
      .executeTakeFirstOrThrow();
    expect((await action(s.admin, 'disable_user', system.email)).statusCode).toBe(404);
    expect((await post(s.admin, '/api/agents/disable_user', { email: 'a@b.c', id: 1 })).statusCode).toBe(400);
    const missing = await post(s.admin, '/api/agents/disable_user', {});
    expect(missing.json().error.fields).toEqual({ email: 'is required' });
  });

  it('disables an agent (signed out, cannot sign in) and enables them again, audited', async () => {
    const disabled = await action(s.admin, 'disable_user', 'wt-b@shiftline.test');
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toEqual({ status: 'ok', temporary_password: null });
    expect((await search(s.admin, 'wt-b')).items[0]).toMatchObject({ status: 'disabled', can_enable: true });
    // The old session is gone and a new sign-in is refused.
    expect((await t.app.inject({ url: '/api/auth/me', headers: as(s.b) })).statusCode).toBe(401);
    await expect(login(t.app, 'wt-b@shiftline.test')).rejects.toThrow(/401/);
    expect((await action(s.admin, 'disable_user', 'wt-b@shiftline.test')).statusCode).toBe(409);

    // The generic table posts the row's identifier (here its email) as `identifier`.
    const enabled = await post(s.admin, '/api/agents/enable_user', { identifier: 'WT-B@shiftline.test' });
    expect(enabled.statusCode, enabled.body).toBe(200);
    expect((await search(s.admin, 'wt-b')).items[0]).toMatchObject({ status: 'active', can_disable: true });
    await login(t.app, 'wt-b@shiftline.test');
    expect((await audits(s.b.userId)).map((row) => [row.action, row.actor_id, row.details])).toEqual([
      [
        'agent.disable',
        s.admin.userId,
        expect.objectContaining({ before: expect.objectContaining({ disabled: false }) }),
      ],
      [
        'agent.enable',
        s.admin.userId,
        expect.objectContaining({ after: expect.objectContaining({ disabled: false }) }),
      ],
    ]);
  });

  it('resets a password: a temporary one that must be changed at the next sign-in', async () => {
    const reset = await action(s.admin, 'reset_password', 'wt-c@shiftline.test');
    expect(reset.statusCode, reset.body).toBe(200);
    const temporary = reset.json().temporary_password as string;
    expect(temporary.length).toBeGreaterThanOrEqual(12);
    const user = await t.database.db
      .selectFrom('users')
      .select('must_change_password')
      .where('id', '=', s.c.userId)
      .executeTakeFirstOrThrow();
    expect(user.must_change_password).toBe(true);
    await login(t.app, 'wt-c@shiftline.test', temporary);
  });

  it('archives an agent: listed only under archived agents, no further actions', async () => {
    expect((await action(s.admin, 'archive_user', 'wt-a@shiftline.test')).statusCode).toBe(200);
    expect((await search(s.admin, 'wt-a')).items).toHaveLength(0);
    const archived = await search(s.admin, 'wt-a', { show: 'archived' });
    expect(archived.items[0]).toMatchObject({ status: 'archived', can_change: false, can_enable: false });
    expect((await action(s.admin, 'enable_user', 'wt-a@shiftline.test')).statusCode).toBe(409);
    // Archiving is the administration's change, audited as such.
    const archiveAudit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id'])
      .where('subject', '=', `user:${s.a.userId}`)
      .where('action', '=', 'user.archive')
      .execute();
    expect(archiveAudit).toEqual([{ action: 'user.archive', actor_id: s.admin.userId }]);
  });

  it('lets a super admin act too; staff who take no calls are not agents here', async () => {
    const superAdmin = await login(t.app, demoEmail('super_admin'));
    expect((await action(superAdmin, 'disable_user', 'wt-c@shiftline.test')).statusCode).toBe(200);
    expect((await action(superAdmin, 'enable_user', 'wt-c@shiftline.test')).statusCode).toBe(200);
    expect((await action(superAdmin, 'disable_user', demoEmail('schedule_supervisor'))).statusCode).toBe(403);
  });
});
