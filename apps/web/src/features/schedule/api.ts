import type { NewShiftBody, Ok, SentForApproval, Shift, UnsentCount, UserSchedule } from '@shiftline/shared';
import { http } from '../../lib/http';

export type SchedulePeriod = { startUtc: string; endUtc: string };

export const scheduleApi = {
  /** A user's shifts and vacations overlapping the period; `user` only for a schedule supervisor. */
  userSchedule: (period: SchedulePeriod, user: number | undefined) =>
    http.get<UserSchedule>('/api/schedules/get_user_schedule', {
      start_period: period.startUtc,
      end_period: period.endUtc,
      user,
    }),
  saveNewEvent: (body: NewShiftBody) => http.post<Shift>('/api/schedules/save_new_event', body),
  sendForApproval: () => http.post<SentForApproval>('/api/schedules/send_for_approval'),
  unsentCount: () => http.get<UnsentCount>('/api/schedules/unsent_count'),
  deleteEvent: (id: number) => http.post<Ok>(`/api/schedules/delete_event/${id}`),
};
