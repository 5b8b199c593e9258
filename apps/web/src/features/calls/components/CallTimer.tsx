import Typography from '@mui/material/Typography';
import type { CallData } from '@shiftline/shared';
import { formatElapsed, useElapsed } from '../../status';

/**
 * The call's talk time: counting while connected, fixed once the call is hung up; ring time while it rings; the
 * caller's wait while the call waits in the queue (since it arrived), as a supervisor about to pick it up sees it.
 */
export function CallTimer({ call }: { call: CallData }) {
  const start = call.answered_at ?? call.offered_at ?? (call.status === 'queued' ? call.queued_at : null);
  const ticking = useElapsed(call.ended_at === null ? start : null);
  const seconds =
    call.ended_at !== null && start !== null ? (Date.parse(call.ended_at) - Date.parse(start)) / 1000 : ticking;
  return (
    <Typography
      component="span"
      data-testid="call-timer"
      sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 600, fontSize: '1.25rem' }}
    >
      {formatElapsed(seconds)}
    </Typography>
  );
}
