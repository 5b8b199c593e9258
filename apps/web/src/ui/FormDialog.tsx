import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog, { type DialogProps } from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';

type FormDialogProps = {
  title: ReactNode;
  /** The title's id (the dialog's accessible name) and the dialog's test id. */
  titleId: string;
  testId: string;
  /** The form's id: the submit button in `actions` names it (`form={formId}`). */
  formId: string;
  onSubmit: () => void;
  /** While the form is being sent, the dialog does not close on Escape or a click outside. */
  busy: boolean;
  onClose: () => void;
  maxWidth: DialogProps['maxWidth'];
  fullWidth?: boolean;
  /** The space between the form's rows, in theme spacing. */
  gap: number;
  actions: ReactNode;
  children: ReactNode;
};

/** A dialog holding one form, its buttons below it: Enter in a field submits, as the submit button does. */
export function FormDialog({
  title,
  titleId,
  testId,
  formId,
  onSubmit,
  busy,
  onClose,
  maxWidth,
  fullWidth = false,
  gap,
  actions,
  children,
}: FormDialogProps) {
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth={maxWidth}
      fullWidth={fullWidth}
      aria-labelledby={titleId}
      data-testid={testId}
    >
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={formId}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
          sx={{ display: 'grid', gap, pt: 1 }}
        >
          {children}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>{actions}</DialogActions>
    </Dialog>
  );
}

type SaveCancelActionsProps = {
  formId: string;
  busy: boolean;
  onCancel: () => void;
  /** The buttons' test ids: `${testPrefix}-cancel`, `${testPrefix}-save`. */
  testPrefix: string;
};

/** A form dialog's Cancel and Save: Save submits the form named by `formId`; while busy, Cancel waits. */
export function SaveCancelActions({ formId, busy, onCancel, testPrefix }: SaveCancelActionsProps) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy} data-testid={`${testPrefix}-cancel`}>
        Cancel
      </Button>
      <Button type="submit" form={formId} variant="contained" loading={busy} data-testid={`${testPrefix}-save`}>
        Save
      </Button>
    </>
  );
}
