import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type CampaignStatusRow, EMPTY_LABELS, formatQueueTime } from '@shiftline/shared';
import { EmptyTableRow, PagedRowsFooter, usePagedRows } from '../../../ui/pagedRows';

export const CAMPAIGN_STATUS_PAGE_SIZE = 10;

/** Columns holding seconds of queue time. */
const QUEUE_TIMES = new Set(['current_longest', 'longest_queue_time_today']);

const cellOf = (row: CampaignStatusRow, value: string): string => {
  const cell = (row as Record<string, unknown>)[value];
  if (typeof cell === 'number') return QUEUE_TIMES.has(value) ? formatQueueTime(cell) : cell.toLocaleString('en-US');
  return typeof cell === 'string' ? cell : '—';
};

type Props = { headers: readonly { text: string; value: string }[]; rows: readonly CampaignStatusRow[] };

/** Spec §2.3: the campaign status table with the server's headers, 10 a page. */
export function CampaignStatusTable({ headers, rows }: Props) {
  const { visible, footer } = usePagedRows(rows, CAMPAIGN_STATUS_PAGE_SIZE);
  return (
    <TableContainer>
      <Table size="small" aria-label="Campaign status">
        <TableHead>
          <TableRow>
            {headers.map((header) => (
              <TableCell key={header.value} align={header.value === 'campaign_name' ? 'left' : 'right'}>
                {header.text}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {visible.map((row) => (
            <TableRow key={row.campaign_id} data-testid="campaign-status-row" data-id={row.campaign_id}>
              {headers.map((header) => (
                <TableCell
                  key={header.value}
                  data-field={header.value}
                  align={header.value === 'campaign_name' ? 'left' : 'right'}
                  sx={{ fontVariantNumeric: 'tabular-nums' }}
                >
                  {cellOf(row, header.value)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 ? <EmptyTableRow columns={headers.length} label={EMPTY_LABELS.campaigns} /> : null}
        </TableBody>
      </Table>
      <PagedRowsFooter {...footer} />
    </TableContainer>
  );
}
