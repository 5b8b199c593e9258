import InsightsIcon from '@mui/icons-material/Insights';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { DashboardQuery, DashboardRecords } from '@shiftline/shared';
import { useMemo, useState } from 'react';
import { DISPOSITION_COLORS } from '../utils/chartTheme';
import { ChartCard } from './ChartCard';
import { DonutChart } from './DonutChart';
import { LeadsAnalyticsDialog } from './LeadsAnalyticsDialog';
import { StatCard } from './StatCard';

type PersonSalesProps = { records: DashboardRecords; query: DashboardQuery };

/** Outbound only: leads and calls of the period, calls by disposition, and the Leads Analytics table. */
export function PersonSales({ records, query }: PersonSalesProps) {
  const [open, setOpen] = useState(false);
  // The server sends the client portal no disposition totals (its dispositions graphs are hidden, spec §6).
  const showDispositions = records.dispositions.length > 0;
  const slices = useMemo(
    () => records.dispositions.map((entry) => ({ name: entry.label, value: entry.calls })),
    [records.dispositions],
  );
  return (
    <ChartCard
      title="Person Sales"
      subtitle="Leads, calls and dispositions of the period"
      testId="person-sales"
      actions={
        <Button
          variant="outlined"
          size="small"
          startIcon={<InsightsIcon />}
          onClick={() => setOpen(true)}
          data-testid="leads-analytics-open"
        >
          Leads Analytics
        </Button>
      }
    >
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: showDispositions ? '200px minmax(0, 1fr)' : '1fr' },
        }}
      >
        <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
          <StatCard
            label="Leads"
            value={records.leads.totalLeads.toLocaleString('en-US')}
            testId="person-sales-leads"
          />
          <StatCard
            label="Total Calls"
            value={records.totals.callsMade.toLocaleString('en-US')}
            testId="person-sales-total-calls"
          />
        </Box>
        {showDispositions ? (
          <DonutChart
            name="Calls by disposition"
            slices={slices}
            colors={DISPOSITION_COLORS}
            testId="person-sales-dispositions"
          />
        ) : null}
      </Box>
      <LeadsAnalyticsDialog open={open} query={query} onClose={() => setOpen(false)} />
    </ChartCard>
  );
}
