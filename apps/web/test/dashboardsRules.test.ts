import { ABANDONED_REFERENCE_LINE, DASHBOARD_GRID_COLUMNS, dayRangeToUnix, type Role } from '@shiftline/shared';
import { describe, expect, it } from 'vitest';
import { callCardsFor, cardGridTemplate } from '../src/features/dashboards/utils/callCards';
import { cardComparison, formatCardValue } from '../src/features/dashboards/utils/cardValues';
import { hourAxisLabel } from '../src/features/dashboards/utils/chartLabels';
import { buildDashboardQuery } from '../src/features/dashboards/utils/dashboardQuery';
import {
  dayCount,
  lastThirtyDays,
  yesterdayRange,
  yesterdaySoFar,
} from '../src/features/dashboards/utils/dashboardRanges';
import { dashboardWidgets } from '../src/features/dashboards/utils/dashboardWidgets';
import { dispositionsOption } from '../src/features/dashboards/utils/dispositionsChart';
import { bucketSlices, donutLegend, donutOption } from '../src/features/dashboards/utils/donutChart';
import { lastMonthOption } from '../src/features/dashboards/utils/lastMonthChart';
import { overviewOption } from '../src/features/dashboards/utils/overviewChart';
import { todayAtGlanceOption } from '../src/features/dashboards/utils/todayAtGlanceChart';
import { formatDayRange } from '../src/ui/DayRangePopover';
import { fakeLastMonth, fakeMetrics, fakeRecords } from './dashboardsFixtures';

type AnySeries = {
  name?: string;
  data?: unknown[];
  markLine?: { data?: { yAxis?: number }[] };
  radius?: string[];
  itemStyle?: { color?: string };
};
const seriesOf = (option: { series?: unknown }) => option.series as AnySeries[];
const xCategories = (option: { xAxis?: unknown }) => (option.xAxis as { data: string[] }).data;

describe('which widgets a viewer gets', () => {
  const staff: Role[] = ['agent', 'team_lead', 'campaign_manager', 'administrator', 'super_admin'];

  it.each(staff)('%s: every inbound widget, Queue and Abandons modes, no Person Sales', (role) => {
    expect(dashboardWidgets(role, 'inbound')).toEqual({
      clientPortal: false,
      lastMonth: true,
      lastMonthQueueTime: true,
      statsSourceSelect: true,
      callCards: 'full',
      todayAtGlance: true,
      callDuration: true,
      overviewModes: ['total', 'hourly', 'queue', 'abandons'],
      queueTime: true,
      dispositions: true,
      personSales: false,
    });
  });

  it('outbound has Total and Hourly only, no queue parts or stats sources, and Person Sales', () => {
    const widgets = dashboardWidgets('administrator', 'outbound');
    expect(widgets.overviewModes).toEqual(['total', 'hourly']);
    expect(widgets.queueTime).toBe(false);
    expect(widgets.lastMonthQueueTime).toBe(false);
    expect(widgets.statsSourceSelect).toBe(false);
    expect(widgets.personSales).toBe(true);
    expect(widgets.lastMonth).toBe(true);
  });

  it('the client portal loses last month, stats sources, call duration, queue time and dispositions (§6)', () => {
    for (const type of ['inbound', 'outbound'] as const) {
      const widgets = dashboardWidgets('company_supervisor', type);
      expect(widgets).toMatchObject({
        clientPortal: true,
        lastMonth: false,
        statsSourceSelect: false,
        callDuration: false,
        queueTime: false,
        dispositions: false,
        todayAtGlance: true,
        overviewModes: ['total', 'hourly'],
      });
    }
    expect(dashboardWidgets('company_supervisor', 'inbound').callCards).toBe('clientPortal');
    expect(dashboardWidgets('company_supervisor', 'outbound').personSales).toBe(true);
  });
});

describe('calls cards', () => {
  const labels = (cards: { label: string }[]) => cards.map((card) => card.label);

  it('gives the client portal the simplified inbound row, Callback requests only when enabled', () => {
    expect(labels(callCardsFor('inbound', true, false, false))).toEqual([
      'All Calls',
      'Avg. Queue Time',
      'Billed Minutes',
      'Avg. Billed Minutes',
    ]);
    expect(labels(callCardsFor('inbound', true, true, false))).toEqual([
      'All Calls',
      'Avg. Queue Time',
      'Billed Minutes',
      'Avg. Billed Minutes',
      'Callback requests',
    ]);
  });

  it('hides the total and call-time cards from the client portal on outbound', () => {
    const client = callCardsFor('outbound', true, true, false);
    expect(client.every((card) => card.kind === 'other')).toBe(true);
    expect(labels(client)).not.toContain('Calls Made');
    expect(labels(client)).not.toContain('Avg. Call Time');
    expect(labels(callCardsFor('outbound', false, false, false))).toContain('Calls Made');
  });

  it('names inbound and outbound call counts as the spec does', () => {
    expect(labels(callCardsFor('inbound', false, false, false))[0]).toBe('All Calls');
    expect(labels(callCardsFor('outbound', false, false, false))[0]).toBe('Calls Made');
  });

  it('caps the grid at 5 columns, 6 for the client portal', () => {
    expect(cardGridTemplate(DASHBOARD_GRID_COLUMNS.default, 16)).toBe(
      'repeat(auto-fit, minmax(max(150px, calc((100% - 64px) / 5)), 1fr))',
    );
    expect(cardGridTemplate(DASHBOARD_GRID_COLUMNS.clientPortal, 16)).toContain('/ 6)');
  });

  it('formats percents with 2 decimals, queue times as m:ss and minutes rounded up', () => {
    expect(formatCardValue(62.5, 'percent')).toBe('62.50%');
    expect(formatCardValue(65, 'time')).toBe('1:05');
    expect(formatCardValue(7, 'time')).toBe('0:07');
    expect(formatCardValue(12_345, 'count')).toBe('12,345');
    expect(formatCardValue(61, 'totalMinutes')).toBe('2');
    expect(formatCardValue(273, 'averageMinutes')).toBe('4.55');
    expect(formatCardValue(1234, 'minutes')).toBe('1,234');
    expect(formatCardValue(123_456_789, 'money')).toBe('$1,234,567.89');
  });

  it('shows the billed amount only to administrators, never to the client portal', () => {
    expect(labels(callCardsFor('inbound', false, false, true))).toContain('Billed Amount');
    expect(labels(callCardsFor('outbound', false, false, true))).toContain('Billed Amount');
    expect(labels(callCardsFor('inbound', false, false, false))).not.toContain('Billed Amount');
    expect(labels(callCardsFor('outbound', false, false, false))).not.toContain('Billed Amount');
    expect(labels(callCardsFor('inbound', true, true, false))).not.toContain('Billed Amount');
    expect(labels(callCardsFor('outbound', true, true, false))).not.toContain('Billed Amount');
  });

  it('compares with 2 decimals, a dash when the compared value is 0, and says whether the change is good', () => {
    expect(cardComparison(150, 100, 'higherIsBetter')).toEqual({ text: '+50.00%', tone: 'good' });
    expect(cardComparison(50, 100, 'higherIsBetter')).toEqual({ text: '-50.00%', tone: 'bad' });
    expect(cardComparison(150, 100, 'lowerIsBetter')).toEqual({ text: '+50.00%', tone: 'bad' });
    expect(cardComparison(1, 3, 'higherIsBetter').text).toBe('-66.67%');
    expect(cardComparison(10, 10, 'higherIsBetter')).toEqual({ text: '0.00%', tone: 'neutral' });
    expect(cardComparison(10, 0, 'higherIsBetter')).toEqual({ text: '-', tone: 'neutral' });
    expect(cardComparison(0, 0, 'lowerIsBetter')).toEqual({ text: '-', tone: 'neutral' });
  });
});

describe('ranges and request bodies', () => {
  const zone = 'America/Toronto';
  // 02:30 UTC on 2030-01-16 is still the 15th in Toronto.
  const now = new Date('2030-01-16T02:30:00Z');

  it('counts yesterday and the last 30 days in the viewed zone', () => {
    expect(yesterdayRange(now, zone)).toEqual({ start: '2030-01-14', end: '2030-01-14' });
    expect(yesterdayRange(now, 'UTC')).toEqual({ start: '2030-01-15', end: '2030-01-15' });
    expect(lastThirtyDays(now, zone)).toEqual({ start: '2029-12-17', end: '2030-01-15' });
    expect(dayCount(lastThirtyDays(now, zone))).toBe(30);
    expect(dayCount({ start: '2030-03-09', end: '2030-03-11' })).toBe(3);
  });

  it('sets today so far against yesterday up to the same time (nearest hour), not all of yesterday', () => {
    const seconds = (iso: string) => Date.parse(iso) / 1000;
    // 10:05 in Toronto: yesterday 00:00 to 10:00.
    expect(yesterdaySoFar(new Date('2030-01-15T15:05:00Z'), zone)).toEqual({
      start: seconds('2030-01-14T05:00:00Z'),
      end: seconds('2030-01-14T15:00:00Z') - 1,
      upTo: '10:00 AM',
    });
    // 10:40: up to 11:00.
    expect(yesterdaySoFar(new Date('2030-01-15T15:40:00Z'), zone).upTo).toBe('11:00 AM');
    // Just after midnight: yesterday's first hour, never an empty range.
    const early = yesterdaySoFar(new Date('2030-01-15T05:10:00Z'), zone);
    expect(early).toEqual({
      start: seconds('2030-01-14T05:00:00Z'),
      end: seconds('2030-01-14T06:00:00Z') - 1,
      upTo: '1:00 AM',
    });
    // The day after the spring-forward night: the same wall-clock time, 23 real hours after yesterday's midnight.
    const afterChange = yesterdaySoFar(new Date('2030-03-11T14:05:00Z'), zone);
    expect(afterChange.start).toBe(seconds('2030-03-10T05:00:00Z'));
    expect(afterChange.end).toBe(seconds('2030-03-10T14:00:00Z') - 1);
    // St. John's, half an hour off the UTC hour.
    expect(yesterdaySoFar(new Date('2030-01-15T13:35:00Z'), 'America/St_Johns')).toEqual({
      start: seconds('2030-01-14T03:30:00Z'),
      end: seconds('2030-01-14T13:30:00Z') - 1,
      upTo: '10:00 AM',
    });
  });

  it('writes ranges as the pickers do', () => {
    expect(formatDayRange({ start: '2030-03-04', end: '2030-03-04' })).toBe('Mar 4, 2030');
    expect(formatDayRange({ start: '2030-03-02', end: '2030-03-04' })).toBe('Mar 2 – Mar 4, 2030');
    expect(formatDayRange({ start: '2029-12-30', end: '2030-01-02' })).toBe('Dec 30, 2029 – Jan 2, 2030');
  });

  it('sends the first and last second of the local days with the zone, a DST day being 23 hours', () => {
    const query = buildDashboardQuery(
      { start: '2030-03-10', end: '2030-03-10' },
      { campaignType: 'inbound', zone, campaigns: [3, 4], statsSources: [2] },
    );
    expect(query).toEqual({
      ...dayRangeToUnix({ start: '2030-03-10', end: '2030-03-10' }, zone),
      timezone: zone,
      campaignType: 'inbound',
      campaigns: [3, 4],
      statsSources: [2],
      agents: [],
    });
    expect(query.start).toBe(Date.parse('2030-03-10T05:00:00Z') / 1000);
    expect(query.end - query.start + 1).toBe(23 * 3600);
  });
});

describe('chart options', () => {
  const records = fakeRecords('inbound');

  it('Hourly draws all 24 hours, hours without calls as 0', () => {
    const option = overviewOption('hourly', records, null);
    expect(xCategories(option)).toHaveLength(24);
    expect(xCategories(option)[0]).toBe('12 AM');
    expect(xCategories(option)[13]).toBe('1 PM');
    const allCalls = seriesOf(option).find((series) => series.name === 'All Calls');
    expect(allCalls?.data?.[9]).toBe(30);
    expect(allCalls?.data?.[14]).toBe(90);
    expect(allCalls?.data?.[0]).toBe(0);
    expect(hourAxisLabel(12)).toBe('12 PM');
  });

  it('Total draws days in order', () => {
    const option = overviewOption('total', records, null);
    expect(xCategories(option)).toEqual(['Jan 15', 'Jan 16']);
    expect(seriesOf(option)[0]?.data).toEqual([50, 70]);
    expect(seriesOf(overviewOption('total', fakeRecords('outbound'), null)).map((s) => s.name)).toEqual([
      'Calls Made',
      'Connected Calls',
    ]);
  });

  it('Queue stacks the four buckets, or shows only the selected one in its donut colour', () => {
    const all = seriesOf(overviewOption('queue', records, null));
    expect(all.map((series) => series.name)).toEqual(['< 1 min', '< 2 min', '< 4 min', '> 4 min']);
    const one = seriesOf(overviewOption('queue', records, '< 4 min'));
    expect(one.map((series) => series.name)).toEqual(['< 4 min']);
    expect(one[0]?.itemStyle?.color).toBe(all[2]?.itemStyle?.color);
    expect(one[0]?.data?.[9]).toBe(6);
  });

  it('Abandons has a reference line at 60 that stays in view', () => {
    const option = overviewOption('abandons', records, null);
    const [series] = seriesOf(option);
    expect(series?.markLine?.data?.[0]?.yAxis).toBe(ABANDONED_REFERENCE_LINE);
    const max = (option.yAxis as { max: (extent: { max: number }) => number }).max;
    expect(max({ max: 7 })).toBe(60);
    expect(max({ max: 75 })).toBe(75);
  });

  it('donuts are 70 % in size with percents of the total to 2 decimals', () => {
    const slices = bucketSlices(
      [{ label: 'a' }, { label: 'b' }, { label: 'c' }],
      [
        { label: 'b', calls: 1 },
        { label: 'a', calls: 7 },
      ],
    );
    expect(slices).toEqual([
      { name: 'a', value: 7 },
      { name: 'b', value: 1 },
      { name: 'c', value: 0 },
    ]);
    expect(donutLegend(slices).map((entry) => entry.percent)).toEqual(['87.50%', '12.50%', '0.00%']);
    expect(donutLegend([{ name: 'x', value: 0 }])[0]?.percent).toBe('0.00%');
    const [pie] = seriesOf(donutOption('Queue Time', slices, 'b'));
    expect(pie?.radius?.[1]).toBe('70%');
    expect((donutOption('Q', slices).color as string[]).length).toBe(5);
    const data = pie?.data as { name: string; selected: boolean }[];
    expect(data.filter((item) => item.selected).map((item) => item.name)).toEqual(['b']);
  });

  it('Today at-a-Glance sets today against the comparison period per day', () => {
    const option = todayAtGlanceOption('inbound', fakeMetrics({ allCalls: 20 }), {
      label: 'Jan 1 – Jan 4, 2030 (daily average)',
      totals: fakeMetrics({ allCalls: 90 }),
      days: 4,
    });
    const [today, compared] = seriesOf(option);
    expect(today?.data?.[0]).toBe(20);
    expect(compared?.name).toBe('Jan 1 – Jan 4, 2030 (daily average)');
    expect(compared?.data?.[0]).toBe(22.5);
    expect(seriesOf(todayAtGlanceOption('outbound', fakeMetrics(), null))).toHaveLength(1);
  });

  it('Dispositions has one line per bucket over the days', () => {
    const option = dispositionsOption(records.daily);
    expect(seriesOf(option).map((series) => series.name)).toEqual([
      'Resolved',
      'Sale',
      'Callback',
      'Escalated',
      'Not Interested',
      'No Contact',
      'Other',
    ]);
    expect(seriesOf(option)[0]?.data).toEqual([20, 30]);
  });

  it('the last-month graph draws Calls Billed inbound and Calls Made outbound', () => {
    expect(seriesOf(lastMonthOption('inbound', fakeLastMonth().days)).map((s) => [s.name, s.data?.[0]])).toEqual([
      ['Calls Billed', 80],
      ['Minutes Used', 300],
    ]);
    expect(seriesOf(lastMonthOption('outbound', fakeLastMonth().days))[0]).toMatchObject({
      name: 'Calls Made',
      data: [95],
    });
  });
});
