import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import {
  CALENDAR_HEIGHTS,
  type CurrentUser,
  calendarPeriod,
  can,
  type DataPoint,
  localDateInZone,
  timeZoneLabel,
} from '@shiftline/shared';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../../lib/apiError';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { NoticeSnackbar } from '../../../ui/NoticeSnackbar';
import { useCurrentUser } from '../../auth';
import { useCampaigns } from '../../campaigns';
import { dayInterval, MonthNavigation, monthTitle } from '../../schedule';
import { teamScheduleApi } from '../api';
import { useScheduleCampaigns } from '../hooks/useScheduleCampaigns';
import { useShiftTransition } from '../hooks/useShiftTransition';
import { useTeamDay } from '../hooks/useTeamDay';
import { useTeamMonth } from '../hooks/useTeamMonth';
import { useTeamScheduleLive } from '../hooks/useTeamScheduleLive';
import { dateFromHash, hashWithDate } from '../utils/hashDate';
import { CalendarRulesBar } from './CalendarRulesBar';
import { CancelShiftDialog } from './CancelShiftDialog';
import { DetailsPanel } from './DetailsPanel';
import { MakeNoticeDialog } from './MakeNoticeDialog';
import { PlannerDialog, type PlannerTarget } from './PlannerDialog';
import type { TimePoint } from './ShiftBar';

// FullCalendar is big: it loads only here, after the page's own code has drawn.
const TeamMonthCalendar = lazy(async () => ({ default: (await import('./teamCalendar')).TeamMonthCalendar }));

type Notice = { message: string; severity: 'success' | 'error' };

const errorMessage = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/** /schedule/team: the supervisor schedule calendar. */
export function TeamSchedulePage() {
  const viewer = useCurrentUser();
  return <TeamSchedule viewer={viewer} />;
}

function TeamSchedule({ viewer }: { viewer: CurrentUser }) {
  const zone = viewer.timezone;
  const isScheduleSupervisor = can(viewer.role, 'schedule.manage');
  const location = useLocation();
  const navigate = useNavigate();
  const hashDate = dateFromHash(location.hash);
  const today = localDateInZone(Date.now(), zone);

  const [month, setMonth] = useState((hashDate ?? today).slice(0, 7));
  const [campaignFilter, setCampaignFilter] = useState<number[]>([]);
  const [approvingAll, setApprovingAll] = useState<{ ids: number[]; open: boolean } | null>(null);
  const [cancelling, setCancelling] = useState<{ shift: TimePoint; name: string } | null>(null);
  const [noticeOpen, setNoticeOpen] = useState(false);
  const [planning, setPlanning] = useState<PlannerTarget | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  const period = useMemo(() => calendarPeriod(month, zone), [month, zone]);
  // The opened day as UTC instants: the panel loads that day only.
  const dayPeriod = useMemo(() => {
    if (hashDate === null) return null;
    const { start, end } = dayInterval(hashDate, zone);
    return { startUtc: new Date(start).toISOString(), endUtc: new Date(end).toISOString() };
  }, [hashDate, zone]);
  const { month: monthSummary } = useTeamMonth(period, campaignFilter);
  const day = useTeamDay(dayPeriod, campaignFilter);
  const schedule = day.schedule;
  const scheduleCampaigns = useScheduleCampaigns(dayPeriod);
  const dashboardCampaigns = useCampaigns();
  useTeamScheduleLive();

  const campaignOptions = useMemo(
    () => (dashboardCampaigns.data ?? []).map((campaign) => ({ value: campaign.id, label: campaign.name })),
    [dashboardCampaigns.data],
  );
  const campaignNames = useMemo(
    () => new Map(campaignOptions.map((option) => [option.value, option.label])),
    [campaignOptions],
  );
  const pendingIds = monthSummary.pending_ids;

  const approve = useShiftTransition(teamScheduleApi.approveEvent, {
    status: 'approved',
    idsOf: (id) => [id],
    reloadMonth: false,
  });
  const restore = useShiftTransition(teamScheduleApi.restoreEvent, {
    status: 'approved',
    idsOf: (id) => [id],
    reloadMonth: true,
  });
  const approveAll = useShiftTransition(teamScheduleApi.approveAll, {
    status: 'approved',
    idsOf: (ids) => ids,
    reloadMonth: false,
  });

  const focusDay = (day: string) => void navigate({ hash: hashWithDate(location.hash, day) }, { replace: true });
  const closePanel = () => void navigate({ hash: '' }, { replace: true });
  const goToMonth = (next: string) => {
    setMonth(next);
    // The panel shows a day of the month on screen.
    if (hashDate !== null && !hashDate.startsWith(next)) closePanel();
  };

  const done = (message: string) => setNotice({ message, severity: 'success' });
  /** A dialog's success: `close` closes it, and the snackbar says what was done. */
  const closeAndSay = (close: () => void, message: string) => {
    close();
    done(message);
  };
  const failed = (fallback: string) => (error: unknown) =>
    setNotice({ message: errorMessage(error, fallback), severity: 'error' });

  const shiftActions = isScheduleSupervisor
    ? {
        onApprove: (shift: TimePoint) =>
          approve.mutate(shift.id, { onSuccess: () => done('Shift approved.'), onError: failed('Approving failed.') }),
        onRestore: (shift: TimePoint) =>
          restore.mutate(shift.id, { onSuccess: () => done('Shift restored.'), onError: failed('Restoring failed.') }),
        onCancel: (shift: TimePoint) =>
          setCancelling({
            shift,
            name:
              schedule.data_points.find((point) => point.time_points.some((item) => item.id === shift.id))?.name ?? '',
          }),
      }
    : {};

  const mayPlan = (point: DataPoint) =>
    isScheduleSupervisor || (point.user_id === viewer.id && can(viewer.role, 'schedule.planner'));

  const noticeDay = hashDate ?? today;

  return (
    <Box>
      <CalendarRulesBar
        campaignOptions={campaignOptions}
        campaigns={campaignFilter}
        onCampaignsChange={setCampaignFilter}
        isScheduleSupervisor={isScheduleSupervisor}
        pendingCount={pendingIds.length}
        onApproveAll={() => setApprovingAll({ ids: pendingIds, open: true })}
        onMakeNotification={() => setNoticeOpen(true)}
      />
      <Typography variant="h1" data-testid="team-schedule-title">
        Team schedule
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
        Times in {timeZoneLabel(zone)} time. Click a day for its timeline.
      </Typography>

      <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }}>
        <MonthNavigation month={month} onMonthChange={goToMonth} />
        <Suspense fallback={<Skeleton variant="rounded" height={CALENDAR_HEIGHTS.month} />}>
          <TeamMonthCalendar
            month={month}
            focusDay={hashDate}
            zone={zone}
            summary={monthSummary}
            onDayClick={focusDay}
          />
        </Suspense>
      </Paper>

      {hashDate !== null ? (
        <DetailsPanel
          key={hashDate}
          day={hashDate}
          zone={zone}
          schedule={schedule}
          scheduleLoading={day.isPending}
          campaigns={scheduleCampaigns.campaigns}
          campaignsLoading={scheduleCampaigns.isPending}
          campaignNames={campaignNames}
          campaignFilter={campaignFilter}
          mayPlan={mayPlan}
          onPlan={(point) => setPlanning({ id: point.user_id, name: point.name, campaigns: point.campaigns })}
          onClose={closePanel}
          {...shiftActions}
        />
      ) : null}

      {cancelling ? (
        <CancelShiftDialog
          shift={cancelling.shift}
          agentName={cancelling.name}
          zone={zone}
          onClose={() => setCancelling(null)}
          onCanceled={() => closeAndSay(() => setCancelling(null), 'Shift canceled.')}
        />
      ) : null}
      {noticeOpen ? (
        <MakeNoticeDialog
          day={noticeDay}
          zone={zone}
          campaignOptions={campaignOptions}
          onClose={() => setNoticeOpen(false)}
          onSent={() => closeAndSay(() => setNoticeOpen(false), 'The notification was sent to the available agents.')}
        />
      ) : null}
      {planning && hashDate !== null ? (
        <PlannerDialog
          day={hashDate}
          zone={zone}
          target={planning}
          forself={planning.id === viewer.id}
          isScheduleSupervisor={isScheduleSupervisor}
          onClose={() => setPlanning(null)}
          onDone={(message) => closeAndSay(() => setPlanning(null), message)}
        />
      ) : null}
      <ConfirmDialog
        open={approvingAll?.open ?? false}
        title="Approve all?"
        text={
          approvingAll
            ? `Approve all ${approvingAll.ids.length} pending shift${approvingAll.ids.length === 1 ? '' : 's'} shown in ${monthTitle(month)}${campaignFilter.length > 0 ? ' for the chosen campaigns' : ''}?`
            : ''
        }
        confirmLabel="Approve All"
        busy={approveAll.isPending}
        onConfirm={() => {
          if (!approvingAll) return;
          approveAll.mutate(approvingAll.ids, {
            onSuccess: () => done(`${approvingAll.ids.length} shifts approved.`),
            onError: failed('Approving failed.'),
            onSettled: () => setApprovingAll({ ...approvingAll, open: false }),
          });
        }}
        onCancel={() => setApprovingAll(approvingAll ? { ...approvingAll, open: false } : null)}
        confirmTestId="confirm-approve-all"
      />
      <NoticeSnackbar notice={notice} onClose={() => setNotice(null)} testId="team-notice" />
    </Box>
  );
}
