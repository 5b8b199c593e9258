import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { EMPTY_LABELS, type ProductivityLoadBody } from '@shiftline/shared';
import { useSeriesAgents } from '../hooks/useSeriesAgents';
import { formatDuration, formatPercent } from '../utils/formatShare';
import type { ProductivitySeries } from '../utils/productivityPairs';

type AgentDrillDownProps = { series: ProductivitySeries; request: ProductivityLoadBody; onBack: () => void };

const cellSx = { px: 1, py: 0.5, fontSize: '0.8125rem', whiteSpace: 'nowrap' } as const;

/**
 * The per-agent list of one series: name, minutes, percent of the series and share of the total, with a back arrow.
 * The list is fetched when the drill-down opens, under the page's choices.
 */
export function AgentDrillDown({ series, request, onBack }: AgentDrillDownProps) {
  const shares = useSeriesAgents(request, series);
  const agents = shares.data?.agents;
  return (
    <Box data-testid="drill-down" data-series={series.name}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 0.5 }}>
        <IconButton size="small" aria-label="Back to the series" onClick={onBack} data-testid="drill-back">
          <ArrowBackIcon fontSize="small" />
        </IconButton>
        <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: series.color }} />
        <Typography variant="subtitle2">{series.name}: agents</Typography>
      </Box>
      {agents === undefined ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }} data-testid="drill-loading">
          {shares.isError ? 'The agents could not be loaded.' : 'Loading... Please wait'}
        </Typography>
      ) : agents.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 1, py: 2 }} data-testid="drill-empty">
          {EMPTY_LABELS.agents}
        </Typography>
      ) : (
        <Box sx={{ maxHeight: 320, overflow: 'auto' }}>
          <Table size="small" stickyHeader aria-label={`${series.name} by agent`}>
            <TableHead>
              <TableRow>
                <TableCell sx={cellSx}>Agent</TableCell>
                <TableCell sx={cellSx} align="right">
                  Time
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  Percent
                </TableCell>
                <TableCell sx={cellSx} align="right">
                  Share of total
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {agents.map((agent) => (
                <TableRow key={agent.agentId} data-testid="drill-agent" data-agent-id={agent.agentId}>
                  <TableCell sx={{ ...cellSx, whiteSpace: 'normal' }}>{agent.name}</TableCell>
                  <TableCell sx={cellSx} align="right">
                    {formatDuration(agent.seconds)}
                  </TableCell>
                  <TableCell sx={cellSx} align="right">
                    {formatPercent(agent.percentOfSeries)}
                  </TableCell>
                  <TableCell sx={cellSx} align="right">
                    {formatPercent(agent.percentOfTotal)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </Box>
  );
}
