import PhoneForwardedIcon from '@mui/icons-material/PhoneForwarded';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import { type AgentStateRow, isValidPhone } from '@shiftline/shared';
import type { DialTarget } from '../../coldCalls';
import { orDash } from '../utils/formatLive';

/** How the viewer may dial from the table: null when their role dials no one. */
export type PhoneDialing = {
  registered: boolean;
  /** The lead being dialled now, if any: the other cells wait for it. */
  dialling: number | null;
  onDial: (target: DialTarget) => void;
};

/** Why the row's phone cannot be dialled by this viewer, or null when it can. */
function notDialable(row: AgentStateRow, valid: boolean, dialing: PhoneDialing | null): string | null {
  if (!valid) return 'The number is not valid.';
  if (dialing === null) return 'Your role does not make calls.';
  if (row.cold_call_id === null) return 'The customer has no call record to dial.';
  if (!dialing.registered) return 'Your phone is not registered.';
  return null;
}

/**
 * Spec §2.3: the customer, and their phone as a cell that dials only when the record is valid and the viewer's phone is
 * registered; an invalid phone shows in red. Validity is the shared phone rule (with or without a leading plus).
 */
export function CustomerCell({ row, dialing }: { row: AgentStateRow; dialing: PhoneDialing | null }) {
  const phone = row.customer_phone;
  if (phone === null) return <>{orDash(row.customer)}</>;
  const valid = isValidPhone(phone);
  const reason = notDialable(row, valid, dialing);
  const named = row.customer !== null && row.customer !== phone ? row.customer : null;
  const number =
    reason === null && dialing !== null && row.cold_call_id !== null ? (
      <Link
        component="button"
        type="button"
        underline="hover"
        disabled={dialing.dialling !== null}
        onClick={() => dialing.onDial({ id: row.cold_call_id as number, phone })}
        data-testid="agent-state-phone"
        data-dialable="true"
        aria-label={`Call ${named ?? phone}`}
        sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontVariantNumeric: 'tabular-nums' }}
      >
        <PhoneForwardedIcon fontSize="inherit" />
        {phone}
      </Link>
    ) : (
      <Tooltip title={reason ?? ''}>
        <Box
          component="span"
          data-testid="agent-state-phone"
          data-dialable="false"
          data-valid={String(valid)}
          sx={{ color: valid ? 'text.primary' : 'error.main', fontVariantNumeric: 'tabular-nums' }}
        >
          {phone}
        </Box>
      </Tooltip>
    );
  return named === null ? (
    number
  ) : (
    <Box sx={{ display: 'flex', flexDirection: 'column' }}>
      <span>{named}</span>
      {number}
    </Box>
  );
}
