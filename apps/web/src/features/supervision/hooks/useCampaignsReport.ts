import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { supervisionApi } from '../api';

/** The campaigns report (spec §2.4) for a range; no range (not two dates): no request, and what is shown stays. */
export function useCampaignsReport(range: { start: number; end: number; timezone: string } | null) {
  return useLoggedQuery(
    {
      queryKey: queryKeys.supervision.campaignsReport(range?.start ?? 0, range?.end ?? 0, range?.timezone ?? ''),
      queryFn: () => supervisionApi.campaignsReport(range as NonNullable<typeof range>),
      enabled: range !== null,
      placeholderData: (previous) => previous,
    },
    'The campaigns report could not be loaded',
  );
}
