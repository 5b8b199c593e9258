import type { ColdCallAnswer, ColdCallFilters, ColdCallRow, ColdCallsTable } from '@shiftline/shared';
import { http } from '../../lib/http';

export type ColdCallsParams = {
  page: number;
  itemsPerPage: number;
  filters: ColdCallFilters;
};

export const coldCallsApi = {
  table: ({ page, itemsPerPage, filters }: ColdCallsParams) =>
    http.get<ColdCallsTable>('/api/get_cold_calls_table_data', {
      page,
      items_per_page: itemsPerPage,
      chosenValues: Object.keys(filters).length > 0 ? JSON.stringify(filters) : undefined,
    }),
  /** Dials the lead; the answer says whether another agent is already on a call with the client. */
  dial: (row: Pick<ColdCallRow, 'id' | 'phone'>) =>
    http.post<ColdCallAnswer>('/api/inquiries/cold_call', {
      abonent_number: row.phone,
      cold_call_id: row.id,
      check_simultaneous_calls: true,
    }),
};
