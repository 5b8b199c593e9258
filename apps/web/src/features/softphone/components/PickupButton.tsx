import PhoneCallbackIcon from '@mui/icons-material/PhoneCallback';
import Button from '@mui/material/Button';
import type { Role } from '@shiftline/shared';
import { useState } from 'react';
import { PICKUP_ONLY_ROLES } from '../machine';
import { useSoftphone, useSoftphoneView } from '../store';

/**
 * Pick up (spec §4, §5): a team lead, agent supervisor or campaign manager takes a waiting call; its INVITE is answered
 * 1 ms after it arrives. Shown only on a real phone network, to those roles, with the phone ready for a call.
 */
export function PickupButton({ callId, userRole }: { callId: number; userRole: Role }) {
  const phone = useSoftphone();
  const view = useSoftphoneView();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!phone || !PICKUP_ONLY_ROLES.includes(userRole)) return null;
  return (
    <Button
      color={error ? 'error' : 'inherit'}
      size="small"
      startIcon={<PhoneCallbackIcon />}
      disabled={view?.state !== 'registered'}
      loading={pending}
      title={error ?? undefined}
      data-testid="call-pickup"
      onClick={() => {
        setPending(true);
        setError(null);
        phone
          .pickup(callId)
          .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : 'The pickup failed.'))
          .finally(() => setPending(false));
      }}
    >
      {error ? 'Not picked up' : 'Pick up'}
    </Button>
  );
}
