import type { UseQueryResult } from '@tanstack/react-query';

/** How one of the dashboard's loads went, for its failure notice. */
export type DashboardLoad = {
  /** The last attempt failed: the figures on screen (if any) are not the ones asked for. */
  failed: boolean;
  /** Why, for the notice; null when nothing failed. */
  error: Error | null;
  /** Asks again at once. */
  retry: () => void;
};

/**
 * A load counts as failed from its first failed attempt, not only once the query client's retries are spent: against
 * a database that does not answer, each attempt takes the server's statement timeout (5 s), so the cards said
 * 'Counting..' for about 18 s with no word of the failure.
 */
export function loadStateOf(result: UseQueryResult<unknown>): DashboardLoad {
  const error = result.error ?? result.failureReason;
  return { failed: error !== null, error, retry: () => void result.refetch() };
}
