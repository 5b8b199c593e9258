import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { Shift } from '@shiftline/shared';
import { formatDay, localDateInZone } from '@shiftline/shared';
import { formatTimeRange } from '../utils/localTime';

type CanceledShiftDialogProps = { shift: Shift; zone: string; onClose: () => void };

/** What a canceled shift was and why it was canceled. */
export function CanceledShiftDialog({ shift, zone, onClose }: CanceledShiftDialogProps) {
  const start = Date.parse(shift.start_utc);
  const end = Date.parse(shift.end_utc);
  return (
    <Dialog open onClose={onClose} aria-labelledby="canceled-shift-title" data-testid="canceled-shift-dialog">
      <DialogTitle id="canceled-shift-title">Canceled shift</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary">
          {formatDay(localDateInZone(start, zone))}
        </Typography>
        <Typography variant="h3" sx={{ mb: 2 }} data-testid="canceled-shift-time">
          {formatTimeRange(start, end, zone)}
        </Typography>
        <Typography variant="subtitle2">Reason</Typography>
        <Typography
          variant="body2"
          color={shift.reason ? 'text.primary' : 'text.secondary'}
          data-testid="canceled-shift-reason"
        >
          {shift.reason ?? 'No reason was given.'}
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} variant="contained">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
