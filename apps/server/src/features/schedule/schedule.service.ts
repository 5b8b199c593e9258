import {
  can,
  isLiveShift,
  isoInZone,
  localDateInZone,
  type NewShiftBody,
  ROLE_NAMES,
  type Shift,
  type ShiftActor,
  shiftTransition,
  type UserSchedule,
  VACATION_REASONS,
  type VacationReason,
  validateShift,
} from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import type { Realtime } from '../realtime/index.js';
import { breakRows, plannedStatus, type ShiftRecord, scheduleOwner, shiftOrigin } from '../shifts/index.js';
import { longName, type UsersRepository } from '../users/index.js';
import type { ScheduleRepository } from './schedule.repository.js';

const DAY_MS = 86_400_000;

type ParsedShiftBody = Omit<NewShiftBody, 'start' | 'end' | 'breaks'> & {
  start: number;
  end: number;
  breaks: { type: 'break' | 'lunch'; start: number }[];
};

const inZone = (date: Date, zone: string) => isoInZone(date.getTime(), zone);

export function createScheduleService(deps: {
  schedule: ScheduleRepository;
  users: UsersRepository;
  realtime: Realtime;
  inTransaction: <T>(work: (schedule: ScheduleRepository) => Promise<T>) => Promise<T>;
  now?: () => number;
}) {
  const { schedule, users, realtime, inTransaction } = deps;
  const now = deps.now ?? Date.now;

  const ownerOf = (viewer: UserRow, userId: number | undefined) =>
    scheduleOwner(users, viewer, userId, 'You may only see and plan your own schedule.');

  function describeShift(record: ShiftRecord, owner: UserRow, zone: string, countOnDay: number): Shift {
    return {
      id: record.id,
      type: 'shift',
      user_id: record.user_id,
      status: record.status,
      start: inZone(record.start_at, zone),
      end: inZone(record.end_at, zone),
      start_utc: record.start_at.toISOString(),
      end_utc: record.end_at.toISOString(),
      notes: record.notes,
      breaks: record.breaks.map((b) => ({
        type: b.type,
        start: inZone(b.start_at, zone),
        end: inZone(b.end_at, zone),
      })),
      reason: record.reason,
      count: countOnDay,
      name: longName(owner),
      user_avatar_url: owner.avatar_url,
      role_name: ROLE_NAMES[owner.role],
      sent_for_approval: record.sent_for_approval_at !== null,
    };
  }

  return {
    async getUserSchedule(
      viewer: UserRow,
      query: { start_period: number; end_period: number; user?: number },
    ): Promise<UserSchedule> {
      const owner = await ownerOf(viewer, query.user);
      const zone = viewer.timezone;
      const start = new Date(query.start_period);
      const end = new Date(query.end_period);
      const [shifts, vacations] = await Promise.all([
        schedule.shifts.overlappingWithBreaks(owner.id, start, end),
        schedule.vacationsOverlapping(owner.id, start, end),
      ]);
      const liveByDay = new Map<string, number>();
      const dayOf = (shift: ShiftRecord) => localDateInZone(shift.start_at.getTime(), zone);
      for (const shift of shifts.filter((s) => isLiveShift(s.status))) {
        const day = dayOf(shift);
        liveByDay.set(day, (liveByDay.get(day) ?? 0) + 1);
      }
      return {
        shifts: shifts.map((shift) => describeShift(shift, owner, zone, liveByDay.get(dayOf(shift)) ?? 0)),
        vacations: vacations.map((vacation) => ({
          id: vacation.id,
          type: 'vacation' as const,
          user: vacation.user_id,
          start: inZone(vacation.start_at, zone),
          end: inZone(vacation.end_at, zone),
          start_utc: vacation.start_at.toISOString(),
          end_utc: vacation.end_at.toISOString(),
          reason: vacation.reason,
          reason_name: VACATION_REASONS[vacation.reason as VacationReason] ?? vacation.reason,
          status: vacation.status,
        })),
        forself: owner.id === viewer.id,
        user: {
          id: owner.id,
          name: longName(owner),
          timezone: owner.timezone,
          display_from: owner.display_from ? owner.display_from.toISOString() : null,
        },
      };
    },

    /**
     * Creates a shift after the shared rules pass. The owner's row is locked for the check and the
     * insert, so two requests cannot both slip into the same free time.
     */
    async createShift(viewer: UserRow, body: ParsedShiftBody): Promise<Shift> {
      const owner = await ownerOf(viewer, body.user);
      const id = await inTransaction(async (trx) => {
        await trx.lockUser(owner.id);
        const busy = await trx.shifts.busyIntervals(
          owner.id,
          new Date(body.start - DAY_MS),
          new Date(body.end + DAY_MS),
        );
        const problems = validateShift(body, {
          now: now(),
          displayFrom: owner.display_from ? owner.display_from.getTime() : null,
          busy,
        });
        if (Object.keys(problems.fields).length > 0) {
          throw new AppError('validation_failed', 'The shift breaks a scheduling rule.', problems.fields);
        }
        if (Object.keys(problems.conflicts).length > 0) {
          throw conflict('The shift overlaps existing plans.', problems.conflicts);
        }
        const [created] = await trx.shifts.insert(
          shiftOrigin(owner.id, plannedStatus(owner.id, viewer.id), viewer.id, new Date(now())),
          [
            {
              start: new Date(body.start),
              end: new Date(body.end),
              notes: body.notes ?? null,
              breaks: breakRows(body.breaks),
            },
          ],
        );
        return created as number;
      });
      const created = (
        await schedule.shifts.overlappingWithBreaks(owner.id, new Date(body.start), new Date(body.end))
      ).find((s) => s.id === id);
      if (!created) throw notFound('The shift was removed meanwhile.');
      return describeShift(created, owner, viewer.timezone, 1);
    },

    /** Sends the user's draft shifts to the schedule supervisors, who are told at once. */
    async sendForApproval(viewer: UserRow, ids?: number[]): Promise<{ sent: number[] }> {
      const sent = await schedule.shifts.markSent(viewer.id, new Date(now()), ids);
      if (sent.length === 0) throw conflict('There are no new shifts to send for approval.');
      realtime.shiftsSent({ user_id: viewer.id, name: longName(viewer), count: sent.length, shift_ids: sent });
      return { sent };
    },

    unsentCount: (viewer: UserRow) => schedule.shifts.countUnsent(viewer.id),

    async deleteShift(viewer: UserRow, shiftId: number): Promise<void> {
      const shift = await schedule.shifts.find(shiftId);
      if (!shift) throw notFound('No such shift.');
      const actors: ShiftActor[] = [];
      if (shift.user_id === viewer.id) actors.push('owner');
      if (can(viewer.role, 'schedule.manage')) actors.push('schedule_supervisor');
      const verdict = shiftTransition(shift.status, 'delete', actors);
      if (!verdict.allowed) {
        throw verdict.reason === 'role' ? forbidden('You may only delete your own shifts.') : conflict(verdict.message);
      }
      await schedule.shifts.delete([shiftId]);
      realtime.scheduleChanged([shift.user_id]);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
