import { type BreakType, breakInterval, can, type LiveShiftStatus } from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import { forbidden, notFound } from '../../plugins/errors.js';
import { hasSchedule, type UsersRepository } from '../users/index.js';
import type { NewShift, NewShiftsOrigin, ShiftsRepository } from './shifts.repository.js';

/** Your own planning is a draft for approval; a schedule supervisor's planning for someone else is approved. */
export const plannedStatus = (ownerId: number, plannedBy: number): LiveShiftStatus =>
  ownerId === plannedBy ? 'pending' : 'approved';

/**
 * How new shifts of a user start: an approved shift counts as sent at `at`; a pending one is a draft until Send for
 * Approval. `from` names the planner or free-shift offer they come from.
 */
export const shiftOrigin = (
  userId: number,
  status: LiveShiftStatus,
  createdBy: number | null,
  at: Date,
  from: { plannerId?: number; freeShiftId?: number } = {},
): NewShiftsOrigin => ({ userId, status, createdBy, sentAt: status === 'approved' ? at : null, ...from });

/** A shift's breaks as stored: each planned break (type and start) with its end from the break rules. */
export function breakRows(breaks: readonly { type: BreakType; start: number }[]): NewShift['breaks'] {
  return breaks.map((b) => {
    const interval = breakInterval(b);
    return { type: b.type, start: new Date(interval.start), end: new Date(interval.end) };
  });
}

/**
 * The user whose schedule is read or changed: the viewer, or anyone with a schedule for a schedule supervisor.
 * `refusal` is what anyone else is told.
 */
export async function scheduleOwner(
  users: UsersRepository,
  viewer: UserRow,
  userId: number | undefined,
  refusal: string,
): Promise<UserRow> {
  if (userId === undefined || userId === viewer.id) return viewer;
  if (!can(viewer.role, 'schedule.manage')) throw forbidden(refusal);
  const owner = await users.findById(userId);
  if (!owner || !hasSchedule(owner)) throw notFound('No such user with a schedule.');
  return owner;
}

/** Inside a transaction: locks the shifts, all of which must exist (404 naming the missing ones). */
export async function lockExistingShifts(shifts: ShiftsRepository, ids: number[]) {
  const rows = await shifts.lockMany(ids);
  const missing = ids.filter((id) => !rows.some((shift) => shift.id === id));
  if (missing.length > 0) throw notFound(`No such shift: ${missing.join(', ')}.`);
  return rows;
}
