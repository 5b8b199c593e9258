import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import Button from '@mui/material/Button';
import Tooltip from '@mui/material/Tooltip';
import type { ColdCallRow, CurrentUser } from '@shiftline/shared';

type Props = {
  row: ColdCallRow;
  user: CurrentUser;
  registered: boolean;
  /** The lead being dialled now, if any. */
  dialling: number | null;
  onDial: (row: ColdCallRow) => void;
};

/** Why a lead's Call button is off, or null when it may be dialled. */
export function notCallable(row: ColdCallRow, user: CurrentUser, registered: boolean): string | null {
  if (!row.phone_valid) return 'The number is not valid.';
  if (row.busy) return 'The client is on a call.';
  if (row.attached_agent_id !== null && row.attached_agent_id !== user.id) return 'Another agent has this lead.';
  if (!registered) return 'Your phone is not registered.';
  return null;
}

/** A lead's Call button, off (with the reason as its tooltip) when the lead may not be dialled now. */
export function CallLeadButton({ row, user, registered, dialling, onDial }: Props) {
  const reason = notCallable(row, user, registered);
  return (
    <Tooltip title={reason ?? ''}>
      <span>
        <Button
          size="small"
          variant="outlined"
          startIcon={<PhoneForwardedIcon />}
          disabled={reason !== null || dialling !== null}
          loading={dialling === row.id}
          onClick={(event) => {
            // The row itself opens the lead's details.
            event.stopPropagation();
            onDial(row);
          }}
          data-testid="cold-call-dial"
          aria-label={`Call ${row.client_name}`}
        >
          Call
        </Button>
      </span>
    </Tooltip>
  );
}
