import type { EditRowForm, SumEqualsRule, TableHeader, TableResponse } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import { missingPeriod } from '../../src/features/tables/hooks/useTableExport';
import { createCsvRecordCounter, fileNameOf } from '../../src/features/tables/utils/csvProgress';
import { editableRows, rowErrors, serverRowErrors } from '../../src/features/tables/utils/editRows';
import { formatCellText, formatTotal } from '../../src/features/tables/utils/formatCell';
import { pageButtons, pageCountOf } from '../../src/features/tables/utils/pageButtons';
import { tableColumns } from '../../src/features/tables/utils/tableColumns';
import { readTableParams, writeTableParams } from '../../src/features/tables/utils/tableUrlState';

const header = (value: string, extra: Partial<TableHeader> = {}): TableHeader => ({
  text: value.toUpperCase(),
  value,
  sortable: false,
  filterable: false,
  ...extra,
});

const options = (groups: TableResponse['options']['tableHeaderGroups'] = []): TableResponse['options'] => ({
  totalCount: 0,
  supportedPageSizes: [10, 25, 50, 100],
  tableHeaderGroups: groups,
  page: 1,
  items_per_page: 50,
  sortBy: null,
  sortDesc: false,
});

describe('the pager', () => {
  it('shows up to 10 page buttons around the current page (spec §9)', () => {
    expect(pageButtons(1, 3)).toEqual([1, 2, 3]);
    expect(pageButtons(1, 40)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageButtons(20, 40)).toEqual([15, 16, 17, 18, 19, 20, 21, 22, 23, 24]);
    expect(pageButtons(40, 40)).toEqual([31, 32, 33, 34, 35, 36, 37, 38, 39, 40]);
    expect(pageCountOf(0, 50)).toBe(1);
    expect(pageCountOf(101, 50)).toBe(3);
  });
});

describe('the address', () => {
  it('keeps page, size, sort, filters and ids, and drops defaults and unreadable values', () => {
    const params = {
      page: 3,
      items_per_page: 25,
      sortBy: 'id',
      sortDesc: true,
      chosen: { period: null, direction: 'Outbound' },
      campaignId: 7,
    };
    expect(readTableParams(writeTableParams(params))).toEqual(params);
    expect(
      writeTableParams({ page: 1, items_per_page: null, sortBy: null, sortDesc: false, chosen: {} }).toString(),
    ).toBe('');
    const hostile = readTableParams(new URLSearchParams('page=-1&size=99999&f=[1]&userId=2147483648&desc=yes'));
    expect(hostile).toEqual({ page: 1, items_per_page: null, sortBy: null, sortDesc: false, chosen: {} });
  });
});

describe('cells and totals', () => {
  const zone = 'America/Toronto';
  it('formats seconds, money (0 decimals in rows, 2 in totals), percents, zoned instants and zones', () => {
    const row = { t: 3725, m: 123450, p: 12.3456, d: '2026-11-20T14:05:09Z', z: 'Vancouver', timezone_difference: -3 };
    expect(formatCellText(header('t', { formatSecInTime: true }), row, zone)).toBe('01:02:05');
    expect(formatCellText(header('m', { formatMoney: true }), row, zone)).toBe('$1,235');
    // A rate keeps its cents (a pay rate of 12.34 an hour is not $12).
    expect(formatCellText(header('r', { formatRate: true }), { r: 1234 }, zone)).toBe('$12.34');
    expect(formatCellText(header('p', { as_percent: true }), row, zone)).toBe('12.35%');
    expect(formatCellText(header('d', { formatDate: true }), row, zone)).toBe('Nov 20, 2026, 9:05:09 AM');
    expect(formatCellText(header('z', { show_tz: true }), row, zone)).toBe('Vancouver (−3 h)');
    expect(formatCellText(header('missing'), row, zone)).toBe('—');
    expect(formatTotal(header('m', { formatMoney: true, total: 'sum' }), 123456)).toBe('$1,234.56');
    expect(formatTotal(header('a', { total: 'awg' }), 2 / 3)).toBe('0.67');
    expect(formatTotal(header('t', { formatSecInTime: true, total: 'sum' }), 90_000)).toBe('25:00:00');
    // An average time keeps two decimals of its seconds (spec §9 'awg').
    expect(formatTotal(header('q', { formatSecInTime: true, total: 'awg' }), 83.456)).toBe('00:01:23.46');
    expect(formatTotal(header('q', { formatSecInTime: true, total: 'awg' }), 59.999)).toBe('00:01:00.00');
  });
});

describe('header groups', () => {
  it('nests consecutive columns of one group, or follows tableHeaderGroups colspans', () => {
    const byGroup = tableColumns({
      headers: [header('a'), header('b', { group: 'Time' }), header('c', { group: 'Time' }), header('d')],
      options: options(),
    });
    expect(byGroup.map((column) => [column.header, 'columns' in column ? column.columns?.length : 0])).toEqual([
      ['A', 0],
      ['Time', 2],
      ['D', 0],
    ]);
    const bySpan = tableColumns({
      headers: [header('a'), header('b'), header('c'), header('d')],
      options: options([
        { text: '', colspan: 1 },
        { text: 'Client', colspan: 2 },
      ]),
    });
    expect(bySpan.map((column) => column.header)).toEqual(['A', 'Client', 'D']);
  });
});

describe('the export', () => {
  it('counts CSV records across chunks, line breaks inside quotes included, and reads the file name', () => {
    const counter = createCsvRecordCounter();
    counter.push('Name,Note\r\nAnn,"two\r\nli');
    counter.push('nes"\r\nBob,"say ""hi"""\r\nCy,last');
    expect(counter.finish()).toBe(4);
    expect(fileNameOf('attachment; filename="call_log_202611250430.csv"', 'x.csv')).toBe('call_log_202611250430.csv');
    expect(fileNameOf("attachment; filename=a.csv; filename*=UTF-8''caf%C3%A9.csv", 'x.csv')).toBe('café.csv');
    expect(fileNameOf(null, 'x.csv')).toBe('x.csv');
  });

  it("needs a period when a period filter has none, the viewer's cleared choice included (spec §5)", () => {
    const response = {
      headers: [],
      additionals_filters: [{ name: 'period', text: 'Period', type: 'period' }],
      chosen_values: { period: { start: 1, end: 2 } },
    } as unknown as TableResponse;
    expect(missingPeriod(response, {})).toBe(false);
    expect(missingPeriod(response, { period: null })).toBe(true);
  });
});

describe('the performance breakdown form', () => {
  const rule: SumEqualsRule = { type: 'sum_equals', related: ['a', 'b'], comparison: 'total', message: 'Must add up' };
  it('checks editable rows only, and reads the server errors by row', () => {
    const form: EditRowForm = {
      form: 'performance_breakdown',
      title: 'Edit Record for 2026-11-24',
      fields: [
        { name: 'a', label: 'A', type: 'time', readonly: false },
        { name: 'b', label: 'B', type: 'time', readonly: false },
        { name: 'total', label: 'Total', type: 'time', readonly: true },
      ],
      rows: [
        { a: 60, b: 60, total: 120, editable: true },
        { a: '00:01:00', b: '00:01:00', total: '00:03:00', editable: true },
        { a: '00:00:00', b: '00:00:00', total: '00:09:00', editable: false },
      ],
      rule,
      save_url: '/api/save_performance_breakdown_data',
    };
    const rows = editableRows(form);
    expect(rows[0]).toMatchObject({ a: '00:01:00', b: '00:01:00', total: '00:02:00' });
    expect(rowErrors(rule, rows)).toEqual({ 1: 'Must add up' });
    expect(serverRowErrors({ 'tableData.3.Break': 'Must add up', tableData: 'has no editable row' })).toEqual({
      3: 'Must add up',
    });
  });
});
