import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { formatDay, localDateInZone } from '@shiftline/shared';
import { useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { formatTimeRange } from '../../schedule';
import { teamScheduleApi } from '../api';
import { useShiftTransition } from '../hooks/useShiftTransition';
import type { TimePoint } from './ShiftBar';

/** The question the spec asks before cancelling an approved or canceled shift. */
export const CANCEL_QUESTION = 'Are you sure you want to cancel this shift?';

type CancelShiftDialogProps = {
  shift: TimePoint;
  agentName: string;
  zone: string;
  onClose: () => void;
  onCanceled: () => void;
};

/**
 * The canceled-shift dialog of the trash icon: approved and canceled shifts get the spec's question
 * (a canceled one is refused by the server, whose message shows here); a reason may be given.
 */
export function CancelShiftDialog({ shift, agentName, zone, onClose, onCanceled }: CancelShiftDialogProps) {
  const [reason, setReason] = useState('');
  const cancel = useShiftTransition(teamScheduleApi.cancelEvent, {
    status: 'canceled',
    idsOf: ({ id }) => [id],
    reloadMonth: true,
  });
  const start = Date.parse(shift.start_utc);
  const end = Date.parse(shift.end_utc);
  const asks = shift.status === 'approved' || shift.status === 'canceled';
  const error = cancel.error
    ? cancel.error instanceof ApiError
      ? cancel.error.message
      : 'Cancelling failed. Please try again.'
    : null;

  return (
    <Dialog
      open
      onClose={cancel.isPending ? undefined : onClose}
      maxWidth="xs"
      fullWidth
      aria-labelledby="cancel-shift-title"
      data-testid="cancel-shift-dialog"
    >
      <DialogTitle id="cancel-shift-title">Cancel shift</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2 }}>
        {error ? (
          <Alert severity="error" data-testid="cancel-shift-error">
            {error}
          </Alert>
        ) : null}
        <DialogContentText data-testid="cancel-shift-question">
          {asks ? CANCEL_QUESTION : 'The pending shift will be canceled.'}
        </DialogContentText>
        <div>
          <Typography variant="subtitle2">{agentName}</Typography>
          <Typography variant="body2" color="text.secondary" data-testid="cancel-shift-time">
            {formatDay(localDateInZone(start, zone))}, {formatTimeRange(start, end, zone)}
          </Typography>
        </div>
        <TextField
          label="Reason"
          size="small"
          multiline
          minRows={2}
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            if (cancel.error) cancel.reset();
          }}
          helperText="Optional; the agent sees it."
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'cancel-shift-reason' } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={cancel.isPending} data-testid="cancel-shift-no">
          {asks ? 'No' : 'Close'}
        </Button>
        <Button
          variant="contained"
          color="error"
          loading={cancel.isPending}
          onClick={() => cancel.mutate({ id: shift.id, reason: reason.trim() || undefined }, { onSuccess: onCanceled })}
          data-testid="cancel-shift-confirm"
        >
          {asks ? 'Yes, cancel it' : 'Cancel shift'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
