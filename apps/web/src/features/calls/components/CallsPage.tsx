import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { callStateLabel, readyStatusFor, statusTitle } from '@shiftline/shared';
import { Link as RouterLink } from 'react-router';
import { useCurrentUser } from '../../auth';
import { StatusIcon, StatusTimer, useStatusInfo } from '../../status';
import { useCallForUser } from '../hooks/useCallForUser';
import { callPagePath } from '../utils/currentCall';

/** Where the agent waits between calls (/inquiries/all_calls): their status, and their live call if they have one. */
export function CallsPage() {
  const user = useCurrentUser();
  const status = useStatusInfo();
  const live = useCallForUser();
  const ready = readyStatusFor(user.agent_call_type);
  const call = live.data?.call ?? null;
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 720 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          Calls
        </Typography>
        <Typography color="text.secondary">
          {ready === 'ready'
            ? `Calls arrive while you are ${statusTitle('ready')}: the call page opens by itself when one rings, and answers after a few seconds.`
            : `You make calls in ${statusTitle(ready)}; the call page opens for each call.`}
        </Typography>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, display: 'flex', alignItems: 'center', gap: 2 }} data-testid="calls-status">
        {status.data ? (
          <>
            <Box
              sx={{
                bgcolor: status.data.status.bgc,
                color: '#fff',
                borderRadius: '50%',
                width: 44,
                height: 44,
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <StatusIcon name={status.data.status.icon} />
            </Box>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="body2" color="text.secondary">
                Your status
              </Typography>
              <Typography sx={{ fontWeight: 600 }} data-testid="calls-status-title">
                {status.data.status.title} · <StatusTimer since={status.data.status.status_start_at} />
              </Typography>
            </Box>
            {call === null ? (
              <Typography variant="body2" color="text.secondary" data-testid="calls-waiting">
                {status.data.status.name === ready
                  ? 'Waiting for calls'
                  : `Choose ${statusTitle(ready)} in the top bar to take calls`}
              </Typography>
            ) : null}
          </>
        ) : status.isError ? (
          <Alert severity="error" sx={{ flexGrow: 1 }}>
            Your status could not be loaded: {status.error.message}
          </Alert>
        ) : (
          <Skeleton variant="rounded" height={44} sx={{ flexGrow: 1 }} />
        )}
      </Paper>
      {call ? (
        <Alert
          severity="info"
          data-testid="calls-live-call"
          action={
            <Button component={RouterLink} to={callPagePath(call.inquiry_id)} color="inherit" size="small">
              Open
            </Button>
          }
        >
          Your call with {call.client_phone} ({call.campaign.name}) is {callStateLabel(call.status)}.
        </Alert>
      ) : null}
    </Box>
  );
}
