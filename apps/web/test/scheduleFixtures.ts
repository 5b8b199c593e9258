import type { Shift, Vacation } from '@shiftline/shared';

/** A shift of user 7 for schedule tests; `start`/`end` are given in UTC like `start_utc`/`end_utc`. */
export function fakeShift(id: number, startUtc: string, endUtc: string, overrides: Partial<Shift> = {}): Shift {
  return {
    id,
    type: 'shift',
    user_id: 7,
    status: 'approved',
    start: startUtc,
    end: endUtc,
    start_utc: startUtc,
    end_utc: endUtc,
    notes: null,
    breaks: [],
    reason: null,
    count: 1,
    name: 'Ada Byron',
    user_avatar_url: null,
    role_name: 'Agent',
    sent_for_approval: true,
    ...overrides,
  };
}

export function fakeVacation(id: number, startUtc: string, endUtc: string, status: Vacation['status']): Vacation {
  return {
    id,
    type: 'vacation',
    user: 7,
    start: startUtc,
    end: endUtc,
    start_utc: startUtc,
    end_utc: endUtc,
    reason: 'vacation',
    reason_name: 'Vacation',
    status,
  };
}
