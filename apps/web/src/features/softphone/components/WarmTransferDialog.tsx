import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { WarmTransferEvent } from '@shiftline/shared/api/events';

/** The warm-transfer question, word for word (spec §8). */
export const warmTransferText = (event: Pick<WarmTransferEvent, 'agent' | 'campaign'>) =>
  `${event.agent} wants to add you to the conference with the client for ${event.campaign}. Do you accept the warm transfer?`;

type WarmTransferDialogProps = {
  request: WarmTransferEvent;
  busy: boolean;
  error: string | null;
  onAccept: () => void;
  onDecline: () => void;
};

/** The accept dialog a warm-transfer event opens (spec §2.7, §4). */
export function WarmTransferDialog({ request, busy, error, onAccept, onDecline }: WarmTransferDialogProps) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onDecline}
      aria-labelledby="warm-transfer-title"
      data-testid="warm-transfer"
    >
      <DialogTitle id="warm-transfer-title">Warm transfer</DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="warm-transfer-text">{warmTransferText(request)}</DialogContentText>
        {error ? (
          <DialogContentText color="error" role="alert" sx={{ mt: 1 }}>
            {error}
          </DialogContentText>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onDecline} disabled={busy} data-testid="warm-transfer-decline">
          Decline
        </Button>
        <Button variant="contained" onClick={onAccept} loading={busy} data-testid="warm-transfer-accept">
          Accept
        </Button>
      </DialogActions>
    </Dialog>
  );
}
