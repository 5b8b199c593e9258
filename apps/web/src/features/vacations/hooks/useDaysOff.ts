import type { VacationStatus } from '@shiftline/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { queryKeys } from '../../../lib/queryKeys';
import { daysOffApi } from '../api';

/** One page (from 1) of the days-off requests, optionally of one status. */
export function useDaysOff(status: VacationStatus | null, page: number) {
  return useQuery({
    queryKey: queryKeys.daysOff.list(status, page),
    queryFn: () => daysOffApi.list(status, page),
    placeholderData: keepPreviousData,
  });
}

/** Agents a schedule supervisor can add days off for: active ones, by name. */
export function useDaysOffAgents(enabled: boolean) {
  return useQuery({
    queryKey: queryKeys.agents.daysOffPicker,
    queryFn: async () =>
      (await daysOffApi.agents())
        .filter((agent) => !agent.archived)
        .sort((a, b) => `${a.firstName} ${a.secondName}`.localeCompare(`${b.firstName} ${b.secondName}`)),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * A change to days off: afterwards the list and every schedule view are fetched again. Offline it is tried at
 * once and fails with a message, rather than waiting paused for the network with its dialog busy and Cancel
 * disabled (and being sent later, after the user gave up on it).
 */
export function useVacationMutation<Variables, Result>(mutationFn: (variables: Variables) => Promise<Result>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    networkMode: 'always',
    onSettled: () => refreshAfter(queryClient, { kind: 'daysOff' }),
  });
}
