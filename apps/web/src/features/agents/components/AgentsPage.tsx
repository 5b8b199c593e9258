import { type Agent, can, EMPTY_LABELS } from '@shiftline/shared';
import LogoutIcon from '@mui/icons-material/Logout';
import StarIcon from '@mui/icons-material/Star';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Snackbar from '@mui/material/Snackbar';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useDeferredValue, useMemo, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { MultiSelect } from '../../../ui/MultiSelect';
import { useCurrentUser } from '../../auth';
import { useCampaigns } from '../../campaigns';
import { useAgentGroups } from '../hooks/useAgentGroups';
import { useAgents } from '../hooks/useAgents';
import { AgentCampaignsDialog } from './AgentCampaignsDialog';
import { SignOutEverywhereDialog } from './SignOutEverywhereDialog';

const PAGE_SIZE = 50;
const COLUMNS = 5;

type Notice = { message: string; severity: 'success' | 'error' };

const fullName = (agent: Agent) => `${agent.firstName} ${agent.secondName}`;

function matches(agent: Agent, groups: readonly number[], search: string): boolean {
  if (groups.length > 0 && (agent.agent_group_id === null || !groups.includes(agent.agent_group_id))) return false;
  if (search === '') return true;
  return `${fullName(agent)} ${agent.email}`.toLowerCase().includes(search);
}

/** /agents: the agent list with group and campaign filters, the campaigns popup and admin sign-out. */
export function AgentsPage() {
  const user = useCurrentUser();
  const [campaign, setCampaign] = useState<number | null>(null);
  const [groups, setGroups] = useState<number[]>([]);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [popupAgent, setPopupAgent] = useState<Agent | null>(null);
  const [signOutAgent, setSignOutAgent] = useState<Agent | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const agents = useAgents(campaign);
  const agentGroups = useAgentGroups();
  const campaigns = useCampaigns();
  const query = useDeferredValue(search.trim().toLowerCase());
  const shown = useMemo(
    () => (agents.data ?? []).filter((agent) => matches(agent, groups, query)),
    [agents.data, groups, query],
  );
  const pageRows = shown.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);

  const canOpenPopup = can(user.role, 'campaigns.user_popup');
  const canForceLogout = can(user.role, 'users.force_logout');

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
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(0);
          }}
          data-testid="agents-search"
        />
        <MultiSelect
          label="Groups"
          emptyLabel="All groups"
          options={(agentGroups.data ?? []).map((group) => ({ value: group.id, label: group.name }))}
          value={groups}
          onChange={(next) => {
            setGroups(next);
            setPage(0);
          }}
          testId="agents-group-filter"
        />
        <TextField
          select
          size="small"
          label="Campaign"
          value={campaign ?? ''}
          onChange={(event) => {
            setCampaign(event.target.value === '' ? null : Number(event.target.value));
            setPage(0);
          }}
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

      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Agents">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Email</TableCell>
              <TableCell>Group</TableCell>
              <TableCell>Role</TableCell>
              <TableCell align="right">{canForceLogout ? 'Actions' : null}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {agents.isPending ? (
              <TableRow>
                <TableCell colSpan={COLUMNS}>
                  <Skeleton />
                  <Skeleton />
                  <Skeleton />
                </TableCell>
              </TableRow>
            ) : null}
            {agents.data && shown.length === 0 ? (
              <TableRow>
                <TableCell colSpan={COLUMNS} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                  {EMPTY_LABELS.agents}
                </TableCell>
              </TableRow>
            ) : null}
            {pageRows.map((agent) => (
              <TableRow key={agent.id} hover data-testid="agent-row">
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
                    {canOpenPopup ? (
                      <Link
                        component="button"
                        underline="hover"
                        onClick={() => setPopupAgent(agent)}
                        sx={{ fontWeight: 500, textAlign: 'left' }}
                        data-testid="agent-name"
                      >
                        {fullName(agent)}
                      </Link>
                    ) : (
                      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="agent-name">
                        {fullName(agent)}
                      </Typography>
                    )}
                    {agent.starred ? (
                      <StarIcon
                        fontSize="small"
                        sx={{ color: 'warning.main' }}
                        titleAccess={agent.role_name}
                        data-testid="agent-star"
                      />
                    ) : null}
                  </Box>
                </TableCell>
                <TableCell>{agent.email}</TableCell>
                <TableCell>{agent.agent_group ?? '—'}</TableCell>
                <TableCell>{agent.role_name}</TableCell>
                <TableCell align="right" sx={{ py: 0 }}>
                  {canForceLogout ? (
                    <Tooltip title="Sign out everywhere">
                      <IconButton
                        size="small"
                        aria-label={`Sign ${fullName(agent)} out everywhere`}
                        onClick={() => setSignOutAgent(agent)}
                        data-testid="force-logout"
                      >
                        <LogoutIcon fontSize="small" />
                      </IconButton>
                    </Tooltip>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {shown.length > PAGE_SIZE ? (
          <TablePagination
            component="div"
            count={shown.length}
            page={page}
            rowsPerPage={PAGE_SIZE}
            rowsPerPageOptions={[PAGE_SIZE]}
            onPageChange={(_event, next) => setPage(next)}
          />
        ) : null}
      </TableContainer>
      {agents.data ? (
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
