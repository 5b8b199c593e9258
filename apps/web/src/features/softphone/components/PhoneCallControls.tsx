import CallEndIcon from '@mui/icons-material/CallEnd';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { type ComponentType, useState } from 'react';
import { useSoftphone, useSoftphoneView } from '../store';
import { Keypad } from './Keypad';

type ToggleSide = {
  label: string;
  Icon: ComponentType;
  act: 'hold' | 'unhold' | 'mute' | 'unmute';
  testId: string;
};

/** The two-way buttons: by the view's flag, the button that undoes it (Resume, Unmute) or the one that sets it. */
const TOGGLES: readonly { flag: 'held' | 'muted'; set: ToggleSide; unset: ToggleSide }[] = [
  {
    flag: 'held',
    set: { label: 'Hold', Icon: PauseIcon, act: 'hold', testId: 'call-hold' },
    unset: { label: 'Resume', Icon: PlayArrowIcon, act: 'unhold', testId: 'call-resume' },
  },
  {
    flag: 'muted',
    set: { label: 'Mute', Icon: MicOffIcon, act: 'mute', testId: 'call-mute' },
    unset: { label: 'Unmute', Icon: MicIcon, act: 'unmute', testId: 'call-unmute' },
  },
];

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
      {TOGGLES.map(({ flag, set, unset }) => {
        const { label, Icon, act, testId } = view?.[flag] ? unset : set;
        return (
          <Button
            key={flag}
            variant="outlined"
            startIcon={<Icon />}
            onClick={phone?.[act]}
            disabled={busy}
            data-testid={testId}
          >
            {label}
          </Button>
        );
      })}
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
