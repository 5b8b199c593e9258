import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { QueueCallbackEvent } from '@shiftline/shared/api/events';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCallWatcher } from '../hooks/useCallWatcher';

/** The queue-callback notice's text (spec §8). */
export const queueCallbackText = (event: QueueCallbackEvent) =>
  event.is_voice_mail
    ? 'You have a queue callback next. This client left a voicemail.'
    : 'You have a queue callback next.';

/**
 * Mounted once in the signed-in shell for roles that take calls: opens the call page when a call rings for the agent
 * or when the app opens during a call, and shows the queue-callback notice with Proceed.
 */
export function CallWatcher({ userId }: { userId: number }) {
  const navigate = useNavigate();
  const [callback, setCallback] = useState<QueueCallbackEvent | null>(null);
  useCallWatcher(userId, setCallback);
  return (
    <Snackbar
      open={callback !== null}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ mt: 7 }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setCallback(null);
      }}
    >
      {callback ? (
        <Alert
          severity="info"
          variant="filled"
          data-testid="queue-callback-notice"
          action={
            <>
              <Button
                color="inherit"
                size="small"
                data-testid="queue-callback-proceed"
                onClick={() => {
                  setCallback(null);
                  void navigate(callback.url);
                }}
              >
                Proceed
              </Button>
              <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={() => setCallback(null)}>
                <CloseIcon fontSize="small" />
              </IconButton>
            </>
          }
        >
          {queueCallbackText(callback)}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
