import CloseIcon from '@mui/icons-material/Close';
import Alert, { type AlertProps } from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Snackbar from '@mui/material/Snackbar';
import type { ReactNode } from 'react';

type TopToastProps = {
  /** Where along the top edge it stands, below the top bar. */
  horizontal: 'center' | 'right';
  /** Closes by itself after this long (ms); stays until closed without it. */
  autoHideDuration?: number;
  variant: AlertProps['variant'];
  testId: string;
  /** The one action besides Dismiss: its label, test id and what it does. */
  action: { label: string; testId: string; onClick: () => void };
  onClose: () => void;
  /** More of the alert's attributes (data-*, sx). */
  alertProps?: Omit<AlertProps, 'severity' | 'variant' | 'action' | 'children'> & Record<`data-${string}`, unknown>;
  children: ReactNode;
};

/**
 * A message over the page below the top bar, with one action and Dismiss. A click elsewhere does not close it: the
 * message matters more than the click.
 */
export function TopToast({
  horizontal,
  autoHideDuration,
  variant,
  testId,
  action,
  onClose,
  alertProps,
  children,
}: TopToastProps) {
  return (
    <Snackbar
      open
      autoHideDuration={autoHideDuration}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') onClose();
      }}
      anchorOrigin={{ vertical: 'top', horizontal }}
      sx={{ mt: 7 }}
    >
      <Alert
        {...alertProps}
        severity="info"
        variant={variant}
        data-testid={testId}
        action={
          <>
            <Button color="inherit" size="small" onClick={action.onClick} data-testid={action.testId}>
              {action.label}
            </Button>
            <IconButton color="inherit" size="small" aria-label="Dismiss" onClick={onClose}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </>
        }
      >
        {children}
      </Alert>
    </Snackbar>
  );
}
