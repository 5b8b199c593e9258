import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { formatDay } from '@shiftline/shared';
import { vacationDays } from '../../utils/vacationDays';

type CannotApproveDialogProps = { start: string; end: string; zone: string; onClose: () => void };

/** The spec's 'Cannot be approved!' dialog: the period already holds approved days off. */
export function CannotApproveDialog({ start, end, zone, onClose }: CannotApproveDialogProps) {
  const days = vacationDays(start, end, zone);
  return (
    <Dialog open onClose={onClose} aria-labelledby="cannot-approve-title" data-testid="cannot-approve-dialog">
      <DialogTitle id="cannot-approve-title">Cannot be approved!</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="cannot-approve-text">
          The days from the selected period {formatDay(days.start)} - {formatDay(days.end)} have already been approved
          as days off.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onClose} data-testid="cannot-approve-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
