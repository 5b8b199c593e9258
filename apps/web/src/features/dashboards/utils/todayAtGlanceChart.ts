import { type CallMetricName, type CampaignType, type DashboardMetrics, round2 } from '@shiftline/shared';
import { categoryChartOption } from './barChart';
import type { ChartOption } from './chartTheme';

/** The counts the Today at-a-Glance chart sets side by side. */
export const GLANCE_METRICS: Record<CampaignType, readonly { label: string; metric: CallMetricName }[]> = {
  inbound: [
    { label: 'All Calls', metric: 'allCalls' },
    { label: 'Taken', metric: 'takenCalls' },
    { label: 'Billed', metric: 'billedCalls' },
    { label: 'Missed', metric: 'missedCalls' },
    { label: 'Abandoned', metric: 'abandonedCalls' },
    { label: 'Callbacks', metric: 'callbacksRequested' },
  ],
  outbound: [
    { label: 'Calls Made', metric: 'callsMade' },
    { label: 'Answered', metric: 'takenCalls' },
    { label: 'Connected', metric: 'connectedCalls' },
    { label: 'Unanswered', metric: 'unansweredCalls' },
  ],
};

/** What today is set against: a period's totals, shown per day (its daily average, 2 decimals). */
export type GlanceComparison = { label: string; totals: DashboardMetrics; days: number };

export function todayAtGlanceOption(
  campaignType: CampaignType,
  today: DashboardMetrics,
  comparison: GlanceComparison | null,
): ChartOption {
  const metrics = GLANCE_METRICS[campaignType];
  const series = [{ name: 'Today', data: metrics.map(({ metric }) => today[metric] ?? 0) }];
  if (comparison) {
    series.push({
      name: comparison.label,
      data: metrics.map(({ metric }) => round2((comparison.totals[metric] ?? 0) / Math.max(1, comparison.days))),
    });
  }
  return categoryChartOption({ categories: metrics.map(({ label }) => label), series });
}
