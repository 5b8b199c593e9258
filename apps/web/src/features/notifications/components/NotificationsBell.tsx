import NotificationsIcon from '@mui/icons-material/Notifications';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import { type Notification as AppNotification, NOTIFICATION_STATUS } from '@shiftline/shared';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { useLiveNotifications } from '../hooks/useLiveNotifications';
import { useNotificationActions, useNotificationList } from '../hooks/useNotifications';
import { askDesktopPermissionOnce, showDesktopNotification } from '../utils/desktopNotifications';
import { notificationClickPath } from '../utils/notificationClickPath';

// The list and the toasts load on first use: the top bar only needs the bell and its count.
const NotificationsPopup = lazy(async () => ({
  default: (await import('./NotificationsPopup')).NotificationsPopup,
}));
const NotificationToast = lazy(async () => ({ default: (await import('./NotificationToast')).NotificationToast }));

const unreadIds = (notifications: readonly AppNotification[]) =>
  notifications.filter((item) => item.status === NOTIFICATION_STATUS.unread).map((item) => item.id);

const NO_IDS: ReadonlySet<number> = new Set();

/**
 * The top bar's bell: the unread count, live arrivals (toast and desktop notification), and the
 * list. Opening the list marks the unread ones in it read; later arrivals are read 3 s after display.
 */
export function NotificationsBell({ zone }: { zone: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const list = useNotificationList();
  const actions = useNotificationActions();
  const queryClient = useQueryClient();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [everOpened, setEverOpened] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(NO_IDS);
  const [toasts, setToasts] = useState<readonly AppNotification[]>([]);
  const open = anchor !== null;

  // The path when a desktop notification is clicked, maybe long after it was shown.
  const currentPath = useRef(pathname);
  useEffect(() => {
    currentPath.current = pathname;
  }, [pathname]);

  useLiveNotifications(true, (notification) => {
    actions.add(notification);
    // Shift and days-off news means the schedule views on screen are out of date.
    if (notification.type !== 'general') void refreshAfter(queryClient, { kind: 'daysOff' });
    showDesktopNotification(notification, () => {
      const target = notificationClickPath(notification.link);
      if (!currentPath.current.startsWith(target)) void navigate(target);
    });
    // In the open list it shows (and is read) there; a page in the background shows nothing to read.
    if (!open && document.visibilityState === 'visible') setToasts((shown) => [...shown, notification]);
  });

  // Opening marks read what the list shows then (once loaded, if it opened before the list arrived).
  const markedOnOpen = useRef(false);
  const loaded = list.data;
  useEffect(() => {
    if (!open) {
      markedOnOpen.current = false;
      return;
    }
    if (markedOnOpen.current || !loaded) return;
    markedOnOpen.current = true;
    const ids = unreadIds(loaded.notifications);
    setFresh(new Set(ids));
    actions.markRead(ids);
  }, [open, loaded, actions]);

  const openList = (element: HTMLElement) => {
    askDesktopPermissionOnce();
    setToasts([]);
    setEverOpened(true);
    setAnchor(element);
  };

  const unread = list.data?.unread ?? 0;
  const bellRef = useRef<HTMLButtonElement>(null);
  const toast = toasts[0];
  return (
    <>
      <IconButton
        ref={bellRef}
        onClick={(event) => openList(event.currentTarget)}
        // The name holds the badge's text (99+ past 99), as a speech user would say it.
        aria-label={`Notifications, ${unread > 99 ? '99+' : unread} unread`}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-testid="notifications-bell"
      >
        <Badge
          badgeContent={unread}
          color="error"
          max={99}
          slotProps={{ badge: { 'data-testid': 'notifications-unread', 'data-count': unread } as object }}
        >
          <NotificationsIcon />
        </Badge>
      </IconButton>
      {everOpened ? (
        <Suspense fallback={null}>
          <NotificationsPopup
            anchorEl={anchor}
            onClose={() => {
              setAnchor(null);
              setFresh(NO_IDS);
            }}
            notifications={list.data?.notifications}
            loadFailed={list.isError}
            fresh={fresh}
            actions={actions}
            zone={zone}
          />
        </Suspense>
      ) : null}
      {toast && !open ? (
        <Suspense fallback={null}>
          <NotificationToast
            key={toast.id}
            notification={toast}
            markRead={actions.markRead}
            onOpenList={() => {
              if (bellRef.current) openList(bellRef.current);
            }}
            onClose={() => setToasts((shown) => shown.slice(1))}
          />
        </Suspense>
      ) : null}
    </>
  );
}
