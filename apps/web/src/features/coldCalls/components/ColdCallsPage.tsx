import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { type ColdCallRow, can, readyStatusFor, statusTitle, type TableRow } from '@shiftline/shared';
import { useCallback, useState } from 'react';
import { useCurrentUser } from '../../auth';
import { DataTable } from '../../tables';
import { useColdCallsLive } from '../hooks/useColdCallsLive';
import { useDialColdCall } from '../hooks/useDialColdCall';
import { CallLeadButton } from './CallLeadButton';
import { SimultaneousCallNotice } from './SimultaneousCallNotice';

/**
 * /outgoing_calls_to_make and /outbound_sales_calls: the leads to call, on the generic table (server table
 * cold_calls), kept fresh by the live events: list changes reload it through the spec's throttle, and a busy event
 * greys that client's phone and marks the row invalid until the next load.
 */
export function ColdCallsPage() {
  const user = useCurrentUser();
  const [loaded, setLoaded] = useState<{ at: number; reload: () => void } | null>(null);
  const busyClients = useColdCallsLive({
    reload: () => loaded?.reload(),
    loadedAt: loaded?.at ?? null,
    watchAll: user.role !== 'agent',
  });
  const dial = useDialColdCall();
  const decorateRow = useCallback(
    (row: TableRow): TableRow =>
      busyClients.has(row.client_id as number) ? { ...row, busy: true, is_valid: false, css_class: 'busy' } : row,
    [busyClients],
  );

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      {dial.error ? <Alert severity="error">{dial.error.message}</Alert> : null}
      <DataTable
        name="cold_calls"
        intro={
          <Typography color="text.secondary">
            {`Leads of your outbound campaigns. Calls are made in ${statusTitle(readyStatusFor('outbound'))}.`}
          </Typography>
        }
        decorateRow={decorateRow}
        onLoaded={setLoaded}
        extraColumn={
          can(user.role, 'cold_calls.call')
            ? {
                header: 'Call',
                cell: (row) => (
                  <CallLeadButton
                    row={row as ColdCallRow}
                    user={user}
                    registered={dial.registered}
                    dialling={dial.dialling}
                    onDial={dial.dial}
                  />
                ),
              }
            : undefined
        }
      />
      <SimultaneousCallNotice open={dial.simultaneous} onClose={dial.closeNotice} />
    </Box>
  );
}
