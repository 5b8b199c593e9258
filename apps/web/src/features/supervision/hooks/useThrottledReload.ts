import { useEffect, useRef } from 'react';

/**
 * Runs `reload` when `wanted` turns true, at most once per `intervalMs`: a burst of events asking for the same
 * report is one request.
 */
export function useThrottledReload(wanted: boolean, reload: () => void, intervalMs: number): void {
  const last = useRef(0);
  const latest = useRef(reload);
  latest.current = reload;
  useEffect(() => {
    if (!wanted) return;
    const timer = window.setTimeout(
      () => {
        last.current = Date.now();
        latest.current();
      },
      Math.max(0, last.current + intervalMs - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [wanted, intervalMs]);
}
