import { breakInterval, instantOf, proposeBreaks, type ShiftStatus, type VacationReason } from '@shiftline/shared';
import type { Kysely } from 'kysely';
import { DateTime } from 'luxon';
import type { Database } from '../schema.js';
import type { Random } from './random.js';

export type ShiftWindow = { daysBack: number; daysAhead: number };

/** isDemoLogin: the accounts printed at start-up keep their coming weeks free of days off, so trying the product is predictable. */
type Person = { id: number; timezone: string; groupName: string | null; email: string; isDemoLogin: boolean };

const NIGHT_GROUP = 'Night Desk';
const BATCH = 2000;

/**
 * Shifts around today for every call-taking person: five days a week, at hours that suit their group
 * (the night desk works 22:00–06:30 local), past ones approved, future ones mostly approved with some
 * waiting for approval, plus a few approved vacations that the shifts leave free.
 */
export async function generateShifts(
  db: Kysely<Database>,
  people: Person[],
  options: { random: Random; now: Date; window: ShiftWindow; progress?: (done: number, total: number) => void },
): Promise<number> {
  const { random, now, window } = options;
  const shifts: {
    user_id: number;
    status: ShiftStatus;
    start_at: Date;
    end_at: Date;
    sent_for_approval_at: Date | null;
    created_by: number;
  }[] = [];
  const breaksOf: { type: 'break' | 'lunch'; start: number; end: number }[][] = [];
  const vacations: {
    user_id: number;
    status: 'vac_approved' | 'vac_pending';
    start_at: Date;
    end_at: Date;
    reason: VacationReason;
  }[] = [];

  for (const person of people) {
    const zone = person.timezone;
    const today = DateTime.fromJSDate(now, { zone }).startOf('day');
    const daysOff = new Set([random.int(0, 6), random.int(0, 6)]);
    const night = person.groupName === NIGHT_GROUP;
    const startHour = night ? '22:00' : random.pick(['07:00', '08:00', '08:30', '09:00', '10:00', '12:00']);
    const hours = night ? 8.5 : random.pick([8, 8.5, 9]);
    const latestVacationStart = person.isDemoLogin ? -6 : window.daysAhead - 5;
    const vacationStart = random.chance(person.isDemoLogin ? 0.5 : 0.12)
      ? random.int(-window.daysBack, latestVacationStart)
      : null;
    if (vacationStart !== null) {
      const first = today.plus({ days: vacationStart });
      vacations.push({
        user_id: person.id,
        status: vacationStart > 0 && random.chance(0.5) ? 'vac_pending' : 'vac_approved',
        start_at: first.toJSDate(),
        end_at: first.plus({ days: 5 }).toJSDate(),
        reason: random.pick(['vacation', 'vacation', 'personal', 'family'] as const),
      });
    }
    for (let offset = -window.daysBack; offset <= window.daysAhead; offset += 1) {
      const day = today.plus({ days: offset });
      if (daysOff.has(day.weekday % 7)) continue;
      if (vacationStart !== null && offset >= vacationStart && offset < vacationStart + 5) continue;
      const start = instantOf(day.toISODate() as string, startHour, zone);
      const end = start + hours * 3_600_000;
      const future = start > now.getTime();
      const status: ShiftStatus = future
        ? random.chance(0.2)
          ? 'pending'
          : 'approved'
        : random.chance(0.03)
          ? 'canceled'
          : 'approved';
      const unsent = status === 'pending' && random.chance(0.3);
      shifts.push({
        user_id: person.id,
        status,
        start_at: new Date(start),
        end_at: new Date(end),
        sent_for_approval_at: unsent ? null : new Date(Math.min(start, now.getTime()) - 7 * 86_400_000),
        created_by: person.id,
      });
      breaksOf.push(proposeBreaks({ start, end }).map((b) => ({ type: b.type, ...breakInterval(b) })));
    }
  }

  // The one writer of shifts besides features/shifts: a bulk load of demo rows in large batches (db/ imports no
  // feature), run on an empty database before the app serves anyone, so no rule or lock of the shifts module applies.
  for (let offset = 0; offset < shifts.length; offset += BATCH) {
    const batch = shifts.slice(offset, offset + BATCH);
    const ids = await db.insertInto('shifts').values(batch).returning('id').execute();
    const breakRows = ids.flatMap((row, index) =>
      (breaksOf[offset + index] ?? []).map((b) => ({
        shift_id: row.id,
        type: b.type,
        start_at: new Date(b.start),
        end_at: new Date(b.end),
      })),
    );
    for (let breakOffset = 0; breakOffset < breakRows.length; breakOffset += BATCH) {
      await db
        .insertInto('shift_breaks')
        .values(breakRows.slice(breakOffset, breakOffset + BATCH))
        .execute();
    }
    options.progress?.(Math.min(offset + BATCH, shifts.length), shifts.length);
  }
  if (vacations.length > 0) await db.insertInto('vacations').values(vacations).execute();
  return shifts.length;
}
