import type {
  FreeShiftBody,
  Planner,
  ScheduleCampaign,
  SetPlannerBody,
  SetPlannerResult,
  TeamMonth,
  TeamSchedule,
} from '@shiftline/shared';
import { http } from '../../lib/http';
import { campaignParam } from '../../lib/queryKeys';

/** The loaded month: UTC instants of the calendar period. */
export type TeamPeriod = { startUtc: string; endUtc: string };

export const teamScheduleApi = {
  /** The month grid: per day counts, headcount and first atoms, and the pending ids. */
  teamMonth: (period: TeamPeriod, campaigns: readonly number[]) =>
    http.get<TeamMonth>('/api/schedules/get_month_summary', {
      start_period: period.startUtc,
      end_period: period.endUtc,
      campaigns: campaignParam(campaigns),
    }),
  /** One local day's data points with shifts and breaks, for the details panel. */
  teamDay: (day: TeamPeriod, campaigns: readonly number[]) =>
    http.get<TeamSchedule>('/api/schedules/get_day_schedule', {
      start_period: day.startUtc,
      end_period: day.endUtc,
      campaigns: campaignParam(campaigns),
    }),
  allCampaigns: (period: TeamPeriod) =>
    http.get<ScheduleCampaign[]>('/api/schedules/get_all_campaigns', {
      start_period: period.startUtc,
      end_period: period.endUtc,
    }),
  approveEvent: (id: number) => http.post<unknown>(`/api/schedules/approve_event/${id}`),
  approveAll: (ids: number[]) => http.post<unknown>('/api/schedules/approve_all', { ids }),
  cancelEvent: ({ id, reason }: { id: number; reason?: string }) =>
    http.post<unknown>(`/api/schedules/cancel_event/${id}`, reason ? { reason } : {}),
  restoreEvent: (id: number) => http.post<unknown>(`/api/schedules/restore_event/${id}`),
  setFreeShift: (body: FreeShiftBody) => http.post<unknown>('/api/schedules/set_free_shift', body),
  setPlanner: (body: SetPlannerBody) => http.post<SetPlannerResult>('/api/schedules/set_planner', body),
  /** The user's saved planner (null when none); `user` only for a schedule supervisor. */
  getPlanner: (user: number | undefined) => http.get<Planner | null>('/api/schedules/get_planner', { user }),
};
