import CallIcon from '@mui/icons-material/Call';
import CallEndIcon from '@mui/icons-material/CallEnd';
import ErrorIcon from '@mui/icons-material/ErrorOutlined';
import MicOffIcon from '@mui/icons-material/MicOff';
import PauseCircleIcon from '@mui/icons-material/PauseCircleOutlined';
import PhoneDisabledIcon from '@mui/icons-material/PhoneDisabled';
import PhoneEnabledIcon from '@mui/icons-material/PhoneEnabled';
import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import PhonePausedIcon from '@mui/icons-material/PhonePaused';
import RingVolumeIcon from '@mui/icons-material/RingVolume';
import WarningIcon from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { ReactElement } from 'react';
import type { SoftphoneView } from '../controller';
import { PHONE_PROBLEM_TEXT, PHONE_STATE_LABELS, type PhoneState } from '../machine';

const ICONS: Record<PhoneState, ReactElement> = {
  unregistered: <PhoneDisabledIcon />,
  registered: <PhoneEnabledIcon />,
  incoming: <RingVolumeIcon />,
  outgoing: <PhoneForwardedIcon />,
  in_progress: <CallIcon />,
  on_hold: <PhonePausedIcon />,
  muted: <MicOffIcon />,
  ended: <CallEndIcon />,
  fail: <ErrorIcon />,
  technical_issue: <WarningIcon />,
  paused: <PauseCircleIcon />,
};

type ChipColor = 'default' | 'success' | 'primary' | 'warning' | 'error' | 'info';
const COLORS: Record<PhoneState, ChipColor> = {
  unregistered: 'default',
  registered: 'success',
  incoming: 'primary',
  outgoing: 'primary',
  in_progress: 'success',
  on_hold: 'warning',
  muted: 'warning',
  ended: 'info',
  fail: 'error',
  technical_issue: 'error',
  paused: 'default',
};

/** The softphone's state in the top bar, beside the status menu: compact, labelled, read out when it changes. */
export function SoftphoneIndicator({ view }: { view: SoftphoneView }) {
  const label = PHONE_STATE_LABELS[view.state];
  const detail = view.problem ? PHONE_PROBLEM_TEXT[view.problem] : `Softphone: ${label}`;
  return (
    <Tooltip title={detail}>
      <Chip
        size="small"
        variant={view.state === 'registered' || view.state === 'paused' ? 'outlined' : 'filled'}
        color={COLORS[view.state]}
        icon={ICONS[view.state]}
        label={label}
        role="status"
        aria-live="polite"
        aria-label={`Softphone: ${label}${view.problem ? `. ${PHONE_PROBLEM_TEXT[view.problem]}` : ''}`}
        data-testid="softphone-state"
        data-state={view.state}
        sx={{ '& .MuiChip-label': { display: { xs: 'none', sm: 'block' } } }}
      />
    </Tooltip>
  );
}
