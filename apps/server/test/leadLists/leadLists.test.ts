import type { LeadImportOptions } from '@shiftline/shared';
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { createColdCallsRepository } from '../../src/features/coldCalls/coldCalls.repository.js';
import { signedInRequests } from '../support/requests.js';
import { as, demoEmail, login, type Session, testAppForTests } from '../support/testApp.js';

/* Lead lists through the administration's API: preview, import (normalising, reporting bad lines, duplicates and
 * blocked numbers), concurrency, export round trip, enabling, resetting, deleting, and what the cold-calls table shows. */

const t = testAppForTests();
const { get, post } = signedInRequests(() => t);
let admin: Session;
/** The cold-calls table's reader: a campaign manager sees every outbound campaign's leads. */
let manager: Session;
let outbound: { id: number }[];

beforeAll(async () => {
  admin = await login(t.app, demoEmail('administrator'));
  manager = await login(t.app, demoEmail('campaign_manager'));
  outbound = await t.database.db
    .selectFrom('campaigns')
    .select('id')
    .where('type', '=', 'outbound')
    .where('archived', '=', false)
    .orderBy('id')
    .execute();
});

type FilePart = { name: string; type: string; content: string | Uint8Array };

/** A multipart upload: the options field (when given) first, then the file. */
async function upload(session: Session, url: string, file: FilePart, options?: object | string) {
  const form = new FormData();
  if (options !== undefined) form.append('options', typeof options === 'string' ? options : JSON.stringify(options));
  form.append('file', new Blob([file.content], { type: file.type }), file.name);
  const encoded = new Response(form);
  return t.app.inject({
    method: 'POST',
    url,
    headers: { ...as(session), 'content-type': encoded.headers.get('content-type') as string },
    payload: Buffer.from(await encoded.arrayBuffer()),
  });
}

const csv = (name: string, content: string): FilePart => ({ name, type: 'text/csv', content });

let serial = 0;
const optionsFor = (campaignId: number, overrides: Partial<LeadImportOptions> = {}): LeadImportOptions => {
  serial += 1;
  return {
    campaign_id: campaignId,
    name: `List ${serial}`,
    country: 'US',
    default_timezone: 'America/Toronto',
    duplicates: 'skip',
    header: true,
    mapping: { phone: 0, first_name: 1, last_name: 2, timezone: 3 },
    custom_fields: [{ column: 4, name: 'Plan' }],
    ...overrides,
  };
};

/** A unique North American number per index (area 416, exchange 2xx-9xx). */
const phoneOf = (index: number) => `+1416${String(2000000 + index).padStart(7, '0')}`;

/** 1,000 rows with seven bad ones; returns the file and the bad lines with what each should say. */
function thousandRows(first: number) {
  const lines = ['Phone,First name,Last name,Time zone,Plan'];
  for (let index = 0; index < 1000; index += 1) {
    lines.push(`${phoneOf(first + index)},Ann${index},Lee,America/St_Johns,Gold`);
  }
  const bad = new Map<number, RegExp>([
    [11, /phone 'not a number' is not a valid number/],
    [102, /phone is empty/],
    [203, /time zone 'Mars\/Olympus' is not a supported zone/],
    [404, /First name holds control characters/],
    [505, /Last name is longer than 1000 characters/],
    [606, /also on line 2/],
    [707, /phone '\+1 416 555' is not a valid number/],
  ]);
  // Line n of the file is lines[n - 1] (line 1 is the header).
  lines[10] = 'not a number,Bad,Row,,';
  lines[101] = ',No,Phone,,';
  lines[202] = `${phoneOf(first + 201)},Tz,Wrong,Mars/Olympus,`;
  lines[403] = `${phoneOf(first + 402)},"Ctl\u0007",X,,`;
  lines[504] = `${phoneOf(first + 503)},Long,${'x'.repeat(1001)},,`;
  lines[605] = `${phoneOf(first)},Again,Dup,,`;
  lines[706] = '+1 416 555,Short,Number,,';
  return { file: csv('leads.csv', `${lines.join('\r\n')}\r\n`), bad };
}

describe('lead lists', () => {
  it('previews a CSV: its first row, the next rows and the mapping its header suggests', async () => {
    const file = csv(
      'leads.csv',
      'Phone;First Name;Surname;ZIP;Favourite colour\n4165550100;Ann;Lee;M5V 2T6;blue\n4165550101;Bo;Ng;K1A 0B1;red\n',
    );
    const response = await upload(admin, '/api/admin/lead_lists/preview', file);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      format: 'csv',
      first_row: ['Phone', 'First Name', 'Surname', 'ZIP', 'Favourite colour'],
      rows: [
        ['4165550100', 'Ann', 'Lee', 'M5V 2T6', 'blue'],
        ['4165550101', 'Bo', 'Ng', 'K1A 0B1', 'red'],
      ],
      suggested_mapping: { phone: 0, first_name: 1, last_name: 2, zip: 3 },
    });
  });

  it('previews a large CSV from its first rows, reading and dropping the rest of the upload', async () => {
    const rows = Array.from({ length: 100_000 }, (_, index) => `${phoneOf(900_000 + index)},Name ${index},Surname`);
    const response = await upload(
      admin,
      '/api/admin/lead_lists/preview',
      csv('big.csv', `phone,first,last\n${rows.join('\n')}\n`),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().rows).toHaveLength(10);
  });

  it('imports 1,000 rows: the seven bad lines reported by line and reason, the rest listed in E.164', async () => {
    const campaign = (outbound[0] as { id: number }).id;
    const { file, bad } = thousandRows(0);
    const options = optionsFor(campaign, { name: 'Spring mailing' });
    const response = await upload(admin, '/api/admin/lead_lists', file, options);
    expect(response.statusCode, response.body).toBe(201);
    const result = response.json();
    expect(result).toMatchObject({
      rows: 1000,
      imported: 993,
      new_clients: 993,
      invalid: 6,
      duplicates: 1,
      blocked: 0,
    });
    expect(result.problems.map((problem: { line: number }) => problem.line)).toEqual([...bad.keys()]);
    for (const problem of result.problems as { line: number; reason: string }[]) {
      expect(problem.reason, `line ${problem.line}`).toMatch(bad.get(problem.line) as RegExp);
    }
    const leads = await t.database.db
      .selectFrom('cold_calls')
      .selectAll()
      .where('list_id', '=', result.list_id)
      .orderBy('id')
      .execute();
    expect(leads).toHaveLength(993);
    expect(leads[0]).toMatchObject({
      phone: phoneOf(0),
      phone_valid: true,
      timezone: 'America/St_Johns',
      custom_fields: { Plan: 'Gold' },
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('subject', '=', `lead_list:${result.list_id}`)
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['lead_list.import']);
    // The administration's list and the cold-calls table show it.
    const lists = (await get(admin, '/api/tables/admin_lead_lists?items_per_page=100')).json();
    const row = lists.items.find((item: { id: number }) => item.id === result.list_id);
    expect(row).toMatchObject({ name: 'Spring mailing', leads: 993, called: 0, status: 'enabled' });
    const table = (
      await get(
        manager,
        `/api/tables/cold_calls?items_per_page=10&chosenValues=${encodeURIComponent(JSON.stringify({ lists: [result.list_id] }))}`,
      )
    ).json();
    expect(table.options?.totalCount, JSON.stringify(table)).toBe(993);
    expect(table.items[0]).toMatchObject({ list_name: 'Spring mailing', custom_fields: { Plan: 'Gold' } });
  });

  it('reads numbers in the list country, and refuses rows whose number is not one there', async () => {
    const campaign = (outbound[0] as { id: number }).id;
    const file = csv('uk.csv', 'tel,name\n020 7946 0958,Holmes\n+33 1 42 68 53 00,Maigret\n0207 946 09,Short\n');
    const options = optionsFor(campaign, {
      country: 'gb',
      mapping: { phone: 0, first_name: 1 },
      custom_fields: [],
    });
    const response = await upload(admin, '/api/admin/lead_lists', file, options);
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ imported: 2, invalid: 1, problems: [{ line: 4, kind: 'invalid' }] });
    const phones = await t.database.db
      .selectFrom('cold_calls')
      .select('phone')
      .where('list_id', '=', response.json().list_id)
      .orderBy('id')
      .execute();
    expect(phones.map((row) => row.phone)).toEqual(['+442079460958', '+33142685300']);
  });

  it('scrubs numbers on the do-not-call list and blacklisted clients', async () => {
    const campaign = (outbound[0] as { id: number }).id;
    await t.database.db
      .insertInto('do_not_call')
      .values({ phone: phoneOf(50_001), note: 'asked' })
      .execute();
    await t.database.db
      .insertInto('clients')
      .values({ phone: phoneOf(50_002), phone_e164: phoneOf(50_002), blocked: true })
      .execute();
    const file = csv('scrub.csv', `phone\n${phoneOf(50_000)}\n${phoneOf(50_001)}\n${phoneOf(50_002)}\n`);
    const response = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(campaign, { mapping: { phone: 0 }, custom_fields: [] }),
    );
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      imported: 1,
      blocked: 2,
      problems: [
        { line: 3, kind: 'blocked', reason: 'the number is on the do-not-call list' },
        { line: 4, kind: 'blocked', reason: 'the number is blacklisted' },
      ],
    });
  });

  it('skips or merges numbers that are already clients', async () => {
    const [first, second] = outbound as [{ id: number }, { id: number }];
    const existing = await t.database.db
      .insertInto('clients')
      .values({ phone: '(416) 370-0001', phone_e164: phoneOf(1_700_001), first_name: 'Old', last_name: 'Name' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = csv('dups.csv', `phone,first,last\n${phoneOf(1_700_001)},New,\n${phoneOf(1_700_002)},Fresh,Lead\n`);
    const mapping = { phone: 0, first_name: 1, last_name: 2 };
    const skipped = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(first.id, { mapping, custom_fields: [] }),
    );
    expect(skipped.json()).toMatchObject({
      imported: 1,
      duplicates: 1,
      problems: [{ line: 2, kind: 'duplicate', reason: `the number is client ${existing.id}'s (skipped)` }],
    });
    const merged = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(second.id, { mapping, custom_fields: [], duplicates: 'merge' }),
    );
    // Merging lists the existing client (named from the file where it has a value) and the new lead's client.
    expect(merged.json()).toMatchObject({ imported: 2, merged: 2, new_clients: 0, duplicates: 0 });
    const client = await t.database.db
      .selectFrom('clients')
      .selectAll()
      .where('id', '=', existing.id)
      .executeTakeFirstOrThrow();
    expect(client).toMatchObject({ first_name: 'New', last_name: 'Name' });
    // A third import into the first campaign: both numbers are its leads already.
    const again = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(first.id, { mapping, custom_fields: [], duplicates: 'merge' }),
    );
    // The existing client was skipped there before, so it is merged and listed now; the new lead is listed already.
    expect(again.json()).toMatchObject({ imported: 1, merged: 1, duplicates: 1 });
    expect(again.json().problems).toEqual([
      { line: 3, kind: 'duplicate', reason: expect.stringMatching(/already a lead of this campaign/) },
    ]);
  });

  it('20 uploads of the same list at once make one list and one copy of its leads', async () => {
    const campaign = (outbound[1] as { id: number }).id;
    const lines = Array.from({ length: 200 }, (_, index) => phoneOf(300_000 + index));
    const file = csv('same.csv', `phone\n${lines.join('\n')}\n`);
    const options = optionsFor(campaign, { name: 'Same list', mapping: { phone: 0 }, custom_fields: [] });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => upload(admin, '/api/admin/lead_lists', file, options)),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(409)]);
    const conflictBody = answers.find((answer) => answer.statusCode === 409)?.json();
    expect(conflictBody.error.fields).toEqual({ name: 'is already used' });
    const listed = await t.database.db
      .selectFrom('cold_calls')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('phone', 'in', lines)
      .executeTakeFirstOrThrow();
    expect(Number(listed.n)).toBe(200);
    const staged = await t.database.db
      .selectFrom('lead_import_rows')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(staged.n)).toBe(0);
  });

  it('exports a list as CSV that imports back as the same leads', async () => {
    const [first, second] = outbound as [{ id: number }, { id: number }];
    const file = csv(
      'roundtrip.csv',
      `Phone,First name,Last name,Address,City,Time zone,Plan,Note\n${phoneOf(400_001)},"=SUM(A1)","O'Brien, Jr",1 Main St,Halifax,America/Halifax,Gold,"two\nlines"\n${phoneOf(400_002)},Zoë,-5,,,,,\n`,
    );
    const options = optionsFor(first.id, {
      mapping: { phone: 0, first_name: 1, last_name: 2, address_line1: 3, city: 4, timezone: 5 },
      custom_fields: [
        { column: 6, name: 'Plan' },
        { column: 7, name: 'Note' },
      ],
    });
    const imported = (await upload(admin, '/api/admin/lead_lists', file, options)).json();
    expect(imported, JSON.stringify(imported.problems)).toMatchObject({ imported: 2 });
    const exported = await get(admin, `/api/admin/lead_lists/${imported.list_id}/export`);
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body).toContain("'=SUM(A1)");
    const preview = (await upload(admin, '/api/admin/lead_lists/preview', csv('export.csv', exported.body))).json();
    const reimported = await upload(
      admin,
      '/api/admin/lead_lists',
      csv('export.csv', exported.body),
      optionsFor(second.id, {
        duplicates: 'merge',
        mapping: preview.suggested_mapping,
        custom_fields: [
          { column: preview.first_row.indexOf('Plan'), name: 'Plan' },
          { column: preview.first_row.indexOf('Note'), name: 'Note' },
        ],
      }),
    );
    expect(reimported.json()).toMatchObject({ imported: 2, invalid: 0 });
    const leadsOf = async (listId: number) =>
      (
        await t.database.db
          .selectFrom('cold_calls as cc')
          .innerJoin('clients as cl', 'cl.id', 'cc.client_id')
          .select([
            'cc.phone',
            'cc.timezone',
            'cc.custom_fields',
            'cl.first_name',
            'cl.last_name',
            'cl.address_line1',
            'cl.city',
          ])
          .where('cc.list_id', '=', listId)
          .orderBy('cc.id')
          .execute()
      ).map((lead) => ({ ...lead }));
    const before = await leadsOf(imported.list_id);
    expect(before[0]).toMatchObject({
      first_name: '=SUM(A1)',
      last_name: "O'Brien, Jr",
      custom_fields: { Note: 'two\nlines' },
    });
    expect(await leadsOf(reimported.json().list_id)).toEqual(before);
  });

  it('reads an XLSX workbook: its first sheet, numbers as written', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Leads');
    sheet.addRow(['Phone', 'First name', 'Last name']);
    sheet.addRow([14165550177, 'Xl', 'Sheet']);
    sheet.addRow(['not a phone', 'Bad', 'Row']);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const file = {
      name: 'leads.xlsx',
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      content,
    };
    const preview = await upload(admin, '/api/admin/lead_lists/preview', file);
    expect(preview.json()).toMatchObject({ format: 'xlsx', first_row: ['Phone', 'First name', 'Last name'] });
    expect(preview.json().rows[0]).toEqual(['14165550177', 'Xl', 'Sheet']);
    const campaign = (outbound[0] as { id: number }).id;
    const imported = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(campaign, { mapping: { phone: 0, first_name: 1, last_name: 2 }, custom_fields: [] }),
    );
    expect(imported.json()).toMatchObject({ imported: 1, invalid: 1, problems: [{ line: 3, kind: 'invalid' }] });
  });

  it('a disabled list leaves the cold-calls table and the dialler; reset and delete are audited', async () => {
    const campaign = (outbound[0] as { id: number }).id;
    const file = csv('toggle.csv', `phone\n${phoneOf(500_001)}\n${phoneOf(500_002)}\n`);
    const { list_id: listId } = (
      await upload(
        admin,
        '/api/admin/lead_lists',
        file,
        optionsFor(campaign, { mapping: { phone: 0 }, custom_fields: [] }),
      )
    ).json();
    const leads = await t.database.db.selectFrom('cold_calls').select('id').where('list_id', '=', listId).execute();
    const leadIds = leads.map((lead) => lead.id);
    const shown = async () => {
      const filter = encodeURIComponent(JSON.stringify({ lists: [listId] }));
      return (await get(manager, `/api/tables/cold_calls?items_per_page=10&chosenValues=${filter}`)).json().options
        .totalCount;
    };
    expect(await shown()).toBe(2);
    expect((await post(admin, `/api/admin/lead_lists/${listId}/disable`)).statusCode).toBe(200);
    expect(await shown()).toBe(0);
    const dialler = await t.database.db
      .selectFrom('campaign_agents as ca')
      .innerJoin('users as u', 'u.id', 'ca.user_id')
      .select('u.email')
      .where('ca.campaign_id', '=', campaign)
      .where('ca.is_disabled', '=', false)
      .where('u.role', '=', 'agent')
      .where('u.archived', '=', false)
      .executeTakeFirstOrThrow();
    const outboundAgent = await login(t.app, dialler.email);
    const take = await post(outboundAgent, '/api/get_cold_call_for_agent', {
      cold_call_id: leadIds[0],
      mode: 'preview',
    });
    expect(take.statusCode, take.body).toBe(409);
    expect(take.json().error.fields).toEqual({ cold_call_id: 'is on a disabled list' });
    expect((await post(admin, `/api/admin/lead_lists/${listId}`, { name: 'Renamed', enabled: true })).statusCode).toBe(
      200,
    );
    expect(await shown()).toBe(2);

    await t.database.db
      .updateTable('cold_calls')
      .set({ last_called_at: new Date() })
      .where('list_id', '=', listId)
      .execute();
    expect((await get(admin, `/api/admin/lead_lists/${listId}`)).json()).toMatchObject({ name: 'Renamed', called: 2 });
    expect((await post(admin, `/api/admin/lead_lists/${listId}/reset`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/lead_lists/${listId}`)).json()).toMatchObject({ called: 0 });

    expect((await post(admin, `/api/admin/lead_lists/${listId}/delete`)).statusCode).toBe(200);
    expect((await get(admin, `/api/admin/lead_lists/${listId}`)).statusCode).toBe(404);
    const remaining = await t.database.db.selectFrom('cold_calls').select('id').where('id', 'in', leadIds).execute();
    expect(remaining).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('subject', '=', `lead_list:${listId}`)
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual([
      'lead_list.import',
      'lead_list.edit',
      'lead_list.edit',
      'lead_list.reset',
      'lead_list.delete',
    ]);
  });

  it('the next free lead skips numbers blacklisted or put on the do-not-call list after the import', async () => {
    const campaign = await t.database.db
      .insertInto('campaigns')
      .values({ name: 'Skip blocked', unique_name: 'skip-blocked', type: 'outbound' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = csv('later.csv', `phone\n${phoneOf(700_001)}\n${phoneOf(700_002)}\n${phoneOf(700_003)}\n`);
    const imported = await upload(
      admin,
      '/api/admin/lead_lists',
      file,
      optionsFor(campaign.id, { mapping: { phone: 0 }, custom_fields: [] }),
    );
    expect(imported.json().imported).toBe(3);
    const next = () => createColdCallsRepository(t.database.db).nextFree([campaign.id]);
    expect((await next())?.phone).toBe(phoneOf(700_001));
    await t.database.db
      .insertInto('do_not_call')
      .values({ phone: phoneOf(700_001) })
      .execute();
    expect((await next())?.phone).toBe(phoneOf(700_002));
    await t.database.db
      .updateTable('clients')
      .set({ blocked: true })
      .where('phone_e164', '=', phoneOf(700_002))
      .execute();
    expect((await next())?.phone).toBe(phoneOf(700_003));
  });

  it('refuses what is not an administrator, not a lead file or not a valid option, and writes nothing', async () => {
    const campaign = (outbound[0] as { id: number }).id;
    const file = csv('x.csv', `phone\n${phoneOf(600_001)}\n`);
    const good = optionsFor(campaign, { mapping: { phone: 0 }, custom_fields: [] });
    for (const role of ['agent', 'team_lead', 'campaign_manager', 'company_supervisor'] as const) {
      const session = await login(t.app, demoEmail(role));
      expect((await upload(session, '/api/admin/lead_lists', file, good)).statusCode, role).toBe(403);
    }
    const inbound = await t.database.db
      .selectFrom('campaigns')
      .select('id')
      .where('type', '=', 'inbound')
      .executeTakeFirstOrThrow();
    const cases: [string, FilePart, object | string | undefined, number, string][] = [
      ['options not JSON', file, '{oops', 400, 'options'],
      ['options after the file', file, undefined, 400, 'options'],
      ['an unknown country', file, { ...good, country: 'XX' }, 400, 'options.country'],
      ['no phone column', file, { ...good, mapping: { first_name: 0 } }, 400, 'options.mapping.phone'],
      ['a column past the limit', file, { ...good, mapping: { phone: 5000 } }, 400, 'options.mapping.phone'],
      ['an id past 2^31-1', file, { ...good, campaign_id: 2 ** 31 }, 400, 'options.campaign_id'],
      ['a NUL in the name', file, { ...good, name: 'a\u0000b' }, 400, 'options.name'],
      ['an inbound campaign', file, { ...good, campaign_id: inbound.id }, 400, 'campaign_id'],
      ['an executable', { name: 'x.exe', type: 'application/x-msdownload', content: 'MZ' }, good, 415, 'file'],
      ['a file of only a header', csv('h.csv', 'phone\n'), good, 400, 'file'],
      [
        'custom field names twice',
        file,
        {
          ...good,
          custom_fields: [
            { column: 1, name: 'A' },
            { column: 2, name: 'a' },
          ],
        },
        400,
        'options.custom_fields',
      ],
    ];
    const listsBefore = await t.database.db.selectFrom('lead_lists').select('id').execute();
    for (const [label, part, options, status, field] of cases) {
      const response = await upload(admin, '/api/admin/lead_lists', part, options);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(status);
      expect(Object.keys(response.json().error.fields ?? {}), label).toContain(field);
    }
    const missing = await upload(admin, '/api/admin/lead_lists', file, { ...good, campaign_id: 2 ** 31 - 1 });
    expect(missing.statusCode).toBe(404);
    expect(await t.database.db.selectFrom('lead_lists').select('id').execute()).toEqual(listsBefore);
    expect((await post(admin, '/api/admin/lead_lists/2147483648/reset')).statusCode).toBe(400);
    expect(
      (await post(admin, `/api/admin/lead_lists/${listsBefore[0]?.id}`, { name: '', enabled: true })).statusCode,
    ).toBe(400);
  });
});
