import {
  CALENDAR_STARRED_ROLES,
  can,
  type DataPoint,
  isoInZone,
  localDateInZone,
  MONTH_ATOMS_PER_DAY,
  type MonthAgent,
  type MonthDay,
  ROLE_NAMES,
  SEES_UNAPPROVED_SHIFTS,
  SHIFT_STATUSES,
  type ShiftStatus,
  shiftTransition,
  type TeamMonth,
  type TeamSchedule,
  type VacationStatus,
} from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { workingHoursOf } from '../campaigns/index.js';
import type { FreeShiftsService, SchedulingDeps } from '../freeShifts/index.js';
import type { NotificationsRepository } from '../notifications/index.js';
import { lockExistingShifts, type ShiftsRepository } from '../shifts/index.js';
import { companyView } from './companyView.js';
import type { TeamScheduleRepository } from './teamSchedule.repository.js';

/** What the team calendar reads, and what an approval or cancellation writes in one transaction. */
export type TeamScheduleRepositories = {
  teamSchedule: TeamScheduleRepository;
  shifts: ShiftsRepository;
  notifications: NotificationsRepository;
};

/** Group colours of the agent atoms, by agent group id; ungrouped agents are grey. */
const GROUP_COLOURS = [
  { bg: '#dbeafe', text: '#1e3a8a' },
  { bg: '#dcfce7', text: '#14532d' },
  { bg: '#fef3c7', text: '#78350f' },
  { bg: '#fce7f3', text: '#831843' },
  { bg: '#ede9fe', text: '#4c1d95' },
  { bg: '#cffafe', text: '#164e63' },
];
const UNGROUPED = { bg: '#f1f5f9', text: '#334155' };
const groupColour = (groupId: number | null) =>
  groupId === null ? UNGROUPED : (GROUP_COLOURS[groupId % GROUP_COLOURS.length] ?? UNGROUPED);

const LIVE_VACATIONS: readonly VacationStatus[] = ['vac_pending', 'vac_approved', 'vac_cancel_requested'];
// Map.groupBy is Node 21+; we run on Node 20.
function groupByUser<T extends { user_id: number }>(rows: T[]): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(row.user_id);
    if (group) group.push(row);
    else groups.set(row.user_id, [row]);
  }
  return groups;
}

const inZone = (date: Date, zone: string) => isoInZone(date.getTime(), zone);

/** The local days a period touches in the zone, each with its UTC bounds (23 or 25 hours on clock changes). */
function localDays(startMs: number, endMs: number, zone: string): { day: string; start: Date; end: Date }[] {
  const days: { day: string; start: Date; end: Date }[] = [];
  let day = DateTime.fromMillis(startMs, { zone }).startOf('day');
  while (day.toMillis() < endMs && days.length < 120) {
    const next = day.plus({ days: 1 });
    days.push({ day: day.toISODate() as string, start: day.toJSDate(), end: next.toJSDate() });
    day = next;
  }
  return days;
}

export function createTeamScheduleService(
  deps: SchedulingDeps<TeamScheduleRepositories> & { freeShifts: FreeShiftsService },
) {
  const { repositories, inTransaction, freeShifts, notificationsService, realtime, now } = deps;
  const { teamSchedule } = repositories;

  const companyScope = (viewer: UserRow) =>
    viewer.role === 'company_supervisor' ? (viewer.company_id ?? -1) : undefined;

  /** Applies one transition to shifts, all or none, and tells their owners. */
  async function transition(ids: number[], action: 'approve' | 'cancel', reason: string | null) {
    const { rows, owners } = await inTransaction(async (repos) => {
      const shifts = await lockExistingShifts(repos.shifts, ids);
      const refused = shifts
        .map((shift) => ({ shift, verdict: shiftTransition(shift.status, action, ['schedule_supervisor']) }))
        .filter(({ verdict }) => !verdict.allowed);
      if (refused.length > 0) {
        const first = refused[0]?.verdict;
        const message = first && !first.allowed ? first.message : 'Not allowed.';
        throw conflict(
          refused.length === 1 ? message : `${message} (shifts ${refused.map((r) => r.shift.id).join(', ')})`,
          {
            ids: refused.map((r) => r.shift.id).join(','),
          },
        );
      }
      const status: ShiftStatus = action === 'approve' ? 'approved' : 'canceled';

      await repos.shifts.setStatus(ids, status, reason, new Date(now()));
      const byOwner = new Map<number, number>();
      for (const shift of shifts) byOwner.set(shift.user_id, (byOwner.get(shift.user_id) ?? 0) + 1);
      const notified = await repos.notifications.insertMany(
        [...byOwner].map(([userId, count]) => ({
          userId,
          type: action === 'approve' ? ('shift_approved' as const) : ('shift_canceled' as const),
          title: action === 'approve' ? 'Shift approved' : 'Shift canceled',
          message:
            action === 'approve'
              ? `${count === 1 ? 'A shift of yours was' : `${count} of your shifts were`} approved.`
              : `${count === 1 ? 'A shift of yours was' : `${count} of your shifts were`} canceled${reason ? `: ${reason}` : ''}.`,
          link: '/schedule',
        })),
      );
      return { rows: notified, owners: [...byOwner.keys()] };
    });
    notificationsService.push(rows);
    realtime.scheduleChanged(owners);
    return { status: 'ok' as const, ids };
  }

  return {
    async getTeamSchedule(
      viewer: UserRow,
      query: { start_period: number; end_period: number; user_role?: string; campaigns?: number[] },
    ): Promise<TeamSchedule> {
      const zone = viewer.timezone;
      const start = new Date(query.start_period);
      const end = new Date(query.end_period);
      const seesAll = SEES_UNAPPROVED_SHIFTS.includes(viewer.role);
      const filter = { role: query.user_role, campaignIds: query.campaigns, companyId: companyScope(viewer) };
      const [shifts, vacations, openShifts] = await Promise.all([
        teamSchedule.shiftsOf(filter, start, end, seesAll ? SHIFT_STATUSES : ['approved']),
        teamSchedule.vacationsOf(filter, start, end, seesAll ? LIVE_VACATIONS : ['vac_approved']),
        freeShifts.list(query.start_period, query.end_period),
      ]);
      // Only the people with something in the period are described (a day is a few hundred of a thousand).
      const userIds = [...new Set([...shifts, ...vacations].map((row) => row.user_id))];
      const members = userIds.length === 0 ? [] : await teamSchedule.teamMembers({ ...filter, userIds });
      const shiftsByUser = groupByUser(shifts);
      const vacationsByUser = groupByUser(vacations);
      const summary: TeamSchedule['summary'] = {};
      const bump = (day: string, key: 'count_shifts' | 'count_vacations') => {
        const entry = summary[day] ?? { count_shifts: 0, count_vacations: 0 };
        entry[key] += 1;
        summary[day] = entry;
      };
      for (const shift of shifts) {
        if (shift.status === 'pending') bump(localDateInZone(shift.start_at.getTime(), zone), 'count_shifts');
      }
      for (const vacation of vacations) {
        if (vacation.status !== 'vac_approved') continue;
        let day = DateTime.fromJSDate(vacation.start_at, { zone }).startOf('day');
        const last = DateTime.fromJSDate(new Date(vacation.end_at.getTime() - 1), { zone });
        while (day <= last) {
          if (day.toMillis() >= query.start_period - 86_400_000 && day.toMillis() < query.end_period) {
            bump(day.toISODate() as string, 'count_vacations');
          }
          day = day.plus({ days: 1 });
        }
      }
      const dataPoints: DataPoint[] = [];
      for (const member of members) {
        const own = shiftsByUser.get(member.id) ?? [];
        const off = vacationsByUser.get(member.id) ?? [];
        if (own.length === 0 && off.length === 0) continue;
        const colour = groupColour(member.agent_group_id);
        dataPoints.push({
          user_id: member.id,
          name: `${member.first_name} ${member.second_name}`,
          userUrl: `/schedule/users/${member.id}`,
          user_avatar_url: member.avatar_url,
          role_name: ROLE_NAMES[member.role],
          starred: CALENDAR_STARRED_ROLES.includes(member.role),
          bg_color: colour,
          count: own.length,
          time_points: own.map((shift) => ({
            id: shift.id,
            type: 'shift' as const,
            status: shift.status,
            start: inZone(shift.start_at, zone),
            end: inZone(shift.end_at, zone),
            start_utc: shift.start_at.toISOString(),
            end_utc: shift.end_at.toISOString(),
            breaks: shift.breaks.map((b) => ({
              type: b.type,
              start_utc: new Date(b.start_at).toISOString(),
              end_utc: new Date(b.end_at).toISOString(),
            })),
            free_shift_id: shift.free_shift_id,
          })),
          agent_type: member.agent_call_type,
          agent_group: member.agent_group,
          vacations: off.map((vacation) => ({
            id: vacation.id,
            type: 'vacation' as const,
            status: vacation.status,
            start: inZone(vacation.start_at, zone),
            end: inZone(vacation.end_at, zone),
            start_utc: vacation.start_at.toISOString(),
            end_utc: vacation.end_at.toISOString(),
            breaks: [],
            free_shift_id: null,
          })),
          campaigns: member.campaigns,
        });
      }
      const schedule = { data_points: dataPoints, summary, free_shifts: openShifts };
      const company = companyScope(viewer);
      return company === undefined ? schedule : companyView(schedule, await teamSchedule.companyCampaignIds(company));
    },

    /**
     * The month grid: per local day the pending and days-off counts, the scheduled headcount and the first
     * agent atoms, and the pending ids Approve All acts on. Non-approved shifts count only for the roles that may
     * see them (spec §6), as in get_schedule.
     */
    async getTeamMonth(
      viewer: UserRow,
      query: { start_period: number; end_period: number; user_role?: string; campaigns?: number[] },
    ): Promise<TeamMonth> {
      const zone = viewer.timezone;
      const seesAll = SEES_UNAPPROVED_SHIFTS.includes(viewer.role);
      const filter = { role: query.user_role, campaignIds: query.campaigns, companyId: companyScope(viewer) };
      const days = localDays(query.start_period, query.end_period, zone);
      const counts = await teamSchedule.monthDays(
        filter,
        days,
        seesAll ? SHIFT_STATUSES : ['approved'],
        CALENDAR_STARRED_ROLES,
        MONTH_ATOMS_PER_DAY,
      );
      const byDay: Record<string, MonthDay> = {};
      const dayOf = (day: string) => {
        const entry = byDay[day] ?? { count_shifts: 0, pending_ids: [], count_vacations: 0, headcount: 0, atoms: [] };
        byDay[day] = entry;
        return entry;
      };
      for (const [day, ids] of counts.pending) {
        dayOf(day).count_shifts = ids.length;
        dayOf(day).pending_ids = ids;
      }
      for (const [day, n] of counts.headcounts) dayOf(day).headcount = n;
      for (const [day, userId] of counts.atoms) dayOf(day).atoms.push(userId);
      for (const [day, n] of counts.days_off) dayOf(day).count_vacations = n;
      const agents: Record<string, MonthAgent> = {};
      for (const row of await teamSchedule.atomAgents([...new Set(counts.atoms.map(([, userId]) => userId))])) {
        agents[row.id] = {
          user_id: row.id,
          name: `${row.first_name} ${row.second_name}`,
          user_avatar_url: row.avatar_url,
          role_name: ROLE_NAMES[row.role],
          starred: CALENDAR_STARRED_ROLES.includes(row.role),
          bg_color: groupColour(row.agent_group_id),
        };
      }
      return { days: byDay, agents, pending_ids: counts.pending_ids.map(Number) };
    },

    /** Campaigns for the per-campaign timelines; only a schedule supervisor sees non-approved shifts there. */
    async getScheduleCampaigns(viewer: UserRow, period: { start_period: number; end_period: number }) {
      const campaigns = await teamSchedule.scheduleCampaigns(companyScope(viewer));
      const userIds = [...new Set(campaigns.flatMap((campaign) => campaign.users))];
      const statuses: readonly ShiftStatus[] = can(viewer.role, 'schedule.manage') ? SHIFT_STATUSES : ['approved'];
      const shifts = await teamSchedule.shiftsOf(
        userIds,
        new Date(period.start_period),
        new Date(period.end_period),
        statuses,
      );
      return campaigns.map((campaign) => ({
        id: campaign.id,
        name: campaign.name,
        users: campaign.users,
        working_hours: workingHoursOf(campaign),
        shifts: shifts
          .filter((shift) => campaign.users.includes(shift.user_id))
          .map((shift) => ({
            id: shift.id,
            user_id: shift.user_id,
            status: shift.status,
            start_utc: shift.start_at.toISOString(),
            end_utc: shift.end_at.toISOString(),
          })),
      }));
    },

    approve: (ids: number[]) => transition(ids, 'approve', null),
    cancel: (id: number, reason: string | null) => transition([id], 'cancel', reason),

    /** The redo icon: a canceled shift goes back to approved. */
    async restore(id: number) {
      const shift = await repositories.shifts.lock(id);
      if (!shift) throw notFound('No such shift.');
      if (shift.status !== 'canceled') throw new AppError('conflict', 'Only a canceled shift can be restored.');
      return transition([id], 'approve', null);
    },
  };
}

export type TeamScheduleService = ReturnType<typeof createTeamScheduleService>;
