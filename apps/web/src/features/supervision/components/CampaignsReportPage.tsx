import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { useGlobalPeriod } from '../../../ui/useGlobalPeriod';
import { useCurrentUser } from '../../auth';
import { useCampaignsReport } from '../hooks/useCampaignsReport';
import { campaignsReportRange } from '../utils/campaignsReportRange';
import { CampaignsReportTable } from './CampaignsReportTable';

/**
 * The campaigns report (spec §2.4): the date picker above the table; the report loads for a range of two dates,
 * from the start of the first day to the end of the last in the viewer's zone (spec §5).
 */
export function CampaignsReportPage() {
  const user = useCurrentUser();
  const [period, setPeriod] = useGlobalPeriod(user.timezone);
  const range = useMemo(() => campaignsReportRange([period.start, period.end], user.timezone), [period, user.timezone]);
  const report = useCampaignsReport(range);
  return (
    <Box data-testid="campaigns-report-page" data-loaded={report.data !== undefined && !report.isFetching}>
      <Typography variant="h1" sx={{ mb: 2 }}>
        Campaigns report
      </Typography>
      <Box sx={{ mb: 1 }}>
        <DateRangePicker
          value={period}
          onChange={setPeriod}
          zone={user.timezone}
          displayFrom={user.display_from}
          testId="campaigns-report-period"
        />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>
        {report.isFetching ? <LinearProgress aria-label="Loading the campaigns report" /> : null}
      </Box>
      <Paper variant="outlined">
        {report.error && !report.data ? (
          <Alert severity="error">The campaigns report could not be loaded.</Alert>
        ) : null}
        {report.data ? (
          <CampaignsReportTable rows={report.data} />
        ) : (
          <Skeleton variant="rounded" height={320} sx={{ m: 2 }} />
        )}
      </Paper>
    </Box>
  );
}
