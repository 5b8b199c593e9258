import { type DashboardRecords, DISPOSITION_BUCKETS } from '@shiftline/shared';
import { categoryChartOption } from './barChart';
import { dayAxisLabel } from './chartLabels';
import { type ChartOption, DISPOSITION_COLORS } from './chartTheme';

/** Calls per day in each disposition bucket, one line per bucket. */
export function dispositionsOption(daily: DashboardRecords['daily']): ChartOption {
  const days = [...daily].sort((a, b) => a.date.localeCompare(b.date));
  return categoryChartOption({
    categories: days.map((day) => dayAxisLabel(day.date)),
    series: DISPOSITION_BUCKETS.map((bucket, index) => ({
      name: bucket.label,
      type: 'line' as const,
      color: DISPOSITION_COLORS[index % DISPOSITION_COLORS.length],
      data: days.map((day) => day.dispositions[bucket.id] ?? 0),
    })),
  });
}
