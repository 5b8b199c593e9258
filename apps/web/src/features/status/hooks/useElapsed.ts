import { useEffect, useState } from 'react';
import { secondsSince } from '../utils/elapsed';
import { useServerOffset } from './useServerOffset';

/** Seconds since `startIso` on the server's clock, ticking every second (0 without a start). */
export function useElapsed(startIso: string | null): number {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (startIso === null) return;
    setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [startIso]);
  return secondsSince(startIso, now, offset);
}
