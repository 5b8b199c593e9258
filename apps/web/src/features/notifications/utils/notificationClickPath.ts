import { NOTIFICATION_CLICK_PATH } from '../constants';

/**
 * Where a click on a desktop notification leads: the notification's own link (a path in this app), or the
 * spec's /inquiries for one without. A link that is not a plain app path (another site, `//host`) is ignored.
 */
export function notificationClickPath(link: string | null): string {
  if (link === null || !link.startsWith('/') || link.startsWith('//')) return NOTIFICATION_CLICK_PATH;
  return link;
}
