import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CALENDAR_HEIGHTS,
  type CurrentUser,
  calendarPeriod,
  can,
  formatDay,
  localDateInZone,
  type Shift,
  type ShiftStatus,
  shiftTransition,
  timeZoneLabel,
} from '@shiftline/shared';
import { DateTime } from 'luxon';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../../lib/apiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { NoticeSnackbar } from '../../../ui/NoticeSnackbar';
import { useCurrentUser } from '../../auth';
import { scheduleApi } from '../api';
import { useScheduleMutation } from '../hooks/useScheduleMutation';
import { useUnsentCount } from '../hooks/useUnsentCount';
import { useUserSchedule } from '../hooks/useUserSchedule';
import { dayEvents, monthEvents } from '../utils/calendarEvents';
import { countDatedEvents } from '../utils/countDatedEvents';
import { formatTimeRange } from '../utils/localTime';
import { canOpenScheduleDialog, mayPlanOn } from '../utils/scheduleDialogRule';
import type { ScheduleItem } from '../utils/scheduleItem';
import { shiftActors } from '../utils/shiftActors';
import { CanceledShiftDialog } from './CanceledShiftDialog';
import { MonthNavigation } from './MonthNavigation';
import { PlanShiftsFor } from './PlanShiftsFor';
import { ScheduleDialog } from './ScheduleDialog';
import { ScheduleLoadFailed } from './ScheduleLoadFailed';
import { ScheduleRulesBar } from './ScheduleRulesBar';
import { ScheduleSidePanel } from './ScheduleSidePanel';

// FullCalendar is big: it loads only here, after the page's own code has drawn.
const loadCalendars = () => import('./calendars');
const MonthCalendar = lazy(async () => ({ default: (await loadCalendars()).MonthCalendar }));
const DayCalendar = lazy(async () => ({ default: (await loadCalendars()).DayCalendar }));

type Notice = { message: string; severity: 'success' | 'error' };

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

const deletionQuestion = (shift: Shift, zone: string) => {
  const start = Date.parse(shift.start_utc);
  const range = formatTimeRange(start, Date.parse(shift.end_utc), zone);
  return `Are you sure you want to delete the shift ${range} on ${formatDay(localDateInZone(start, zone))}?`;
};

const showsRulesBar = (pathname: string) =>
  pathname.startsWith('/schedule') && !pathname.includes('/users') && !pathname.includes('/days_off');

/** A planner starts on the focused day, or today when that is past (the ISO dates compare as text). */
function planStartDay(focusDay: string, zone: string): string {
  const today = localDateInZone(Date.now(), zone);
  return [focusDay, today].sort()[1] as string;
}

/** /schedule (one's own) and /schedule/users/:id (a schedule supervisor viewing someone's). */
export function SchedulePage() {
  const viewer = useCurrentUser();
  const { id } = useParams();
  const ownerId = id === undefined ? viewer.id : Number(id);
  if (!Number.isSafeInteger(ownerId) || ownerId <= 0) {
    return (
      <Alert severity="warning" data-testid="schedule-unknown-user">
        There is no user {id}.
      </Alert>
    );
  }
  // A different person's calendar starts afresh.
  return <PersonalSchedule key={ownerId} viewer={viewer} ownerId={ownerId} />;
}

function PersonalSchedule({ viewer, ownerId }: { viewer: CurrentUser; ownerId: number }) {
  const zone = viewer.timezone;
  const forself = ownerId === viewer.id;
  const { pathname } = useLocation();
  const isScheduleSupervisor = can(viewer.role, 'schedule.manage');
  const today = localDateInZone(Date.now(), zone);

  const [month, setMonth] = useState(today.slice(0, 7));
  const [focusDay, setFocusDay] = useState(today);
  const [hidden, setHidden] = useState<ReadonlySet<ShiftStatus>>(() => new Set());
  const [dialogDay, setDialogDay] = useState<string | null>(null);
  const [canceledShift, setCanceledShift] = useState<Shift | null>(null);
  // The shift stays while the confirmation closes, so its text does not vanish mid-animation.
  const [deletion, setDeletion] = useState<{ shift: Shift; open: boolean } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [planningDay, setPlanningDay] = useState<string | null>(null);

  const period = useMemo(() => calendarPeriod(month, zone), [month, zone]);
  const schedule = useUserSchedule(ownerId, forself, period);
  const unsentCount = useUnsentCount(forself);
  const send = useScheduleMutation(scheduleApi.sendForApproval);
  const remove = useScheduleMutation(scheduleApi.deleteEvent);

  const { shifts, vacations } = schedule;
  const shownMonth = useMemo(() => monthEvents({ shifts, vacations, hidden, zone }), [shifts, vacations, hidden, zone]);
  const shownDay = useMemo(() => dayEvents({ shifts, vacations, hidden, zone }), [shifts, vacations, hidden, zone]);

  const goToMonth = (next: string) => {
    setMonth(next);
    setFocusDay(today.startsWith(next) ? today : `${next}-01`);
  };

  /** Focuses the day, and opens the dialog if the spec's rule allows it, on freshly loaded events. */
  const openDay = async (day: string) => {
    setFocusDay(day);
    const facts = { day, today: localDateInZone(Date.now(), zone), isOwner: forself, isScheduleSupervisor };
    if (!mayPlanOn(facts)) return;
    const fresh = (await schedule.refetch()).data;
    if (!fresh) return;
    const datedEventsOnDay = countDatedEvents(day, zone, fresh.shifts, fresh.vacations);
    if (canOpenScheduleDialog({ ...facts, datedEventsOnDay })) setDialogDay(day);
  };

  const openItem = (item: ScheduleItem) => {
    if (item.kind === 'shift' && item.shift.status === 'canceled') setCanceledShift(item.shift);
  };

  const mayDelete = (shift: Shift) => shiftTransition(shift.status, 'delete', shiftActors(shift, viewer)).allowed;

  const sendForApproval = () =>
    send.mutate(undefined, {
      onSuccess: ({ sent }) =>
        setNotice({
          message: `${sent.length} shift${sent.length === 1 ? '' : 's'} sent for approval.`,
          severity: 'success',
        }),
      onError: (error) => setNotice({ message: errorMessage(error, 'Sending failed.'), severity: 'error' }),
    });

  const deleteShift = (shift: Shift) =>
    remove.mutate(shift.id, {
      onSuccess: () => setNotice({ message: 'Shift deleted.', severity: 'success' }),
      onError: (error) => setNotice({ message: errorMessage(error, 'Deleting failed.'), severity: 'error' }),
      onSettled: () => setDeletion({ shift, open: false }),
    });

  const ownerName = forself ? null : (schedule.owner?.name ?? `user ${ownerId}`);
  const focus = DateTime.fromISO(focusDay).setLocale('en-US');

  return (
    <Box>
      {/* The rules bar belongs to /schedule itself, not to paths with /users or /days_off (spec §2). */}
      {showsRulesBar(pathname) ? (
        <ScheduleRulesBar viewer={viewer} month={month} period={period} focusDay={focusDay} onNotice={setNotice} />
      ) : null}
      <Typography variant="h1" data-testid="schedule-title">
        {ownerName === null ? 'My schedule' : `Schedule of ${ownerName}`}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        Times in {timeZoneLabel(zone)} time.
      </Typography>

      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: '200px minmax(0, 1fr) 340px' },
        }}
      >
        <ScheduleSidePanel
          focusDay={focusDay}
          forself={forself}
          isScheduleSupervisor={isScheduleSupervisor}
          unsentCount={unsentCount}
          sending={send.isPending}
          onSendForApproval={sendForApproval}
          hidden={hidden}
          onHiddenChange={setHidden}
          onPlan={!forself && isScheduleSupervisor ? () => setPlanningDay(planStartDay(focusDay, zone)) : undefined}
        />

        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
          <MonthNavigation month={month} onMonthChange={goToMonth} />
          {schedule.loadFailed ? (
            <ScheduleLoadFailed onRetry={() => void schedule.refetch()} height={CALENDAR_HEIGHTS.month} />
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={CALENDAR_HEIGHTS.month} />}>
              <MonthCalendar
                month={month}
                focusDay={focusDay}
                zone={zone}
                events={shownMonth}
                onDayClick={(day) => void openDay(day)}
                onItemClick={(item, day) => {
                  setFocusDay(day);
                  openItem(item);
                }}
              />
            </Suspense>
          )}
        </Paper>

        <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid="day-view" data-date={focusDay}>
          <Typography variant="h3" sx={{ mb: 1, px: 0.5 }} data-testid="day-view-title">
            {focus.toFormat('cccc, LLL d')}
          </Typography>
          {schedule.loadFailed ? (
            <ScheduleLoadFailed height={CALENDAR_HEIGHTS.day} />
          ) : (
            <Suspense fallback={<Skeleton variant="rounded" height={CALENDAR_HEIGHTS.day} />}>
              <DayCalendar
                day={focusDay}
                zone={zone}
                events={shownDay}
                mayDelete={mayDelete}
                onDelete={(shift) => setDeletion({ shift, open: true })}
                onItemClick={openItem}
              />
            </Suspense>
          )}
        </Paper>
      </Box>

      {dialogDay !== null ? (
        <ScheduleDialog
          day={dialogDay}
          zone={zone}
          owner={{ id: ownerId, displayFrom: schedule.owner?.display_from ?? null }}
          forself={forself}
          shifts={shifts}
          vacations={vacations}
          onClose={() => setDialogDay(null)}
          onSaved={() => {
            setDialogDay(null);
            setNotice({
              message: forself ? 'Shift saved. Send it for approval when your plan is ready.' : 'Shift saved.',
              severity: 'success',
            });
          }}
        />
      ) : null}
      {planningDay !== null ? (
        <PlanShiftsFor
          day={planningDay}
          zone={zone}
          owner={{ id: ownerId, name: ownerName ?? '' }}
          onClose={() => setPlanningDay(null)}
          onDone={(message) => {
            setPlanningDay(null);
            setNotice({ message, severity: 'success' });
          }}
        />
      ) : null}
      {canceledShift ? (
        <CanceledShiftDialog shift={canceledShift} zone={zone} onClose={() => setCanceledShift(null)} />
      ) : null}
      <ConfirmDialog
        open={deletion?.open ?? false}
        title="Delete shift?"
        text={deletion ? deletionQuestion(deletion.shift, zone) : ''}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => {
          if (deletion) deleteShift(deletion.shift);
        }}
        onCancel={() => setDeletion(deletion ? { ...deletion, open: false } : null)}
        confirmTestId="confirm-delete"
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="schedule-notice" />
    </Box>
  );
}
