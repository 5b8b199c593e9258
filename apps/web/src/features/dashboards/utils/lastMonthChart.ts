import type { CampaignType, LastMonthData } from '@shiftline/shared';
import { categoryChartOption } from './barChart';
import { dayAxisLabel } from './chartLabels';
import type { ChartOption } from './chartTheme';

/** The calls label of the last-month graph and its first card. */
export const lastMonthCallsLabel = (campaignType: CampaignType): string =>
  campaignType === 'inbound' ? 'Calls Billed' : 'Calls Made';

/** The last 30 days: calls as bars, minutes used as a line on its own axis. */
export function lastMonthOption(campaignType: CampaignType, days: LastMonthData['days']): ChartOption {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const callsLabel = lastMonthCallsLabel(campaignType);
  return categoryChartOption({
    categories: sorted.map((day) => dayAxisLabel(day.date)),
    axisNames: ['Calls', 'Minutes'],
    series: [
      {
        name: callsLabel,
        data: sorted.map((day) => (campaignType === 'inbound' ? day.billedCalls : day.callsMade)),
      },
      { name: 'Minutes Used', type: 'line', secondAxis: true, data: sorted.map((day) => day.minutesUsed) },
    ],
  });
}
