import { type DayRange, normalizeDayRange, todayRange } from '@shiftline/shared';
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { browserStorage } from '../lib/browserStorage';

/** The spec's session-storage key for the main period shared by the dashboards and reports. */
export const GLOBAL_PERIOD_KEY = 'userGlobalPeriod';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const readStored = () => browserStorage.read('session', GLOBAL_PERIOD_KEY);

function parseStored(raw: string | null): DayRange | null {
  if (raw === null) return null;
  try {
    const { start, end } = JSON.parse(raw) as Partial<DayRange>;
    if (typeof start !== 'string' || typeof end !== 'string' || !ISO_DATE.test(start) || !ISO_DATE.test(end)) {
      return null;
    }
    return normalizeDayRange([start, end]);
  } catch {
    return null;
  }
}

/**
 * The main period, kept for the browser session and shared by every screen that shows one.
 * Defaults to today in `zone` when nothing (or nothing readable) is stored.
 */
export function useGlobalPeriod(zone: string): [DayRange, (period: DayRange) => void] {
  const raw = useSyncExternalStore(subscribe, readStored, readStored);
  const period = useMemo(() => parseStored(raw) ?? todayRange(new Date(), zone), [raw, zone]);
  const setPeriod = useCallback((next: DayRange) => {
    browserStorage.write('session', GLOBAL_PERIOD_KEY, JSON.stringify({ start: next.start, end: next.end }));
    for (const listener of listeners) listener();
  }, []);
  return [period, setPeriod];
}
