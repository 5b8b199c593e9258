import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { CallRecordings } from './CallRecordings';

/** The call log's Recording cell: the recordings' length, opening a dialog to play and download them. */
export function RecordingsButton({ callId, label, zone }: { callId: number; label: string; zone: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="small"
        startIcon={<PlayCircleOutlineIcon />}
        // The row opens the call page on a click: this cell's click is its own.
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        aria-label={`Play the recording of call ${callId} (${label})`}
        data-testid="table-recording"
      >
        {label}
      </Button>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(false)}
          onClick={(event) => event.stopPropagation()}
          maxWidth="sm"
          fullWidth
          data-testid="recordings-dialog"
        >
          <DialogTitle>Recording of call {callId}</DialogTitle>
          <DialogContent>
            <CallRecordings callId={callId} zone={zone} />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)}>Close</Button>
          </DialogActions>
        </Dialog>
      ) : null}
    </>
  );
}
