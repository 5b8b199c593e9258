import Box from '@mui/material/Box';
import { type DayRange, EMPTY_LABELS, type TimeZoneId } from '@shiftline/shared';
import { DateRangePicker } from '../../../ui/DateRangePicker';
import { MultiSelect, type MultiSelectOption } from '../../../ui/MultiSelect';
import { TimezoneSelect } from '../../../ui/TimezoneSelect';
import { CompareRangePicker } from './CompareRangePicker';

type DashboardFiltersProps = {
  zone: TimeZoneId;
  onZoneChange: (zone: TimeZoneId) => void;
  period: DayRange;
  onPeriodChange: (period: DayRange) => void;
  compare: DayRange | null;
  onCompareChange: (range: DayRange | null) => void;
  displayFrom: string | null;
  campaignOptions: readonly MultiSelectOption<number>[];
  campaigns: readonly number[];
  onCampaignsChange: (ids: number[]) => void;
  /** Null: the viewer has no stats-source selector (outbound, or the client portal). */
  sourceOptions: readonly MultiSelectOption<number>[] | null;
  statsSources: readonly number[];
  onStatsSourcesChange: (ids: number[]) => void;
};

/** The dashboard's filter bar, in the spec's order: zone, period, compare period, campaigns, stats sources. */
export function DashboardFilters(props: DashboardFiltersProps) {
  return (
    <Box
      data-testid="dashboard-filters"
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', '& > *': { flexShrink: 0 } }}
    >
      <Box sx={{ width: 200 }}>
        <TimezoneSelect value={props.zone} onChange={props.onZoneChange} testId="dashboard-timezone" fullWidth />
      </Box>
      <DateRangePicker
        value={props.period}
        onChange={props.onPeriodChange}
        zone={props.zone}
        displayFrom={props.displayFrom}
        label="Period"
        testId="dashboard-period"
      />
      <CompareRangePicker
        value={props.compare}
        onChange={props.onCompareChange}
        zone={props.zone}
        displayFrom={props.displayFrom}
        referenceDay={props.period.start}
        testId="dashboard-compare"
      />
      <MultiSelect
        label="Campaigns"
        options={props.campaignOptions}
        value={props.campaigns}
        onChange={props.onCampaignsChange}
        // Nothing chosen counts every campaign; the spec's empty label is for when there is nothing to choose.
        emptyLabel={props.campaignOptions.length === 0 ? EMPTY_LABELS.campaignsShort : 'All campaigns'}
        testId="dashboard-campaigns"
      />
      {props.sourceOptions ? (
        <MultiSelect
          label="Stats sources"
          options={props.sourceOptions}
          value={props.statsSources}
          onChange={props.onStatsSourcesChange}
          emptyLabel={props.sourceOptions.length === 0 ? EMPTY_LABELS.sources : 'All sources'}
          testId="dashboard-stats-sources"
        />
      ) : null}
    </Box>
  );
}
