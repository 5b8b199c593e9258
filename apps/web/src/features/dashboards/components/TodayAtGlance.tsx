import type { CampaignType, DashboardMetrics } from '@shiftline/shared';
import { useMemo } from 'react';
import { type GlanceComparison, todayAtGlanceOption } from '../utils/todayAtGlanceChart';
import { ChartCard } from './ChartCard';
import { EChart } from './EChart';

type TodayAtGlanceProps = {
  campaignType: CampaignType;
  today: DashboardMetrics;
  comparison: GlanceComparison | null;
};

export function TodayAtGlance({ campaignType, today, comparison }: TodayAtGlanceProps) {
  const option = useMemo(() => todayAtGlanceOption(campaignType, today, comparison), [campaignType, today, comparison]);
  return (
    <ChartCard
      title="Today at-a-Glance"
      subtitle={comparison ? `Today compared with ${comparison.label}` : 'Today'}
      testId="today-at-a-glance"
    >
      <EChart
        option={option}
        height={260}
        label="Today compared with another period"
        testId="today-at-a-glance-chart"
      />
    </ChartCard>
  );
}
