import { useEffect, useState } from 'react';
import { useServerOffset } from '../../status';

/** The server clock's time (ms), ticking every second: the live tables' timers count from the server's instants. */
export function useServerNow(): number {
  const offset = useServerOffset();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return now + offset;
}
