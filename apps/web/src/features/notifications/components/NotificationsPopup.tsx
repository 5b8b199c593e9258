import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { type Notification as AppNotification, NOTIFICATION_STATUS } from '@shiftline/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { refreshAfter } from '../../../lib/cacheRefresh';
import { TopBarPopover } from '../../../ui/TopBarPopover';
import { notificationsApi } from '../api';
import type { NotificationActions } from '../hooks/useNotifications';
import { useReadAfterDisplay } from '../hooks/useReadAfterDisplay';
import { absoluteTime, relativeTime } from '../utils/notificationTime';

type NotificationsPopupProps = {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  notifications: readonly AppNotification[] | undefined;
  loadFailed: boolean;
  /** Unread when the popup opened: drawn as new while it stays open, though already marked read. */
  fresh: ReadonlySet<number>;
  actions: NotificationActions;
  zone: string;
};

type ItemProps = {
  notification: AppNotification;
  isNew: boolean;
  zone: string;
  actions: NotificationActions;
  accepting: boolean;
  onAccept: (id: number) => void;
};

function NotificationItem({ notification, isNew, zone, actions, accepting, onAccept }: ItemProps) {
  const unread = notification.status === NOTIFICATION_STATUS.unread;
  // A notification that arrives while the list is open is read once it has been on screen a moment.
  useReadAfterDisplay(notification.id, unread, actions.markRead);
  const highlighted = unread || isNew;
  return (
    <Box
      component="li"
      data-testid="notification-item"
      data-id={notification.id}
      data-status={notification.status}
      sx={{
        display: 'flex',
        gap: 1,
        px: 2,
        py: 1.25,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: highlighted ? 'action.hover' : undefined,
      }}
    >
      <Box
        aria-hidden
        sx={{
          mt: 0.75,
          width: 8,
          height: 8,
          flexShrink: 0,
          borderRadius: '50%',
          bgcolor: highlighted ? 'primary.main' : 'transparent',
        }}
      />
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: highlighted ? 700 : 500 }}>
          {notification.title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {notification.message}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5 }}>
          <Typography
            variant="caption"
            color="text.secondary"
            component="time"
            dateTime={notification.created_at}
            title={absoluteTime(notification.created_at, zone)}
          >
            {relativeTime(notification.created_at)}
          </Typography>
          {notification.type === 'free_shift' && notification.can_accept ? (
            <Button
              size="small"
              variant="contained"
              onClick={() => onAccept(notification.id)}
              loading={accepting}
              data-testid="notification-accept"
              sx={{ ml: 'auto', py: 0.25 }}
            >
              Accept
            </Button>
          ) : null}
        </Box>
      </Box>
      <IconButton
        size="small"
        aria-label={`Delete notification: ${notification.title}`}
        onClick={() => actions.remove(notification.id)}
        data-testid="notification-delete"
        sx={{ alignSelf: 'flex-start' }}
      >
        <DeleteOutlineIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function PopupBody({ notifications, loadFailed }: Pick<NotificationsPopupProps, 'notifications' | 'loadFailed'>) {
  if (notifications === undefined && !loadFailed) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress size={28} aria-label="Loading notifications" />
      </Box>
    );
  }
  if (notifications === undefined) {
    return (
      <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
        Notifications could not be loaded.
      </Typography>
    );
  }
  return (
    <Box sx={{ py: 5, display: 'flex', flexDirection: 'column', alignItems: 'center', color: 'text.secondary' }}>
      <NotificationsNoneIcon sx={{ fontSize: 40, mb: 1 }} />
      <Typography variant="body2" data-testid="notifications-empty">
        No notifications
      </Typography>
    </Box>
  );
}

/** The bell's list: newest first, each with its time, a delete icon, and Accept on open free-shift offers. */
export function NotificationsPopup({
  anchorEl,
  onClose,
  notifications,
  loadFailed,
  fresh,
  actions,
  zone,
}: NotificationsPopupProps) {
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const [accepted, setAccepted] = useState<string | null>(null);
  const accept = useMutation({
    mutationFn: notificationsApi.accept,
    onSuccess: (result) => {
      if (result.status !== 'ok') {
        setError(result.message || 'The shift could not be accepted.');
        return;
      }
      setAccepted(result.message || 'Shift accepted. It is now in your schedule.');
      void refreshAfter(queryClient, { kind: 'daysOff' });
    },
    onError: (failure) =>
      setError(failure instanceof ApiError ? failure.message : 'The shift could not be accepted. Try again.'),
    // Taken or not, the offer may have changed (filled, expired): show the server's list.
    onSettled: () => actions.refetch(),
  });

  const items = notifications ?? [];
  return (
    <>
      <TopBarPopover
        anchorEl={anchorEl}
        onClose={onClose}
        width={380}
        maxWidth="calc(100vw - 16px)"
        dialogLabel="Notifications"
      >
        <Box data-testid="notifications-popup">
          <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25 }}>
            <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700, flexGrow: 1 }}>
              Notifications
            </Typography>
            <Button
              size="small"
              onClick={actions.removeAll}
              disabled={items.length === 0}
              data-testid="notifications-clear-all"
            >
              Clear all
            </Button>
          </Box>
          <Divider />
          {items.length === 0 ? (
            <PopupBody notifications={notifications} loadFailed={loadFailed} />
          ) : (
            <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 440, overflowY: 'auto' }}>
              {items.map((notification) => (
                <NotificationItem
                  key={notification.id}
                  notification={notification}
                  isNew={fresh.has(notification.id)}
                  zone={zone}
                  actions={actions}
                  accepting={accept.isPending && accept.variables === notification.id}
                  onAccept={(id) => accept.mutate(id)}
                />
              ))}
            </Box>
          )}
        </Box>
      </TopBarPopover>
      <Dialog
        open={error !== null}
        onClose={() => setError(null)}
        aria-labelledby="notification-error-title"
        data-testid="notification-error"
      >
        <DialogTitle id="notification-error-title">The shift could not be accepted</DialogTitle>
        <DialogContent>
          <DialogContentText data-testid="notification-error-message">{error}</DialogContentText>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button variant="contained" onClick={() => setError(null)} data-testid="notification-error-close">
            OK
          </Button>
        </DialogActions>
      </Dialog>
      <Snackbar open={accepted !== null} autoHideDuration={6000} onClose={() => setAccepted(null)}>
        {accepted !== null ? (
          <Alert
            severity="success"
            variant="filled"
            onClose={() => setAccepted(null)}
            data-testid="notification-accepted"
          >
            {accepted}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
