import type { TeamSchedule } from '@shiftline/shared';

/**
 * The team calendar as a client portal may see it: its agents work other companies' campaigns too, and free
 * shifts are offered across companies, so other companies' campaign ids and free shifts are taken out here,
 * in the response, not left for the page to hide.
 */
export function companyView(schedule: TeamSchedule, companyCampaigns: ReadonlySet<number>): TeamSchedule {
  const own = (campaigns: readonly number[]) => campaigns.filter((id) => companyCampaigns.has(id));
  return {
    ...schedule,
    data_points: schedule.data_points.map((point) => ({ ...point, campaigns: own(point.campaigns) })),
    free_shifts: schedule.free_shifts
      .map((offer) => ({ ...offer, campaigns: own(offer.campaigns) }))
      .filter((offer) => offer.campaigns.length > 0),
  };
}
