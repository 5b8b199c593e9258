import Alert, { type AlertColor } from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

export type Notice = { severity: AlertColor; message: string };

type NoticeSnackbarProps = {
  notice: Notice | null;
  onClose: () => void;
  testId: string;
};

/** The short confirmation or error a page shows after an action; it hides itself after 6 s. */
export function NoticeSnackbar({ notice, onClose, testId }: NoticeSnackbarProps) {
  return (
    <Snackbar open={notice !== null} autoHideDuration={6000} onClose={onClose}>
      {notice ? (
        <Alert severity={notice.severity} variant="filled" onClose={onClose} data-testid={testId}>
          {notice.message}
        </Alert>
      ) : undefined}
    </Snackbar>
  );
}
