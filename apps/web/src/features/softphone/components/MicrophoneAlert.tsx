import Alert from '@mui/material/Alert';
import Snackbar from '@mui/material/Snackbar';

/** The blocked-microphone alert (spec §5, §8), shown until the agent closes it. */
export function MicrophoneAlert({ text, onClose }: { text: string; onClose: () => void }) {
  return (
    <Snackbar open anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
      <Alert severity="error" variant="filled" onClose={onClose} data-testid="microphone-alert">
        {text}
      </Alert>
    </Snackbar>
  );
}
