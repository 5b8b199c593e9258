import { BLOCKING_VACATION_STATUSES, type DatedShift, type DatedVacation } from '@shiftline/shared';
import { http } from '../../../lib/http';

/** A live shift overlapping the days off: the fields the Schedule dialog needs. */
export type OverlappingShift = Pick<DatedShift, 'id' | 'start_utc' | 'end_utc'>;

const BLOCKING: readonly string[] = BLOCKING_VACATION_STATUSES;

const datesPath = (what: 'vacations' | 'shifts', user: number, start: string, end: string) =>
  `/api/schedules/get_user_${what}_by_dates/${user}/${encodeURIComponent(start)}/${encodeURIComponent(end)}`;

export const vacationApprovalApi = {
  /** Approved (or cancel-requested) days off of the user overlapping the period. */
  vacationsByDates: async (user: number, start: string, end: string) => {
    const rows = await http.get<DatedVacation[]>(datesPath('vacations', user, start, end));
    return rows.filter((row) => BLOCKING.includes(row.status));
  },
  /** Live shifts of the user overlapping the period. */
  shiftsByDates: async (user: number, start: string, end: string) => {
    const rows = await http.get<DatedShift[]>(datesPath('shifts', user, start, end));
    return rows.sort((a, b) => Date.parse(a.start_utc) - Date.parse(b.start_utc));
  },
  approve: (id: number, deleteShifts: boolean) =>
    http.post(`/api/schedules/approve_vacation/${id}`, deleteShifts ? { delete_shifts: true } : {}),
  cancelAndSend: (body: { vacation_id: number; shifts: number[]; free_shifts: number[]; is_schedule_page: false }) =>
    http.post('/api/schedules/cancel_and_send_notification', body),
  rejectCancellation: (id: number) => http.post(`/api/schedules/reject_vacation_cancellation/${id}`),
};
