import { DEFAULT_TOPBAR_CAD_RATE, normalizeCadRate } from '@shiftline/shared';
import { useCallback, useSyncExternalStore } from 'react';
import { browserStorage } from '../lib/browserStorage';

/** The spec's local-storage key for the CAD rate chosen in the top bar. */
const CAD_RATE_KEY = 'cad_rate';

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changing the rate updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CAD_RATE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

function readRate(): number {
  const stored = browserStorage.read('local', CAD_RATE_KEY);
  return stored === null ? DEFAULT_TOPBAR_CAD_RATE : normalizeCadRate(stored);
}

/** The CAD conversion rate: 1.22 by default, a stored rate overrides; input is normalised (minimum 1). */
export function useCadRate(): [number, (input: string | number) => number] {
  const rate = useSyncExternalStore(subscribe, readRate, readRate);
  const setRate = useCallback((input: string | number) => {
    const next = normalizeCadRate(input);
    browserStorage.write('local', CAD_RATE_KEY, String(next));
    for (const listener of listeners) listener();
    return next;
  }, []);
  return [rate, setRate];
}
