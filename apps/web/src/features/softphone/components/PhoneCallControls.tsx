import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useSoftphone, useSoftphoneView } from '../store';
import { Keypad } from './Keypad';

/**
 * Hold / Resume, Mute / Unmute, the keypad and End call of a connected call, on the softphone: each acts on the SIP
 * call, and the phone reports the step to the server (call_data; end_call when the agent hangs up).
 */
export function PhoneCallControls({ callId }: { callId: number }) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const [ending, setEnding] = useState(false);
  const onThisCall =
    view !== null && view.callId === callId && ['in_progress', 'on_hold', 'muted'].includes(view.state);
  const busy = !onThisCall || ending;
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="phone-controls">
      {view?.held ? (
        <Button
          variant="outlined"
          startIcon={<PlayArrowIcon />}
          onClick={phone?.unhold}
          disabled={busy}
          data-testid="call-resume"
        >
          Resume
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<PauseIcon />}
          onClick={phone?.hold}
          disabled={busy}
          data-testid="call-hold"
        >
          Hold
        </Button>
      )}
      {view?.muted ? (
        <Button
          variant="outlined"
          startIcon={<MicIcon />}
          onClick={phone?.unmute}
          disabled={busy}
          data-testid="call-unmute"
        >
          Unmute
        </Button>
      ) : (
        <Button
          variant="outlined"
          startIcon={<MicOffIcon />}
          onClick={phone?.mute}
          disabled={busy}
          data-testid="call-mute"
        >
          Mute
        </Button>
      )}
      <Keypad onTone={(tone) => phone?.sendDtmf(tone)} disabled={busy} />
      <Button
        variant="contained"
        color="error"
        startIcon={<CallEndIcon />}
        onClick={() => {
          setEnding(true);
          void phone?.hangUp().finally(() => setEnding(false));
        }}
        disabled={!onThisCall}
        loading={ending}
        data-testid="call-end"
      >
        End call
      </Button>
    </Box>
  );
}
