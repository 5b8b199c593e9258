import {
  type CampaignType,
  type DashboardQuery,
  type DayRange,
  dayRangeToUnix,
  type TimeZoneId,
} from '@shiftline/shared';

export type DashboardFilters = {
  campaignType: CampaignType;
  zone: TimeZoneId;
  campaigns: readonly number[];
  statsSources: readonly number[];
};

/**
 * The body of a dashboard request for the local days of `range`: from the first second of the first day to
 * the last second of the last day in the 'Timezone to view Data' zone, which the server also counts days in.
 */
export function buildDashboardQuery(range: DayRange, filters: DashboardFilters): DashboardQuery {
  return dashboardQueryBetween(dayRangeToUnix(range, filters.zone), filters);
}

/** The body of a dashboard request for any span of Unix seconds (both ends inclusive). */
export function dashboardQueryBetween(
  { start, end }: { start: number; end: number },
  filters: DashboardFilters,
): DashboardQuery {
  return {
    start,
    end,
    timezone: filters.zone,
    campaignType: filters.campaignType,
    campaigns: [...filters.campaigns],
    statsSources: [...filters.statsSources],
    agents: [],
  };
}
