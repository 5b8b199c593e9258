import { useEffect, useState } from 'react';

const MINUTE_MS = 60_000;

/**
 * The current moment, renewed when the half hour turns (checked each minute), so "yesterday up to the same
 * time" moves on with the clock without changing identity, and refetching, at every render.
 */
export function useHourNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => {
      const current = new Date();
      if (Math.floor(current.getTime() / (30 * MINUTE_MS)) !== Math.floor(now.getTime() / (30 * MINUTE_MS))) {
        setNow(current);
      }
    }, MINUTE_MS);
    return () => clearInterval(timer);
  }, [now]);
  return now;
}
