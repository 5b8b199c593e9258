import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import type { TableRow } from '@shiftline/shared';
import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../../lib/apiError';
import { tablesApi } from '../api';
import { LoginReportForm } from './LoginReportForm';
import { PerformanceBreakdownForm } from './PerformanceBreakdownForm';

export type SaveOutcome = { ok: true } | { ok: false; message: string; fields: Readonly<Record<string, string>> };

type Props = {
  tableName: string;
  identifierName: string;
  row: TableRow;
  zone: string;
  /** After a save: the form closes and the table loads again (spec §4). */
  onSaved: () => void;
  onClose: () => void;
  /** The form action's own form-data url (GET with the key fields); the table's row form when absent. */
  formUrl?: string;
};

/** The row's edit form (GET /api/get_edit_table_row_data, or the action's own url), sent back to its save_url. */
export function EditRowDialog({ tableName, identifierName, row, zone, onSaved, onClose, formUrl }: Props) {
  const identifier = row[identifierName];
  const userId = typeof row.user_id === 'number' ? row.user_id : undefined;
  const form = useQuery({
    queryKey: ['tables', 'edit-form', tableName, identifierName, identifier, userId, formUrl],
    queryFn: () =>
      tablesApi.editForm(
        {
          table_name: tableName,
          identifier_name: identifierName,
          identifier_type: typeof identifier === 'number' ? 'int' : 'string',
          identifier_value: String(identifier),
          user_id: userId,
        },
        formUrl,
      ),
    retry: false,
    gcTime: 0,
  });

  const save = async (body: unknown): Promise<SaveOutcome> => {
    if (!form.data) return { ok: false, message: 'The form is not loaded.', fields: {} };
    try {
      await tablesApi.saveForm(form.data.save_url, body);
      onSaved();
      return { ok: true };
    } catch (error) {
      console.error(`Saving the ${tableName} row failed`, error);
      if (error instanceof ApiError) return { ok: false, message: error.message, fields: error.fields };
      return { ok: false, message: 'The record could not be saved.', fields: {} };
    }
  };

  if (form.data?.form === 'performance_breakdown') {
    return <PerformanceBreakdownForm form={form.data} onSave={save} onClose={onClose} />;
  }
  if (form.data?.form === 'login_report') {
    return <LoginReportForm form={form.data} zone={zone} onSave={save} onClose={onClose} />;
  }
  return (
    <Dialog open onClose={onClose} aria-label="Edit record" data-testid="edit-loading">
      <DialogContent sx={{ minWidth: 280, display: 'flex', justifyContent: 'center' }}>
        {form.isError ? (
          <Alert severity="error">
            {form.error instanceof Error ? form.error.message : 'The form could not load.'}
          </Alert>
        ) : (
          <CircularProgress aria-label="Loading the form" />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
      </DialogActions>
    </Dialog>
  );
}
