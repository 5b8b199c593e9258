import type { BreakType, Shift, UserSchedule } from '@shiftline/shared';
import { http } from '../../lib/http';

/** A new shift as the server takes it: instants in UTC ISO 8601. */
export type NewShiftRequest = {
  start: string;
  end: string;
  breaks: { type: BreakType; start: string }[];
  notes?: string;
  /** Set when a schedule supervisor plans for someone else. */
  user?: number;
};

export type SchedulePeriod = { startUtc: string; endUtc: string };

export const scheduleApi = {
  /** A user's shifts and vacations overlapping the period; `user` only for a schedule supervisor. */
  userSchedule: (period: SchedulePeriod, user: number | undefined) =>
    http.get<UserSchedule>('/api/schedules/get_user_schedule', {
      start_period: period.startUtc,
      end_period: period.endUtc,
      user,
    }),
  saveNewEvent: (body: NewShiftRequest) => http.post<Shift>('/api/schedules/save_new_event', body),
  sendForApproval: () => http.post<{ sent: number[] }>('/api/schedules/send_for_approval'),
  unsentCount: () => http.get<{ count: number }>('/api/schedules/unsent_count'),
  deleteEvent: (id: number) => http.post<{ status: 'ok' }>(`/api/schedules/delete_event/${id}`),
};
