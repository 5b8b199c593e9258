import { useEffect, useState } from 'react';

/** Whole seconds until `at` (ms since epoch), ticking; null when there is nothing to count to. */
export function useCountdown(at: number | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (at === null) return;
    setNow(Date.now());
    const tick = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(tick);
  }, [at]);
  return at === null ? null : Math.max(0, Math.ceil((at - now) / 1000));
}
