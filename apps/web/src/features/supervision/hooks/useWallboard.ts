import type { TimeZoneId, Wallboard } from '@shiftline/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { queryKeys } from '../../../lib/queryKeys';
import { useLoggedQuery } from '../../../lib/useLoggedQuery';
import { supervisionApi } from '../api';
import { type Fetched, fetchSnapshot, useLiveFollow } from './useLiveFollow';

/** At most one reload of today's answered, abandoned and service level per this long, however busy the floor. */
export const WALLBOARD_FIGURES_MS = 5000;

const ENDED = new Set(['ended', 'abandoned']);

/**
 * The wallboard's data: today's figures per campaign and the live board (calls waiting, agents by state) followed
 * through the events; a call answered or ended reloads today's figures, at most every WALLBOARD_FIGURES_MS.
 */
export function useWallboard(campaigns: readonly number[], zone: TimeZoneId) {
  const query = useLoggedQuery(
    {
      queryKey: queryKeys.supervision.wallboard(campaigns, zone),
      queryFn: (): Promise<Fetched<Wallboard>> =>
        fetchSnapshot(() =>
          supervisionApi.wallboard({ ...(campaigns.length > 0 ? { campaigns: [...campaigns] } : {}), timezone: zone }),
        ),
      staleTime: Number.POSITIVE_INFINITY,
      refetchOnWindowFocus: false,
      // A wall screen left alone keeps trying until the server answers again.
      retry: true,
      retryDelay: (attempt) => Math.min(30_000, 1000 * 2 ** attempt),
    },
    'The wallboard could not be loaded',
  );
  const { refetch } = query;
  const reload = useCallback(() => void refetch({ cancelRefetch: false }), [refetch]);
  // When today's figures last changed by an event (ms), until a wallboard fetched after it arrives.
  const [changedAt, setChangedAt] = useState<number | null>(null);
  const followed = useLiveFollow({
    fetched: query.data,
    snapshotOf: (data) => data.snapshot,
    viewOf: () => null,
    reduce: (view) => view,
    onApplied: (live, before) => {
      if (live.kind !== 'call') return;
      const answered = live.event.answered_at !== null && before.waiting.has(live.event.call_id);
      if (answered || ENDED.has(live.event.status)) setChangedAt(Date.now());
    },
    refetch: reload,
  });
  const sentAt = query.data?.sentAt ?? 0;
  const lastReload = useRef(0);
  useEffect(() => {
    if (changedAt === null || changedAt < sentAt || query.isFetching) return;
    const timer = window.setTimeout(
      () => {
        lastReload.current = Date.now();
        reload();
      },
      Math.max(0, lastReload.current + WALLBOARD_FIGURES_MS - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [changedAt, sentAt, query.isFetching, reload]);
  // Failed loads are retried without end: the wall says it is reconnecting meanwhile.
  return { data: query.data?.data ?? null, board: followed?.board ?? null, retrying: query.failureCount > 0 };
}
