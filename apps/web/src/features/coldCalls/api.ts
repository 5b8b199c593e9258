import type { ColdCallAnswer, ColdCallRow } from '@shiftline/shared';
import { http } from '../../lib/http';

export const coldCallsApi = {
  /** Dials the lead; the answer says whether another agent is already on a call with the client. */
  dial: (row: Pick<ColdCallRow, 'id' | 'phone'>) =>
    http.post<ColdCallAnswer>('/api/inquiries/cold_call', {
      abonent_number: row.phone,
      cold_call_id: row.id,
      check_simultaneous_calls: true,
    }),
};
