import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ColdCallsParams, coldCallsApi } from '../api';

export const coldCallsQueryKey = (params: ColdCallsParams) => ['coldCalls', 'table', params] as const;

/** One page of the cold-calls table; the previous page stays on screen while the next loads. */
export function useColdCallsTable(params: ColdCallsParams) {
  return useQuery({
    queryKey: coldCallsQueryKey(params),
    queryFn: () => coldCallsApi.table(params),
    placeholderData: keepPreviousData,
  });
}
