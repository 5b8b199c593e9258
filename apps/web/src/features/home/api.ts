import type { MyWork, ToApprove } from '@shiftline/shared';
import { http } from '../../lib/http';

export const homeApi = {
  myWork: () => http.get<MyWork>('/api/home/my_work'),
  toApprove: () => http.get<ToApprove>('/api/home/to_approve'),
};

/** Under the schedule prefix, so any schedule change (which refreshes ['schedule', …]) refreshes the home lists too. */
export const homeKeys = {
  myWork: ['schedule', 'home', 'my-work'] as const,
  toApprove: ['schedule', 'home', 'to-approve'] as const,
};
