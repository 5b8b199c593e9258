import type { Notification as AppNotification } from '@shiftline/shared';
import { browserStorage } from '../../../lib/browserStorage';
import { PERMISSION_ASKED_KEY } from '../constants';

const supported = () => typeof window !== 'undefined' && 'Notification' in window;

/**
 * Asks once for desktop notifications, from a click (browsers refuse or hide prompts that come
 * unprompted): a user who dismissed or refused the prompt is not asked again.
 */
export function askDesktopPermissionOnce(): void {
  if (!supported() || window.Notification.permission !== 'default') return;
  if (browserStorage.read('local', PERMISSION_ASKED_KEY) !== null) return;
  browserStorage.write('local', PERMISSION_ASKED_KEY, '1');
  try {
    void window.Notification.requestPermission().catch(() => undefined);
  } catch {
    // Old browsers take a callback and return nothing; not asking is fine.
  }
}

/** Shows a desktop notification if the user allowed them; `onClick` runs when it is clicked. */
export function showDesktopNotification(notification: AppNotification, onClick: () => void): void {
  if (!supported() || window.Notification.permission !== 'granted') return;
  try {
    const desktop = new window.Notification(notification.title, {
      body: notification.message,
      tag: `shiftline-notification-${notification.id}`,
    });
    desktop.onclick = () => {
      window.focus();
      onClick();
      desktop.close();
    };
  } catch {
    // Some mobile browsers only allow notifications from a service worker: the in-page list still has it.
  }
}
