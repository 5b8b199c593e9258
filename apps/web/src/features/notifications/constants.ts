/** A notification shown to the user (a live arrival in the open popup, or a toast) is marked read this long after (spec §9). */
export const READ_AFTER_DISPLAY_MS = 3000;

/** Where a click on a desktop notification leads (spec), unless the user is already there. */
export const NOTIFICATION_CLICK_PATH = '/inquiries';

/** Remembers that the browser was asked once for desktop notifications, so the user is not asked again. */
export const PERMISSION_ASKED_KEY = 'notificationsPermissionAsked';

/** How long a toast for a live notification stays. */
export const TOAST_MS = 6000;
