import { useSyncExternalStore } from 'react';
import type { SoftphoneController, SoftphoneView } from './controller';

/*
 * Where the rest of the app finds the softphone, without loading it: the lazy softphone chunk puts its controller
 * here when it starts, and the call page reads it (null: no softphone, the phone network is simulated). Types only
 * come from the controller, so this module pulls no JsSIP in.
 */

let active: SoftphoneController | null = null;
const listeners = new Set<() => void>();
const subscribeActive = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setActiveSoftphone(controller: SoftphoneController | null): void {
  active = controller;
  for (const listener of listeners) listener();
}

/** The page's softphone, or null when none runs. */
export function useSoftphone(): SoftphoneController | null {
  return useSyncExternalStore(
    subscribeActive,
    () => active,
    () => null,
  );
}

const noView = () => null;
const noSubscribe = () => () => undefined;

/** What the softphone shows now (state, call, answer countdown), or null when none runs. */
export function useSoftphoneView(): SoftphoneView | null {
  const phone = useSoftphone();
  return useSyncExternalStore(phone?.subscribe ?? noSubscribe, phone?.getView ?? noView, noView);
}
