import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import type { DashboardRecords, QueueBucketLabel } from '@shiftline/shared';
import { useMemo } from 'react';
import { overviewOption } from '../utils/overviewChart';
import { OVERVIEW_MODE_LABELS, type OverviewMode } from '../utils/overviewModes';
import { ChartCard } from './ChartCard';
import { EChart } from './EChart';

type OverviewChartProps = {
  records: DashboardRecords;
  modes: readonly OverviewMode[];
  mode: OverviewMode;
  onModeChange: (mode: OverviewMode) => void;
  selectedQueueBucket: QueueBucketLabel | null;
};

const SUBTITLES: Record<OverviewMode, string> = {
  total: 'Calls per day',
  hourly: 'Calls per hour of the day',
  queue: 'Calls per hour by time in queue',
  abandons: 'Abandoned calls per hour, reference line at 60',
};

/** The Overview bar chart with its mode buttons. */
export function OverviewChart({ records, modes, mode, onModeChange, selectedQueueBucket }: OverviewChartProps) {
  const option = useMemo(
    () => overviewOption(mode, records, selectedQueueBucket),
    [mode, records, selectedQueueBucket],
  );
  const subtitle =
    mode === 'queue' && selectedQueueBucket ? `Calls per hour queued ${selectedQueueBucket}` : SUBTITLES[mode];
  return (
    <ChartCard
      title="Overview"
      subtitle={subtitle}
      testId="overview"
      actions={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={mode}
          onChange={(_event, next: OverviewMode | null) => {
            if (next) onModeChange(next);
          }}
          aria-label="Overview mode"
        >
          {modes.map((entry) => (
            <ToggleButton key={entry} value={entry} data-testid={`overview-mode-${entry}`} sx={{ px: 1.5, py: 0.5 }}>
              {OVERVIEW_MODE_LABELS[entry]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      <EChart option={option} height={300} label={`Overview: ${subtitle}`} testId={`overview-chart-${mode}`} />
    </ChartCard>
  );
}
