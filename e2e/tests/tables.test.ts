import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  type EditRowForm,
  EXPORT_NEEDS_PERIOD,
  formatTimeCell,
  parseTimeCell,
  type TableResponse,
  VALIDATION_ERRORS_ALERT,
} from '@shiftline/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { screenshot, signedInPage, useBrowser } from '../support/browser.js';

/**
 * The generic server table in the browser (spec §2.8, issue 16) against the real server and its demo centre: the call
 * log filtered, sorted and paged with its state in the address; a performance breakdown row edited with a sum-rule
 * error, then fixed and saved; the call log exported and the CSV read back.
 */
const ZONE = 'America/Toronto';
const POLL = { timeout: 15_000 };
const browser = useBrowser();

const tableApi = (page: Page, name: string, query: Record<string, string | number>) =>
  api<TableResponse>(
    page,
    'GET',
    `/api/tables/${name}?${new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))}`,
  );

// Evaluated in the page (the app's Content-Security-Policy refuses an injected script tag), as accessibility.test does.
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's findings on the page as it stands, one line each (any impact: the table should have none). */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    type Result = { violations: { id: string; nodes: { html: string }[] }[] };
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<Result> } }).axe;
    const { violations } = await axe.run(document);
    return violations.flatMap((violation) =>
      violation.nodes.map((node) => `${violation.id}: ${node.html.slice(0, 160)}`),
    );
  });
}

const rows = (page: Page) => page.getByTestId('table-row');
const cellTexts = (page: Page, column: string) =>
  page.locator(`[data-testid="table-row"] [data-column="${column}"]`).allTextContents();
const rangeText = (page: Page) => page.getByTestId('table-range').textContent();
const search = (page: Page) => new URL(page.url()).searchParams;

async function waitLoaded(page: Page): Promise<void> {
  await page.locator('[data-testid="data-table-page"][data-loaded="true"]').waitFor();
}

/** One MUI select's option, by its text. */
async function choose(page: Page, field: Locator, option: string): Promise<void> {
  await field.getByRole('combobox').click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await page.getByRole('listbox').waitFor({ state: 'detached' });
}

/** RFC 4180 CSV: quoted fields with doubled quotes and line breaks inside. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        field += '"';
        index++;
      } else if (char === '"') quoted = false;
      else field += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      record.push(field);
      field = '';
    } else if (char === '\n') {
      record.push(field.replace(/\r$/, ''));
      records.push(record);
      record = [];
      field = '';
    } else field += char;
  }
  if (field !== '' || record.length > 0) records.push([...record, field]);
  return records;
}

describe('the call log as an administrator', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(browser(), 'admin@shiftline.test', ZONE);
    await page.goto('/');
    await page.getByTestId('nav-table-call_log').click();
    await page.waitForURL('**/tables/call_log');
    await waitLoaded(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the server table: title, header groups, filters, the default period and 50 rows a page', async () => {
    const first = await tableApi(page, 'call_log', { page: 1 });
    expect(first.status).toBe(200);
    const table = first.json;
    expect(await page.getByTestId('table-title').textContent()).toBe(table.name_table);
    expect(await page.title()).toBe(`${table.name_table} · Shiftline`);
    expect(table.options.totalCount).toBeGreaterThan(50);
    expect(await rows(page).count()).toBe(50);
    expect(await rangeText(page)).toBe(`1–50 of ${table.options.totalCount.toLocaleString('en-US')}`);
    // The call log groups Client and Phone under 'Client' (options.tableHeaderGroups).
    const groups = table.options.tableHeaderGroups.filter((group) => group.text !== '');
    for (const group of groups) {
      await expect
        .poll(() => page.locator('thead th', { hasText: group.text }).first().getAttribute('colspan'))
        .toBe(String(group.colspan));
    }
    // The rows are the server's, in its order (newest first).
    expect((await rows(page).first().getAttribute('data-id')) ?? '').toBe(String(table.items[0]?.id));
    await screenshot(page, 'tables-call-log');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('filters by direction, the choice kept in the address', async () => {
    const table = (await tableApi(page, 'call_log', { page: 1 })).json;
    const direction = table.headers.find((header) => header.value === 'direction')?.filters;
    const outbound = direction?.items?.find((item) => item.text === 'Outbound');
    expect(outbound).toBeDefined();
    const expected = await tableApi(page, 'call_log', {
      chosenValues: JSON.stringify({ direction: outbound?.value }),
    });
    await choose(page, page.getByTestId('table-filter-direction'), 'Outbound');
    await expect
      .poll(() => rangeText(page), POLL)
      .toMatch(new RegExp(`of ${expected.json.options.totalCount.toLocaleString('en-US')}$`));
    await waitLoaded(page);
    expect(JSON.parse(search(page).get('f') ?? '{}')).toEqual({ direction: outbound?.value });
    expect(new Set(await cellTexts(page, 'direction'))).toEqual(new Set(['Outbound']));
    // The link alone gives the same table.
    await page.reload();
    await waitLoaded(page);
    expect(new Set(await cellTexts(page, 'direction'))).toEqual(new Set(['Outbound']));
    expect(await page.getByTestId('table-filter-direction').textContent()).toContain('Outbound');
    await screenshot(page, 'tables-call-log-outbound');
  });

  it('sorts on a sortable column, ascending then descending, on the server', async () => {
    const ids = async () => (await cellTexts(page, 'id')).map(Number);
    await page.getByTestId('table-sort-id').click();
    await expect.poll(() => search(page).get('sort'), POLL).toBe('id');
    expect(search(page).get('desc')).toBe('false');
    await expect
      .poll(async () => {
        const shown = await ids();
        return shown.length > 1 && shown.every((id, index) => index === 0 || (shown[index - 1] as number) < id);
      }, POLL)
      .toBe(true);
    await page.getByTestId('table-sort-id').click();
    await expect.poll(() => search(page).get('desc'), POLL).toBe('true');
    await expect
      .poll(async () => {
        const shown = await ids();
        return shown.length > 1 && shown.every((id, index) => index === 0 || (shown[index - 1] as number) > id);
      }, POLL)
      .toBe(true);
    // Columns the server does not sort on have no sort control.
    expect(await page.getByTestId('table-sort-client_name').count()).toBe(0);
  });

  it('pages with the server page sizes, and goes back to page 1 beyond the last page', async () => {
    await choose(page, page.getByTestId('table-page-size'), '10');
    await expect.poll(() => rows(page).count(), POLL).toBe(10);
    const params = JSON.parse(search(page).get('f') ?? '{}') as Record<string, unknown>;
    const second = await tableApi(page, 'call_log', {
      page: 2,
      items_per_page: 10,
      sortBy: 'id',
      sortDesc: 'true',
      chosenValues: JSON.stringify(params),
    });
    const total = second.json.options.totalCount;
    const pages = Math.ceil(total / 10);
    // Up to 10 page buttons.
    expect(await page.getByTestId('table-page-button').count()).toBe(Math.min(10, pages));
    await page.getByRole('button', { name: 'Page 2', exact: true }).click();
    await expect.poll(() => rangeText(page), POLL).toBe(`11–20 of ${total.toLocaleString('en-US')}`);
    await waitLoaded(page);
    expect(search(page).get('page')).toBe('2');
    expect(await rows(page).first().getAttribute('data-id')).toBe(String(second.json.items[0]?.id));
    await screenshot(page, 'tables-call-log-page-2');

    // A link to a page past the last one shows page 1.
    const beyond = new URL(page.url());
    beyond.searchParams.set('page', String(pages + 5));
    await page.goto(beyond.pathname + beyond.search);
    await expect.poll(() => search(page).get('page'), POLL).toBeNull();
    await expect.poll(() => rangeText(page), POLL).toBe(`1–10 of ${total.toLocaleString('en-US')}`);
  });

  it('shows scroll arrows when the table overflows under 1900 px; holding one scrolls it', async () => {
    const scroller = page.getByTestId('table-scroller');
    const scrollLeft = () => scroller.evaluate((element) => element.scrollLeft);
    const right = page.getByTestId('table-scroll-right');
    await right.waitFor();
    expect(await scroller.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    await right.hover();
    await page.mouse.down();
    await page.waitForTimeout(400);
    await page.mouse.up();
    // 20 px at once and every 50 ms while held: well past one step, and it stops on release.
    const held = await scrollLeft();
    expect(held).toBeGreaterThanOrEqual(60);
    await page.waitForTimeout(200);
    expect(await scrollLeft()).toBe(held);
    // The head stays above the rows while they scroll.
    await scroller.evaluate((element) => element.scrollBy({ top: 200 }));
    await screenshot(page, 'tables-call-log-scrolled');
    await page.setViewportSize({ width: 1920, height: 900 });
    await expect.poll(() => right.count(), POLL).toBe(0);
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('exports the filtered table as a UTF-8 CSV with a header row and every row, and needs a period', async () => {
    await page.goto('/tables/call_log');
    await waitLoaded(page);
    const table = (await tableApi(page, 'call_log', { page: 1 })).json;
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('table-export').click()]);
    await page.getByTestId('export-done').waitFor();
    expect(download.suggestedFilename()).toMatch(new RegExp(`^${table.file_name}_\\d{12}\\.csv$`));
    expect(Number(await page.getByTestId('export-done').getAttribute('data-rows'))).toBe(table.options.totalCount);
    await screenshot(page, 'tables-export-done');
    const bytes = await readFile((await download.path()) as string);
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    const records = parseCsv(text.replace(/^\uFEFF/, '')).filter((record) => record.some((cell) => cell !== ''));
    const [header, ...body] = records;
    const shownColumns = table.headers.filter((column) => !column.actions || column.actions.length === 0);
    expect(header).toEqual(shownColumns.map((column) => column.text));
    expect(body.length).toBe(table.options.totalCount);
    expect(body.every((record) => record.length === header?.length)).toBe(true);
    await page.getByTestId('export-close').click();

    // Without a period there is no export (spec §5).
    await page.getByRole('button', { name: 'Clear Period' }).click();
    await expect.poll(() => search(page).get('f'), POLL).toBe(JSON.stringify({ period: null }));
    // The address changes before the page renders the new filter: an Export clicked in between exports the old one.
    await expect
      .poll(() => page.getByTestId('data-table-page').getAttribute('data-filters'), POLL)
      .toBe(JSON.stringify({ period: null }));
    await waitLoaded(page);
    await page.getByTestId('table-export').click();
    expect(await page.getByTestId('export-message').textContent()).toBe(EXPORT_NEEDS_PERIOD);
    await screenshot(page, 'tables-export-needs-period');
    await page.getByTestId('export-close').click();
  });
});

describe('editing a performance breakdown row', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedInPage(browser(), 'admin@shiftline.test', ZONE);
    await page.goto('/tables/performance_breakdown');
    await waitLoaded(page);
  });
  afterAll(async () => {
    await page?.context().close();
  });

  it('shows the rule error on Tab, refuses to save, then saves the fixed row and the table shows it', async () => {
    const row = rows(page).first();
    const rowKey = (await row.getAttribute('data-id')) as string;
    const formAnswer = await api<EditRowForm>(
      page,
      'GET',
      `/api/get_edit_table_row_data?${new URLSearchParams({
        table_name: 'performance_breakdown',
        identifier_name: 'row_key',
        identifier_type: 'string',
        identifier_value: rowKey,
      })}`,
    );
    expect(formAnswer.status).toBe(200);
    const form = formAnswer.json;
    const rule = form.rule;
    if (!rule) throw new Error('the performance breakdown form has a sum rule');
    await row.getByTestId('table-action-edit').click();
    const dialog = page.getByTestId('edit-performance-breakdown');
    await dialog.waitFor();
    expect(await dialog.getByRole('heading').textContent()).toBe(form.title);
    expect(form.title).toMatch(/^Edit Record for /);
    await page.waitForTimeout(300);
    expect(await axeViolations(page)).toEqual([]);

    // The first editable row: the category with the most time gives a minute to On Call.
    const editRow = dialog.locator('[data-testid="edit-row"][data-editable="true"]').first();
    const index = Number(await editRow.getAttribute('data-row'));
    const source = form.rows[index] as Record<string, string>;
    const largest = rule.related
      .filter((name) => name !== 'on_call')
      .reduce((best, name) =>
        (parseTimeCell(source[name] ?? '') ?? 0) > (parseTimeCell(source[best] ?? '') ?? 0) ? name : best,
      );
    const onCall = parseTimeCell(source.on_call ?? '') ?? 0;
    const from = parseTimeCell(source[largest] ?? '') ?? 0;
    expect(from).toBeGreaterThanOrEqual(60);

    const onCallCell = editRow.getByTestId('edit-cell-on_call');
    await onCallCell.fill(formatTimeCell(onCall + 60));
    await onCallCell.press('Tab');
    const rowError = dialog.locator(`[data-testid="edit-row-error"][data-row="${index}"]`);
    await expect.poll(() => rowError.textContent(), POLL).toBe(rule.message);
    await dialog.getByTestId('edit-save').click();
    expect(await dialog.getByTestId('edit-alert').textContent()).toBe(VALIDATION_ERRORS_ALERT);
    await screenshot(page, 'tables-edit-validation-error');

    const sourceCell = editRow.getByTestId(`edit-cell-${largest}`);
    await sourceCell.fill(formatTimeCell(from - 60));
    await sourceCell.press('Enter');
    await expect.poll(() => rowError.count(), POLL).toBe(0);
    await dialog.getByTestId('edit-save').click();
    // The form closes after the save and the table loads again with the moved minute.
    await dialog.waitFor({ state: 'detached' });
    const after = await tableApi(page, 'performance_breakdown', { page: 1 });
    const saved = after.json.items.find((item) => item.row_key === rowKey);
    expect(saved).toBeDefined();
    await expect
      .poll(
        () => page.locator(`[data-testid="table-row"][data-id="${rowKey}"] [data-column="on_call"]`).textContent(),
        POLL,
      )
      .toBe(formatTimeCell(Number(saved?.on_call)));
    await screenshot(page, 'tables-edit-saved');
  });

  it("shows the server's field errors on their rows", async () => {
    await rows(page).first().getByTestId('table-action-edit').click();
    const dialog = page.getByTestId('edit-performance-breakdown');
    await dialog.waitFor();
    const message = 'The time must add up to the total';
    // The server's 400 naming a row's cell (tableData.{row}.{column}), as a save racing another editor gets.
    await page.route('**/api/save_performance_breakdown_data', (route) =>
      route.fulfill({
        status: 400,
        json: { error: { code: 'validation_failed', message, fields: { 'tableData.0.total': message } } },
      }),
    );
    await dialog.getByTestId('edit-save').click();
    await expect
      .poll(() => dialog.locator('[data-testid="edit-row-error"][data-row="0"]').textContent(), POLL)
      .toBe(message);
    expect(await dialog.getByTestId('edit-alert').textContent()).toBe(VALIDATION_ERRORS_ALERT);
    await page.unroute('**/api/save_performance_breakdown_data');
    await dialog.getByTestId('edit-cancel').click();
    await dialog.waitFor({ state: 'detached' });
  });
});
