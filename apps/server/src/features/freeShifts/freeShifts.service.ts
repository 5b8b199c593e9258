import { type BreakType, breakInterval, validateShift } from '@shiftline/shared';
import { DateTime } from 'luxon';
import type { UserRow } from '../../db/schema.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import type { NotificationsRepository, NotificationsService } from '../notifications/index.js';
import type { Realtime } from '../realtime/index.js';
import { type ShiftsRepository, shiftOrigin } from '../shifts/index.js';
import type { UsersRepository } from '../users/index.js';
import type { FreeShiftsRepository } from './freeShifts.repository.js';

/** What offering a free shift writes: the offer and the agents' notifications. */
export type OfferRepositories = { freeShifts: FreeShiftsRepository; notifications: NotificationsRepository };

/** What accepting one writes besides: the agent's new shift, under their row lock. */
export type FreeShiftsRepositories = OfferRepositories & { shifts: ShiftsRepository; users: UsersRepository };

type OfferInput = {
  start: number;
  end: number;
  countAgents: number;
  campaigns: number[];
  breaks: { type: BreakType; start_at: string; end_at: string }[];
  sourceShiftId: number | null;
  excludeUserIds: number[];
};

const describeTime = (start: Date, end: Date, zone: string) => {
  const from = DateTime.fromJSDate(start, { zone });
  const to = DateTime.fromJSDate(end, { zone });
  return `${from.toFormat('ccc, LLL d, h:mm a')} – ${to.toFormat(to.hasSame(from, 'day') ? 'h:mm a' : 'ccc h:mm a')} (${from.toFormat('ZZZZ')})`;
};

/** What a scheduling service is built from: its repositories, the same bound to one transaction, notices and a clock. */
export type SchedulingDeps<Repositories> = {
  repositories: Repositories;
  inTransaction: <T>(work: (repositories: Repositories) => Promise<T>) => Promise<T>;
  notificationsService: NotificationsService;
  realtime: Realtime;
  now: () => number;
};

export function createFreeShiftsService(deps: SchedulingDeps<FreeShiftsRepositories>) {
  const { repositories, inTransaction, notificationsService, realtime, now } = deps;

  /** Stores an offer and a notification with Accept for every available agent of its campaigns. */
  async function offer(repos: OfferRepositories, actor: UserRow, input: OfferInput) {
    const freeShift = await repos.freeShifts.insert({
      start: new Date(input.start),
      end: new Date(input.end),
      countAgents: input.countAgents,
      campaigns: input.campaigns,
      breaks: input.breaks,
      createdBy: actor.id,
      sourceShiftId: input.sourceShiftId,
    });
    const agents = await repos.freeShifts.availableAgents(
      input.campaigns,
      freeShift.start_at,
      freeShift.end_at,
      input.excludeUserIds,
    );
    // Each agent reads the time in their own zone.
    const rows = await repos.notifications.insertMany(
      agents.map(({ id: userId, timezone: zone }) => ({
        userId,
        type: 'free_shift' as const,
        title: 'Free shift available',
        message: `A free shift is open: ${describeTime(freeShift.start_at, freeShift.end_at, zone)}. ${
          input.countAgents === 1 ? 'One agent is needed.' : `${input.countAgents} agents are needed.`
        } Accept it to add it to your schedule.`,
        freeShiftId: freeShift.id,
        link: '/schedule',
      })),
    );
    return { freeShift, rows };
  }

  return {
    offer,

    async setFreeShift(
      viewer: UserRow,
      body: {
        count_agents: number;
        campaigns: number[];
        start: number;
        end: number;
        breaks: { type: BreakType; start: number }[];
      },
    ) {
      const problems = validateShift(body, { now: now(), displayFrom: null, busy: [] });
      if (Object.keys(problems.fields).length > 0) {
        throw new AppError('validation_failed', 'The free shift breaks a scheduling rule.', problems.fields);
      }
      const { freeShift, rows } = await inTransaction(async (repos) => {
        const active = await repos.freeShifts.activeCampaignIds(body.campaigns);
        const unknown = body.campaigns.filter((id) => !active.includes(id));
        if (unknown.length > 0) {
          throw new AppError('validation_failed', 'Unknown or inactive campaigns.', {
            campaigns: `not active campaigns: ${unknown.join(', ')}`,
          });
        }
        return offer(repos, viewer, {
          start: body.start,
          end: body.end,
          countAgents: body.count_agents,
          campaigns: body.campaigns,
          breaks: body.breaks.map((b) => {
            const interval = breakInterval(b);
            return {
              type: b.type,
              start_at: new Date(interval.start).toISOString(),
              end_at: new Date(interval.end).toISOString(),
            };
          }),
          sourceShiftId: null,
          excludeUserIds: [],
        });
      });
      notificationsService.push(rows);
      return { id: freeShift.id, notified: rows.length };
    },

    /**
     * Accepts the free-shift offer a notification of the agent's carries, all in one transaction: one place of the
     * offer becomes a shift in the agent's schedule and the notification is marked read. The offer row is locked,
     * so of any number of simultaneous accepts exactly `count_agents` succeed and the rest get a clear refusal.
     */
    async acceptNotification(agent: UserRow, notificationId: number): Promise<string> {
      const shiftId = await inTransaction(async (repos) => {
        const notification = await repos.notifications.findForUser(agent.id, notificationId);
        if (!notification) throw notFound('No such notification.');
        const freeShiftId = notification.free_shift_id;
        if (notification.type !== 'free_shift' || freeShiftId === null) {
          throw conflict('This notification has nothing to accept.');
        }
        const freeShift = await repos.freeShifts.lock(freeShiftId);
        if (!freeShift) throw conflict('This free shift no longer exists.');
        if (freeShift.accepted >= freeShift.count_agents)
          throw conflict('Sorry, this free shift has already been taken.');
        if (freeShift.start_at.getTime() <= now()) throw conflict('This free shift has already started.');
        await repos.users.lockRow(agent.id);
        const busy = await repos.shifts.busyIntervals(agent.id, freeShift.start_at, freeShift.end_at);
        if (busy.length > 0) throw conflict('You already have a shift or days off at that time.');
        const [id] = await repos.shifts.insert(
          shiftOrigin(agent.id, 'approved', agent.id, new Date(now()), { freeShiftId }),
          [
            {
              start: freeShift.start_at,
              end: freeShift.end_at,
              breaks: freeShift.breaks.map((b) => ({
                type: b.type,
                start: new Date(b.start_at),
                end: new Date(b.end_at),
              })),
            },
          ],
        );
        await repos.freeShifts.incrementAccepted(freeShiftId);
        await repos.notifications.markRead(agent.id, [notification.id]);
        return id as number;
      }).catch((error: unknown) => {
        // The unique index on (free_shift_id, user_id) catches a second accept by the same agent.
        if (String((error as { code?: string }).code) === '23505')
          throw conflict('You have already accepted this free shift.');
        throw error;
      });
      realtime.scheduleChanged([agent.id], { shift_id: shiftId });
      return 'The free shift is now in your schedule.';
    },

    async list(start: number, end: number) {
      const rows = await repositories.freeShifts.listOverlapping(new Date(start), new Date(end));
      return rows.map((row) => ({
        id: row.id,
        start_utc: row.start_at.toISOString(),
        end_utc: row.end_at.toISOString(),
        campaigns: row.campaigns,
        count_agents: row.count_agents,
        accepted: row.accepted,
        breaks: row.breaks.map((b) => ({
          type: b.type,
          start_utc: new Date(b.start_at).toISOString(),
          end_utc: new Date(b.end_at).toISOString(),
        })),
      }));
    },
  };
}

export type FreeShiftsService = ReturnType<typeof createFreeShiftsService>;
