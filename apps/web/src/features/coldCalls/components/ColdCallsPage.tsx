import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import {
  COLD_CALL_DEFAULT_PAGE_SIZE,
  can,
  type ColdCallFilters as Filters,
  readyStatusFor,
  statusTitle,
} from '@shiftline/shared';
import { useState } from 'react';
import { useCurrentUser } from '../../auth';
import { useColdCallsLive } from '../hooks/useColdCallsLive';
import { useColdCallsTable } from '../hooks/useColdCallsTable';
import { useDialColdCall } from '../hooks/useDialColdCall';
import { ColdCallFilters } from './ColdCallFilters';
import { ColdCallsTable } from './ColdCallsTable';
import { SimultaneousCallNotice } from './SimultaneousCallNotice';

/** /outgoing_calls_to_make and /outbound_sales_calls: the leads to call, kept fresh by the live events. */
export function ColdCallsPage() {
  const user = useCurrentUser();
  const [page, setPage] = useState(1);
  const [itemsPerPage, setItemsPerPage] = useState(COLD_CALL_DEFAULT_PAGE_SIZE);
  const [filters, setFilters] = useState<Filters>({});
  const table = useColdCallsTable({ page, itemsPerPage, filters });
  const busyClients = useColdCallsLive({
    reload: () => void table.refetch(),
    loadedAt: table.dataUpdatedAt > 0 ? table.dataUpdatedAt : null,
    watchAll: user.role !== 'agent',
  });
  const dial = useDialColdCall();
  const data = table.data;
  const period = data?.additionals_filters.period ?? null;

  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography variant="h1" sx={{ mb: 0.5 }}>
          Cold calls
        </Typography>
        <Typography color="text.secondary">
          {`Leads of your outbound campaigns. Calls are made in ${statusTitle(readyStatusFor('outbound'))}.`}
          {period ? ` Showing leads active since ${new Date(period.start * 1000).toLocaleString()}.` : ''}
        </Typography>
      </Box>
      <ColdCallFilters
        filters={filters}
        campaigns={data?.additionals_filters.campaigns ?? []}
        onChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
      />
      {dial.error ? <Alert severity="error">{dial.error.message}</Alert> : null}
      {table.error ? <Alert severity="error">{table.error.message}</Alert> : null}
      <Paper variant="outlined" data-testid="cold-calls-table">
        {data ? (
          <>
            <ColdCallsTable
              rows={data.items}
              busyClients={busyClients}
              user={user}
              canDial={can(user.role, 'cold_calls.call')}
              registered={dial.registered}
              dialling={dial.dialling}
              onDial={dial.dial}
            />
            {data.items.length === 0 ? (
              <Typography sx={{ p: 2 }} color="text.secondary">
                No leads to call.
              </Typography>
            ) : null}
            <TablePagination
              component="div"
              count={data.options.totalCount}
              page={page - 1}
              onPageChange={(_event, next) => setPage(next + 1)}
              rowsPerPage={itemsPerPage}
              rowsPerPageOptions={data.options.supportedPageSizes}
              onRowsPerPageChange={(event) => {
                setItemsPerPage(Number(event.target.value));
                setPage(1);
              }}
            />
          </>
        ) : (
          <Skeleton variant="rectangular" height={240} />
        )}
      </Paper>
      <SimultaneousCallNotice open={dial.simultaneous} onClose={dial.closeNotice} />
    </Box>
  );
}
