import { describe, expect, it } from 'vitest';
import { crmIdMissingMessage } from '../src/features/profile/index.js';
import { signedInRequests } from './support/requests.js';
import { demoEmail, login, type Session, testAppForTests } from './support/testApp.js';

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);

describe('change password', () => {
  const changePassword = (session: Session, current: string, next: string, confirmation = next) =>
    post(session, '/api/profile/change_password', {
      current_password: current,
      new_password: next,
      confirm_password: confirmation,
    });

  it('requires the current password and names the field when it is wrong', async () => {
    const session = await login(t.app, demoEmail('agent_supervisor'));
    const response = await changePassword(session, 'wrong', 'a-new-secret');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.fields).toEqual({ current_password: 'is incorrect' });
  });

  it('names the fields of a short or unconfirmed new password', async () => {
    const session = await login(t.app, demoEmail('agent_supervisor'));
    const short = await changePassword(session, 'shiftline', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.fields.new_password).toBe('must be at least 8 characters');
    const mismatch = await changePassword(session, 'shiftline', 'long-enough-1', 'long-enough-2');
    expect(mismatch.json().error.fields.confirm_password).toBe('does not match the new password');
  });

  it('saves the new password, keeps this session and ends the others', async () => {
    const email = demoEmail('campaign_manager');
    const current = await login(t.app, email);
    const other = await login(t.app, email);
    const response = await changePassword(current, 'shiftline', 'brand-new-pass');
    expect(response.statusCode).toBe(200);
    expect((await get(current, '/api/auth/me')).statusCode).toBe(200);
    expect((await get(other, '/api/auth/me')).statusCode).toBe(401);
    await expect(login(t.app, email)).rejects.toThrow(/401/);
    await expect(login(t.app, email, 'brand-new-pass')).resolves.toBeTruthy();
  });
});

describe('profile settings', () => {
  it('loads and saves the profile form for an administrator', async () => {
    const session = await login(t.app, demoEmail('administrator'));
    const form = await get(session, '/api/profile/edit_profile');
    expect(form.json()).toMatchObject({ first_name: 'Adrian', second_name: 'Admin', email: 'admin@shiftline.test' });
    const saved = await post(session, '/api/profile/edit_profile', {
      first_name: 'Adriana',
      second_name: 'Admin',
      email: 'admin@shiftline.test',
      extension: '7777',
      avatar_url: '',
    });
    expect(saved.statusCode).toBe(200);
    const me = await get(session, '/api/auth/me');
    expect(me.json().user).toMatchObject({ long_name: 'Adriana Admin', extension: '7777', avatar_url: null });
  });

  it('answers 409 naming the field when the email or extension belongs to someone else', async () => {
    const session = await login(t.app, demoEmail('schedule_supervisor'));
    const response = await post(session, '/api/profile/edit_profile', {
      first_name: 'Skyler',
      second_name: 'Scheduler',
      email: 'agent@shiftline.test',
      extension: '2001',
      avatar_url: null,
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.fields).toEqual({
      email: 'is already used by another user',
      extension: 'is already used by another user',
    });
  });

  it('is refused to an agent (Profile Settings is for schedule supervisors and administrators)', async () => {
    const session = await login(t.app, demoEmail('agent'));
    const response = await get(session, '/api/profile/edit_profile');
    expect(response.statusCode).toBe(403);
  });

  it('lets every user choose one of the thirteen time zones and refuses others', async () => {
    const session = await login(t.app, demoEmail('company_supervisor'));
    const ok = await post(session, '/api/profile/timezone', { timezone: 'America/St_Johns' });
    expect(ok.statusCode).toBe(200);
    const me = await get(session, '/api/auth/me');
    expect(me.json().user.timezone).toBe('America/St_Johns');
    const bad = await post(session, '/api/profile/timezone', { timezone: 'Europe/Paris' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(['timezone']);
  });
});

describe('CRM id check', () => {
  it('warns a call-taking user without a CRM id and nobody else', async () => {
    const agent = await login(t.app, demoEmail('agent'));
    expect((await get(agent, '/api/profile/check_crm_id')).json()).toEqual({
      message: null,
    });
    const row = await t.database.db
      .updateTable('users')
      .set({ crm_id: null })
      .where('id', '=', agent.userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    expect((await get(agent, '/api/profile/check_crm_id')).json()).toEqual({
      message: crmIdMissingMessage(row),
    });
    const admin = await login(t.app, demoEmail('administrator'));
    expect((await get(admin, '/api/profile/check_crm_id')).json()).toEqual({
      message: null,
    });
  });
});
