import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';
import type { OfferEnd } from '../utils/offerEnd';

const TEXT: Record<OfferEnd, string> = {
  missed: 'Missed call: it rang without an answer and went back to the queue.',
  caller_left: 'The caller hung up before the call was answered.',
};

/** Why the call page closed by itself (issue 26 item 1), with the status the agent is in now. */
export function OfferEndedNotice({
  end,
  statusTitle,
  onClose,
}: {
  end: OfferEnd;
  statusTitle: string | null;
  onClose: () => void;
}) {
  return (
    <Snackbar
      open
      autoHideDuration={20_000}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      sx={{ mt: 7 }}
    >
      <Alert severity="warning" variant="filled" onClose={onClose} data-testid="offer-ended" data-end={end}>
        {TEXT[end]}
        {statusTitle ? ` Your status: ${statusTitle}.` : ''}
      </Alert>
    </Snackbar>
  );
}
