import type {
  AdminLeadList,
  LeadImportOptions,
  LeadImportResult,
  LeadListEdit,
  LeadPreview,
  Ok,
} from '@shiftline/shared';
import { http } from '../../../../lib/http';

/** The most of a CSV a preview sends: its first rows are all it reads. */
const CSV_PREVIEW_BYTES = 256 * 1024;

const isSpreadsheet = (file: File) => file.name.toLowerCase().endsWith('.xlsx');

/** The administration's lead-list calls (apps/server/src/features/leadLists). */
export const leadListsApi = {
  /** A file's first rows: the start of a CSV, or a whole workbook (an XLSX cannot be cut). */
  preview: (file: File) => {
    const form = new FormData();
    const part = isSpreadsheet(file) ? file : file.slice(0, CSV_PREVIEW_BYTES, file.type);
    form.append('file', part, file.name);
    return http.upload<LeadPreview>('/api/admin/lead_lists/preview', form);
  },
  /** Imports the whole file as a new list; `onProgress` hears the share of the file sent. */
  import: (options: LeadImportOptions, file: File, onProgress: (sent: number) => void) => {
    const form = new FormData();
    // The options first: the server reads them before the file streams in.
    form.append('options', JSON.stringify(options));
    form.append('file', file, file.name);
    return http.upload<LeadImportResult>('/api/admin/lead_lists', form, onProgress);
  },
  list: (id: number) => http.get<AdminLeadList>(`/api/admin/lead_lists/${id}`),
  edit: (id: number, body: LeadListEdit) => http.post<Ok>(`/api/admin/lead_lists/${id}`, body),
  reset: (id: number) => http.post<Ok>(`/api/admin/lead_lists/${id}/reset`),
  remove: (id: number) => http.post<Ok>(`/api/admin/lead_lists/${id}/delete`),
  exportUrl: (id: number) => `/api/admin/lead_lists/${id}/export`,
};
