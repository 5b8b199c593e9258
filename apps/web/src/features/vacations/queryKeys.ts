import type { QueryClient } from '@tanstack/react-query';

export const daysOffKeys = {
  all: ['daysOff'] as const,
  list: (status: string | null, page: number) => ['daysOff', status ?? 'all', page] as const,
};

// Heads of the query keys that hold shifts or days off: the personal schedule ('schedule'), the supervisor
// calendar, free shifts and the days-off list. Matched by name so views added later are refreshed too.
const SCHEDULE_KEY = /schedule|shift|daysOff|vacation/i;

/** Fetches again every cached view of shifts and days off, after a change to either. */
export function refreshScheduleViews(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0];
      return typeof head === 'string' && SCHEDULE_KEY.test(head);
    },
  });
}
