import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import { type Notification as AppNotification, NOTIFICATION_STATUS } from '@shiftline/shared';
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
    <Snackbar
      open
      autoHideDuration={TOAST_MS}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
      sx={{ mt: 7 }}
    >
      <Alert
        severity="info"
        variant="outlined"
        data-testid="notification-toast"
        data-id={notification.id}
        action={
          <>
            <Button color="inherit" size="small" onClick={onOpenList} data-testid="notification-toast-view">
              View
            </Button>
            <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
        sx={{ bgcolor: 'background.paper', boxShadow: 3, width: 360, maxWidth: '100%' }}
      >
        <AlertTitle sx={{ fontWeight: 700 }}>{notification.title}</AlertTitle>
        {notification.message}
      </Alert>
    </Snackbar>
  );
}
