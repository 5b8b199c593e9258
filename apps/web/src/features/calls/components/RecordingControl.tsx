import FiberManualRecordIcon from '@mui/icons-material/FiberManualRecord';
import MicOffIcon from '@mui/icons-material/MicOff';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useLiveRecording } from '../hooks/useRecordings';

/**
 * The live call's recording, for its agent: a chip saying it is recorded (or paused), and Pause recording / Resume
 * recording around what must not be recorded (a card number). Nothing when the call is not recorded.
 */
export function RecordingControl({ callId }: { callId: number }) {
  const { state, toggle } = useLiveRecording(callId);
  if (!state.data?.recorded) return null;
  const paused = state.data.paused;
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      data-testid="recording-control"
      data-paused={String(paused)}
    >
      <Chip
        size="small"
        icon={paused ? <MicOffIcon /> : <FiberManualRecordIcon />}
        color={paused ? 'warning' : 'error'}
        variant="outlined"
        label={paused ? 'Recording paused' : 'Recording'}
      />
      <Button
        size="small"
        variant="outlined"
        color={paused ? 'primary' : 'warning'}
        onClick={() => toggle.mutate(!paused)}
        loading={toggle.isPending}
        data-testid={paused ? 'recording-resume' : 'recording-pause'}
      >
        {paused ? 'Resume recording' : 'Pause recording'}
      </Button>
      {toggle.error ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {toggle.error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
