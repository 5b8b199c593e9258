import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import LogoutIcon from '@mui/icons-material/Logout';
import StarIcon from '@mui/icons-material/Star';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { type Agent, EMPTY_LABELS } from '@shiftline/shared';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { agentName } from '../utils/agentName';

const PAGE_SIZE = 50;
const COLUMNS = 5;

type AgentsTableProps = {
  /** null while loading. */
  agents: Agent[] | null;
  /** Opens the campaigns popup; absent for roles that may not see it. */
  onOpenCampaigns?: (agent: Agent) => void;
  /** Ends the agent's sessions; absent for roles that may not. */
  onSignOutEverywhere?: (agent: Agent) => void;
  /** The address of the agent's schedule; absent for roles that may not open it. */
  scheduleLink?: (agent: Agent) => string;
};

function NameCell({ agent, onOpen }: { agent: Agent; onOpen?: (agent: Agent) => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      {onOpen ? (
        <Link
          component="button"
          underline="hover"
          onClick={() => onOpen(agent)}
          sx={{ fontWeight: 500, textAlign: 'left' }}
          data-testid="agent-name"
        >
          {agentName(agent)}
        </Link>
      ) : (
        <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="agent-name">
          {agentName(agent)}
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
  );
}

/** Agents, 50 to a page: name (starred for supervisors and team leads), email, group, role. */
export function AgentsTable({ agents, onOpenCampaigns, onSignOutEverywhere, scheduleLink }: AgentsTableProps) {
  const [page, setPage] = useState(0);
  const rows = agents?.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE) ?? [];
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label="Agents">
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Group</TableCell>
            <TableCell>Role</TableCell>
            <TableCell align="right">{onSignOutEverywhere || scheduleLink ? 'Actions' : null}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {agents === null ? (
            <TableRow>
              <TableCell colSpan={COLUMNS}>
                <Skeleton />
                <Skeleton />
                <Skeleton />
              </TableCell>
            </TableRow>
          ) : null}
          {agents?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={COLUMNS} sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
                {EMPTY_LABELS.agents}
              </TableCell>
            </TableRow>
          ) : null}
          {rows.map((agent) => (
            <TableRow key={agent.id} hover data-testid="agent-row">
              <TableCell>
                <NameCell agent={agent} onOpen={onOpenCampaigns} />
              </TableCell>
              <TableCell>{agent.email ?? '—'}</TableCell>
              <TableCell>{agent.agent_group ?? '—'}</TableCell>
              <TableCell>{agent.role_name}</TableCell>
              <TableCell align="right" sx={{ py: 0 }}>
                {scheduleLink ? (
                  <Tooltip title="Schedule">
                    <IconButton
                      size="small"
                      component={RouterLink}
                      to={scheduleLink(agent)}
                      aria-label={`Schedule of ${agentName(agent)}`}
                      data-testid="agent-schedule"
                    >
                      <CalendarMonthIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                ) : null}
                {onSignOutEverywhere ? (
                  <Tooltip title="Sign out everywhere">
                    <IconButton
                      size="small"
                      aria-label={`Sign ${agentName(agent)} out everywhere`}
                      onClick={() => onSignOutEverywhere(agent)}
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
      {agents !== null && agents.length > PAGE_SIZE ? (
        <TablePagination
          component="div"
          count={agents.length}
          page={page}
          rowsPerPage={PAGE_SIZE}
          rowsPerPageOptions={[PAGE_SIZE]}
          onPageChange={(_event, next) => setPage(next)}
        />
      ) : null}
    </TableContainer>
  );
}
