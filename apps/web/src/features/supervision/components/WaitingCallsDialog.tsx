import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { formatQueueTime } from '@shiftline/shared';
import { Link } from 'react-router';
import type { WaitingCall } from '../utils/campaignStatusRows';

type Props = { campaignName: string; calls: readonly WaitingCall[]; onClose: () => void };

/**
 * The callers waiting in one campaign's queue, the longest first, each with its call page, where a team lead, agent
 * supervisor or campaign manager picks it up (spec §4 pickup). The list follows the board live while it is open.
 */
export function WaitingCallsDialog({ campaignName, calls, onClose }: Props) {
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="waiting-calls-title">
      <DialogTitle id="waiting-calls-title">Waiting calls · {campaignName}</DialogTitle>
      <DialogContent>
        {calls.length === 0 ? (
          <Typography data-testid="waiting-calls-empty">Nobody is waiting now.</Typography>
        ) : (
          <Table size="small" aria-label="Waiting calls">
            <TableHead>
              <TableRow>
                <TableCell>Call</TableCell>
                <TableCell align="right">Waiting</TableCell>
                <TableCell>Callback</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {calls.map((call) => (
                <TableRow key={call.callId} data-testid="waiting-call" data-id={call.callId}>
                  <TableCell>#{call.callId}</TableCell>
                  <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                    {formatQueueTime(call.waitSeconds)}
                  </TableCell>
                  <TableCell>{call.callback ? 'Requested' : '—'}</TableCell>
                  <TableCell align="right">
                    <Button
                      component={Link}
                      to={`/inquiries/call/${call.callId}`}
                      size="small"
                      data-testid="waiting-call-open"
                      aria-label={`Open call ${call.callId} to pick it up`}
                    >
                      Open
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
