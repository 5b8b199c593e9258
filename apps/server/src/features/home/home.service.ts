import type { MyWork, ToApprove } from '@shiftline/shared';
import type { UserRow } from '../../db/schema.js';
import type { HomeRepository } from './home.repository.js';

/** The home page's lists: each role's own work, read-only; one query per list. */
export function createHomeService(deps: { home: HomeRepository; now: () => number }) {
  const { home, now } = deps;
  return {
    /** The viewer's next shifts and their requests still waiting for an answer. */
    async myWork(viewer: UserRow): Promise<MyWork> {
      const at = new Date(now());
      const [nextShifts, pendingShifts, pendingDaysOff] = await Promise.all([
        home.nextShifts(viewer.id, at),
        home.pendingShifts(viewer.id, at),
        home.waitingDaysOffOf(viewer.id, at),
      ]);
      return { next_shifts: nextShifts, pending_shifts: pendingShifts, pending_days_off: pendingDaysOff };
    },

    /** What waits for a schedule supervisor: shifts sent for approval and days-off requests. */
    async toApprove(): Promise<ToApprove> {
      const at = new Date(now());
      const [pendingShifts, daysOffRequests] = await Promise.all([
        home.pendingShifts(null, at),
        home.daysOffRequests(at),
      ]);
      return { pending_shifts: pendingShifts, days_off_requests: daysOffRequests };
    },
  };
}

export type HomeService = ReturnType<typeof createHomeService>;
