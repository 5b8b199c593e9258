import Popover from '@mui/material/Popover';
import type { ReactNode } from 'react';

type TopBarPopoverProps = {
  anchorEl: HTMLElement | null;
  onClose: () => void;
  width: number;
  /** Makes the panel a dialog of this name (a plain panel without it). */
  dialogLabel?: string;
  /** A narrow window's limit on the width (CSS). */
  maxWidth?: string;
  children: ReactNode;
};

/** A top-bar button's panel: open while it has an anchor, below the button, its right edge on the button's. */
export function TopBarPopover({ anchorEl, onClose, width, dialogLabel, maxWidth, children }: TopBarPopoverProps) {
  const dialog = dialogLabel === undefined ? {} : { role: 'dialog', 'aria-label': dialogLabel };
  return (
    <Popover
      open={anchorEl !== null}
      anchorEl={anchorEl}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{
        paper: {
          variant: 'outlined',
          ...dialog,
          sx: { mt: 1, width, ...(maxWidth ? { maxWidth } : {}), boxShadow: 3 },
        },
      }}
    >
      {children}
    </Popover>
  );
}
