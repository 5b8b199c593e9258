import type { Agent, VacationReason, VacationStatus } from '@shiftline/shared';
import { http } from '../../lib/http';
import { loadAgentsList } from '../dashboards/agentsList';

/** A row of /schedule/days_off (daysOffEntrySchema in @shiftline/shared). */
export type DaysOffEntry = {
  id: number;
  user_id: number;
  name: string;
  user_avatar_url: string | null;
  start_utc: string;
  end_utc: string;
  reason: string;
  reason_name: string;
  status: VacationStatus;
  /** The owner's zone: the days off are whole days there. */
  timezone: string;
  created_at: string;
};

/** A new vacation: `start` is the start of the first local day, `end` the start of the day after the last. */
export type NewVacation = { user?: number; start: string; end: string; reason: VacationReason };

/** What the schedule supervisor's approval host is asked to open (the server answers with a socket event). */
export type VacationActionRequest =
  | { action: 'approve'; vacation_id: number }
  | { action: 'reject_cancellation'; vacation_id: number }
  | ({ action: 'add'; user: number } & Omit<NewVacation, 'user'>);

/** One page of the list (daysOffListSchema in @shiftline/shared). */
export type DaysOffPage = { days_off: DaysOffEntry[]; total: number; page: number; page_size: number };

export const daysOffApi = {
  /** One page (from 1) of the viewer's own requests, or of every request for a schedule supervisor. */
  list: (status: VacationStatus | null, page: number) =>
    http.get<DaysOffPage>('/api/schedules/get_days_off', { status, page: page > 1 ? page : null }),
  create: (body: NewVacation) =>
    http.post<{ id: number; status?: VacationStatus }>('/api/schedules/create_vacation', body),
  reject: (id: number) => http.post(`/api/schedules/reject_vacation/${id}`),
  requestCancellation: (id: number) => http.post(`/api/schedules/request_vacation_cancellation/${id}`),
  approveCancellation: (id: number) => http.post(`/api/schedules/approve_vacation_cancellation/${id}`),
  startAction: (body: VacationActionRequest) => http.post('/api/schedules/start_vacation_action', body),
  agents: (): Promise<Agent[]> => loadAgentsList(),
};
