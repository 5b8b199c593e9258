import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Snackbar from '@mui/material/Snackbar';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Agent, can } from '@shiftline/shared';
import { useDeferredValue, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { MultiSelect } from '../../../ui/MultiSelect';
import { useCurrentUser } from '../../auth';
import { useCampaigns } from '../../campaigns';
import { useAgentGroups } from '../hooks/useAgentGroups';
import { useAgents } from '../hooks/useAgents';
import { agentName } from '../utils/agentName';
import { AgentCampaignsDialog } from './AgentCampaignsDialog';
import { AgentsTable } from './AgentsTable';
import { SignOutEverywhereDialog } from './SignOutEverywhereDialog';

type Notice = { message: string; severity: 'success' | 'error' };

function matches(agent: Agent, groups: readonly number[], search: string): boolean {
  if (groups.length > 0 && (agent.agent_group_id === null || !groups.includes(agent.agent_group_id))) return false;
  if (search === '') return true;
  return `${agentName(agent)} ${agent.email ?? ''}`.toLowerCase().includes(search);
}

/** /agents: the agent list with group and campaign filters, the campaigns popup and admin sign-out. */
export function AgentsPage() {
  const user = useCurrentUser();
  const [campaign, setCampaign] = useState<number | null>(null);
  const [groups, setGroups] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [popupAgent, setPopupAgent] = useState<Agent | null>(null);
  const [signOutAgent, setSignOutAgent] = useState<Agent | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const agents = useAgents(campaign);
  const agentGroups = useAgentGroups();
  const campaigns = useCampaigns();
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () => (agents.data ? agents.data.filter((agent) => matches(agent, groups, query)) : null),
    [agents.data, groups, query],
  );
  const canOpenPopup = can(user.role, 'campaigns.user_popup');
  // The table goes back to its first page whenever a filter changes.
  const filterKey = JSON.stringify([campaign, groups, query]);

  return (
    <Box>
      <Typography variant="h1" sx={{ mb: 0.5 }}>
        Agents
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {canOpenPopup ? 'Select a name to see the campaigns of that agent.' : 'Agents of your campaigns.'}
      </Typography>

      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <TextField
          size="small"
          label="Search"
          placeholder="Name or email"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          data-testid="agents-search"
        />
        <MultiSelect
          label="Groups"
          emptyLabel="All groups"
          options={(agentGroups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={groups}
          onChange={setGroups}
          testId="agents-group-filter"
        />
        <TextField
          select
          size="small"
          label="Campaign"
          value={campaign ?? ''}
          onChange={(event) => setCampaign(event.target.value === '' ? null : Number(event.target.value))}
          sx={{ minWidth: 220 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          data-testid="agents-campaign-filter"
        >
          <MenuItem value="">All campaigns</MenuItem>
          {(campaigns.data ?? []).map((item) => (
            <MenuItem key={item.id} value={item.id}>
              {item.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>

      {agents.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {agents.error instanceof ApiError ? agents.error.message : 'Agents could not be loaded.'}
        </Alert>
      ) : null}
      <AgentsTable
        key={filterKey}
        agents={shown}
        onOpenCampaigns={canOpenPopup ? setPopupAgent : undefined}
        onSignOutEverywhere={can(user.role, 'users.force_logout') ? setSignOutAgent : undefined}
        scheduleLink={can(user.role, 'schedule.manage') ? (agent) => `/schedule/users/${agent.id}` : undefined}
      />
      {agents.data && shown ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {shown.length} of {agents.data.length} agents
        </Typography>
      ) : null}

      {popupAgent ? (
        <AgentCampaignsDialog
          agent={popupAgent}
          canToggle={can(user.role, 'campaigns.toggle_agent')}
          onClose={() => setPopupAgent(null)}
        />
      ) : null}
      {signOutAgent ? (
        <SignOutEverywhereDialog
          agent={signOutAgent}
          onCancel={() => setSignOutAgent(null)}
          onDone={(message, severity) => {
            setSignOutAgent(null);
            setNotice({ message, severity });
          }}
        />
      ) : null}
      <Snackbar open={notice !== null} autoHideDuration={6000} onClose={() => setNotice(null)}>
        {notice ? (
          <Alert severity={notice.severity} variant="filled" onClose={() => setNotice(null)}>
            {notice.message}
          </Alert>
        ) : undefined}
      </Snackbar>
    </Box>
  );
}
