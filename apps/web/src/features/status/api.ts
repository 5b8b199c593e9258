import type { CurrentStatusInfo, SetNewStatusBody } from '@shiftline/shared';
import { http } from '../../lib/http';

/** The server's clock: `server_time` (ISO) and `unix` (seconds). */
export type ServerTime = { server_time: string; unix: number };

export const statusApi = {
  current: () => http.get<CurrentStatusInfo>('/api/status/get_current_status_info'),
  set: (body: SetNewStatusBody) => http.post<CurrentStatusInfo>('/api/status/set_new_status', body),
  serverTime: () => http.get<ServerTime>('/api/inquiries/server_time'),
};
