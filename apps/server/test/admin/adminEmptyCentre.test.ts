import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createAdministrator } from '../../src/cli/createAdministrator.js';
import { type DatabaseHandle, openDatabase } from '../../src/db/database.js';
import { prepareDatabase } from '../../src/db/prepare.js';
import { createEmptyDatabase, dropDatabase, testDatabaseKind } from '../support/databases.js';
import { as, login, type Session, testConfig } from '../support/testApp.js';

/*
 * A centre set up from nothing (issue 16): an empty database without demo data, its first administrator from the
 * create-admin command, then groups, a company, a campaign and users through the administration API, until an agent
 * signs in and sees their campaign.
 */

let database: DatabaseHandle;
let app: FastifyInstance;
let dataDir: string;
const postgresName = `shiftline_admin_empty_${process.pid}`;

/** An empty database of the kind this project tests: a new PGlite folder, or a new PostgreSQL database. */
async function openEmptyDatabase(): Promise<DatabaseHandle> {
  if (testDatabaseKind() === 'postgres') {
    const url = await createEmptyDatabase(process.env.TEST_DATABASE_URL as string, postgresName);
    return openDatabase({ databaseUrl: url, dataDir: '' });
  }
  dataDir = await mkdtemp(join(tmpdir(), 'shiftline-admin-empty-'));
  return openDatabase({ databaseUrl: null, dataDir });
}

beforeAll(async () => {
  database = await openEmptyDatabase();
  await prepareDatabase(database, { seedDemo: false });
  app = await buildApp({ config: testConfig(), database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  else await dropDatabase(process.env.TEST_DATABASE_URL as string, postgresName);
});

const post = (session: Session, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: as(session), payload });
const get = (session: Session, url: string) => app.inject({ url, headers: as(session) });

/** Signs in with a first password and replaces it, as every user an administrator created must. */
async function firstSignIn(email: string, password: string, chosen: string): Promise<Session> {
  const session = await login(app, email, password);
  const changed = await post(session, '/api/profile/change_password', {
    current_password: password,
    new_password: chosen,
    confirm_password: chosen,
  });
  expect(changed.statusCode, changed.body).toBe(200);
  return session;
}

describe('administration on an empty database', () => {
  it('bootstraps an administrator, builds the centre and lets an agent see their campaign', async () => {
    expect(await database.db.selectFrom('users').select('id').execute()).toEqual([]);
    await createAdministrator(database.db, {
      email: 'owner@example.com',
      password: 'owner-password',
      role: 'super_admin',
      firstName: 'Olive',
      lastName: 'Owner',
    });
    const owner = await login(app, 'owner@example.com', 'owner-password');

    // An administrator of the centre, created by the owner.
    const adminCreated = await post(owner, '/api/admin/users', {
      email: 'ada@example.com',
      first_name: 'Ada',
      second_name: 'Admin',
      role: 'administrator',
      agent_group_id: null,
      company_id: null,
      timezone: 'America/Toronto',
      pay_rate_cents: 0,
      extension: null,
      agent_call_type: null,
      campaign_ids: [],
      password: 'temporary-1',
    });
    expect(adminCreated.statusCode, adminCreated.body).toBe(201);
    const admin = await firstSignIn('ada@example.com', 'temporary-1', 'ada-own-password');

    const group = await post(admin, '/api/admin/agent_groups', { name: 'Day team' });
    expect(group.statusCode, group.body).toBe(201);
    const company = await post(admin, '/api/admin/companies', { name: 'Acme Health', callbacks_enabled: true });
    expect(company.statusCode, company.body).toBe(201);
    const campaign = await post(admin, '/api/admin/campaigns', {
      name: 'Acme Inbound',
      unique_name: 'acme-inbound',
      type: 'inbound',
      company_id: company.json().id,
      working_hours: {
        time_zone: 'America/St_Johns',
        weekly: [...Array(5).fill({ open: '09:00', close: '17:00' }), null, null],
        holidays: [{ date: '2026-12-25', name: 'Christmas Day' }],
      },
      active: true,
      archived: false,
      billing_rate_cents: 95,
      agent_ids: [],
    });
    expect(campaign.statusCode, campaign.body).toBe(201);
    const campaignId = campaign.json().id as number;
    const list = await post(admin, '/api/admin/campaign_lists', {
      name: 'Acme',
      unique_name: 'acme',
      campaign_ids: [campaignId],
    });
    expect(list.statusCode, list.body).toBe(201);

    const agent = await post(admin, '/api/admin/users', {
      email: 'Alex.Agent@Example.com',
      first_name: 'Alex',
      second_name: 'Agent',
      role: 'agent',
      agent_group_id: group.json().id,
      company_id: null,
      timezone: 'America/Halifax',
      pay_rate_cents: 1800,
      extension: '1201',
      agent_call_type: 'inbound',
      campaign_ids: [campaignId],
      password: 'temporary-2',
    });
    expect(agent.statusCode, agent.body).toBe(201);
    const portal = await post(admin, '/api/admin/users', {
      email: 'pat@acme.example',
      first_name: 'Pat',
      second_name: 'Portal',
      role: 'company_supervisor',
      agent_group_id: null,
      company_id: company.json().id,
      timezone: 'America/Chicago',
      pay_rate_cents: 0,
      extension: null,
      agent_call_type: null,
      campaign_ids: [],
      password: 'temporary-3',
    });
    expect(portal.statusCode, portal.body).toBe(201);

    // The agent signs in (email as typed in any case), must replace the first password, then sees the campaign.
    const alex = await login(app, 'alex.agent@example.com', 'temporary-2');
    expect((await get(alex, '/api/dashboards/campaigns')).json().error.code).toBe('password_change_required');
    await firstSignIn('alex.agent@example.com', 'temporary-2', 'alex-own-password');
    const signedIn = await login(app, 'alex.agent@example.com', 'alex-own-password');
    const me = (await get(signedIn, '/api/auth/me')).json().user;
    expect(me).toMatchObject({
      role: 'agent',
      timezone: 'America/Halifax',
      extension: '1201',
      agent_group: { name: 'Day team' },
      pay_rate: 1800,
      must_change_password: false,
    });
    const campaigns = (await get(signedIn, '/api/dashboards/campaigns')).json();
    expect(campaigns).toMatchObject([
      { id: campaignId, name: 'Acme Inbound', type: 'inbound', company: { name: 'Acme Health' } },
    ]);

    // The client portal sees its company's campaign; the agent lists show Alex and nobody archived.
    const pat = await firstSignIn('pat@acme.example', 'temporary-3', 'pat-own-password');
    expect((await get(pat, '/api/dashboards/campaigns')).json().map((c: { id: number }) => c.id)).toEqual([campaignId]);
    const options = (await get(admin, '/api/admin/options')).json();
    expect(options.agents.map((a: { name: string }) => a.name)).toEqual(['Alex Agent']);

    // Every change is in the audit log, by its actor.
    const audit = await database.db.selectFrom('audit_log').select(['action', 'actor_id']).orderBy('id').execute();
    expect(audit.map((row) => row.action)).toEqual([
      'user.create',
      'agent_group.create',
      'company.create',
      'campaign.create',
      'campaign_list.create',
      'user.create',
      'user.create',
    ]);
  });
});
