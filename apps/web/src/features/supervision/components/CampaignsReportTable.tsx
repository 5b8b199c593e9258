import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type CampaignsReportRow, EMPTY_LABELS, formatQueueTime } from '@shiftline/shared';
import { EmptyTableRow, PagedRowsFooter, usePagedRows } from '../../../ui/pagedRows';
import { formatElapsed } from '../../status';

export const CAMPAIGNS_REPORT_PAGE_SIZE = 10;

const COLUMNS: { text: string; cell: (row: CampaignsReportRow) => string; field: string }[] = [
  { text: 'Campaign Name', field: 'campaign_name', cell: (row) => row.campaign_name },
  { text: 'Total Calls', field: 'calls_taken', cell: (row) => row.calls_taken.toLocaleString('en-US') },
  { text: 'Avg Queue Time', field: 'avg_queue_time', cell: (row) => formatQueueTime(row.avg_queue_time) },
  { text: 'Avg Handle Time', field: 'avg_talk_time', cell: (row) => formatElapsed(Math.round(row.avg_talk_time)) },
  { text: 'Disconnected Calls', field: 'disconnected', cell: (row) => row.disconnected.toLocaleString('en-US') },
  { text: 'Abandoned Calls', field: 'abandoned', cell: (row) => row.abandoned.toLocaleString('en-US') },
];

/** Spec §2.4: the campaigns report table, 10 a page. */
export function CampaignsReportTable({ rows }: { rows: readonly CampaignsReportRow[] }) {
  const { visible, footer } = usePagedRows(rows, CAMPAIGNS_REPORT_PAGE_SIZE);
  return (
    <TableContainer>
      <Table size="small" aria-label="Campaigns report">
        <TableHead>
          <TableRow>
            {COLUMNS.map((column, index) => (
              <TableCell key={column.field} align={index === 0 ? 'left' : 'right'}>
                {column.text}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.campaign_id} data-testid="campaigns-report-row" data-id={row.campaign_id}>
              {COLUMNS.map((column, index) => (
                <TableCell
                  key={column.field}
                  data-field={column.field}
                  align={index === 0 ? 'left' : 'right'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {column.cell(row)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 ? <EmptyTableRow columns={COLUMNS.length} label={EMPTY_LABELS.campaigns} /> : null}
        </TableBody>
      </Table>
      <PagedRowsFooter {...footer} />
    </TableContainer>
  );
}
