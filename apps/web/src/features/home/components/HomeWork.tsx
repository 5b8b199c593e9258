import Box from '@mui/material/Box';
import { type CurrentUser, can } from '@shiftline/shared';
import { useMyWork, useToApprove } from '../hooks/useHomeWork';
import { daysOffWhen, shiftDay, shiftWhen, waitingLabel } from '../utils/homeText';
import { WorkList } from './WorkList';

const SHIFT_STATUS_NAMES: Record<string, string> = { pending: 'Pending', approved: 'Approved' };

/**
 * Each role's work on the home page: one's next shifts and requests waiting for an answer; for a schedule
 * supervisor also the shifts and days-off requests waiting for their decision, each linking to where it is done.
 */
export function HomeWork({ user }: { user: CurrentUser }) {
  const zone = user.timezone;
  const hasSchedule = can(user.role, 'schedule.view_own');
  const approves = can(user.role, 'schedule.manage');
  const mine = useMyWork(hasSchedule);
  const waiting = useToApprove(approves);
  if (!hasSchedule) return null;
  const work = mine.data;
  const requests = work
    ? [
        ...work.pending_shifts.items.map((shift) => ({
          key: `shift-${shift.id}`,
          primary: shiftWhen(shift, zone),
          secondary: waitingLabel(shift),
          to: '/schedule',
        })),
        ...work.pending_days_off.items.map((request) => ({
          key: `days-off-${request.id}`,
          primary: daysOffWhen(request),
          secondary: waitingLabel(request),
          to: '/schedule/days_off',
        })),
      ]
    : undefined;
  return (
    <Box
      sx={{ display: 'grid', gap: 2, mt: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      data-testid="home-work"
    >
      {approves ? (
        <>
          <WorkList
            title="Shifts to approve"
            count={waiting.data?.pending_shifts.count}
            items={waiting.data?.pending_shifts.items.map((shift) => ({
              key: `approve-${shift.id}`,
              primary: shift.name,
              secondary: shiftWhen(shift, zone),
              to: `/schedule/team#date=${shiftDay(shift, zone)}`,
            }))}
            loading={waiting.isPending}
            failed={waiting.isError}
            empty="No shifts are waiting for approval."
            all={{ to: '/schedule/team', label: 'Team schedule' }}
            testId="home-to-approve-shifts"
          />
          <WorkList
            title="Days-off requests"
            count={waiting.data?.days_off_requests.count}
            items={waiting.data?.days_off_requests.items.map((request) => ({
              key: `request-${request.id}`,
              primary: request.name,
              secondary: `${daysOffWhen(request)} · ${waitingLabel(request)}`,
              to: '/schedule/days_off',
            }))}
            loading={waiting.isPending}
            failed={waiting.isError}
            empty="No days-off requests are waiting."
            all={{ to: '/schedule/days_off', label: 'All days-off requests' }}
            testId="home-to-approve-days-off"
          />
        </>
      ) : null}
      <WorkList
        title="Your next shifts"
        count={work?.next_shifts.count}
        items={work?.next_shifts.items.map((shift) => ({
          key: `next-${shift.id}`,
          primary: shiftWhen(shift, zone),
          secondary: SHIFT_STATUS_NAMES[shift.status] ?? shift.status,
          to: '/schedule',
        }))}
        loading={mine.isPending}
        failed={mine.isError}
        empty="No shifts planned yet."
        all={{ to: '/schedule', label: 'My schedule' }}
        testId="home-next-shifts"
      />
      <WorkList
        title="Your requests"
        count={work ? work.pending_shifts.count + work.pending_days_off.count : undefined}
        items={requests}
        loading={mine.isPending}
        failed={mine.isError}
        empty="Nothing is waiting for an answer."
        all={{ to: '/schedule/days_off', label: 'Days off' }}
        testId="home-my-requests"
      />
    </Box>
  );
}
