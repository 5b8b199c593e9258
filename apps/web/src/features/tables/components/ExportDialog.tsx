import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { ExportState } from '../hooks/useTableExport';

type Props = { state: ExportState; onClose: () => void };

const count = (value: number) => value.toLocaleString('en-US');

/** The export's progress (rows read of x-total-rows), its file, or why it did not run. */
export function ExportDialog({ state, onClose }: Props) {
  if (state.phase === 'idle') return null;
  const running = state.phase === 'running';
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="export-title" data-testid="export-dialog">
      <DialogTitle id="export-title">Export to CSV</DialogTitle>
      <DialogContent>
        {state.phase === 'needs-period' ? (
          <Alert severity="warning" data-testid="export-message">
            {state.message}
          </Alert>
        ) : null}
        {state.phase === 'failed' ? (
          <Alert severity="error" data-testid="export-message">
            {state.message}
          </Alert>
        ) : null}
        {state.phase === 'running' ? (
          <>
            <LinearProgress
              variant={state.total ? 'determinate' : 'indeterminate'}
              value={state.total ? Math.min(100, (state.rows / state.total) * 100) : undefined}
              aria-label="Export progress"
            />
            <Typography variant="body2" sx={{ mt: 1 }} data-testid="export-progress">
              {state.total === null
                ? `${count(state.rows)} rows read`
                : `${count(state.rows)} of ${count(state.total)} rows`}
            </Typography>
          </>
        ) : null}
        {state.phase === 'done' ? (
          <Typography variant="body2" data-testid="export-done" data-rows={state.rows}>
            {`${count(state.rows)} rows saved as ${state.fileName}`}
          </Typography>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="export-close">
          {running ? 'Cancel' : 'Close'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
