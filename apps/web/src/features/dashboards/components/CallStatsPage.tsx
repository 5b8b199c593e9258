import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CALL_DURATION_BUCKETS,
  type CampaignType,
  can,
  DASHBOARD_GRID_COLUMNS,
  type DayRange,
  QUEUE_BUCKETS,
  type QueueBucketLabel,
  type TimeZoneId,
} from '@shiftline/shared';
import { useMemo, useState } from 'react';
import { formatDayRange } from '../../../ui/DayRangePopover';
import { useGlobalPeriod } from '../../../ui/useGlobalPeriod';
import { useCurrentUser } from '../../auth';
import { useCampaigns } from '../../campaigns';
import { useCallsLive } from '../hooks/useCallsLive';
import { useDashboardRecords } from '../hooks/useDashboardRecords';
import { useHourNow } from '../hooks/useHourNow';
import { useLastMonthData } from '../hooks/useLastMonthData';
import { useStatsSources } from '../hooks/useStatsSources';
import { useZoneToday } from '../hooks/useZoneToday';
import { callCardsFor } from '../utils/callCards';
import { buildDashboardQuery, dashboardQueryBetween, type DashboardFilters as Filters } from '../utils/dashboardQuery';
import { dayCount, lastThirtyDays, yesterdaySoFar } from '../utils/dashboardRanges';
import { dashboardWidgets } from '../utils/dashboardWidgets';
import { bucketSlices } from '../utils/donutChart';
import { DEFAULT_OVERVIEW_MODE, type OverviewMode } from '../utils/overviewModes';
import type { GlanceComparison } from '../utils/todayAtGlanceChart';
import { CallCards } from './CallCards';
import { ChartCard } from './ChartCard';
import { DashboardFilters } from './DashboardFilters';
import { DashboardLoadFailed } from './DashboardLoadFailed';
import { DispositionsChart } from './DispositionsChart';
import { DonutChart } from './DonutChart';
import { LastMonthPanel } from './LastMonthPanel';
import { OverviewChart } from './OverviewChart';
import { PersonSales } from './PersonSales';
import { TodayAtGlance } from './TodayAtGlance';

const TITLES: Record<CampaignType, string> = {
  inbound: 'Inbound call statistics',
  outbound: 'Outbound call statistics',
};

/** Two panels side by side on wide screens, the first wider; one above the other on narrow ones. */
const pairSx = (both: boolean) => ({
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', lg: both ? 'minmax(0, 7fr) minmax(0, 5fr)' : '1fr' },
});

/** /dashboards/inbound and /dashboards/outbound: the call-statistics dashboard (spec §2.1). */
export function CallStatsPage({ campaignType }: { campaignType: CampaignType }) {
  const user = useCurrentUser();
  const widgets = dashboardWidgets(user.role, campaignType);
  const [zone, setZone] = useState<TimeZoneId>(user.timezone);
  const [period, setPeriod] = useGlobalPeriod(zone);
  const [compare, setCompare] = useState<DayRange | null>(null);
  const [campaigns, setCampaigns] = useState<number[]>([]);
  const [statsSources, setStatsSources] = useState<number[]>([]);
  const [mode, setMode] = useState<OverviewMode>(DEFAULT_OVERVIEW_MODE);
  const [queueBucket, setQueueBucket] = useState<QueueBucketLabel | null>(null);
  const now = useZoneToday(zone);
  const hourNow = useHourNow();
  useCallsLive();

  const filters = useMemo<Filters>(
    () => ({ campaignType, zone, campaigns, statsSources: widgets.statsSourceSelect ? statsSources : [] }),
    [campaignType, zone, campaigns, statsSources, widgets.statsSourceSelect],
  );
  const mainQuery = useMemo(() => buildDashboardQuery(period, filters), [period, filters]);
  const compareQuery = useMemo(() => (compare ? buildDashboardQuery(compare, filters) : null), [compare, filters]);
  // Today at-a-Glance sets today against the compare range (per day) when there is one, so both requests are the
  // same query and it loads once; else today so far against yesterday up to the same time, not all of yesterday.
  const yesterday = useMemo(() => yesterdaySoFar(hourNow, zone), [hourNow, zone]);
  const glanceQuery = useMemo(
    () => compareQuery ?? dashboardQueryBetween(yesterday, filters),
    [compareQuery, yesterday, filters],
  );
  const lastMonthQuery = useMemo(
    () => (widgets.lastMonth ? buildDashboardQuery(lastThirtyDays(now, zone), filters) : null),
    [widgets.lastMonth, now, zone, filters],
  );

  const records = useDashboardRecords(mainQuery, 'call records');
  const compared = useDashboardRecords(compareQuery, 'compare-range records');
  const glance = useDashboardRecords(glanceQuery, 'Today at-a-Glance comparison');
  const lastMonth = useLastMonthData(lastMonthQuery);
  const campaignList = useCampaigns(campaignType);
  const sources = useStatsSources(widgets.statsSourceSelect);

  const data = records.data;
  // The loads behind the cards (a comparison that fails is only left out): one notice, one Retry for both.
  const failedLoads = [records, lastMonth].filter((load) => load.failed);
  const glanceComparison = useMemo<GlanceComparison | null>(() => {
    if (!glance.data || glance.isPlaceholderData) return null;
    const days = compare ? dayCount(compare) : 1;
    const label = compare
      ? `${formatDayRange(compare)}${days > 1 ? ' (daily average)' : ''}`
      : `Yesterday up to ${yesterday.upTo}`;
    return { label, totals: glance.data.totals, days };
  }, [glance.data, glance.isPlaceholderData, compare, yesterday]);
  const queueSlices = useMemo(() => bucketSlices(QUEUE_BUCKETS, data?.queueBuckets ?? []), [data]);
  const durationSlices = useMemo(() => bucketSlices(CALL_DURATION_BUCKETS, data?.durationBuckets ?? []), [data]);

  const changeMode = (next: OverviewMode) => {
    setMode(next);
    // Changing the Overview mode clears the queue donut's selection (spec §4).
    setQueueBucket(null);
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="call-stats-page" data-campaign-type={campaignType}>
      <Typography variant="h1">{TITLES[campaignType]}</Typography>
      {widgets.lastMonth ? (
        <LastMonthPanel
          campaignType={campaignType}
          data={lastMonth.data}
          unavailable={lastMonth.failed}
          showQueueTime={widgets.lastMonthQueueTime}
        />
      ) : null}
      <DashboardFilters
        zone={zone}
        onZoneChange={setZone}
        period={period}
        onPeriodChange={setPeriod}
        compare={compare}
        onCompareChange={setCompare}
        displayFrom={user.display_from}
        campaignOptions={(campaignList.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name }))}
        campaigns={campaigns}
        onCampaignsChange={setCampaigns}
        sourceOptions={
          widgets.statsSourceSelect
            ? (sources.data ?? []).map((source) => ({ value: source.id, label: source.name }))
            : null
        }
        statsSources={statsSources}
        onStatsSourcesChange={setStatsSources}
      />
      {failedLoads.length > 0 ? (
        <DashboardLoadFailed
          keptFigures={data !== undefined}
          error={failedLoads[0]?.error ?? null}
          onRetry={() => {
            for (const load of failedLoads) load.retry();
          }}
        />
      ) : null}
      <CallCards
        cards={callCardsFor(
          campaignType,
          widgets.clientPortal,
          data?.callbacksEnabled ?? false,
          can(user.role, 'dashboards.money'),
        )}
        metrics={data?.totals}
        // While a new compare range loads, the old one's totals would be compared against: show none instead.
        compared={compare && !compared.isPlaceholderData ? compared.data?.totals : undefined}
        maxColumns={widgets.clientPortal ? DASHBOARD_GRID_COLUMNS.clientPortal : DASHBOARD_GRID_COLUMNS.default}
        unavailable={records.failed}
        testId={widgets.callCards === 'clientPortal' ? 'call-cards-client-portal' : 'call-cards'}
      />
      {data ? (
        <>
          <Box sx={pairSx(widgets.callDuration)}>
            <TodayAtGlance campaignType={campaignType} today={data.today} comparison={glanceComparison} />
            {widgets.callDuration ? (
              <ChartCard title="Call Duration" subtitle="Calls by talk time" testId="call-duration">
                <DonutChart name="Call Duration" slices={durationSlices} testId="call-duration-donut" />
              </ChartCard>
            ) : null}
          </Box>
          <Box sx={pairSx(widgets.queueTime)}>
            <OverviewChart
              records={data}
              modes={widgets.overviewModes}
              mode={mode}
              onModeChange={changeMode}
              selectedQueueBucket={queueBucket}
            />
            {widgets.queueTime ? (
              <ChartCard
                title="Queue Time"
                subtitle="Select a slice to see it alone in the Queue overview"
                testId="queue-time"
              >
                <DonutChart
                  name="Queue Time"
                  slices={queueSlices}
                  selected={queueBucket}
                  onSelect={(slice) => setQueueBucket(slice as QueueBucketLabel | null)}
                  testId="queue-time-donut"
                />
              </ChartCard>
            ) : null}
          </Box>
          {widgets.dispositions ? <DispositionsChart daily={data.daily} /> : null}
          {widgets.personSales ? <PersonSales records={data} query={mainQuery} /> : null}
        </>
      ) : records.failed ? null : (
        <Box sx={pairSx(true)} aria-busy="true">
          <Skeleton variant="rounded" height={320} />
          <Skeleton variant="rounded" height={320} />
        </Box>
      )}
    </Box>
  );
}
