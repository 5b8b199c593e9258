import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/apiError';
import { FormDialog, SaveCancelActions } from '../../../ui/FormDialog';

/** The form's save (useAdminSave): sent on submit, busy while sending, its failure shown. */
type FormSave = { isPending: boolean; error: unknown; mutate: (input: undefined) => void };

type AdminFormDialogProps = {
  title: string;
  /** The dialog's test id; its buttons are `${testId}-save` and `${testId}-cancel`. */
  testId: string;
  /** The last save's failure shows above the form unless it named fields (those show under each field). */
  save: FormSave;
  onClose: () => void;
  /** Buttons before Cancel and Save (reset password, say). */
  extraActions?: ReactNode;
  /** Why this viewer may not save the record: shown above the form, which then offers Close instead of Save. */
  readOnly?: string;
  children: ReactNode;
};

/** An administration form in a dialog: the server's general error above, Cancel and Save below. */
export function AdminFormDialog({
  title,
  testId,
  save,
  onClose,
  extraActions,
  readOnly,
  children,
}: AdminFormDialogProps) {
  const formId = `${testId}-form`;
  const { error, isPending: busy } = save;
  const fieldless = error instanceof ApiError ? Object.keys(error.fields).length === 0 : error instanceof Error;
  return (
    <FormDialog
      title={title}
      titleId={`${testId}-title`}
      testId={testId}
      formId={formId}
      onSubmit={() => {
        if (readOnly === undefined) save.mutate(undefined);
      }}
      busy={busy}
      onClose={onClose}
      maxWidth="sm"
      fullWidth
      gap={2}
      actions={
        <>
          {extraActions}
          {readOnly === undefined ? (
            <SaveCancelActions formId={formId} busy={busy} onCancel={onClose} testPrefix={testId} />
          ) : (
            <Button onClick={onClose} data-testid={`${testId}-cancel`}>
              Close
            </Button>
          )}
        </>
      }
    >
      {fieldless ? (
        <Alert severity="error" data-testid={`${testId}-error`}>
          {(error as Error).message}
        </Alert>
      ) : null}
      {readOnly === undefined ? null : (
        <Alert severity="info" data-testid={`${testId}-read-only`}>
          {readOnly}
        </Alert>
      )}
      {children}
    </FormDialog>
  );
}
