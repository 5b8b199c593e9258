import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

type ScheduleLoadFailedProps = {
  /** Retry the load; only the month view offers it (one button is enough). */
  onRetry?: () => void;
  /** The calendar's height, so the page does not jump when it comes back. */
  height: number;
};

/** In place of a calendar whose shifts could not be loaded: a quiet note, never an empty month. */
export function ScheduleLoadFailed({ onRetry, height }: ScheduleLoadFailedProps) {
  return (
    <Box sx={{ minHeight: height, pt: 1 }}>
      <Alert
        severity="info"
        data-testid="schedule-load-failed"
        action={
          onRetry ? (
            <Button color="inherit" size="small" onClick={onRetry} data-testid="schedule-load-retry">
              Retry
            </Button>
          ) : undefined
        }
      >
        The schedule could not be loaded, so no shifts are shown. Check your connection and retry.
      </Alert>
    </Box>
  );
}
