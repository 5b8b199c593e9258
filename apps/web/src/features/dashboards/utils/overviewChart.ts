import {
  ABANDONED_REFERENCE_LINE,
  type CallMetricName,
  type CampaignType,
  type DashboardRecords,
  QUEUE_BUCKETS,
  type QueueBucketLabel,
} from '@shiftline/shared';
import { type CategorySeries, categoryChartOption } from './barChart';
import { dayAxisLabel, HOURS_OF_DAY, hourAxisLabel } from './chartLabels';
import { CHART_COLORS, type ChartOption } from './chartTheme';
import type { OverviewMode } from './overviewModes';

type OverviewRecords = Pick<DashboardRecords, 'campaignType' | 'daily' | 'hourly'>;
type HourlyRow = DashboardRecords['hourly'][number];

/** The call series Total and Hourly draw: what was offered and what came of it. */
export const OVERVIEW_CALL_SERIES: Record<CampaignType, readonly { name: string; metric: CallMetricName }[]> = {
  inbound: [
    { name: 'All Calls', metric: 'allCalls' },
    { name: 'Taken Calls', metric: 'takenCalls' },
    { name: 'Billed Calls', metric: 'billedCalls' },
  ],
  outbound: [
    { name: 'Calls Made', metric: 'callsMade' },
    { name: 'Connected Calls', metric: 'connectedCalls' },
  ],
};

/** Every hour of the day in order, hours without calls as null (the response may leave them out). */
const byHour = (hourly: readonly HourlyRow[]): (HourlyRow | null)[] =>
  HOURS_OF_DAY.map((hour) => hourly.find((row) => row.hour === hour) ?? null);

const hourCategories = () => HOURS_OF_DAY.map(hourAxisLabel);

function totalOption(records: OverviewRecords): ChartOption {
  const days = [...records.daily].sort((a, b) => a.date.localeCompare(b.date));
  return categoryChartOption({
    categories: days.map((day) => dayAxisLabel(day.date)),
    series: OVERVIEW_CALL_SERIES[records.campaignType].map(({ name, metric }) => ({
      name,
      data: days.map((day) => day.metrics[metric] ?? 0),
    })),
  });
}

function hourlyOption(records: OverviewRecords): ChartOption {
  const hours = byHour(records.hourly);
  return categoryChartOption({
    categories: hourCategories(),
    series: OVERVIEW_CALL_SERIES[records.campaignType].map(({ name, metric }) => ({
      name,
      data: hours.map((row) => row?.metrics[metric] ?? 0),
    })),
  });
}

/** Calls per hour stacked by queue bucket; with a bucket selected on the Queue Time donut, that bucket only. */
function queueOption(records: OverviewRecords, selected: QueueBucketLabel | null): ChartOption {
  const hours = byHour(records.hourly);
  const series: CategorySeries[] = QUEUE_BUCKETS.flatMap((bucket, index) =>
    selected === null || selected === bucket.label
      ? [
          {
            name: bucket.label,
            stack: 'queue',
            // The donut's colour for the same bucket, whichever buckets are shown.
            color: CHART_COLORS[index % CHART_COLORS.length],
            data: hours.map((row) => row?.queueBuckets.find((entry) => entry.label === bucket.label)?.calls ?? 0),
          },
        ]
      : [],
  );
  return categoryChartOption({ categories: hourCategories(), series });
}

/** Abandoned calls per hour with the reference line at 60 (spec §9), kept in view however low the bars are. */
function abandonsOption(records: OverviewRecords): ChartOption {
  const hours = byHour(records.hourly);
  return categoryChartOption({
    categories: hourCategories(),
    minAxisMax: ABANDONED_REFERENCE_LINE,
    series: [
      {
        name: 'Abandoned Calls',
        color: CHART_COLORS[3],
        data: hours.map((row) => row?.metrics.abandonedCalls ?? 0),
        markLine: {
          silent: true,
          symbol: 'none',
          lineStyle: { type: 'dashed', color: '#1c2434' },
          label: { formatter: String(ABANDONED_REFERENCE_LINE), position: 'insideEndTop' },
          data: [{ yAxis: ABANDONED_REFERENCE_LINE }],
        },
      },
    ],
  });
}

/** The Overview chart in one of its modes. */
export function overviewOption(
  mode: OverviewMode,
  records: OverviewRecords,
  selectedQueueBucket: QueueBucketLabel | null,
): ChartOption {
  switch (mode) {
    case 'total':
      return totalOption(records);
    case 'hourly':
      return hourlyOption(records);
    case 'queue':
      return queueOption(records, selectedQueueBucket);
    case 'abandons':
      return abandonsOption(records);
  }
}
