import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import { SIMULTANEOUS_CALL_NOTICE } from '@shiftline/shared';

/** The notice of spec §2.8: another agent is on a call with this client, so nothing was dialled. */
export function SimultaneousCallNotice({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={onClose} aria-describedby="simultaneous-call-text" data-testid="simultaneous-call">
      <DialogContent>
        <DialogContentText id="simultaneous-call-text">{SIMULTANEOUS_CALL_NOTICE}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
