import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type CampaignStatusRow, EMPTY_LABELS, formatQueueTime, type LiveBoard } from '@shiftline/shared';
import { useState } from 'react';
import { EmptyTableRow, PagedRowsFooter, usePagedRows } from '../../../ui/pagedRows';
import { waitingCallsOf } from '../utils/campaignStatusRows';
import { WaitingCallsDialog } from './WaitingCallsDialog';

export const CAMPAIGN_STATUS_PAGE_SIZE = 10;

/** Columns holding seconds of queue time. */
const QUEUE_TIMES = new Set(['current_longest', 'longest_queue_time_today']);

const cellOf = (row: CampaignStatusRow, value: string): string => {
  const cell = (row as Record<string, unknown>)[value];
  if (typeof cell === 'number') return QUEUE_TIMES.has(value) ? formatQueueTime(cell) : cell.toLocaleString('en-US');
  return typeof cell === 'string' ? cell : '—';
};

type Props = {
  headers: readonly { text: string; value: string }[];
  rows: readonly CampaignStatusRow[];
  /** For the roles that pick calls up: the live board and the clock the waiting-calls list reads. */
  waiting?: { board: LiveBoard; nowMs: number };
};

/**
 * Spec §2.3: the campaign status table with the server's headers, 10 a page. For the roles that pick calls up, a
 * campaign's Calls In Queue opens the list of its waiting callers, each with the call page to pick it up from.
 */
export function CampaignStatusTable({ headers, rows, waiting }: Props) {
  const { visible, footer } = usePagedRows(rows, CAMPAIGN_STATUS_PAGE_SIZE);
  const [opened, setOpened] = useState<CampaignStatusRow | null>(null);
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
                  {waiting && header.value === 'calls_in_queue' && row.calls_in_queue > 0 ? (
                    <Button
                      size="small"
                      onClick={() => setOpened(row)}
                      data-testid="open-waiting-calls"
                      aria-label={`${cellOf(row, header.value)} waiting in ${row.campaign_name}: show the calls`}
                      sx={{ minWidth: 0, py: 0, fontVariantNumeric: 'tabular-nums' }}
                    >
                      {cellOf(row, header.value)}
                    </Button>
                  ) : (
                    cellOf(row, header.value)
                  )}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {rows.length === 0 ? <EmptyTableRow columns={headers.length} label={EMPTY_LABELS.campaigns} /> : null}
        </TableBody>
      </Table>
      <PagedRowsFooter {...footer} />
      {waiting && opened ? (
        <WaitingCallsDialog
          campaignName={opened.campaign_name}
          calls={waitingCallsOf(waiting.board, opened.campaign_id, waiting.nowMs)}
          onClose={() => setOpened(null)}
        />
      ) : null}
    </TableContainer>
  );
}
