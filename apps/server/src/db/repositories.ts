import type { Kysely } from 'kysely';
import { createFreeShiftsRepository } from '../features/freeShifts/freeShifts.repository.js';
import { createNotificationsRepository } from '../features/notifications/notifications.repository.js';
import { createScheduleRepository } from '../features/schedule/schedule.repository.js';
import { createTeamScheduleRepository } from '../features/teamSchedule/teamSchedule.repository.js';
import { createVacationsRepository } from '../features/vacations/vacations.repository.js';
import type { Database } from './schema.js';

/** The scheduling repositories bound to one connection or transaction, for work that spans several of them. */
export function createSchedulingRepositories(db: Kysely<Database>) {
  return {
    schedule: createScheduleRepository(db),
    freeShifts: createFreeShiftsRepository(db),
    notifications: createNotificationsRepository(db),
    teamSchedule: createTeamScheduleRepository(db),
    vacations: createVacationsRepository(db),
  };
}

export type SchedulingRepositories = ReturnType<typeof createSchedulingRepositories>;
export type InSchedulingTransaction = <T>(work: (repositories: SchedulingRepositories) => Promise<T>) => Promise<T>;
