import AlertTitle from '@mui/material/AlertTitle';
import { type Notification as AppNotification, NOTIFICATION_STATUS } from '@shiftline/shared';
import { TopToast } from '../../../ui/TopToast';
import { TOAST_MS } from '../constants';
import { useReadAfterDisplay } from '../hooks/useReadAfterDisplay';

type NotificationToastProps = {
  notification: AppNotification;
  markRead: (ids: readonly number[]) => void;
  onOpenList: () => void;
  onClose: () => void;
};

/** A live notification shown over the page while the list is closed; read once it has been shown a moment. */
export function NotificationToast({ notification, markRead, onOpenList, onClose }: NotificationToastProps) {
  useReadAfterDisplay(notification.id, notification.status === NOTIFICATION_STATUS.unread, markRead);
  return (
    <TopToast
      horizontal="right"
      autoHideDuration={TOAST_MS}
      variant="outlined"
      testId="notification-toast"
      action={{ label: 'View', testId: 'notification-toast-view', onClick: onOpenList }}
      onClose={onClose}
      alertProps={{
        'data-id': notification.id,
        sx: { bgcolor: 'background.paper', boxShadow: 3, width: 360, maxWidth: '100%' },
      }}
    >
      <AlertTitle sx={{ fontWeight: 700 }}>{notification.title}</AlertTitle>
      {notification.message}
    </TopToast>
  );
}
