import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { DateTime } from 'luxon';
import { useState } from 'react';
import type { OverlappingShift } from '../api';

type ScheduleShiftsDialogProps = {
  shifts: OverlappingShift[];
  zone: string;
  busy: 'send' | 'approve' | 'reject' | null;
  /** Send: the checked shifts are offered to other agents; all listed shifts are canceled. */
  onSend: (offered: number[]) => void;
  onApproveWithoutSending: () => void;
  onClose: () => void;
};

/** 'Nov 23, 2026, 9:00 AM – 5:00 PM' in the viewer's zone (the end's date too when it falls on a later day). */
export function shiftLabel(shift: OverlappingShift, zone: string): string {
  const start = DateTime.fromISO(shift.start_utc, { zone }).setLocale('en-US');
  const end = DateTime.fromISO(shift.end_utc, { zone }).setLocale('en-US');
  const endText = end.hasSame(start, 'day') ? end.toFormat('h:mm a') : end.toFormat('LLL d, h:mm a');
  return `${start.toFormat('LLL d, yyyy, h:mm a')} – ${endText}`;
}

/** The spec's 'Schedule' dialog: the shifts overlapping the days off, to offer to other agents or simply remove. */
export function ScheduleShiftsDialog({
  shifts,
  zone,
  busy,
  onSend,
  onApproveWithoutSending,
  onClose,
}: ScheduleShiftsDialogProps) {
  const [checked, setChecked] = useState<ReadonlySet<number>>(() => new Set(shifts.map((shift) => shift.id)));
  const toggle = (id: number) =>
    setChecked((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  return (
    <Dialog
      open
      onClose={busy === null ? onClose : undefined}
      aria-labelledby="vacation-schedule-title"
      fullWidth
      maxWidth="sm"
      data-testid="vacation-schedule-dialog"
    >
      <DialogTitle id="vacation-schedule-title">Schedule</DialogTitle>
      <DialogContent>
        <DialogContentText>
          Do you want to send the notification about the following shifts to other available agents?
        </DialogContentText>
        <Box sx={{ display: 'flex', flexDirection: 'column', mt: 1.5 }}>
          {shifts.map((shift) => (
            <FormControlLabel
              key={shift.id}
              control={<Checkbox checked={checked.has(shift.id)} onChange={() => toggle(shift.id)} />}
              label={shiftLabel(shift, zone)}
              data-testid="vacation-shift-choice"
              data-id={shift.id}
              data-checked={checked.has(shift.id)}
              disabled={busy !== null}
            />
          ))}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, gap: 1, flexWrap: 'wrap' }}>
        <Button
          onClick={onApproveWithoutSending}
          loading={busy === 'approve'}
          disabled={busy === 'send'}
          data-testid="vacation-approve-without-sending"
        >
          Approve without sending
        </Button>
        <Button
          variant="contained"
          onClick={() => onSend(shifts.filter((shift) => checked.has(shift.id)).map((shift) => shift.id))}
          loading={busy === 'send'}
          disabled={busy === 'approve'}
          data-testid="vacation-send"
        >
          Send
        </Button>
      </DialogActions>
    </Dialog>
  );
}
