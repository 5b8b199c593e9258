import type { MyWork, ToApprove } from '@shiftline/shared';
import { http } from '../../lib/http';

export const homeApi = {
  myWork: () => http.get<MyWork>('/api/home/my_work'),
  toApprove: () => http.get<ToApprove>('/api/home/to_approve'),
};
