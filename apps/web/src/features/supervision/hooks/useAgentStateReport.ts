import type { AgentStateReport } from '@shiftline/shared';
import { useCallback, useMemo } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { supervisionApi } from '../api';
import { type AgentStateFilter, agentRowsView, applyAgentEvent, campaignNamesOf } from '../utils/agentStateRows';
import { type Fetched, fetchSnapshot, useLiveFollow } from './useLiveFollow';
import { useThrottledReload } from './useThrottledReload';

/** At most one reload of the report per this long when an event names an agent the rows do not hold yet. */
export const DETAILS_RELOAD_MS = 5000;

const bodyOf = (filter: AgentStateFilter) => ({
  ...(filter.campaigns.length > 0 ? { campaigns: [...filter.campaigns] } : {}),
  ...(filter.callType !== null ? { call_type: filter.callType } : {}),
});

/** The agent state report (spec §2.3), kept live by newAgentStateData (spec §4). */
export function useAgentStateReport(filter: AgentStateFilter) {
  const query = useLoggedQuery(
    {
      queryKey: queryKeys.supervision.agentState(filter.campaigns, filter.callType),
      queryFn: (): Promise<Fetched<AgentStateReport>> =>
        fetchSnapshot(() => supervisionApi.agentStateReport(bodyOf(filter))),
      // The events keep it current; a snapshot is fetched again only when they say so.
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    },
    'The agent state report could not be loaded',
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const campaignNames = useMemo(() => campaignNamesOf(query.data?.data.additionals_filters ?? []), [query.data]);
  const followed = useLiveFollow({
    fetched: query.data,
    // The report's board only reads the numbering: its rows are the view.
    snapshotOf: (data) => ({ stamp: data.stamp, agents: [], waiting: [] }),
    viewOf: (data) => agentRowsView(data.items),
    reduce: (view, live) => (live.kind === 'agent' ? applyAgentEvent(view, live.event, filter, campaignNames) : view),
    refetch: reload,
  });
  useThrottledReload(followed?.view.reload ?? false, reload, DETAILS_RELOAD_MS);
  return {
    rows: followed?.view.rows ?? null,
    filters: query.data?.data.additionals_filters ?? [],
    error: query.error,
    isFetching: query.isFetching,
  };
}
