import type {
  Agent,
  CreatedVacation,
  DaysOffList,
  NewVacationBody,
  VacationActionBody,
  VacationStatus,
} from '@shiftline/shared';
import { http } from '../../lib/http';
import { loadAgentsList } from '../agents';

export const daysOffApi = {
  /** One page (from 1) of the viewer's own requests, or of every request for a schedule supervisor. */
  list: (status: VacationStatus | null, page: number) =>
    http.get<DaysOffList>('/api/schedules/get_days_off', { status, page: page > 1 ? page : null }),
  create: (body: NewVacationBody) => http.post<CreatedVacation>('/api/schedules/create_vacation', body),
  reject: (id: number) => http.post(`/api/schedules/reject_vacation/${id}`),
  requestCancellation: (id: number) => http.post(`/api/schedules/request_vacation_cancellation/${id}`),
  approveCancellation: (id: number) => http.post(`/api/schedules/approve_vacation_cancellation/${id}`),
  startAction: (body: VacationActionBody) => http.post('/api/schedules/start_vacation_action', body),
  agents: (): Promise<Agent[]> => loadAgentsList(),
};
