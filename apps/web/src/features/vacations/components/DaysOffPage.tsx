import AddIcon from '@mui/icons-material/Add';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  type CurrentUser,
  can,
  type DaysOffEntry,
  formatDay,
  localDateInZone,
  timeZoneLabel,
  VACATION_STATUSES,
  type VacationActionBody,
  type VacationStatus,
} from '@shiftline/shared';
import { lazy, Suspense, useState } from 'react';
import { ApiError } from '../../../lib/apiError';
import { NoticeSnackbar } from '../../../ui/NoticeSnackbar';
import { useCurrentUser } from '../../auth';
import { daysOffApi } from '../api';
import { useDaysOff, useVacationMutation } from '../hooks/useDaysOff';
import { countDays, dayRangeToInstants, formatDays, VACATION_STATUS_LOOK, vacationDays } from '../utils/vacationDays';
import type { DaysOffForm } from './DaysOffFormDialog';

// The form (with its calendar) loads when it is opened: most visits only read the list.
const DaysOffFormDialog = lazy(async () => ({ default: (await import('./DaysOffFormDialog')).DaysOffFormDialog }));

type Notice = { message: string; severity: 'success' | 'error' };
type RowAction = {
  /** Unique on the page: the row and what is done to it. */
  id: string;
  label: string;
  testId: string;
  run: () => Promise<unknown>;
  /** The notice after success; none where the approval host opens a dialog instead. */
  done: string | null;
  look: 'main' | 'other' | 'danger';
};

const failure = (error: unknown) =>
  error instanceof ApiError ? error.message : 'That did not work. Try again in a moment.';

/** /schedule/days_off: an agent's requests with a request form; every request, with decisions, for a schedule supervisor. */
export function DaysOffPage() {
  const viewer = useCurrentUser();
  const zone = viewer.timezone;
  const supervises = can(viewer.role, 'schedule.manage');
  const [status, setStatus] = useState<VacationStatus | null>(null);
  // From 1, as the API counts; the server pages the list so no one's requests can bury another's.
  const [page, setPage] = useState(1);
  const [formOpen, setFormOpen] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const days = useDaysOff(status, page);

  const create = useVacationMutation(daysOffApi.create);
  const startAction = useVacationMutation(daysOffApi.startAction);
  const rowAction = useVacationMutation((action: RowAction) => action.run());

  const submitForm = async ({ user, range, reason }: DaysOffForm) => {
    const period = dayRangeToInstants(range, zone);
    if (supervises && user !== null) {
      // The approval host opens the right dialog when the server's event comes back.
      await startAction.mutateAsync({ action: 'add', user, ...period, reason });
    } else {
      await create.mutateAsync({ ...period, reason });
      setNotice({ message: 'Days off requested. A schedule supervisor will review them.', severity: 'success' });
    }
    setFormOpen(false);
  };

  const perform = (action: RowAction) =>
    rowAction.mutate(action, {
      onSuccess: () => {
        if (action.done !== null) setNotice({ message: action.done, severity: 'success' });
      },
      onError: (error) => setNotice({ message: failure(error), severity: 'error' }),
    });

  const hostAction = (body: VacationActionBody) => () => daysOffApi.startAction(body);
  const actionsFor = (row: DaysOffEntry): RowAction[] => {
    const actions: RowAction[] = [];
    if (supervises && row.status === 'vac_pending') {
      actions.push(
        {
          id: `${row.id}:approve`,
          look: 'main',
          label: 'Approve',
          testId: 'vacation-approve',
          run: hostAction({ action: 'approve', vacation_id: row.id }),
          done: null,
        },
        {
          id: `${row.id}:reject`,
          look: 'danger',
          label: 'Reject',
          testId: 'vacation-reject',
          run: () => daysOffApi.reject(row.id),
          done: 'Days off rejected.',
        },
      );
    }
    if (supervises && row.status === 'vac_cancel_requested') {
      actions.push(
        {
          id: `${row.id}:approve-cancellation`,
          look: 'main',
          label: 'Approve cancellation',
          testId: 'vacation-approve-cancellation',
          run: () => daysOffApi.approveCancellation(row.id),
          done: 'Cancellation approved: the days off are canceled.',
        },
        {
          id: `${row.id}:reject-cancellation`,
          look: 'other',
          label: 'Reject cancellation',
          testId: 'vacation-reject-cancellation',
          run: hostAction({ action: 'reject_cancellation', vacation_id: row.id }),
          done: null,
        },
      );
    }
    if (row.user_id === viewer.id && row.status === 'vac_approved') {
      actions.push({
        id: `${row.id}:request-cancel`,
        look: 'other',
        label: 'Ask to cancel',
        testId: 'vacation-request-cancel',
        run: () => daysOffApi.requestCancellation(row.id),
        done: 'Cancellation requested. A schedule supervisor will review it.',
      });
    }
    return actions;
  };

  const busyAction = rowAction.isPending ? rowAction.variables?.id : undefined;
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 3 }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h1" data-testid="days-off-title">
            Days off
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            {supervises
              ? "Requests from every agent. Dates are each agent's own days, in the agent's time zone."
              : `Your requests. Dates in ${timeZoneLabel(zone)} time.`}
          </Typography>
        </Box>
        <TextField
          select
          size="small"
          label="Status"
          value={status ?? ''}
          onChange={(event) => {
            setStatus(event.target.value === '' ? null : (event.target.value as VacationStatus));
            setPage(1);
          }}
          slotProps={{
            select: { native: true },
            inputLabel: { shrink: true },
            htmlInput: { 'data-testid': 'days-off-status-filter' },
          }}
          sx={{ minWidth: 200 }}
        >
          <option value="">All statuses</option>
          {VACATION_STATUSES.map((key) => (
            <option key={key} value={key}>
              {VACATION_STATUS_LOOK[key].label}
            </option>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setFormOpen(true)}
          data-testid={supervises ? 'days-off-add' : 'days-off-request'}
        >
          {supervises ? 'Add days off' : 'Request days off'}
        </Button>
      </Box>

      <DaysOffTable
        viewer={viewer}
        supervises={supervises}
        rows={days.data?.days_off}
        failed={days.isError}
        filtered={status !== null}
        actionsFor={actionsFor}
        busyAction={busyAction}
        onAction={perform}
      />
      {days.data && days.data.total > days.data.page_size ? (
        <TablePagination
          component="div"
          count={days.data.total}
          page={page - 1}
          rowsPerPage={days.data.page_size}
          rowsPerPageOptions={[days.data.page_size]}
          onPageChange={(_, next) => setPage(next + 1)}
          data-testid="days-off-pagination"
        />
      ) : null}

      {formOpen ? (
        <Suspense fallback={null}>
          <DaysOffFormDialog
            mode={supervises ? 'add' : 'request'}
            zone={zone}
            displayFrom={viewer.display_from}
            busy={create.isPending || startAction.isPending}
            onSubmit={submitForm}
            onClose={() => setFormOpen(false)}
          />
        </Suspense>
      ) : null}
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="days-off-notice" />
    </Box>
  );
}

type DaysOffTableProps = {
  viewer: CurrentUser;
  supervises: boolean;
  rows: DaysOffEntry[] | undefined;
  failed: boolean;
  filtered: boolean;
  actionsFor: (row: DaysOffEntry) => RowAction[];
  busyAction: string | undefined;
  onAction: (action: RowAction) => void;
};

function DaysOffTable({
  viewer,
  supervises,
  rows,
  failed,
  filtered,
  actionsFor,
  busyAction,
  onAction,
}: DaysOffTableProps) {
  const zone = viewer.timezone;
  const columns = supervises ? 7 : 6;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" data-testid="days-off-table" aria-label="Days off">
        <TableHead>
          <TableRow>
            {supervises ? <TableCell>Agent</TableCell> : null}
            <TableCell>Days</TableCell>
            <TableCell>Length</TableCell>
            <TableCell>Reason</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Requested</TableCell>
            <TableCell align="right">Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows === undefined && !failed
            ? [0, 1, 2].map((index) => (
                <TableRow key={index}>
                  <TableCell colSpan={columns}>
                    <Skeleton />
                  </TableCell>
                </TableRow>
              ))
            : null}
          {rows === undefined && failed ? (
            <TableRow>
              <TableCell colSpan={columns}>
                <Typography color="error" sx={{ py: 2, textAlign: 'center' }}>
                  The days off could not be loaded.
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
          {rows?.length === 0 ? (
            <TableRow>
              <TableCell colSpan={columns}>
                <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="days-off-empty">
                  {filtered ? 'No days off with this status.' : 'No days off yet.'}
                </Typography>
              </TableCell>
            </TableRow>
          ) : null}
          {rows?.map((row) => {
            const range = vacationDays(row.start_utc, row.end_utc, row.timezone);
            const length = countDays(range);
            const look = VACATION_STATUS_LOOK[row.status];
            const actions = actionsFor(row);
            return (
              <TableRow key={row.id} data-testid="days-off-row" data-id={row.id} data-status={row.status} hover>
                {supervises ? (
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, whiteSpace: 'nowrap' }}>
                      <Avatar
                        src={row.user_avatar_url ?? undefined}
                        alt=""
                        sx={{ width: 28, height: 28, fontSize: 13 }}
                      >
                        {row.name.charAt(0)}
                      </Avatar>
                      <Typography variant="body2" sx={{ fontWeight: 500 }}>
                        {row.name}
                      </Typography>
                    </Box>
                  </TableCell>
                ) : null}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDays(range)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {length} {length === 1 ? 'day' : 'days'}
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.reason_name}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={look.label}
                    color={look.color}
                    variant={row.status === 'vac_pending' || row.status === 'vac_approved' ? 'filled' : 'outlined'}
                    data-testid="days-off-status"
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
                  {formatDay(localDateInZone(Date.parse(row.created_at), zone))}
                </TableCell>
                <TableCell align="right">
                  <Box sx={{ display: 'inline-flex', gap: 1, justifyContent: 'flex-end' }}>
                    {actions.map((action) => (
                      <Button
                        key={action.id}
                        size="small"
                        variant={action.look === 'main' ? 'contained' : 'outlined'}
                        color={action.look === 'danger' ? 'error' : 'primary'}
                        loading={busyAction === action.id}
                        disabled={busyAction !== undefined && busyAction !== action.id}
                        onClick={() => onAction(action)}
                        data-testid={action.testId}
                        sx={{ whiteSpace: 'nowrap' }}
                      >
                        {action.label}
                      </Button>
                    ))}
                  </Box>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
