import type { ScheduleCampaign, ShiftStatus, TeamMonth, TeamSchedule } from '@shiftline/shared';

/** A loaded day with the given shifts set to a new status; the same object when none of them is there. */
export function dayWithShiftStatus(day: TeamSchedule, ids: ReadonlySet<number>, status: ShiftStatus): TeamSchedule {
  let changed = false;
  const dataPoints = day.data_points.map((point) => {
    if (!point.time_points.some((item) => item.type === 'shift' && ids.has(item.id))) return point;
    changed = true;
    return {
      ...point,
      time_points: point.time_points.map((item) =>
        item.type === 'shift' && ids.has(item.id) ? { ...item, status } : item,
      ),
    };
  });
  return changed ? { ...day, data_points: dataPoints } : day;
}

/** A loaded month with the given shifts no longer pending: out of Approve All and the days' pending counts. */
export function monthWithoutPending(month: TeamMonth, ids: ReadonlySet<number>): TeamMonth {
  if (!month.pending_ids.some((id) => ids.has(id))) return month;
  const days: TeamMonth['days'] = {};
  for (const [key, day] of Object.entries(month.days)) {
    const pending = day.pending_ids.filter((id) => !ids.has(id));
    days[key] =
      pending.length === day.pending_ids.length ? day : { ...day, pending_ids: pending, count_shifts: pending.length };
  }
  return { ...month, days, pending_ids: month.pending_ids.filter((id) => !ids.has(id)) };
}

/** The campaign timelines with the given shifts set to a new status. */
export function campaignsWithShiftStatus(
  campaigns: ScheduleCampaign[],
  ids: ReadonlySet<number>,
  status: ShiftStatus,
): ScheduleCampaign[] {
  return campaigns.map((campaign) =>
    campaign.shifts.some((shift) => ids.has(shift.id))
      ? { ...campaign, shifts: campaign.shifts.map((shift) => (ids.has(shift.id) ? { ...shift, status } : shift)) }
      : campaign,
  );
}
