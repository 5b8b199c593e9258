import CallEndIcon from '@mui/icons-material/CallEnd';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { CallData } from '@shiftline/shared';
import { PhoneCallControls, useSoftphone } from '../../softphone';
import { callsApi } from '../api';
import { useCallAction } from '../hooks/useCallAction';

/** Hold / Resume and End call for a connected call: on the softphone when there is one, else through the server. */
export function CallControls({ call }: { call: CallData }) {
  const phone = useSoftphone();
  if (phone) return <PhoneCallControls callId={call.current_call_id} />;
  return <ServerCallControls call={call} />;
}

/** The simulated phone network's controls: each step goes straight to the server. */
function ServerCallControls({ call }: { call: CallData }) {
  const flow = useCallAction((step: 'hold' | 'talk') => callsApi.flow(call.current_call_id, step));
  const end = useCallAction(() => callsApi.endCall(call.current_call_id));
  const connected = call.status === 'talking' || call.status === 'on_hold';
  const busy = flow.isPending || end.isPending;
  const error = flow.error ?? end.error;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      {call.status === 'on_hold' ? (
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          onClick={() => flow.mutate('talk')}
          disabled={busy}
          loading={flow.isPending}
          data-testid="call-resume"
        >
          Resume
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<PauseIcon />}
          onClick={() => flow.mutate('hold')}
          disabled={!connected || busy}
          loading={flow.isPending}
          data-testid="call-hold"
        >
          Hold
        </Button>
      )}
      <Button
        variant="contained"
        color="error"
        startIcon={<CallEndIcon />}
        onClick={() => end.mutate()}
        disabled={!connected || busy}
        loading={end.isPending}
        data-testid="call-end"
      >
        End call
      </Button>
      {error ? (
        <Alert severity="error" sx={{ py: 0 }}>
          {error.message}
        </Alert>
      ) : null}
    </Box>
  );
}
