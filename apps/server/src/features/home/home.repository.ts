import { HOME_LIST_LIMIT, type HomeDaysOff, type HomeShift, LIVE_SHIFT_STATUSES } from '@shiftline/shared';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';

type Listed<T> = { count: number; items: T[] };

/** Rows of a "first few, and how many in all" query: the count rides on each row (one query, not two). */
function listed<Row extends { total: string | number }, T>(rows: Row[], toItem: (row: Row) => T): Listed<T> {
  return { count: rows.length === 0 ? 0 : Number(rows[0]?.total), items: rows.map(toItem) };
}

type ShiftRow = {
  id: number;
  user_id: number;
  first_name: string;
  second_name: string;
  status: HomeShift['status'];
  start_at: Date;
  end_at: Date;
  sent_for_approval_at: Date | null;
  total: string | number;
};

type DaysOffRow = {
  id: number;
  user_id: number;
  first_name: string;
  second_name: string;
  status: HomeDaysOff['status'];
  start_at: Date;
  end_at: Date;
  timezone: string;
  total: string | number;
};

/** What a listed shift and listed days off both show besides their status: whose, and when. */
const toItem = (row: ShiftRow | DaysOffRow) => ({
  id: row.id,
  user_id: row.user_id,
  name: `${row.first_name} ${row.second_name}`,
  start_utc: row.start_at.toISOString(),
  end_utc: row.end_at.toISOString(),
});

const toShift = (row: ShiftRow): HomeShift => ({
  ...toItem(row),
  status: row.status,
  sent_for_approval: row.sent_for_approval_at !== null,
});

const toDaysOff = (row: DaysOffRow): HomeDaysOff => ({ ...toItem(row), status: row.status, timezone: row.timezone });

const WAITING_DAYS_OFF = ['vac_pending', 'vac_cancel_requested'] as const;

export function createHomeRepository(db: Kysely<Database>) {
  const shifts = () =>
    db
      .selectFrom('shifts')
      .innerJoin('users', 'users.id', 'shifts.user_id')
      .select([
        'shifts.id',
        'shifts.user_id',
        'users.first_name',
        'users.second_name',
        'shifts.status',
        'shifts.start_at',
        'shifts.end_at',
        'shifts.sent_for_approval_at',
        sql<string>`count(*) over ()`.as('total'),
      ])
      .orderBy('shifts.start_at')
      .orderBy('shifts.id')
      .limit(HOME_LIST_LIMIT);

  const daysOff = () =>
    db
      .selectFrom('vacations')
      .innerJoin('users', 'users.id', 'vacations.user_id')
      .select([
        'vacations.id',
        'vacations.user_id',
        'users.first_name',
        'users.second_name',
        sql<HomeDaysOff['status']>`vacations.status`.as('status'),
        'vacations.start_at',
        'vacations.end_at',
        'users.timezone',
        sql<string>`count(*) over ()`.as('total'),
      ])
      .where('vacations.status', 'in', WAITING_DAYS_OFF)
      .limit(HOME_LIST_LIMIT);

  return {
    /** The user's live shifts that have not ended yet, soonest first. */
    async nextShifts(userId: number, now: Date): Promise<Listed<HomeShift>> {
      const rows = await shifts()
        .where('shifts.user_id', '=', userId)
        .where('shifts.status', 'in', LIVE_SHIFT_STATUSES)
        .where('shifts.end_at', '>', now)
        .execute();
      return listed(rows as ShiftRow[], toShift);
    },

    /** Pending shifts not yet ended: one user's (drafts included), or everyone's sent for approval (userId null). */
    async pendingShifts(userId: number | null, now: Date): Promise<Listed<HomeShift>> {
      let query = shifts().where('shifts.status', '=', 'pending').where('shifts.end_at', '>', now);
      query =
        userId === null
          ? query.where('shifts.sent_for_approval_at', 'is not', null).where('users.archived', '=', false)
          : query.where('shifts.user_id', '=', userId);
      return listed((await query.execute()) as ShiftRow[], toShift);
    },

    /** Days off waiting for a decision and not yet over: one user's, soonest first. */
    async waitingDaysOffOf(userId: number, now: Date): Promise<Listed<HomeDaysOff>> {
      const rows = await daysOff()
        .where('vacations.user_id', '=', userId)
        .where('vacations.end_at', '>', now)
        .orderBy('vacations.start_at')
        .orderBy('vacations.id')
        .execute();
      return listed(rows as DaysOffRow[], toDaysOff);
    },

    /** Everyone's days off waiting for a decision and not yet over, oldest request first (first come, first served). */
    async daysOffRequests(now: Date): Promise<Listed<HomeDaysOff>> {
      const rows = await daysOff()
        .where('vacations.end_at', '>', now)
        .where('users.archived', '=', false)
        .orderBy('vacations.created_at')
        .orderBy('vacations.id')
        .execute();
      return listed(rows as DaysOffRow[], toDaysOff);
    },
  };
}

export type HomeRepository = ReturnType<typeof createHomeRepository>;
