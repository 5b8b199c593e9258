import Box from '@mui/material/Box';
import { type CampaignType, formatQueueTime, type LastMonthData } from '@shiftline/shared';
import { useMemo } from 'react';
import { lastMonthCallsLabel, lastMonthOption } from '../utils/lastMonthChart';
import { UNAVAILABLE_VALUE } from './CallCards';
import { ChartCard } from './ChartCard';
import { EChart } from './EChart';
import { StatCard } from './StatCard';

type LastMonthPanelProps = {
  campaignType: CampaignType;
  /** Undefined while counting. */
  data: LastMonthData | undefined;
  /** Loading failed with nothing shown before: the cards say so instead of counting forever. */
  unavailable?: boolean;
  showQueueTime: boolean;
};

const DAILY = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The last 30 days ending today: a graph and its daily-average cards ('Counting..' while loading). */
export function LastMonthPanel({ campaignType, data, unavailable = false, showQueueTime }: LastMonthPanelProps) {
  const option = useMemo(() => lastMonthOption(campaignType, data?.days ?? []), [campaignType, data]);
  const cards = data?.cards;
  const missing = unavailable ? UNAVAILABLE_VALUE : null;
  return (
    <ChartCard title="Last 30 days" subtitle="Daily averages over the last month" testId="last-month">
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) 220px' },
          alignItems: 'center',
        }}
      >
        <EChart option={option} height={220} label="Calls and minutes of the last 30 days" testId="last-month-chart" />
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          <StatCard
            label={lastMonthCallsLabel(campaignType)}
            value={cards ? DAILY.format(cards.calls) : missing}
            testId="last-month-card-calls"
          />
          <StatCard
            label="Minutes Used"
            value={cards ? DAILY.format(cards.minutes) : missing}
            testId="last-month-card-minutes"
          />
          {showQueueTime ? (
            <StatCard
              label="Queue Time"
              value={cards ? formatQueueTime(cards.queueTime) : missing}
              testId="last-month-card-queue-time"
            />
          ) : null}
        </Box>
      </Box>
    </ChartCard>
  );
}
