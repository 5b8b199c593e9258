import { DateTime } from 'luxon';
import { useMemo } from 'react';

/**
 * The current moment, renewed only when the date in `zone` changes, so ranges built from it ("yesterday",
 * "the last 30 days") keep their identity between renders and do not refetch.
 */
export function useZoneToday(zone: string): Date {
  const today = DateTime.now().setZone(zone).toISODate() as string;
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed on purpose when the day changes
  return useMemo(() => new Date(), [today]);
}
