import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type AgentStateRow, EMPTY_LABELS } from '@shiftline/shared';
import { EmptyTableRow, PagedRowsFooter, usePagedRows } from '../../../ui/pagedRows';
import { formatElapsed } from '../../status';
import { formatCallType, formatStateSince, orDash } from '../utils/formatLive';
import { CustomerCell, type PhoneDialing } from './CustomerCell';
import { StateChip } from './StateChip';

export const AGENT_STATE_PAGE_SIZE = 10;

type Props = {
  rows: readonly AgentStateRow[];
  zone: string;
  /** The server clock now (ms), ticking: State Time counts from it. */
  nowMs: number;
  onOpenCampaigns: (row: AgentStateRow) => void;
  /** Dialling a customer's phone from the table (null: the viewer's role makes no calls). */
  dialing?: PhoneDialing | null;
};

/** Spec §2.3: the agents table, 10 rows a page, in the report's order (the rows come sorted). */
export function AgentStateTable({ rows, zone, nowMs, onOpenCampaigns, dialing = null }: Props) {
  const { visible, footer } = usePagedRows(rows, AGENT_STATE_PAGE_SIZE);
  return (
    <TableContainer>
      <Table size="small" aria-label="Agents">
        <TableHead>
          <TableRow>
            <TableCell>Source</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Group</TableCell>
            <TableCell>State</TableCell>
            <TableCell>State Time</TableCell>
            <TableCell>State Since</TableCell>
            <TableCell>Campaign</TableCell>
            <TableCell>Customer</TableCell>
            <TableCell>Call Type</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.id} data-testid="agent-state-row" data-id={row.id} data-status={row.status}>
              <TableCell>{orDash(row.source)}</TableCell>
              <TableCell>
                <Link
                  component="button"
                  type="button"
                  underline="hover"
                  onClick={() => onOpenCampaigns(row)}
                  data-testid="agent-state-name"
                  aria-label={`Campaigns of ${row.name}`}
                  sx={{ textAlign: 'left', fontWeight: 500 }}
                >
                  {row.name}
                </Link>
              </TableCell>
              <TableCell>{orDash(row.agent_group)}</TableCell>
              <TableCell>
                <StateChip title={row.title} bgc={row.bgc} status={row.status} />
              </TableCell>
              <TableCell data-testid="agent-state-time" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatElapsed((nowMs - Date.parse(row.status_started_at)) / 1000)}
              </TableCell>
              <TableCell sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatStateSince(row.state_since, zone, nowMs)}
              </TableCell>
              <TableCell data-testid="agent-state-campaign">{orDash(row.campaign)}</TableCell>
              <TableCell data-testid="agent-state-customer">
                <CustomerCell row={row} dialing={dialing} />
              </TableCell>
              <TableCell>{formatCallType(row.call_type)}</TableCell>
            </TableRow>
          ))}
          {rows.length === 0 ? <EmptyTableRow columns={9} label={EMPTY_LABELS.agents} /> : null}
        </TableBody>
      </Table>
      <PagedRowsFooter {...footer} />
    </TableContainer>
  );
}
