import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { ApiError } from '../../../lib/apiError';

type DashboardLoadFailedProps = {
  /** Figures from an earlier answer are still on screen. */
  keptFigures: boolean;
  /** The failure to explain: the server's message when it sent one. */
  error: Error | null;
  onRetry: () => void;
};

/** Above the cards when the figures could not be loaded: why, and a Retry that asks again at once. */
export function DashboardLoadFailed({ keptFigures, error, onRetry }: DashboardLoadFailedProps) {
  const what = keptFigures
    ? 'The figures for these choices could not be loaded; the ones shown are from before.'
    : 'The figures could not be loaded.';
  const why = error instanceof ApiError ? error.message : 'Check your connection and retry.';
  return (
    <Alert
      severity={keptFigures ? 'warning' : 'error'}
      data-testid="dashboard-load-failed"
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid="dashboard-load-retry">
          Retry
        </Button>
      }
    >
      {what} {why}
    </Alert>
  );
}
