import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableFooter from '@mui/material/TableFooter';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { type DashboardQuery, EMPTY_LABELS } from '@shiftline/shared';
import { useSalesLeads } from '../hooks/useSalesLeads';

type LeadsAnalyticsDialogProps = { open: boolean; query: DashboardQuery; onClose: () => void };

const FOOTER_CELL = { fontWeight: 600, fontSize: '0.875rem', color: 'text.primary' } as const;

const COLUMNS = ['Campaign', 'Total Leads', 'Valid Leads', 'Invalid Leads', 'Sales'] as const;

/** Leads per campaign for the selected period and campaigns. */
export function LeadsAnalyticsDialog({ open, query, onClose }: LeadsAnalyticsDialogProps) {
  const leads = useSalesLeads(query, open);
  const rows = leads.data ?? [];
  const total = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((sum, row) => sum + pick(row), 0);
  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" data-testid="leads-analytics-dialog">
      <DialogTitle>Leads Analytics</DialogTitle>
      <DialogContent>
        {leads.isPending ? (
          <Skeleton height={120} />
        ) : leads.error ? (
          <Alert severity="error">Leads could not be loaded.</Alert>
        ) : (
          <Table size="small" aria-label="Leads per campaign">
            <TableHead>
              <TableRow>
                {COLUMNS.map((column, index) => (
                  <TableCell key={column} align={index === 0 ? 'left' : 'right'}>
                    {column}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.length === 0 ? (
                <TableRow>
                  <TableCell colSpan={COLUMNS.length}>{EMPTY_LABELS.campaigns}</TableCell>
                </TableRow>
              ) : (
                rows.map((row) => (
                  <TableRow key={row.campaign_id} data-testid="leads-row">
                    <TableCell>{row.campaign}</TableCell>
                    <TableCell align="right">{row.total_leads.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{row.valid_leads.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{row.invalid_leads.toLocaleString('en-US')}</TableCell>
                    <TableCell align="right">{row.sales_count.toLocaleString('en-US')}</TableCell>
                  </TableRow>
                ))
              )}
            </TableBody>
            {rows.length > 1 ? (
              <TableFooter>
                <TableRow>
                  <TableCell sx={FOOTER_CELL}>Total</TableCell>
                  {[
                    total((row) => row.total_leads),
                    total((row) => row.valid_leads),
                    total((row) => row.invalid_leads),
                    total((row) => row.sales_count),
                  ].map((value, index) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <TableCell key={index} align="right" sx={FOOTER_CELL}>
                      {value.toLocaleString('en-US')}
                    </TableCell>
                  ))}
                </TableRow>
              </TableFooter>
            ) : null}
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
