import {
  BLOCKING_VACATION_STATUSES,
  can,
  formatDay,
  isLiveShift,
  localDateInZone,
  type ServerEvent,
  type ServerEventPayloads,
  sameDaysInZone,
  VACATION_EVENTS,
  VACATION_REASONS,
  type VacationReason,
  type VacationStatus,
} from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, forbidden, notFound } from '../../plugins/errors.js';
import type { FreeShiftsService, OfferRepositories, SchedulingDeps } from '../freeShifts/index.js';
import { lockExistingShifts, type ShiftsRepository } from '../shifts/index.js';
import { isListedUser, longName, type UsersRepository } from '../users/index.js';
import type { VacationsRepository } from './vacations.repository.js';

/** What a days-off decision writes in one transaction: the request, the owner's shifts, offers and notifications. */
export type VacationsRepositories = OfferRepositories & {
  vacations: VacationsRepository;
  shifts: ShiftsRepository;
  users: UsersRepository;
};

/** Statuses of requests an agent may not request again over: waiting, granted, or granted with a cancellation asked. */
const OPEN_VACATION_STATUSES: readonly VacationStatus[] = ['vac_pending', ...BLOCKING_VACATION_STATUSES];
const MAX_VACATION_DAYS = 60;
/** How far ahead days off may be requested, and how far back a schedule supervisor may enter them. */
const MAX_VACATION_LEAD_DAYS = 366;
/** Requests one person may have waiting for a decision, so no one can bury the others' under their own. */
export const MAX_PENDING_VACATIONS = 10;
const DAY_MS = 86_400_000;

/** The spec's 'Cannot be approved!' text, with the period's days in the zone given (the owner's). */
export function cannotApproveMessage(start: Date, end: Date, zone: string): string {
  const format = (date: Date) =>
    DateTime.fromJSDate(date, { zone }).toLocaleString(DateTime.DATE_SHORT, { locale: 'en-US' });
  const lastDay = new Date(end.getTime() - 1);
  return `Cannot be approved! The days from the selected period ${format(start)} - ${format(lastDay)} have already been approved as days off.`;
}

type VacationAction =
  | { action: 'approve'; vacation_id: number }
  | { action: 'reject_cancellation'; vacation_id: number }
  | { action: 'add'; user: number; start: number; end: number; reason: VacationReason };

export function createVacationsService(
  deps: SchedulingDeps<VacationsRepositories> & { freeShifts: FreeShiftsService },
) {
  const { repositories, inTransaction, freeShifts, notificationsService, realtime, now } = deps;
  const { vacations, users } = repositories;

  async function ownerOrManager(viewer: UserRow, userId: number): Promise<UserRow> {
    if (userId !== viewer.id && !can(viewer.role, 'schedule.manage'))
      throw forbidden('You may only see your own days off.');
    const owner = userId === viewer.id ? viewer : await users.findById(userId);
    if (!owner || !isListedUser(owner)) throw notFound('No such user.');
    return owner;
  }

  async function notifySupervisors(repos: VacationsRepositories, title: string, message: string) {
    const supervisors = await repos.users.scheduleSupervisorIds();
    return repos.notifications.insertMany(
      supervisors.map((userId) => ({ userId, type: 'vacation' as const, title, message, link: '/schedule/days_off' })),
    );
  }

  /** Tells the owner about their days off, with the dates in the owner's own zone. */
  async function notifyOwner(
    repos: VacationsRepositories,
    vacation: { user_id: number; start_at: Date; end_at: Date },
    title: string,
    message: (days: string) => string,
  ) {
    // Read through the transaction: on the embedded database a second connection would wait for it forever.
    const days = describe(vacation, await repos.vacations.timezoneOf(vacation.user_id));
    return repos.notifications.insertMany([
      { userId: vacation.user_id, type: 'vacation', title, message: message(days), link: '/schedule/days_off' },
    ]);
  }

  /**
   * Inside a transaction: refuses an approval that overlaps approved days off (the 'Cannot be approved!' case). The
   * days are named in the owner's zone: days off are the owner's local days, whoever approves them.
   */
  async function assertNoApprovedOverlap(
    repos: VacationsRepositories,
    vacation: { id: number; user_id: number; start_at: Date; end_at: Date },
  ) {
    const overlapping = await repos.vacations.overlapping(
      vacation.user_id,
      { start: vacation.start_at, end: vacation.end_at },
      BLOCKING_VACATION_STATUSES,
      vacation.id,
    );
    if (overlapping.length > 0) {
      const zone = await repos.vacations.timezoneOf(vacation.user_id);
      throw new AppError('vacation_overlap', cannotApproveMessage(vacation.start_at, vacation.end_at, zone));
    }
  }

  async function lockPending(repos: VacationsRepositories, id: number) {
    const vacation = await repos.vacations.lock(id);
    if (!vacation) throw notFound('No such vacation.');
    if (vacation.status !== 'vac_pending')
      throw conflict(`Only a pending request can be decided; this one is ${vacation.status}.`);
    await repos.users.lockRow(vacation.user_id);
    return vacation;
  }

  const startOfToday = (zone: string) => DateTime.fromMillis(now(), { zone }).startOf('day').toMillis();

  function assertRequestPeriod(period: { start: number; end: number }, earliestStart: number) {
    if (period.start < earliestStart) {
      throw new AppError('validation_failed', 'Days off cannot start in the past.', {
        start: 'must not be in the past',
      });
    }
    if (period.start > now() + MAX_VACATION_LEAD_DAYS * DAY_MS) {
      throw new AppError('validation_failed', 'Days off can be requested up to a year ahead.', {
        start: 'must be within a year from today',
      });
    }
    if (period.end - period.start > MAX_VACATION_DAYS * DAY_MS) {
      throw new AppError('validation_failed', 'Days off are too long.', {
        end: `must be at most ${MAX_VACATION_DAYS} days after start`,
      });
    }
  }

  /** Inside the transaction, the owner locked: no overlap with their open requests, and not too many waiting. */
  async function assertRequestable(
    repos: VacationsRepositories,
    owner: UserRow,
    period: { start: number; end: number },
  ) {
    const overlapping = await repos.vacations.overlapping(
      owner.id,
      { start: new Date(period.start), end: new Date(period.end) },
      OPEN_VACATION_STATUSES,
    );
    const first = overlapping[0];
    if (first) {
      const state = first.status === 'vac_pending' ? 'already requested' : 'already approved as days off';
      throw new AppError(
        'vacation_overlap',
        `These days overlap days off ${describe(first, owner.timezone)}, ${state}.`,
        {
          start: `overlaps days off ${state}`,
        },
      );
    }
    if ((await repos.vacations.countPending(owner.id)) >= MAX_PENDING_VACATIONS) {
      throw conflict(
        `You already have ${MAX_PENDING_VACATIONS} days-off requests waiting for a decision. Wait for them to be decided before asking again.`,
      );
    }
  }

  const describe = (vacation: { start_at: Date; end_at: Date }, zone: string) =>
    `${DateTime.fromJSDate(vacation.start_at, { zone }).toFormat('LLL d')} – ${formatDay(localDateInZone(vacation.end_at.getTime() - 1, zone))}`;

  return {
    /**
     * A request for days off. An agent's own request starts today or later, within a year, and overlaps none of
     * their requests still waiting or granted; a schedule supervisor's entry may lie in the past year and may
     * overlap (approving it then says 'Cannot be approved!', as the spec shows).
     */
    async create(viewer: UserRow, body: { user?: number; start: number; end: number; reason: VacationReason }) {
      const owner = await ownerOrManager(viewer, body.user ?? viewer.id);
      const entered = can(viewer.role, 'schedule.manage');
      // Days picked in the viewer's zone are the same dates in the owner's: days off are the owner's local days.
      const period = sameDaysInZone(body, viewer.timezone, owner.timezone);
      assertRequestPeriod(period, entered ? now() - MAX_VACATION_LEAD_DAYS * DAY_MS : startOfToday(owner.timezone));
      const { vacation, rows } = await inTransaction(async (repos) => {
        // Serialises one person's requests: the same request sent 50 times at once is created once.
        await repos.users.lockRow(owner.id);
        if (!entered) await assertRequestable(repos, owner, period);
        const created = await repos.vacations.insert({
          userId: owner.id,
          start: new Date(period.start),
          end: new Date(period.end),
          reason: body.reason,
          status: 'vac_pending',
        });
        const rows =
          owner.id === viewer.id
            ? await notifySupervisors(
                repos,
                'Days off requested',
                `${longName(owner)} asks for days off: ${describe(created, viewer.timezone)} (${VACATION_REASONS[body.reason]}).`,
              )
            : [];
        return { vacation: created, rows };
      });
      notificationsService.push(rows);
      return { id: vacation.id, status: vacation.status };
    },

    /**
     * Approves days off. Refused when they overlap approved days off; when live shifts overlap, the
     * supervisor must choose: `delete_shifts` removes them in the same transaction.
     */
    async approve(_viewer: UserRow, id: number, options: { delete_shifts?: boolean }) {
      const { rows, ownerId } = await inTransaction(async (repos) => {
        const vacation = await lockPending(repos, id);
        await assertNoApprovedOverlap(repos, vacation);
        const shifts = await repos.shifts.liveOverlapping(vacation.user_id, vacation.start_at, vacation.end_at);
        if (shifts.length > 0 && !options.delete_shifts) {
          throw new AppError(
            'shifts_overlap',
            'Shifts overlap these days off: send a notice about them or approve and delete them.',
            {
              shifts: shifts.map((shift) => shift.id).join(','),
            },
          );
        }
        await repos.shifts.delete(shifts.map((shift) => shift.id));
        await repos.vacations.setStatus(vacation.id, 'vac_approved');
        const rows = await notifyOwner(
          repos,
          vacation,
          'Days off approved',
          (days) => `Your days off ${days} were approved.`,
        );
        return { rows, ownerId: vacation.user_id };
      });
      notificationsService.push(rows);
      realtime.scheduleChanged([ownerId]);
      realtime.vacationDecided(id, 'vac_approved');
      return { status: 'ok' as const };
    },

    async decide(id: number, decision: 'reject' | 'approve_cancellation' | 'reject_cancellation') {
      const expected: VacationStatus = decision === 'reject' ? 'vac_pending' : 'vac_cancel_requested';
      const next: VacationStatus =
        decision === 'reject' ? 'vac_rejected' : decision === 'approve_cancellation' ? 'vac_canceled' : 'vac_approved';
      const { rows, ownerId } = await inTransaction(async (repos) => {
        const vacation = await repos.vacations.lock(id);
        if (!vacation) throw notFound('No such vacation.');
        if (vacation.status !== expected) throw conflict(`This request is ${vacation.status}, not ${expected}.`);
        await repos.vacations.setStatus(id, next);
        const titles = {
          reject: 'Days off rejected',
          approve_cancellation: 'Days off canceled',
          reject_cancellation: 'Cancellation rejected',
        };
        const rows = await notifyOwner(repos, vacation, titles[decision], (days) => `${titles[decision]}: ${days}.`);
        return { rows, ownerId: vacation.user_id };
      });
      notificationsService.push(rows);
      realtime.scheduleChanged([ownerId]);
      realtime.vacationDecided(id, next);
      return { status: 'ok' as const };
    },

    async requestCancellation(viewer: UserRow, id: number) {
      const rows = await inTransaction(async (repos) => {
        const vacation = await repos.vacations.lock(id);
        if (!vacation || vacation.user_id !== viewer.id) throw notFound('No such vacation of yours.');
        if (vacation.status !== 'vac_approved') throw conflict('Only approved days off can be canceled.');
        await repos.vacations.setStatus(id, 'vac_cancel_requested');
        return notifySupervisors(
          repos,
          'Days off cancellation requested',
          `${longName(viewer)} asks to cancel days off ${describe(vacation, viewer.timezone)}.`,
        );
      });
      notificationsService.push(rows);
      return { status: 'ok' as const };
    },

    /**
     * Asks the supervisor's approval host to open the right dialog, in one page only: the page that asked
     * (`socketId`) or, when it names none of theirs, one of their open pages. Every page running it would
     * approve the days off once per open page.
     */
    async startAction(viewer: UserRow, body: VacationAction, socketId?: string) {
      const toHost = async <Event extends ServerEvent>(event: Event, payload: ServerEventPayloads[Event]) => {
        if (!(await realtime.toOneSession(viewer.id, socketId, event, payload))) {
          throw conflict('No page of yours is connected for live updates: reload the page and try again.');
        }
        return { status: 'ok' as const };
      };
      if (body.action === 'add') {
        const owner = await ownerOrManager(viewer, body.user);
        return toHost(VACATION_EVENTS.startAddVacation, {
          user_id: owner.id,
          start: new Date(body.start).toISOString(),
          end: new Date(body.end).toISOString(),
          reason: body.reason,
        });
      }
      const vacation = await vacations.find(body.vacation_id);
      if (!vacation) throw notFound('No such vacation.');
      const expected: VacationStatus = body.action === 'approve' ? 'vac_pending' : 'vac_cancel_requested';
      if (vacation.status !== expected) throw conflict(`This request is ${vacation.status}, not ${expected}.`);
      const event =
        body.action === 'approve'
          ? VACATION_EVENTS.startApproveVacation
          : VACATION_EVENTS.startRejectVacationCancellation;
      return toHost(event, {
        vacation_id: vacation.id,
        user_id: vacation.user_id,
        start: vacation.start_at.toISOString(),
        end: vacation.end_at.toISOString(),
        reason: vacation.reason,
      });
    },

    async daysOff(viewer: UserRow, query: { status?: VacationStatus; page: number; page_size: number }) {
      const { rows, total } = await vacations.daysOff(
        { userId: can(viewer.role, 'schedule.manage') ? undefined : viewer.id, status: query.status },
        { offset: (query.page - 1) * query.page_size, limit: query.page_size },
      );
      const daysOff = rows.map((row) => ({
        id: row.id,
        user_id: row.user_id,
        name: `${row.first_name} ${row.second_name}`,
        user_avatar_url: row.avatar_url,
        start_utc: row.start_at.toISOString(),
        end_utc: row.end_at.toISOString(),
        reason: row.reason,
        reason_name: VACATION_REASONS[row.reason as VacationReason] ?? row.reason,
        status: row.status,
        timezone: row.timezone,
        created_at: row.created_at.toISOString(),
      }));
      return { days_off: daysOff, total, page: query.page, page_size: query.page_size };
    },

    async vacationsByDates(viewer: UserRow, userId: number, start: Date, end: Date) {
      await ownerOrManager(viewer, userId);
      const rows = await vacations.overlapping(userId, { start, end }, BLOCKING_VACATION_STATUSES);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        reason: row.reason,
        start_utc: row.start_at.toISOString(),
        end_utc: row.end_at.toISOString(),
      }));
    },

    async shiftsByDates(viewer: UserRow, userId: number, start: Date, end: Date) {
      await ownerOrManager(viewer, userId);
      const rows = await repositories.shifts.liveOverlapping(userId, start, end);
      return rows.map((row) => ({
        id: row.id,
        status: row.status,
        start_utc: row.start_at.toISOString(),
        end_utc: row.end_at.toISOString(),
      }));
    },

    async deleteShifts(ids: number[]) {
      const owners = await inTransaction(async (repos) => {
        const shifts = await lockExistingShifts(repos.shifts, ids);
        await repos.shifts.delete(ids);
        return [...new Set(shifts.map((shift) => shift.user_id))];
      });
      realtime.scheduleChanged(owners);
      return { status: 'ok' as const, deleted: ids.length };
    },

    /**
     * One transaction: cancels the agent's affected shifts, offers the chosen ones to other available
     * agents as free shifts (with notifications), and approves the vacation when one is given.
     */
    async cancelAndNotify(viewer: UserRow, body: { vacation_id?: number; shifts: number[]; free_shifts: number[] }) {
      const strays = body.free_shifts.filter((id) => !body.shifts.includes(id));
      if (strays.length > 0) {
        throw new AppError('validation_failed', 'Only affected shifts can be offered.', {
          free_shifts: `not among shifts: ${strays.join(', ')}`,
        });
      }
      const { rows, owners } = await inTransaction(async (repos) => {
        const vacation = body.vacation_id === undefined ? null : await lockPending(repos, body.vacation_id);
        if (vacation) await assertNoApprovedOverlap(repos, vacation);
        const shifts = await lockExistingShifts(repos.shifts, body.shifts);
        const notLive = shifts.filter((shift) => !isLiveShift(shift.status));
        if (notLive.length > 0) throw conflict(`These shifts are not live: ${notLive.map((s) => s.id).join(', ')}.`);
        if (vacation) {
          const remaining = (
            await repos.shifts.liveOverlapping(vacation.user_id, vacation.start_at, vacation.end_at)
          ).filter((shift) => !body.shifts.includes(shift.id));
          if (remaining.length > 0) {
            throw new AppError('shifts_overlap', 'Other shifts still overlap these days off.', {
              shifts: remaining.map((s) => s.id).join(','),
            });
          }
        }
        await repos.shifts.setStatus(
          body.shifts,
          'canceled',
          vacation ? 'Days off approved' : 'Canceled by a schedule supervisor',
          new Date(),
        );
        const notified = [];
        for (const shift of shifts.filter((s) => body.free_shifts.includes(s.id))) {
          const campaigns = await repos.freeShifts.enabledCampaignsOf(shift.user_id);
          const breaks =
            (await repos.shifts.overlappingWithBreaks(shift.user_id, shift.start_at, shift.end_at)).find(
              (s) => s.id === shift.id,
            )?.breaks ?? [];
          const offer = await freeShifts.offer(repos, viewer, {
            start: shift.start_at.getTime(),
            end: shift.end_at.getTime(),
            countAgents: 1,
            campaigns,
            breaks: breaks.map((b) => ({
              type: b.type,
              start_at: b.start_at.toISOString(),
              end_at: b.end_at.toISOString(),
            })),
            sourceShiftId: shift.id,
            excludeUserIds: [shift.user_id],
          });
          notified.push(...offer.rows);
        }
        if (vacation) {
          await repos.vacations.setStatus(vacation.id, 'vac_approved');
          notified.push(
            ...(await notifyOwner(
              repos,
              vacation,
              'Days off approved',
              (days) => `Your days off ${days} were approved.`,
            )),
          );
        }
        return { rows: notified, owners: [...new Set(shifts.map((s) => s.user_id))] };
      });
      notificationsService.push(rows);
      realtime.scheduleChanged(owners);
      if (body.vacation_id !== undefined) realtime.vacationDecided(body.vacation_id, 'vac_approved');
      return { status: 'ok' as const, notified: rows.filter((row) => row.type === 'free_shift').length };
    },
  };
}

export type VacationsService = ReturnType<typeof createVacationsService>;
