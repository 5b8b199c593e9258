import type { EditRowForm, TableResponse } from '@shiftline/shared';
import { http } from '../../lib/http';

/** The request a table page makes: its URL state (page, size, sort, chosen filter values) and the page's ids. */
export type TableParams = {
  page: number;
  /** null: the table's default page size (the server answers it in options.items_per_page). */
  items_per_page: number | null;
  sortBy: string | null;
  sortDesc: boolean;
  /** Only the filters the viewer chose (a null clears a filter's default); the server fills in the rest. */
  chosen: Record<string, unknown>;
  userId?: number;
  campaignId?: number;
  companyId?: number;
};

export const tableQueryKey = (name: string, params: TableParams) => ['tables', name, params] as const;

/** The query string of GET /api/tables/:name for these params (the export adds exportFile). */
export function tableQuery(params: TableParams): Record<string, string | number | undefined> {
  return {
    page: params.page,
    items_per_page: params.items_per_page ?? undefined,
    sortBy: params.sortBy ?? undefined,
    sortDesc: params.sortBy === null ? undefined : String(params.sortDesc),
    chosenValues: Object.keys(params.chosen).length > 0 ? JSON.stringify(params.chosen) : undefined,
    userId: params.userId,
    campaignId: params.campaignId,
    companyId: params.companyId,
  };
}

export const tablesApi = {
  table: (name: string, params: TableParams) =>
    http.get<TableResponse>(`/api/tables/${encodeURIComponent(name)}`, tableQuery(params)),
  /** A row action of kind 'post': ':id' in its url stands for the row's identifier. */
  postAction: (url: string, identifier: string | number) =>
    http.post<unknown>(url.replace(':id', encodeURIComponent(String(identifier))), { identifier }),
  /** A row's edit form: the table's (GET /api/get_edit_table_row_data), or a form action's own url, by its key fields. */
  editForm: (
    query: {
      table_name: string;
      identifier_name: string;
      identifier_type: 'int' | 'string';
      identifier_value: string;
      user_id?: number;
    },
    url = '/api/get_edit_table_row_data',
  ) => http.get<EditRowForm>(url, query),
  saveForm: (url: string, body: unknown) => http.post<{ status: string }>(url, body),
};
