import Alert from '@mui/material/Alert';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type EditRowForm, type TableRow as Row, VALIDATION_ERRORS_ALERT } from '@shiftline/shared';
import { Fragment, useState } from 'react';
import { FormDialog, SaveCancelActions } from '../../../ui/FormDialog';
import { editableRows, rowError, rowErrors, serverRowErrors } from '../utils/editRows';
import type { SaveOutcome } from './EditRowDialog';

type Props = {
  form: EditRowForm;
  onSave: (body: unknown) => Promise<SaveOutcome>;
  onClose: () => void;
};

/**
 * 'Edit Record for {date}' (spec §2.8, §5): the day's rows, time cells editable on editable rows. The sum rule is
 * checked on Enter, Tab and blur; a row breaking it shows the rule's message, and Save then alerts instead of saving.
 */
export function PerformanceBreakdownForm({ form, onSave, onClose }: Props) {
  const [rows, setRows] = useState<Row[]>(() => editableRows(form));
  const [errors, setErrors] = useState<Record<number, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (index: number, checked: readonly Row[] = rows) => {
    const row = checked[index];
    if (!row) return;
    const message = rowError(form.rule, row);
    setErrors((current) => {
      const next = { ...current };
      if (message === null) delete next[index];
      else next[index] = message;
      return next;
    });
  };

  const edit = (index: number, name: string, text: string) =>
    setRows((current) => current.map((row, at) => (at === index ? { ...row, [name]: text } : row)));

  const save = async () => {
    const found = rowErrors(form.rule, rows);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setAlert(VALIDATION_ERRORS_ALERT);
      return;
    }
    setAlert(null);
    setBusy(true);
    const outcome = await onSave({ tableData: rows });
    setBusy(false);
    if (outcome.ok) return;
    const fromServer = serverRowErrors(outcome.fields);
    setErrors(fromServer);
    setAlert(Object.keys(fromServer).length > 0 ? VALIDATION_ERRORS_ALERT : outcome.message);
  };

  const columns = form.fields.length;
  return (
    <FormDialog
      title={form.title}
      titleId="performance-breakdown-title"
      testId="edit-performance-breakdown"
      formId="performance-breakdown-form"
      onSubmit={save}
      busy={busy}
      onClose={onClose}
      maxWidth="xl"
      fullWidth
      gap={2}
      actions={
        <SaveCancelActions formId="performance-breakdown-form" busy={busy} onCancel={onClose} testPrefix="edit" />
      }
    >
      {alert ? (
        <Alert severity="error" data-testid="edit-alert">
          {alert}
        </Alert>
      ) : null}
      <TableContainer>
        <Table size="small" aria-labelledby="performance-breakdown-title">
          <TableHead>
            <TableRow>
              {form.fields.map((field) => (
                <TableCell key={field.name}>{field.label}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row, index) => (
              // The day's rows keep their order; the index is the row's name in the server's field errors too.
              // biome-ignore lint/suspicious/noArrayIndexKey: rows are never reordered or removed in the form.
              <Fragment key={index}>
                <TableRow data-testid="edit-row" data-editable={String(row.editable === true)} data-row={index}>
                  {form.fields.map((field) => {
                    const value = row[field.name];
                    const editable = row.editable === true && field.type === 'time' && !field.readonly;
                    if (!editable) {
                      return (
                        <TableCell key={field.name}>
                          {value === null || value === undefined ? '' : String(value)}
                        </TableCell>
                      );
                    }
                    return (
                      <TableCell key={field.name} sx={{ px: 0.5 }}>
                        <TextField
                          size="small"
                          value={typeof value === 'string' ? value : ''}
                          error={errors[index] !== undefined}
                          onChange={(event) => edit(index, field.name, event.target.value)}
                          onBlur={() => check(index)}
                          onKeyDown={(event) => {
                            if (event.key === 'Tab') check(index);
                            if (event.key === 'Enter') {
                              // Enter checks the row; it does not send the form.
                              event.preventDefault();
                              check(index);
                            }
                          }}
                          slotProps={{
                            htmlInput: {
                              'aria-label': `${field.label}, row ${index + 1}`,
                              'data-testid': `edit-cell-${field.name}`,
                              inputMode: 'numeric',
                              maxLength: 9,
                            },
                          }}
                          placeholder="hh:mm:ss"
                          // hh:mm:ss whole, in the narrowest field that shows it.
                          sx={{ width: 96, '& input': { px: 1, fontVariantNumeric: 'tabular-nums' } }}
                        />
                      </TableCell>
                    );
                  })}
                </TableRow>
                {errors[index] !== undefined ? (
                  <TableRow data-testid="edit-row-error-row">
                    <TableCell colSpan={columns} sx={{ borderTop: 0, pt: 0 }}>
                      <Typography variant="body2" color="error" data-testid="edit-row-error" data-row={index}>
                        {errors[index]}
                      </Typography>
                    </TableCell>
                  </TableRow>
                ) : null}
              </Fragment>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </FormDialog>
  );
}
