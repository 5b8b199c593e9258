import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { type AgentStateRow, can } from '@shiftline/shared';
import { useMemo, useState } from 'react';
import { AgentCampaignsDialog } from '../../agents';
import { useCurrentUser } from '../../auth';
import { SimultaneousCallNotice, useDialColdCall } from '../../coldCalls';
import { useAgentStateReport } from '../hooks/useAgentStateReport';
import { useCampaignStatus } from '../hooks/useCampaignStatus';
import { useServerNow } from '../hooks/useServerNow';
import type { AgentStateFilter } from '../utils/agentStateRows';
import { campaignStatusRows } from '../utils/campaignStatusRows';
import { AgentStateTable } from './AgentStateTable';
import { CampaignStatusTable } from './CampaignStatusTable';
import { LiveReportFilters } from './LiveReportFilters';

const NO_FILTER: AgentStateFilter = { campaigns: [], callType: null };

/**
 * The agent state report (spec §2.3): the filter bar, the agents table and the campaign status table, both kept live
 * by the events (spec §4). A name opens the agent's campaigns popup; only the roles that may switch campaigns get
 * switches (spec §6).
 */
export function AgentStatePage() {
  const user = useCurrentUser();
  const [filter, setFilter] = useState<AgentStateFilter>(NO_FILTER);
  const [popup, setPopup] = useState<AgentStateRow | null>(null);
  const agents = useAgentStateReport(filter);
  const status = useCampaignStatus(filter, user.timezone);
  const nowMs = useServerNow();
  // Phone cells dial the customer's record through the cold-call path (spec §2.3, §4), for roles that make calls.
  const dial = useDialColdCall();
  const dialing = can(user.role, 'cold_calls.call')
    ? { registered: dial.registered, dialling: dial.dialling, onDial: dial.dial }
    : null;
  const statusRows = useMemo(
    () => (status.board ? campaignStatusRows(status.items, status.board, status.longest, nowMs) : null),
    [status.items, status.board, status.longest, nowMs],
  );
  const wallboardHref = `/wallboard${filter.campaigns.length > 0 ? `?campaigns=${filter.campaigns.join(',')}` : ''}`;

  return (
    <Box data-testid="agent-state-page" data-loaded={agents.rows !== null && statusRows !== null}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <Typography variant="h1" sx={{ mr: 'auto' }}>
          Agent state report
        </Typography>
        <Button
          href={wallboardHref}
          target="_blank"
          rel="noopener"
          variant="outlined"
          endIcon={<OpenInNewIcon />}
          data-testid="open-wallboard"
        >
          Wallboard
        </Button>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 1 }} data-testid="live-filters">
        <LiveReportFilters filters={agents.filters} value={filter} onChange={setFilter} />
      </Box>
      <Box sx={{ height: 4, mb: 1 }}>{agents.isFetching ? <LinearProgress aria-label="Loading agents" /> : null}</Box>

      <Paper variant="outlined" sx={{ mb: 3 }}>
        <Typography variant="h2" sx={{ px: 2, pt: 2 }}>
          Agents
        </Typography>
        {agents.error && !agents.rows ? <Alert severity="error">The agents could not be loaded.</Alert> : null}
        {dial.error ? (
          <Alert severity="error" data-testid="agent-state-dial-error">
            {dial.error.message}
          </Alert>
        ) : null}
        {agents.rows ? (
          <AgentStateTable
            rows={agents.rows}
            zone={user.timezone}
            nowMs={nowMs}
            onOpenCampaigns={setPopup}
            dialing={dialing}
          />
        ) : (
          <Skeleton variant="rounded" height={360} sx={{ m: 2 }} />
        )}
      </Paper>

      <Paper variant="outlined">
        <Typography variant="h2" sx={{ px: 2, pt: 2 }}>
          Campaign status
        </Typography>
        {status.error && !statusRows ? <Alert severity="error">The campaign status could not be loaded.</Alert> : null}
        {statusRows ? (
          <CampaignStatusTable
            headers={status.headers}
            rows={statusRows}
            waiting={can(user.role, 'calls.pickup') && status.board ? { board: status.board, nowMs } : undefined}
          />
        ) : (
          <Skeleton variant="rounded" height={240} sx={{ m: 2 }} />
        )}
      </Paper>

      <SimultaneousCallNotice open={dial.simultaneous} onClose={dial.closeNotice} />
      {popup ? (
        <AgentCampaignsDialog
          agent={{ id: popup.id, name: popup.name }}
          canToggle={can(user.role, 'campaigns.toggle_agent')}
          onClose={() => setPopup(null)}
        />
      ) : null}
    </Box>
  );
}
