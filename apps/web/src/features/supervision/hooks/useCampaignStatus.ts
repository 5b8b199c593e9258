import { type CampaignStatusReport, type TimeZoneId, zoneOffsetMinutes } from '@shiftline/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { supervisionApi } from '../api';
import type { AgentStateFilter } from '../utils/agentStateRows';
import type { LongestToday } from '../utils/campaignStatusRows';
import { leftQueue } from '../utils/liveEvents';
import { type Fetched, fetchSnapshot, useLiveFollow } from './useLiveFollow';

/**
 * The campaign status report (spec §2.3, §4): the server's headers and rows, a board built from its snapshot and kept
 * by the events; when a waiting call is answered or leaves, that campaign's current and today's longest queue times
 * are fetched again (spec §7).
 */
export function useCampaignStatus(filter: AgentStateFilter, zone: TimeZoneId) {
  const query = useLoggedQuery(
    {
      queryKey: queryKeys.supervision.campaignStatus(filter.campaigns, filter.callType, zone),
      queryFn: (): Promise<Fetched<CampaignStatusReport>> =>
        fetchSnapshot(() =>
          supervisionApi.campaignStatusReport({
            ...(filter.campaigns.length > 0 ? { campaigns: [...filter.campaigns] } : {}),
            ...(filter.callType !== null ? { call_type: filter.callType } : {}),
            timezone: zone,
          }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
    },
    'The campaign status could not be loaded',
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  const [longest, setLongest] = useState<ReadonlyMap<number, LongestToday>>(new Map());
  const items = useRef(query.data?.data.items ?? []);
  items.current = query.data?.data.items ?? [];

  // A new snapshot carries today's longest of its own.
  useEffect(() => {
    if (query.data) setLongest(new Map());
  }, [query.data]);

  const refreshLongest = useCallback(
    async (campaignId: number) => {
      const campaign = items.current.find((item) => item.campaign_id === campaignId);
      if (!campaign) return;
      const dateOffset = zoneOffsetMinutes(Date.now(), zone) / 60;
      const [current, today] = await Promise.all([
        supervisionApi.currentLongest(campaignId),
        supervisionApi.longestToday(campaign.campaign_name, dateOffset),
      ]);
      setLongest((known) => {
        const next = new Map(known);
        next.set(campaignId, { seconds: Math.max(today.longest_today, current.current_longest), at: Date.now() });
        return next;
      });
    },
    [zone],
  );

  const followed = useLiveFollow({
    fetched: query.data,
    snapshotOf: (data) => data.snapshot,
    viewOf: () => null,
    reduce: (view) => view,
    onApplied: (live, before, after) => {
      const campaignId = leftQueue(live, before, after);
      // Failed figures are left as they were (spec §8: failed report requests leave the screen unchanged).
      if (campaignId !== null) refreshLongest(campaignId).catch(() => undefined);
    },
    refetch: reload,
  });

  return {
    headers: query.data?.data.headers ?? [],
    items: query.data?.data.items ?? [],
    board: followed?.board ?? null,
    longest,
    error: query.error,
  };
}
