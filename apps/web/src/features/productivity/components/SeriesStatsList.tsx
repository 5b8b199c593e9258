import GroupIcon from '@mui/icons-material/Group';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import { formatDuration, formatPercent } from '../utils/formatShare';
import type { ProductivitySeries } from '../utils/productivityPairs';

type SeriesStatsListProps = {
  series: readonly ProductivitySeries[];
  selected: string | null;
  onSelect: (name: string) => void;
  onDrillDown: (name: string) => void;
};

const cellSx = { px: 1, py: 0.5, whiteSpace: 'nowrap' } as const;

/**
 * The stats beside a donut: name, time (hours and minutes), % of total, of on-call and of paid time. Clicking a row selects the
 * series (the others hide); the people button opens the per-agent list.
 */
export function SeriesStatsList({ series, selected, onSelect, onDrillDown }: SeriesStatsListProps) {
  return (
    // Narrow screens scroll the list sideways rather than squeeze the numbers.
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Series" sx={{ '& td, & th': { fontSize: '0.8125rem' } }}>
        <TableHead>
          <TableRow>
            <TableCell sx={cellSx}>Series</TableCell>
            <TableCell sx={cellSx} align="right">
              Time
            </TableCell>
            <TableCell sx={cellSx} align="right">
              % of total
            </TableCell>
            <TableCell sx={cellSx} align="right">
              % of on-call
            </TableCell>
            <TableCell sx={cellSx} align="right">
              % of paid
            </TableCell>
            <TableCell sx={{ ...cellSx, width: 40 }} />
          </TableRow>
        </TableHead>
        <TableBody>
          {series.map((entry) => (
            <TableRow
              key={entry.name}
              hover
              selected={entry.name === selected}
              onClick={() => onSelect(entry.name)}
              data-testid="series-row"
              data-series={entry.name}
              aria-selected={entry.name === selected}
              sx={{
                cursor: 'pointer',
                // Empty series read as muted through the text colour, not opacity, which would fail contrast.
                ...(entry.seconds > 0 ? {} : { '& .MuiTableCell-root': { color: 'text.secondary' } }),
              }}
            >
              <TableCell sx={{ ...cellSx, whiteSpace: 'normal' }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Box sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: entry.color, flexShrink: 0 }} />
                  {entry.name}
                </Box>
              </TableCell>
              <TableCell sx={cellSx} align="right" data-testid="series-minutes" data-minutes={entry.minutes}>
                {formatDuration(entry.seconds)}
              </TableCell>
              <TableCell sx={cellSx} align="right">
                {formatPercent(entry.percentOfTotal)}
              </TableCell>
              <TableCell sx={cellSx} align="right">
                {formatPercent(entry.percentOfOnCall)}
              </TableCell>
              <TableCell sx={cellSx} align="right">
                {formatPercent(entry.percentOfPaid)}
              </TableCell>
              <TableCell sx={{ ...cellSx, py: 0 }} align="right">
                <Tooltip title="Agents">
                  <IconButton
                    size="small"
                    aria-label={`Agents in ${entry.name}`}
                    data-testid="series-drill"
                    onClick={(event) => {
                      event.stopPropagation();
                      onDrillDown(entry.name);
                    }}
                  >
                    <GroupIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
