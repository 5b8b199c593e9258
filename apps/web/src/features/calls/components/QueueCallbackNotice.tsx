import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { QueueCallbackEvent } from '@shiftline/shared/api/events';

/** The queue-callback notice's text (spec §8). */
export const queueCallbackText = (event: QueueCallbackEvent) =>
  event.is_voice_mail
    ? 'You have a queue callback next. This client left a voicemail.'
    : 'You have a queue callback next.';

type QueueCallbackNoticeProps = { callback: QueueCallbackEvent; onProceed: () => void; onClose: () => void };

/** 'You have a queue callback next.' with Proceed, which opens the callback's page (spec §4). */
export function QueueCallbackNotice({ callback, onProceed, onClose }: QueueCallbackNoticeProps) {
  return (
    <Snackbar
      open
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ mt: 7 }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
    >
      <Alert
        severity="info"
        variant="filled"
        data-testid="queue-callback-notice"
        action={
          <>
            <Button color="inherit" size="small" data-testid="queue-callback-proceed" onClick={onProceed}>
              Proceed
            </Button>
            <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {queueCallbackText(callback)}
      </Alert>
    </Snackbar>
  );
}
