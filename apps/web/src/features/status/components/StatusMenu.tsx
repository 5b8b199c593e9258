import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Typography from '@mui/material/Typography';
import { type CurrentStatusInfo, READY_OUTBOUND_EXPLANATION } from '@shiftline/shared';
import { useState } from 'react';
import { type Notice, NoticeSnackbar } from '../../../ui/NoticeSnackbar';
import { useElapsed } from '../hooks/useElapsed';
import { useSetStatus } from '../hooks/useSetStatus';
import { useLiveStatus, useStatusInfo } from '../hooks/useStatusInfo';
import { formatElapsed } from '../utils/elapsed';
import { StatusIcon } from './StatusIcon';

/** The running time in the current status, hh:mm:ss on the server's clock. */
export function StatusTimer({ since, testId }: { since: string; testId?: string }) {
  const seconds = useElapsed(since);
  return (
    <Box component="span" data-testid={testId} sx={{ fontVariantNumeric: 'tabular-nums' }}>
      {formatElapsed(seconds)}
    </Box>
  );
}

/** The status as a coloured chip: icon, title and timer. */
function StatusChipContent({ info }: { info: CurrentStatusInfo }) {
  const { status } = info;
  return (
    <>
      <StatusIcon name={status.icon} fontSize="small" />
      <Box sx={{ textAlign: 'left', lineHeight: 1.1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="status-title">
          {status.title}
        </Typography>
        <Typography variant="caption" component="div" sx={{ opacity: 0.9 }}>
          <StatusTimer since={status.status_start_at} testId="status-timer" />
        </Typography>
      </Box>
      <KeyboardArrowDownIcon fontSize="small" />
    </>
  );
}

/** The ready (dial pad) explanation of spec §2.7, under the top bar while the agent is in Ready (Outbound). */
function ReadyOutboundExplanation({ since }: { since: string }) {
  // Dismissed for this stay in the status; entering Ready (Outbound) again shows it again.
  const [dismissedFor, setDismissedFor] = useState<string | null>(null);
  return (
    <Snackbar open={dismissedFor !== since} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} sx={{ mt: 7 }}>
      <Alert
        severity="info"
        variant="outlined"
        onClose={() => setDismissedFor(since)}
        data-testid="ready-outbound-explanation"
        sx={{ bgcolor: 'background.paper', boxShadow: 3, maxWidth: 560 }}
      >
        {READY_OUTBOUND_EXPLANATION}
      </Alert>
    </Snackbar>
  );
}

/**
 * The agent's live status in the top bar (spec §2.7): the current status with its running time, and a menu of the
 * statuses the server offers from it, in the server's order. A refused change leaves the status as it was and says
 * why. During a call nothing is offered: the call engine moves the agent on.
 */
export function StatusMenu({ userId }: { userId: number }) {
  const info = useStatusInfo();
  useLiveStatus(userId, true);
  const setStatus = useSetStatus();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  if (info.data === undefined) {
    if (info.isError) {
      return (
        <ButtonBase
          onClick={() => void info.refetch()}
          data-testid="status-menu-button"
          sx={{ borderRadius: 2, px: 1.5, py: 0.75, border: 1, borderColor: 'divider' }}
        >
          <Typography variant="body2">Status unavailable · retry</Typography>
        </ButtonBase>
      );
    }
    return <Skeleton variant="rounded" width={150} height={40} data-testid="status-loading" />;
  }

  const current = info.data;
  const choose = (name: string) => {
    setAnchor(null);
    setStatus.mutate(
      { status_name: name },
      { onError: (error) => setNotice({ severity: 'error', message: error.message }) },
    );
  };

  return (
    <>
      <ButtonBase
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        aria-label={`Status: ${current.status.title}. Change status`}
        disabled={setStatus.isPending}
        data-testid="status-menu-button"
        data-status={current.status.name}
        sx={{
          gap: 1,
          px: 1.25,
          py: 0.5,
          borderRadius: 2,
          bgcolor: current.status.bgc,
          color: '#fff',
          minWidth: 0,
          maxWidth: 240,
          '&:hover': { filter: 'brightness(1.08)' },
          '&.Mui-disabled': { opacity: 0.7 },
        }}
      >
        <StatusChipContent info={current} />
      </ButtonBase>
      <Menu
        anchorEl={anchor}
        open={anchor !== null}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { dense: true, 'aria-label': 'Change status' } as object }}
      >
        {current.status.name === 'ready_outbound' ? (
          <Box sx={{ px: 2, py: 1, maxWidth: 320 }}>
            <Typography variant="caption" color="text.secondary">
              {READY_OUTBOUND_EXPLANATION}
            </Typography>
          </Box>
        ) : null}
        {current.status_transitions.length === 0 ? (
          <MenuItem disabled data-testid="status-no-options">
            Your status changes when the call is over
          </MenuItem>
        ) : (
          current.status_transitions.map((option) => (
            <MenuItem
              key={option.name}
              onClick={() => choose(option.name)}
              data-testid="status-option"
              data-status={option.name}
            >
              <ListItemIcon>
                <StatusIcon name={option.icon} fontSize="small" sx={{ color: option.bgc }} />
              </ListItemIcon>
              <ListItemText>{option.title}</ListItemText>
            </MenuItem>
          ))
        )}
      </Menu>
      {current.status.name === 'ready_outbound' ? (
        <ReadyOutboundExplanation since={current.status.status_start_at} />
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="status-notice" />
    </>
  );
}
