import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningServer, spawnServer, startServer } from '@shiftline/server/testing/process';
import { DateTime } from 'luxon';
import pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { SCREENSHOT_DIR, useBrowser } from '../support/browser.js';
import { leadFile } from '../support/leadFile.js';

/**
 * A centre set up from nothing (issue 25): an empty database (PostgreSQL when the tests have one) and the first
 * administrator from create-admin, as the README says; then only the pages: a group, a company, an inbound
 * campaign with working hours in St John's and a number on a carrier trunk, an outbound campaign with a lead list
 * of 1,000 rows (seven bad), and three agents from a user CSV. An agent goes Ready and takes a simulated call on that number; an outbound
 * agent dials a lead of the uploaded list.
 */
const browser = useBrowser();
const POLL = { timeout: 15_000 };
const FOUNDER = { email: 'founder@north-centre.test', password: 'founding-password-1' };
const NUMBER = '+17095550199';
const databaseName = `shiftline_e2e_empty_${process.pid}`;
let server: RunningServer;

const input = (page: Page, testId: string) => page.getByTestId(testId).locator('input');
const select = (page: Page, testId: string) => page.getByTestId(testId).locator('select');
const tableLoaded = (page: Page) => page.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();

/** The server's environment: PostgreSQL when the tests have one, production without demo data. */
async function centreEnvironment(): Promise<{ env: Record<string, string>; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'shiftline-e2e-empty-'));
  const env: Record<string, string> = { NODE_ENV: 'production', SESSION_SECRET: 'an-e2e-session-secret-of-32-chars' };
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.query(`CREATE DATABASE "${databaseName}"`);
    await client.end();
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    env.DATABASE_URL = url.toString();
  }
  return { env, dataDir };
}

beforeAll(async () => {
  const { env, dataDir } = await centreEnvironment();
  // npm run create-admin, its password on standard input.
  const createAdmin = spawnServer({ ...env, DATA_DIR: dataDir }, 'src/cli/createAdmin.ts', [
    '--email',
    FOUNDER.email,
    '--first-name',
    'Fran',
    '--last-name',
    'Founder',
  ]);
  createAdmin.child.stdin?.end(`${FOUNDER.password}\n`);
  const code = await createAdmin.exited;
  if (code !== 0) throw new Error(`create-admin exited with ${code}:\n${createAdmin.output()}`);
  server = await startServer({ env, dataDir });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (adminUrl) {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
    await client.end();
  }
});

async function pageOn(open: Browser, zone = 'America/St_Johns'): Promise<Page> {
  const context = await open.newContext({
    baseURL: server.baseUrl,
    viewport: { width: 1440, height: 900 },
    timezoneId: zone,
    locale: 'en-US',
  });
  context.setDefaultTimeout(15_000);
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await input(page, 'login-email').fill(email);
  await input(page, 'login-password').fill(password);
  await page.getByTestId('login-submit').click();
}

/** A first sign-in with the password an administrator gave: the user chooses their own. */
async function firstSignIn(page: Page, email: string, given: string, own: string): Promise<void> {
  await signIn(page, email, given);
  await page.getByTestId('change-password-dialog').waitFor();
  await input(page, 'current-password').fill(given);
  await input(page, 'new-password').fill(own);
  await input(page, 'confirm-password').fill(own);
  await page.getByTestId('change-password-submit').click();
  await page.getByTestId('change-password-dialog').waitFor({ state: 'detached' });
  await page.getByTestId('topbar-user').waitFor();
}

async function openSection(page: Page, entity: string): Promise<void> {
  await page.goto(`/admin/${entity}`);
  await tableLoaded(page);
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOT_DIR, `centre-${name}.png`) });
}

async function chooseStatus(page: Page, status: string): Promise<void> {
  await page.getByTestId('status-menu-button').click();
  await page.locator(`[data-testid="status-option"][data-status="${status}"]`).click();
}

describe('a centre set up from nothing', () => {
  // A whole centre through the pages: 45 s alone on a loaded 2-core machine, over 60 s beside the other tests.
  it('is set up through the pages and takes its first inbound and outbound calls', { timeout: 150_000 }, async () => {
    const admin = await pageOn(browser());
    await signIn(admin, FOUNDER.email, FOUNDER.password);
    await admin.getByTestId('topbar-user').waitFor();

    // A group and a client company.
    await openSection(admin, 'agent_groups');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-group-name').fill('Avalon team');
    await admin.getByTestId('admin-group-dialog-save').click();
    await admin.getByTestId('admin-group-dialog').waitFor({ state: 'detached' });
    await openSection(admin, 'companies');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-company-name').fill('Avalon Health');
    await admin.getByTestId('admin-company-dialog-save').click();
    await admin.getByTestId('admin-company-dialog').waitFor({ state: 'detached' });

    // An inbound campaign and an outbound one, open every day six hours around the time the test runs (St John's
    // time; a window past midnight when it runs late), so their calls are taken at whatever hour CI runs it.
    const opens = DateTime.now().setZone('America/St_Johns').minus({ hours: 3 }).startOf('hour');
    const [from, until] = [opens, opens.plus({ hours: 6 })].map((time) => time.toFormat('HH:mm'));
    for (const [name, unique, type] of [
      ['Avalon Care Line', 'avalon-care', 'inbound'],
      ['Avalon Renewals', 'avalon-renewals', 'outbound'],
    ] as const) {
      await openSection(admin, 'campaigns');
      await admin.getByTestId('admin-create').click();
      await admin.getByTestId('admin-campaign-dialog').waitFor();
      await input(admin, 'admin-campaign-name').fill(name);
      await input(admin, 'admin-campaign-unique-name').fill(unique);
      await select(admin, 'admin-campaign-type').selectOption(type);
      await select(admin, 'admin-campaign-company').selectOption({ label: 'Avalon Health' });
      await select(admin, 'admin-campaign-time-zone').selectOption('America/St_Johns');
      for (let day = 0; day < 7; day += 1) {
        const open = admin.getByTestId(`admin-campaign-day-${day}-open`).locator('input');
        if (!(await open.isChecked())) await open.click();
        await input(admin, `admin-campaign-day-${day}-from`).fill(from as string);
        await input(admin, `admin-campaign-day-${day}-until`).fill(until as string);
      }
      await admin.getByTestId('admin-campaign-dialog-save').click();
      await admin.getByTestId('admin-campaign-dialog').waitFor({ state: 'detached' });
    }
    await openSection(admin, 'campaigns');
    expect(await admin.getByTestId('data-table-page').textContent()).toContain('St Johns');
    await shot(admin, 'campaigns');

    // The carrier's trunk delivers the inbound campaign's number.
    await openSection(admin, 'trunks');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-trunk-name').fill('Avalon carrier');
    await input(admin, 'admin-trunk-sources').fill('203.0.113.10');
    await admin.getByTestId('admin-trunk-numbers-add').click();
    await input(admin, 'admin-trunk-numbers-0-number').fill('1 (709) 555-0199');
    await select(admin, 'admin-trunk-numbers-0-campaign').selectOption({ label: 'Avalon Care Line' });
    await admin.getByTestId('admin-trunk-dialog-save').click();
    await admin.getByTestId('admin-trunk-dialog').waitFor({ state: 'detached' });

    // What the inbound campaign's agents choose on its calls: a disposition and a product.
    await openSection(admin, 'dispositions');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-disposition-title').fill('Appointment booked');
    await select(admin, 'admin-disposition-campaign').selectOption({ label: 'Avalon Care Line (inbound)' });
    await select(admin, 'admin-disposition-category').selectOption('sale');
    await admin.getByTestId('admin-disposition-dialog-save').click();
    await admin.getByTestId('admin-disposition-dialog').waitFor({ state: 'detached' });
    await openSection(admin, 'products');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-product-name').fill('Care plan');
    await select(admin, 'admin-product-campaign').selectOption({ label: 'Avalon Care Line' });
    await input(admin, 'admin-product-price').fill('49.00');
    await input(admin, 'admin-product-commission').fill('5.00');
    await admin.getByTestId('admin-product-dialog-save').click();
    await admin.getByTestId('admin-product-dialog').waitFor({ state: 'detached' });
    await tableLoaded(admin);
    expect(await admin.getByTestId('data-table-page').textContent()).toContain('Care plan');
    await shot(admin, 'products');
    // Calls on the centre's number count under a stats source of its own (the dashboards' source filter).
    await openSection(admin, 'stats_sources');
    await admin.getByTestId('admin-create').click();
    await input(admin, 'admin-stats-source-name').fill('Radio spot');
    await admin.getByTestId('admin-stats-source-numbers').getByRole('combobox').click();
    await admin.getByRole('option', { name: `${NUMBER} · Avalon Care Line` }).click();
    await admin.keyboard.press('Escape');
    await admin.getByTestId('admin-stats-source-dialog-save').click();
    await admin.getByTestId('admin-stats-source-dialog').waitFor({ state: 'detached' });

    // The outbound campaign's leads: 1,000 rows with seven bad lines, reported by line.
    await openSection(admin, 'lead_lists');
    await admin.getByTestId('admin-create').click();
    await select(admin, 'lead-import-campaign').selectOption({ label: 'Avalon Renewals' });
    await input(admin, 'lead-import-name').fill('Spring renewals');
    const leads = leadFile('709');
    await admin.getByTestId('lead-import-file').setInputFiles({
      name: 'renewals.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(leads.csv),
    });
    await admin.getByTestId('lead-mapping').waitFor();
    await admin.getByTestId('lead-import-submit').click();
    await admin.getByTestId('lead-import-result').waitFor({ timeout: 30_000 });
    const badLines = await admin
      .getByTestId('lead-import-problems')
      .locator('tbody tr td:first-child')
      .allTextContents();
    expect(badLines.map(Number)).toEqual(leads.badLines);
    await admin.getByTestId('lead-import-done').click();

    // Three agents from a user CSV, each with a CRM id: two inbound, one outbound.
    await openSection(admin, 'users');
    await admin.getByTestId('admin-users-import').click();
    await admin.getByTestId('user-import-dialog').waitFor();
    const users = [
      'Name,E-mail,Role,Group,Campaigns,Time zone,CRM ID,Call type',
      'Ines Inbound,ines.inbound@north-centre.test,Agent,Avalon team,Avalon Care Line,St Johns,CRM-101,inbound',
      'Ivan Inbound,ivan.inbound@north-centre.test,Agent,Avalon team,Avalon Care Line,America/St_Johns,CRM-102,inbound',
      'Olga Outbound,olga.outbound@north-centre.test,Agent,Avalon team,Avalon Renewals,America/Halifax,CRM-103,outbound',
    ];
    await admin.getByTestId('user-import-file').setInputFiles({
      name: 'agents.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`${users.join('\n')}\n`),
    });
    await expect.poll(() => admin.getByTestId('user-import-check').textContent(), POLL).toContain('3 of 3 lines');
    await admin.getByTestId('user-import-submit').click();
    await admin.getByTestId('user-import-result').waitFor();
    await shot(admin, 'users-imported');
    const created = admin.getByTestId('user-import-created').locator('tbody tr');
    const passwords = new Map<string, string>();
    for (let index = 0; index < 3; index += 1) {
      const cells = await created.nth(index).locator('td').allTextContents();
      passwords.set(cells[2] as string, cells[5] as string);
    }
    await admin.getByTestId('user-import-done').click();

    // An inbound agent's first day: their own password, no CRM-id warning, Ready, a call on the centre's number.
    const inbound = await pageOn(browser());
    await firstSignIn(
      inbound,
      'ines.inbound@north-centre.test',
      passwords.get('ines.inbound@north-centre.test') as string,
      'ines-own-password',
    );
    const crmAsked = await api<{ message: string | null }>(inbound, 'GET', '/api/profile/check_crm_id');
    expect(crmAsked.json.message ?? null).toBeNull();
    expect(await inbound.getByTestId('crm-warning').count()).toBe(0);
    await inbound.goto('/inquiries/all_calls');
    await chooseStatus(inbound, 'ready');
    await expect.poll(() => inbound.getByTestId('status-title').textContent(), POLL).toBe('Ready');
    const placed = await api<{ current_call_id: number }>(admin, 'POST', '/api/telephony/simulated_call', {
      dialled: NUMBER,
      caller_phone: '+17095550142',
    });
    expect(placed.status).toBe(201);
    const callId = placed.json.current_call_id;
    await inbound.waitForURL(`**/inquiries/call/${callId}`);
    await expect.poll(() => inbound.getByTestId('status-title').textContent(), POLL).toBe('On call');
    await inbound.getByTestId('call-notes').fill('First call of the centre.');
    await expect.poll(() => inbound.getByTestId('call-notes-state').getAttribute('data-state'), POLL).toBe('saved');
    const dispositions = inbound.getByTestId('disposition-select');
    await dispositions.selectOption({ label: 'Appointment booked' });
    const product = inbound.getByTestId('sale-product').first();
    const productId = await product.getAttribute('data-id');
    await inbound.getByTestId(`sale-quantity-${productId}`).fill('2');
    await inbound.getByTestId('sale-post').click();
    await inbound.getByTestId('sale-posted').waitFor();
    await shot(inbound, 'first-call');
    await inbound.getByTestId('call-end').click();
    await inbound.getByTestId('after-call-form').waitFor();
    await inbound.getByTestId('after-call-close').click();
    await expect.poll(() => inbound.getByTestId('status-title').textContent(), POLL).toBe('Ready');
    const call = await api<{ status: string; campaign: { name: string } }>(
      inbound,
      'GET',
      `/api/inquiries/${callId}/get_call_data`,
    );
    expect(call.json).toMatchObject({ status: 'ended', campaign: { name: 'Avalon Care Line' } });
    const sales = await api<{ sale_posted: boolean; sales: { quantity: number }[] }>(
      inbound,
      'GET',
      `/api/sales/${callId}/get_sales`,
    );
    expect(sales.json).toMatchObject({ sale_posted: true, sales: [{ quantity: 2 }] });
    // The call counted under the number's stats source: the administration now lists it as used.
    await openSection(admin, 'stats_sources');
    expect(await admin.getByTestId('table-row').filter({ hasText: 'Radio spot' }).textContent()).toContain('used');
    expect(await admin.getByTestId('table-row').filter({ hasText: 'Radio spot' }).textContent()).not.toContain(
      'unused',
    );
    await chooseStatus(inbound, 'administrative');

    // The outbound agent dials a lead of the uploaded list.
    const outbound = await pageOn(browser());
    await firstSignIn(
      outbound,
      'olga.outbound@north-centre.test',
      passwords.get('olga.outbound@north-centre.test') as string,
      'olga-own-password',
    );
    await outbound.goto('/outgoing_calls_to_make');
    await outbound.getByTestId('table-row').first().waitFor();
    await chooseStatus(outbound, 'outbound_sales_calls');
    await expect.poll(() => outbound.getByTestId('status-title').textContent(), POLL).toBe('Outbound Sales Calls');
    const row = outbound.locator('[data-testid="table-row"][data-valid="true"]').first();
    expect(await row.textContent()).toContain('Spring renewals');
    await row.getByTestId('cold-call-dial').click();
    await outbound.waitForURL('**/inquiries/call/*');
    await expect.poll(() => outbound.getByTestId('status-title').textContent(), POLL).toBe('Ringing');
    await shot(outbound, 'first-cold-call');
  });
});
