import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  formatDay,
  formatMoneyCard,
  formatMoneyRow,
  localDateInZone,
  type Payroll,
  type ProductivityLoadBody,
  type ProductivityPayResult,
} from '@shiftline/shared';
import { type ReactNode, useState } from 'react';
import { usePayrolls } from '../hooks/usePayrolls';

type PaymentDetailsDialogProps = {
  open: boolean;
  pay: ProductivityPayResult;
  /** The page's choices the pay was loaded for: the payrolls are fetched for them when the dialog opens. */
  request: ProductivityLoadBody;
  /** Payroll dates are shown in this zone. */
  zone: string;
  /** Several agents: the payroll table names each payroll's agent. */
  showAgents: boolean;
  onClose: () => void;
};

const formatPeriod = (start: string, end: string) =>
  start === end ? formatDay(start) : `${formatDay(start)} – ${formatDay(end)}`;

function BreakdownLine({ label, cents, strong = false }: { label: string; cents: number; strong?: boolean }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', py: 0.5 }} data-testid="payment-breakdown-line">
      <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400 }}>
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400 }}>
        {formatMoneyCard(cents)}
      </Typography>
    </Box>
  );
}

const ROWS_PER_PAGE_OPTIONS = [25, 50, 100];

/**
 * Payment Details: how To Be Paid is made up, and the payrolls paid for the period (rows in whole dollars), fetched
 * when the dialog opens and shown a page at a time (a year of a large team is thousands).
 */
export function PaymentDetailsDialog({ open, pay, request, zone, showAgents, onClose }: PaymentDetailsDialogProps) {
  const payrolls = usePayrolls(request, open);
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(ROWS_PER_PAGE_OPTIONS[0] as number);
  // The dialog is modal, so choices change only while it is closed: it opens again at the first page.
  const close = () => {
    setPage(0);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} maxWidth="md" aria-labelledby="payment-details-title">
      <DialogTitle id="payment-details-title">Payment Details</DialogTitle>
      <DialogContent data-testid="payment-details">
        <Box sx={{ maxWidth: 360 }}>
          <BreakdownLine label="Hourly" cents={pay.hourlyCents} />
          <BreakdownLine label="Statutory" cents={pay.statutoryCents} />
          <BreakdownLine label="Commissions" cents={pay.commissionCents} />
          {/* Subtracted: shown with a minus unless nothing was paid. */}
          <BreakdownLine label="Already paid" cents={pay.alreadyPaidCents === 0 ? 0 : -pay.alreadyPaidCents} />
          <Divider sx={{ my: 0.5 }} />
          <BreakdownLine label="To be paid" cents={pay.toBePaidCents} strong />
        </Box>
        <Typography variant="h3" component="h3" sx={{ mt: 3, mb: 1 }}>
          Payrolls
        </Typography>
        {pay.payrollCount === 0 ? (
          <Typography variant="body2" color="text.secondary" data-testid="payrolls-empty">
            No payrolls in this period.
          </Typography>
        ) : payrolls.data === undefined ? (
          <Typography variant="body2" color="text.secondary" data-testid="payrolls-loading">
            {payrolls.isError ? 'The payrolls could not be loaded.' : 'Loading... Please wait'}
          </Typography>
        ) : (
          <PayrollTable
            payrolls={payrolls.data.payrolls.slice(page * rowsPerPage, (page + 1) * rowsPerPage)}
            totalCents={pay.alreadyPaidCents}
            zone={zone}
            showAgents={showAgents}
            pagination={
              payrolls.data.payrolls.length > (ROWS_PER_PAGE_OPTIONS[0] as number) ? (
                <TablePagination
                  component="div"
                  count={payrolls.data.payrolls.length}
                  page={page}
                  onPageChange={(_event, next) => setPage(next)}
                  rowsPerPage={rowsPerPage}
                  rowsPerPageOptions={ROWS_PER_PAGE_OPTIONS}
                  onRowsPerPageChange={(event) => {
                    setRowsPerPage(Number(event.target.value));
                    setPage(0);
                  }}
                  data-testid="payrolls-pagination"
                />
              ) : null
            }
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="payment-details-close">
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}

type PayrollTableProps = {
  payrolls: readonly Payroll[];
  totalCents: number;
  zone: string;
  showAgents: boolean;
  pagination: ReactNode;
};

function PayrollTable({ payrolls, totalCents, zone, showAgents, pagination }: PayrollTableProps) {
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Payrolls" sx={{ '& td, & th': { whiteSpace: 'nowrap' } }}>
        <TableHead>
          <TableRow>
            {showAgents ? <TableCell>Agent</TableCell> : null}
            <TableCell>Period</TableCell>
            <TableCell>Paid on</TableCell>
            <TableCell align="right">Hourly</TableCell>
            <TableCell align="right">Statutory</TableCell>
            <TableCell align="right">Commissions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {payrolls.map((payroll) => (
            <TableRow key={payroll.id} data-testid="payroll-row">
              {showAgents ? <TableCell>{payroll.name}</TableCell> : null}
              <TableCell>{formatPeriod(payroll.periodStart, payroll.periodEnd)}</TableCell>
              <TableCell>{formatDay(localDateInZone(Date.parse(payroll.paidAt), zone))}</TableCell>
              <TableCell align="right">{formatMoneyRow(payroll.hourlyCents)}</TableCell>
              <TableCell align="right">{formatMoneyRow(payroll.statutoryCents)}</TableCell>
              <TableCell align="right">{formatMoneyRow(payroll.commissionCents)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={showAgents ? 3 : 2} sx={{ fontWeight: 600 }}>
              Total paid
            </TableCell>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 600 }} data-testid="payrolls-total">
              {formatMoneyCard(totalCents)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      {pagination}
    </Box>
  );
}
