import type { CampaignType } from '@shiftline/shared';

export const OVERVIEW_MODES = ['total', 'hourly', 'queue', 'abandons'] as const;
export type OverviewMode = (typeof OVERVIEW_MODES)[number];

export const OVERVIEW_MODE_LABELS: Record<OverviewMode, string> = {
  total: 'Total',
  hourly: 'Hourly',
  queue: 'Queue',
  abandons: 'Abandons',
};

/** The Overview chart opens on Hourly (spec §2.1). */
export const DEFAULT_OVERVIEW_MODE: OverviewMode = 'hourly';

/** Total and Hourly for everyone; Queue and Abandons only on inbound, and not for the client portal. */
export function overviewModesFor(campaignType: CampaignType, clientPortal: boolean): OverviewMode[] {
  return campaignType === 'inbound' && !clientPortal ? [...OVERVIEW_MODES] : ['total', 'hourly'];
}
