import { useQuery } from '@tanstack/react-query';
import { queryKeys } from '../../../lib/queryKeys';
import { statusApi } from '../api';

/** How far the server's clock is ahead of the browser's, in ms, measured from the middle of the round trip. */
async function measureOffset(): Promise<number> {
  const sent = Date.now();
  const answer = await statusApi.serverTime();
  const received = Date.now();
  const parsed = Date.parse(answer.server_time);
  const serverMs = Number.isNaN(parsed) ? answer.unix * 1000 : parsed;
  return Math.round(serverMs - (sent + received) / 2);
}

/**
 * The server clock's lead over the browser's (0 until known, or when the server cannot be asked): timers count from
 * the server's instants, so a browser clock minutes off still shows the right time in status.
 */
export function useServerOffset(): number {
  const offset = useQuery({
    queryKey: queryKeys.status.serverOffset,
    queryFn: measureOffset,
    staleTime: 10 * 60_000,
    refetchOnWindowFocus: false,
  });
  return offset.data ?? 0;
}
