import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';

type CrmWarningDialogProps = { open: boolean; message: string; onDismiss: () => void };

/** The server's CRM-id warning, until OK (or Escape, or a click outside) dismisses it. */
export function CrmWarningDialog({ open, message, onDismiss }: CrmWarningDialogProps) {
  return (
    <Dialog open={open} onClose={onDismiss} maxWidth="sm" data-testid="crm-warning">
      <DialogTitle>CRM ID check</DialogTitle>
      <DialogContent>
        <Alert severity="warning">{message}</Alert>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={onDismiss} data-testid="crm-warning-ok">
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
