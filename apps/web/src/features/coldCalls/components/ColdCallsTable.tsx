import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import type { ColdCallRow, CurrentUser } from '@shiftline/shared';
import { formatLastResult, formatZoneDifference } from '../utils/formatLead';

type Props = {
  rows: ColdCallRow[];
  busyClients: ReadonlySet<number>;
  user: CurrentUser;
  canDial: boolean;
  registered: boolean;
  dialling: number | null;
  onDial: (row: ColdCallRow) => void;
};

/** Why a lead's Call button is off, or null when it may be dialled. */
function notCallable(row: ColdCallRow, busy: boolean, user: CurrentUser, registered: boolean): string | null {
  if (!row.phone_valid) return 'The number is not valid.';
  if (busy) return 'The client is on a call.';
  if (row.attached_agent_id !== null && row.attached_agent_id !== user.id) return 'Another agent has this lead.';
  if (!registered) return 'Your phone is not registered.';
  return null;
}

/** The leads: invalid numbers in red, a busy client's number greyed and the row marked invalid. */
export function ColdCallsTable({ rows, busyClients, user, canDial, registered, dialling, onDial }: Props) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Cold calls">
        <TableHead>
          <TableRow>
            <TableCell>Client</TableCell>
            <TableCell>Phone</TableCell>
            <TableCell>Campaign</TableCell>
            <TableCell>Time zone</TableCell>
            <TableCell>Last call</TableCell>
            <TableCell>Result</TableCell>
            <TableCell>Agent</TableCell>
            {canDial ? <TableCell align="right">Call</TableCell> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => {
            const busy = row.busy || busyClients.has(row.client_id);
            const valid = row.phone_valid && !busy;
            const reason = notCallable(row, busy, user, registered);
            return (
              <TableRow
                key={row.id}
                data-testid="cold-call-row"
                data-id={row.id}
                data-valid={String(valid)}
                data-busy={String(busy)}
                selected={row.current_lead}
              >
                <TableCell>{row.client_name}</TableCell>
                <TableCell
                  data-testid="cold-call-phone"
                  sx={{
                    color: !row.phone_valid ? 'error.main' : busy ? 'text.disabled' : 'text.primary',
                    fontVariantNumeric: 'tabular-nums',
                  }}
                >
                  {row.phone}
                </TableCell>
                <TableCell>{row.campaign_name}</TableCell>
                <TableCell title={row.timezone}>{formatZoneDifference(row.timezone_difference)}</TableCell>
                <TableCell>{row.last_called_at ? new Date(row.last_called_at).toLocaleString() : '—'}</TableCell>
                <TableCell>{formatLastResult(row.last_result)}</TableCell>
                <TableCell>{row.attached_agent_name ?? '—'}</TableCell>
                {canDial ? (
                  <TableCell align="right">
                    <Tooltip title={reason ?? ''}>
                      <span>
                        <Button
                          size="small"
                          variant="outlined"
                          startIcon={<PhoneForwardedIcon />}
                          disabled={reason !== null || dialling !== null}
                          loading={dialling === row.id}
                          onClick={() => onDial(row)}
                          data-testid="cold-call-dial"
                          aria-label={`Call ${row.client_name}`}
                        >
                          Call
                        </Button>
                      </span>
                    </Tooltip>
                  </TableCell>
                ) : null}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
