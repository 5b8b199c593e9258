import type { DashboardRecords } from '@shiftline/shared';
import { useMemo } from 'react';
import { dispositionsOption } from '../utils/dispositionsChart';
import { ChartCard } from './ChartCard';
import { EChart } from './EChart';

export function DispositionsChart({ daily }: { daily: DashboardRecords['daily'] }) {
  const option = useMemo(() => dispositionsOption(daily), [daily]);
  return (
    <ChartCard title="Dispositions" subtitle="Calls per day by disposition" testId="dispositions">
      <EChart option={option} height={300} label="Calls per day by disposition" testId="dispositions-chart" />
    </ChartCard>
  );
}
