import KeyboardArrowDownIcon from '@mui/icons-material/KeyboardArrowDown';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { CurrentStatusInfo } from '@shiftline/shared';
import { lazy, Suspense, useState } from 'react';
import type { Notice } from '../../../ui/NoticeSnackbar';
import { useLazyMenu } from '../../../ui/useLazyMenu';
import { useElapsed } from '../hooks/useElapsed';
import { useSetStatus } from '../hooks/useSetStatus';
import { useLiveStatus, useStatusInfo } from '../hooks/useStatusInfo';
import { formatElapsed } from '../utils/elapsed';
import { StatusIcon } from './StatusIcon';

// The menu, the ready (dial pad) explanation and the refusal notice load when first needed, not with the first page
// (MUI's popover and snackbar code stays off it).
const StatusOptionsMenu = lazy(async () => ({ default: (await import('./StatusOptionsMenu')).StatusOptionsMenu }));
const ReadyOutboundExplanation = lazy(async () => ({
  default: (await import('./ReadyOutboundExplanation')).ReadyOutboundExplanation,
}));
const NoticeSnackbar = lazy(async () => ({ default: (await import('../../../ui/NoticeSnackbar')).NoticeSnackbar }));

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

/**
 * The agent's live status in the top bar (spec §2.7): the current status with its running time, and a menu of the
 * statuses the server offers from it, in the server's order. A refused change leaves the status as it was and says
 * why. During a call nothing is offered: the call engine moves the agent on.
 */
export function StatusMenu({ userId }: { userId: number }) {
  const info = useStatusInfo();
  useLiveStatus(userId, true);
  const setStatus = useSetStatus();
  const menu = useLazyMenu();
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
    menu.close();
    setStatus.mutate(
      { status_name: name },
      { onError: (error) => setNotice({ severity: 'error', message: error.message }) },
    );
  };

  return (
    <>
      <ButtonBase
        onClick={menu.open}
        aria-haspopup="menu"
        aria-expanded={menu.anchor !== null}
        title="Change status"
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
      {menu.wanted ? (
        <Suspense fallback={null}>
          <StatusOptionsMenu info={current} anchorEl={menu.anchor} onClose={menu.close} onChoose={choose} />
        </Suspense>
      ) : null}
      {current.status.name === 'ready_outbound' || notice !== null ? (
        <Suspense fallback={null}>
          {current.status.name === 'ready_outbound' ? (
            <ReadyOutboundExplanation since={current.status.status_start_at} />
          ) : null}
          {notice !== null ? (
            <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="status-notice" />
          ) : null}
        </Suspense>
      ) : null}
    </>
  );
}
